import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelayMs, planHit, type SlidingRule } from './sliding-rate-limit';

/** Plays attempts at the given times against in-memory slots exactly as hitSlidingRateLimit does against the table. */
function play(rule: SlidingRule, times: number[]): Array<{ at: number; allowed: boolean; waitMs: number }> {
  const slots: Array<number | null> = Array.from({ length: rule.limit }, () => null);
  return times.map((at) => {
    const plan = planHit(slots, rule, at);
    if (plan.allowed) slots[plan.slot!] = at;
    return { at, allowed: plan.allowed, waitMs: plan.waitMs };
  });
}

const ruleArbitrary = fc.record({
  limit: fc.integer({ min: 1, max: 12 }),
  windowMs: fc.integer({ min: 1, max: 10_000 }),
  backoff: fc.option(
    fc.record({ freeHits: fc.integer({ min: 0, max: 12 }), firstDelayMs: fc.integer({ min: 1, max: 2_000 }), maxDelayMs: fc.integer({ min: 1, max: 5_000 }) }),
    { nil: undefined },
  ),
});
/** Attempt times in order, with gaps from none (a burst) to longer than any window. */
const timesArbitrary = fc
  .array(fc.integer({ min: 0, max: 3_000 }), { minLength: 1, maxLength: 80 })
  .map((gaps) => gaps.reduce<number[]>((times, gap) => [...times, (times.at(-1) ?? 1_700_000_000_000) + gap], []));

describe('sliding-window limit', () => {
  it('never accepts more than the limit inside any window of the configured length', () => {
    fc.assert(
      fc.property(ruleArbitrary, timesArbitrary, (rule, times) => {
        const accepted = play(rule, times).filter((attempt) => attempt.allowed).map((attempt) => attempt.at);
        // limit + 1 accepted hits fit in a window [t, t + windowMs) exactly when the first and last are less than windowMs apart.
        for (let index = 0; index + rule.limit < accepted.length; index++) {
          expect(accepted[index + rule.limit]! - accepted[index]!).toBeGreaterThanOrEqual(rule.windowMs);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a second burst just after a fixed window boundary, which a fixed window would have let in', () => {
    const rule = { limit: 10, windowMs: 5 * 60_000 };
    const boundary = 5 * 60_000 * 5_666_667; // a multiple of the window, as the old fixed window started
    const before = Array.from({ length: 10 }, (_, index) => boundary - 1_000 + index);
    const after = Array.from({ length: 10 }, (_, index) => boundary + 1 + index);
    const results = play(rule, [...before, ...after]);
    expect(results.slice(0, 10).every((attempt) => attempt.allowed)).toBe(true);
    expect(results.slice(10).some((attempt) => attempt.allowed)).toBe(false);
    // The first refused attempt is told to wait until the first hit of the burst leaves the window.
    expect(results[10]!.waitMs).toBe(before[0]! + rule.windowMs - after[0]!);
  });

  it('tells the truth about waiting: trying again after waitMs succeeds', () => {
    fc.assert(
      fc.property(ruleArbitrary, timesArbitrary, (rule, times) => {
        const slots: Array<number | null> = Array.from({ length: rule.limit }, () => null);
        for (const at of times) {
          const plan = planHit(slots, rule, at);
          if (plan.allowed) {
            slots[plan.slot!] = at;
            continue;
          }
          expect(plan.waitMs).toBeGreaterThan(0);
          expect(planHit(slots, rule, at + plan.waitMs).allowed).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('admits attempts spaced a whole window apart, however many came before', () => {
    fc.assert(
      fc.property(ruleArbitrary, fc.integer({ min: 1, max: 30 }), (rule, count) => {
        const times = Array.from({ length: count }, (_, index) => 1_700_000_000_000 + index * Math.max(rule.windowMs, rule.backoff?.maxDelayMs ?? 0));
        expect(play(rule, times).every((attempt) => attempt.allowed)).toBe(true);
      }),
    );
  });
});

describe('backoff', () => {
  it('grows with the hits in the window but never beyond its cap', () => {
    fc.assert(
      fc.property(ruleArbitrary, fc.integer({ min: 0, max: 10_000 }), (rule, hits) => {
        const delay = backoffDelayMs(hits, rule);
        expect(delay).toBeLessThanOrEqual(rule.backoff?.maxDelayMs ?? 0);
        expect(backoffDelayMs(hits + 1, rule)).toBeGreaterThanOrEqual(delay);
        expect(Number.isFinite(delay)).toBe(true);
      }),
    );
  });

  it('spaces accepted hits after the free ones by at least the delay', () => {
    const rule = { limit: 10, windowMs: 5 * 60_000, backoff: { freeHits: 5, firstDelayMs: 1_000, maxDelayMs: 60_000 } };
    const start = 1_700_000_000_000;
    // Someone hammering every 100 ms for a minute.
    const results = play(rule, Array.from({ length: 600 }, (_, index) => start + index * 100));
    const accepted = results.filter((attempt) => attempt.allowed).map((attempt) => attempt.at - start);
    expect(accepted).toEqual([0, 100, 200, 300, 400, 1_400, 3_400, 7_400, 15_400, 31_400]);
  });

  it('is not lengthened by refused attempts: the wait depends on accepted hits only', () => {
    const rule = { limit: 10, windowMs: 5 * 60_000, backoff: { freeHits: 5, firstDelayMs: 1_000, maxDelayMs: 60_000 } };
    const start = 1_700_000_000_000;
    const quiet = play(rule, [...Array.from({ length: 5 }, (_, index) => start + index), start + 1_004]);
    const hammered = play(rule, [...Array.from({ length: 5 }, (_, index) => start + index), ...Array.from({ length: 100 }, (_, index) => start + 5 + index * 10), start + 1_004]);
    expect(quiet.at(-1)!.allowed).toBe(true);
    expect(hammered.at(-1)!.allowed).toBe(true);
  });
});
