/**
 * Calls `call` in a task of its own (a timer of 0 ms), for reads that many parts of a page start
 * in one commit: Chrome's `fetch()` costs the main thread one to two milliseconds a call when it
 * starts the request, and the coach dashboard's sections asked for ten or more at once, one task
 * of 45–55 ms. Each read now starts in its own short task, a millisecond or so later.
 */
export function inTaskOfItsOwn<T>(call: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setTimeout(resolve)).then(call);
}
