import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onePerTask } from './one-per-task';

describe('onePerTask', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first step at once and each next one in a task of its own, in order', () => {
    const ran: string[] = [];
    onePerTask([() => ran.push('a'), () => ran.push('b'), () => ran.push('c')]);
    expect(ran).toEqual(['a']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['a', 'b']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs no further step once cancelled', () => {
    const ran: string[] = [];
    const cancel = onePerTask([() => ran.push('a'), () => ran.push('b')]);
    cancel();
    vi.runAllTimers();
    expect(ran).toEqual(['a']);
  });
});
