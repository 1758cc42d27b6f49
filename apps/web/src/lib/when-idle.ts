/**
 * Runs `work` when the browser is idle (at the latest after `timeoutMs`), or after
 * `fallbackMs` where there is no idle callback (Safari); returns the cancel function.
 */
export function whenIdle(work: () => void, timeoutMs: number, fallbackMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, fallbackMs);
  return () => window.clearTimeout(id);
}

