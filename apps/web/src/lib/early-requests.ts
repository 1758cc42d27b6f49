/**
 * GET requests a route starts as soon as navigation to it begins, while the page's code is still
 * downloading, instead of after that code has run and rendered. The page's own query then takes
 * the answer already on its way (`apiGetEarly`) rather than asking again, so the page makes the
 * same calls as before, only sooner. A request nobody takes within a few seconds is forgotten, and
 * so is one that started before the latest write, which it may not reflect.
 */
import { apiGet, lastWriteStartedAt } from './api';

const MAX_AGE_MS = 10_000;
const started = new Map<string, { response: Promise<unknown>; at: number }>();

/** Starts GET `path` now, for the next `apiGetEarly(path)` to take. */
export function startEarly(path: string): void {
  const response = apiGet(path);
  // The taker sees the failure; an answer nobody takes must not become an unhandled rejection.
  response.catch(() => undefined);
  started.set(path, { response, at: performance.now() });
}

/** `apiGet`, taking the answer of a request `startEarly` already made for this path, if any. */
export function apiGetEarly<T>(path: string): Promise<T | null> {
  const early = started.get(path);
  started.delete(path);
  // An answer asked for before a later write (an answer saved since, say) may miss that write.
  if (early && performance.now() - early.at <= MAX_AGE_MS && early.at > lastWriteStartedAt()) return early.response as Promise<T | null>;
  return apiGet<T>(path);
}

/** `apiGetEarly` for a read that must answer with data: an empty answer is an error. */
export async function apiGetRequired<T>(path: string): Promise<T> {
  const data = await apiGetEarly<T>(path);
  if (data === null) throw new Error(`${path} returned no data`);
  return data;
}
