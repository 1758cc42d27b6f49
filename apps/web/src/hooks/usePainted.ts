import { useEffect, useState } from 'react';

/** The longest wait for a paint: a hidden tab draws no frames, and the work should not wait for it to be shown. */
const MAX_WAIT_MS = 200;

/**
 * False on a component's first render, true once the browser has painted it. For work that should
 * not compete with that paint: a download that a later part of the page needs, say, which would
 * otherwise start between the render and its paint. A frame's callback runs just before the
 * frame is painted, so a task queued from it runs just after.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    const done = () => setPainted(true);
    let afterFrame: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (afterFrame = setTimeout(done)));
    const fallback = setTimeout(done, MAX_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterFrame);
      clearTimeout(fallback);
    };
  }, [painted]);
  return painted;
}
