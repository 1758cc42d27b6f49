/**
 * The GET reads a page starts on arrival, as templates over the page's route params
 * (`GetBloomProfileReport/:assessmentId`), built from the endpoint table so each path is written
 * once. The build hands them to the server (build/route-hints.ts), which fills them in to name a
 * first visit's reads in the page's HTML (apps/server/src/web/app-shell.ts); the app asks for the
 * same URLs by the read's name (`apiUrl`). No zod: only the table's route list is loaded.
 */
import type { EndpointName, EndpointParams, Endpoints } from '@bloom/contracts';
import { CLIENT_ROUTES, clientRoute, fillPath } from '@bloom/contracts/endpoint-client';

/** For each `{param}` of the read's path, the route param that supplies it (optional ones may be left out). */
export type RouteParamsOf<N extends EndpointName> = { [K in keyof EndpointParams<Endpoints[N]>]: string };

const ROUTE_PARAM = /^[A-Za-z]\w*$/;

/** The route params are required when the read's path has a required `{param}`. */
type TemplateArgs<N extends EndpointName> = Record<never, never> extends RouteParamsOf<N> ? [routeParams?: RouteParamsOf<N>] : [routeParams: RouteParamsOf<N>];

/** The read `name` with each `{param}` of its path replaced by `:routeParam`. */
export function readTemplate<N extends EndpointName>(name: N, ...[routeParams]: TemplateArgs<N>): string {
  const placeholders: Record<string, string> = {};
  for (const [param, routeParam] of Object.entries<string>(routeParams ?? {})) {
    if (!ROUTE_PARAM.test(routeParam)) throw new Error(`${name}: ${routeParam} is not a route param name`);
    placeholders[param] = `:${routeParam}`;
  }
  // fillPath encodes each value as one path segment; of `:name` that is only the colon.
  return fillPath(clientRoute(CLIENT_ROUTES[name]), placeholders).replace(/%3A([A-Za-z]\w*)/g, ':$1');
}
