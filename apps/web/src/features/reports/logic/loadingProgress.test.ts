import { describe, expect, it } from 'vitest';
import { loadingProgress, loadingSettled, TAKING_LONGER_AFTER_MS } from './loadingProgress';

describe('loadingProgress', () => {
  it('starts at 0 % on the first step', () => {
    expect(loadingProgress(0, 15_000, 7, false)).toEqual({ percent: 0, stepIndex: 0, takingLonger: false });
  });

  it('moves the bar and the highlighted step with the time', () => {
    expect(loadingProgress(7_500, 15_000, 7, false)).toMatchObject({ percent: 50, stepIndex: 3 });
    expect(loadingProgress(52_500, 105_000, 12, false)).toMatchObject({ percent: 50, stepIndex: 6 });
  });

  it('never passes 100 % or the last step while waiting', () => {
    expect(loadingProgress(20_000, 15_000, 7, false)).toMatchObject({ percent: 100, stepIndex: 6, takingLonger: false });
  });

  it('completes at once when the data arrives', () => {
    expect(loadingProgress(300, 105_000, 12, true)).toEqual({ percent: 100, stepIndex: 11, takingLonger: false });
  });

  it('says it is taking longer 10 s after the bar has filled', () => {
    expect(loadingProgress(15_000 + TAKING_LONGER_AFTER_MS - 100, 15_000, 7, false).takingLonger).toBe(false);
    expect(loadingProgress(15_000 + TAKING_LONGER_AFTER_MS, 15_000, 7, false).takingLonger).toBe(true);
    expect(loadingProgress(30_000, 15_000, 7, true).takingLonger).toBe(false);
  });

  it('settles once there is nothing left to animate', () => {
    expect(loadingSettled(loadingProgress(100, 15_000, 7, false), false)).toBe(false);
    expect(loadingSettled(loadingProgress(100, 15_000, 7, false), true)).toBe(true);
    expect(loadingSettled(loadingProgress(26_000, 15_000, 7, false), false)).toBe(true);
  });
});
