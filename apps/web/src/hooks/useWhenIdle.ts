import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle';

/**
 * False until `ready` (say, the data above it has arrived) and the browser has painted the page
 * and has a moment to spare, then true for good. For content far below the fold (a testimonial
 * carousel, say) that should neither hold up the first paint nor make it one long task: it then
 * renders at low priority, in slices. `timeoutMs` bounds the wait on a page that never goes idle.
 */
export function useWhenIdle(ready = true, timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  const waiting = ready && !idle;
  useEffect(() => {
    if (!waiting) return;
    return whenIdle(() => startTransition(() => setIdle(true)), timeoutMs, 200);
  }, [waiting, timeoutMs]);
  return idle;
}

/**
 * How many of `total` parts of a long page to render: `initial` at once, then one more each time
 * the browser is idle, each in a low-priority render. The parts below the fold then arrive in
 * short tasks after the first paint instead of making that paint one long task.
 */
export function useRevealedCount(total: number, initial: number, timeoutMs = 1000): number {
  const [count, setCount] = useState(() => Math.min(total, initial));
  const waiting = count < total;
  useEffect(() => {
    if (!waiting) return;
    return whenIdle(() => startTransition(() => setCount((n) => Math.min(total, n + 1))), timeoutMs, 50);
  }, [waiting, count, total, timeoutMs]);
  return count;
}
