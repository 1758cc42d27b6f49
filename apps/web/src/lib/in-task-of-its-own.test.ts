import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inTaskOfItsOwn } from './in-task-of-its-own';

describe('inTaskOfItsOwn', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls a read in a later task, and answers what it answers', async () => {
    const call = vi.fn(async () => 42);
    const answer = inTaskOfItsOwn(call);
    await Promise.resolve();
    expect(call).not.toHaveBeenCalled();
    await vi.advanceTimersToNextTimerAsync();
    await expect(answer).resolves.toBe(42);
    expect(call).toHaveBeenCalledTimes(1);
  });
});
