import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withRetry } from './retry';

describe('withRetry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('returns the first successful result without waiting', async () => {
    const fn = vi.fn().mockResolvedValue('ok');
    await expect(withRetry(fn)).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits 1000, 2000, 4000 ms between attempts and stops on success', async () => {
    const fn = vi.fn()
      .mockRejectedValueOnce(new Error('a'))
      .mockRejectedValueOnce(new Error('b'))
      .mockRejectedValueOnce(new Error('c'))
      .mockResolvedValue('done');
    const result = withRetry(fn);

    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fn).toHaveBeenCalledTimes(4);
    await expect(result).resolves.toBe('done');
  });

  it('counts a non-OK response as a failure', async () => {
    const fn = vi.fn()
      .mockResolvedValueOnce({ ok: false, status: 503 })
      .mockResolvedValue({ ok: true, status: 200 });
    const result = withRetry(fn);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ ok: true, status: 200 });
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('gives up after 5 attempts with "Max retries reached" and the last failure as cause', async () => {
    const lastFailure = new Error('still down');
    const fn = vi.fn()
      .mockRejectedValueOnce(new Error('1'))
      .mockRejectedValueOnce(new Error('2'))
      .mockRejectedValueOnce(new Error('3'))
      .mockRejectedValueOnce(new Error('4'))
      .mockRejectedValueOnce(lastFailure);
    const result = withRetry(fn);
    const outcome = expect(result).rejects.toMatchObject({ message: 'Max retries reached', cause: lastFailure });
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000);
    await outcome;
    expect(fn).toHaveBeenCalledTimes(5);
  });

  it('honours custom attempts and initial delay', async () => {
    const fn = vi.fn().mockResolvedValue({ ok: false, status: 500 });
    const result = withRetry(fn, { attempts: 2, initialDelayMs: 10 });
    const outcome = expect(result).rejects.toThrow('Max retries reached');
    await vi.advanceTimersByTimeAsync(10);
    await outcome;
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
