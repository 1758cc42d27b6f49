import { useEffect, useState } from 'react';
import { LOADING_TICK_MS, loadingProgress, loadingSettled, type LoadingProgress } from '../logic/loadingProgress';

/**
 * Re-renders every 100 ms (spec 02 §9) until the data arrives or the "taking longer" note shows.
 * Each wait runs from its own start: after a failure (`dataArrived` passed as true) a retry
 * starts the bar from 0 again, not from when the first attempt began.
 */
export function useLoadingProgress(durationMs: number, stepCount: number, dataArrived: boolean): LoadingProgress {
  const [elapsed, setElapsed] = useState(0);
  // Waiting again after it ended (Try again): back to 0 in this very render, before any tick.
  const [arrivedBefore, setArrivedBefore] = useState(dataArrived);
  let shownElapsed = elapsed;
  if (arrivedBefore !== dataArrived) {
    setArrivedBefore(dataArrived);
    if (!dataArrived) {
      setElapsed(0);
      shownElapsed = 0;
    }
  }
  const progress = loadingProgress(shownElapsed, durationMs, stepCount, dataArrived);
  const settled = loadingSettled(progress, dataArrived);

  useEffect(() => {
    if (settled) return;
    const startedAt = performance.now();
    const timer = window.setInterval(() => setElapsed(performance.now() - startedAt), LOADING_TICK_MS);
    return () => window.clearInterval(timer);
  }, [settled]);

  return progress;
}
