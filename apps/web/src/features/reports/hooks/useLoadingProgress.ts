import { useEffect, useRef, useState } from 'react';
import { LOADING_TICK_MS, loadingProgress, loadingSettled, type LoadingProgress } from '../logic/loadingProgress';

/** Re-renders every 100 ms (spec 02 §9) until the data arrives or the "taking longer" note shows. */
export function useLoadingProgress(durationMs: number, stepCount: number, dataArrived: boolean): LoadingProgress {
  const startedAt = useRef<number | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const progress = loadingProgress(elapsed, durationMs, stepCount, dataArrived);
  const settled = loadingSettled(progress, dataArrived);

  useEffect(() => {
    if (settled) return;
    startedAt.current ??= performance.now();
    const timer = window.setInterval(() => setElapsed(performance.now() - (startedAt.current ?? performance.now())), LOADING_TICK_MS);
    return () => window.clearInterval(timer);
  }, [settled]);

  return progress;
}
