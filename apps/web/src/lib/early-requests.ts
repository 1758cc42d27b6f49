/**
 * GET requests a route starts as soon as navigation to it begins, while the page's code is still
 * downloading, instead of after that code has run and rendered. The page's own query then takes
 * the answer already on its way (`getEarly`) rather than asking again, so the page makes the
 * same calls as before, only sooner. A request nobody takes within a few seconds is forgotten, and
 * so is one that started before the latest write, which it may not reflect. Reads are named as in
 * the endpoint table and told apart by their URL.
 */
import type { EndpointName } from '@bloom/contracts';
import { lastWriteStartedAt } from './api';
import { apiUrl, callApi, type ApiArgs, type ApiResult } from './api-client';

const MAX_AGE_MS = 10_000;

interface Started<N extends EndpointName> {
  response: Promise<ApiResult<N>>;
  at: number;
  /** Set once the answer has arrived, so a page can draw it in its first render (`answeredEarly`). */
  answer?: { value: ApiResult<N> };
}

/** Requests under way, per endpoint, by URL. */
const started: { [N in EndpointName]?: Map<string, Started<N>> } = {};

function startedOf<N extends EndpointName>(name: N): Map<string, Started<N>> {
  const existing = started[name];
  if (existing) return existing;
  const created = new Map<string, Started<N>>();
  // (`started[name] = created` is refused: TS cannot write through a mapped type's generic key.)
  Object.assign(started, { [name]: created });
  return created;
}

/** Starts the GET `name` now, for the next `getEarly(name, args)` with the same args to take. */
export function startEarly<N extends EndpointName>(name: N, args?: ApiArgs<N>): void {
  const response = callApi(name, args);
  const entry: Started<N> = { response, at: performance.now() };
  // The taker sees the failure; an answer nobody takes must not become an unhandled rejection.
  response.then((value) => (entry.answer = { value }), () => undefined);
  startedOf(name).set(apiUrl(name, args), entry);
}

/** The request `startEarly` made for this URL, if it may still be used; an unusable one is dropped. */
function usableStarted<N extends EndpointName>(name: N, url: string): Started<N> | undefined {
  const pending = startedOf(name);
  const early = pending.get(url);
  // An answer asked for before a later write (an answer saved since, say) may miss that write.
  if (early && performance.now() - early.at <= MAX_AGE_MS && early.at > lastWriteStartedAt()) return early;
  pending.delete(url);
  return undefined;
}

/** `api[name](args)`, taking the answer of a request `startEarly` already made for it, if any. */
export function getEarly<N extends EndpointName>(name: N, args?: ApiArgs<N>): Promise<ApiResult<N>> {
  const url = apiUrl(name, args);
  const early = usableStarted(name, url);
  startedOf(name).delete(url);
  return early?.response ?? callApi(name, args);
}

/**
 * The answer of a request `startEarly` made, if it has already arrived; otherwise undefined. A
 * query gives it as its `initialData`: a page whose reads answered while its code was
 * downloading then draws them in its first render, instead of a loading state first and the data
 * one render later. It is read, not taken: React may render a page more than once before showing
 * it, and a query built in a render it dropped is built again (the next visit starts new reads).
 */
export function answeredEarly<N extends EndpointName>(name: N, args?: ApiArgs<N>): { value: ApiResult<N> } | undefined {
  return usableStarted(name, apiUrl(name, args))?.answer;
}

/** `getEarly` for a read that must answer with data: an empty answer (no body) is an error. */
export async function getRequired<N extends EndpointName>(name: N, args?: ApiArgs<N>): Promise<ApiResult<N>> {
  const data: ApiResult<N> | null = await getEarly(name, args);
  if (data === null) throw new Error(`${apiUrl(name, args)} returned no data`);
  return data;
}
