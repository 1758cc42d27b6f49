/**
 * The report loading screens (spec 02 §4, §9; DESIGN §9): the bar runs toward 100 % over at
 * most `durationMs`, but jumps to 100 % the moment the data arrives; the step label follows the
 * bar; 10 s after the bar has filled with the data still missing, a "taking longer" note shows.
 */
export const LOADING_TICK_MS = 100;
export const TAKING_LONGER_AFTER_MS = 10_000;

export interface LoadingProgress {
  /** 0..100, whole numbers. */
  percent: number;
  /** Index of the highlighted step label. */
  stepIndex: number;
  takingLonger: boolean;
}

export function loadingProgress(elapsedMs: number, durationMs: number, stepCount: number, dataArrived: boolean): LoadingProgress {
  const lastStep = Math.max(0, stepCount - 1);
  if (dataArrived) return { percent: 100, stepIndex: lastStep, takingLonger: false };
  const elapsed = Math.max(0, elapsedMs);
  const fraction = durationMs > 0 ? Math.min(1, elapsed / durationMs) : 1;
  return {
    percent: Math.floor(fraction * 100),
    stepIndex: Math.min(lastStep, Math.floor(fraction * stepCount)),
    takingLonger: elapsed >= durationMs + TAKING_LONGER_AFTER_MS,
  };
}

/** Whether the ticking can stop: the data is here, or the last thing to show (the note) is showing. */
export const loadingSettled = (progress: LoadingProgress, dataArrived: boolean): boolean => dataArrived || progress.takingLonger;
