/**
 * The typed API client, built from the endpoint table (`@bloom/contracts`, decision 0024):
 * `api.getAssessmentScores({ assessmentId })` fills the spec's path, sends the body, and is typed
 * with the entry's response schema. Only the zod-free route list is loaded at run time; the
 * types are erased by the build.
 */
import type { EndpointBody, EndpointName, EndpointParams, EndpointQuery, EndpointResult, Endpoints } from '@bloom/contracts';
import { buildUrl, CLIENT_ROUTES, clientRoute, type ClientRoute, type ParamValue } from '@bloom/contracts/endpoint-client';
import { apiGet, apiPost, type PostOptions } from './api';

type Entry<N extends EndpointName> = Endpoints[N];
/** A call without path parameters has an empty params object, typed as Record<string, never>. */
type ParamsOf<N extends EndpointName> = string extends keyof EndpointParams<Entry<N>> ? unknown : EndpointParams<Entry<N>>;
type QueryOf<N extends EndpointName> = EndpointQuery<Entry<N>> extends undefined ? unknown : EndpointQuery<Entry<N>>;
type BodyOf<N extends EndpointName> = EndpointBody<Entry<N>> extends undefined ? unknown : { body: EndpointBody<Entry<N>> };

/** Path parameters and query values side by side, and `body` for calls that send one. */
export type ApiArgs<N extends EndpointName> = ParamsOf<N> & QueryOf<N> & BodyOf<N>;
export type ApiResult<N extends EndpointName> = EndpointResult<Entry<N>>;

type ApiCall<N extends EndpointName> = [keyof ApiArgs<N>] extends [never]
  ? (args?: ApiArgs<N>, options?: PostOptions) => Promise<ApiResult<N>>
  : (args: ApiArgs<N>, options?: PostOptions) => Promise<ApiResult<N>>;

export type ApiClient = { readonly [N in EndpointName]: ApiCall<N> };

type Values = Record<string, ParamValue | null | undefined>;

/**
 * The URL of a call: path parameters filled in and encoded, query values appended. A path value
 * "." or ".." is refused: the browser's URL parser drops such a segment or climbs up with it, even
 * percent-encoded as %2E (WHATWG URL, "single-dot" and "double-dot" segments), so the call would
 * reach another address. Forms refuse such names first (client management's NameAdder).
 */
export function apiUrl<N extends EndpointName>(name: N, args?: ApiArgs<N>): string {
  return routeUrl(clientRoute(CLIENT_ROUTES[name]), args as Values | undefined);
}

/** `apiUrl` of a route already read from the list (a call reads its line once). */
function routeUrl(route: ClientRoute, args: (Values & { body?: unknown }) | undefined): string {
  const { body: _body, ...values } = args ?? {};
  const query: Values = {};
  const params: Values = {};
  for (const [key, value] of Object.entries(values)) (route.query.includes(key) ? query : params)[key] = value;
  for (const [key, value] of Object.entries(params)) {
    if (value === '.' || value === '..') throw new Error(`${route.path}: {${key}} cannot be "${value}", which a URL reads as a step between folders`);
  }
  return buildUrl(route, params, query);
}

/**
 * `callApi(name, args)`, for code that is generic over the endpoint (early reads), and `api` below:
 * the one place an answer gets its type, the entry's response schema, which the server answers
 * with (the overload states it; the body itself answers `unknown`, as lib/api.ts does).
 */
export function callApi<N extends EndpointName>(name: N, args?: ApiArgs<N>, options?: PostOptions): Promise<ApiResult<N>>;
export function callApi(name: EndpointName, args?: Values & { body?: unknown }, options?: PostOptions): Promise<unknown> {
  const route = clientRoute(CLIENT_ROUTES[name]);
  const url = routeUrl(route, args);
  return route.method === 'GET' ? apiGet(url) : apiPost(url, args?.body, options);
}

/** One function per endpoint, named as in the table. */
export const api = Object.fromEntries(
  (Object.keys(CLIENT_ROUTES) as EndpointName[]).map((name) => [name, (args?: Values & { body?: unknown }, options?: PostOptions) => callApi(name, args as never, options)]),
) as unknown as ApiClient;
