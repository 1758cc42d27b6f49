/**
 * Jacobson–Truax reliable change: worked examples from cited sources, properties, guards
 * and the cross-form rule.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { crossFormReliability, RCI_CRITICAL_VALUE, reliableChange, standardErrorOfDifference } from './reliable-change';

describe('worked examples', () => {
  it('matches the suddengains R package\'s published RCI output (a reference implementation of Jacobson & Truax 1991)', () => {
    /*
     * M. Wiedemann et al., R package suddengains, documentation of define_crit1_cutoff,
     * reference/define_crit1_cutoff.md (github.com/milanwiedemann/suddengains, commit
     * 88688591fda04eea28ffa210df321d4062b2af0b), example output of
     * `define_crit1_cutoff(sd = 10.5, reliability = 0.931)`, which implements
     * se = sd·√(1 − r), sdiff = √(2·se²), reliable change value = 1.96·sdiff (J&T 1991):
     *   standard_error_measurement 2.758124, standard_error_difference 3.900577,
     *   reliable_change_value 7.645131.
     */
    const sDiff = standardErrorOfDifference(10.5, 0.931)!;
    expect(sDiff).toBeCloseTo(3.900577, 6);
    expect(sDiff / Math.SQRT2).toBeCloseTo(2.758124, 6);
    expect(RCI_CRITICAL_VALUE * sDiff).toBeCloseTo(7.645131, 6);
    // A change just above / below that value is / is not reliable.
    expect(reliableChange({ from: 20, to: 20 + 7.65, sd: 10.5, reliability: 0.931 })).toMatchObject({ reliable: true, direction: 'improved' });
    expect(reliableChange({ from: 20, to: 20 - 7.65, sd: 10.5, reliability: 0.931 })).toMatchObject({ reliable: true, direction: 'declined' });
    expect(reliableChange({ from: 20, to: 20 + 7.64, sd: 10.5, reliability: 0.931 })).toMatchObject({ reliable: false, direction: 'no reliable change' });
  });

  it('matches the textbook table of D. L. Wodrich\'s "How to Calculate Reliable Change Indexes (RCIs)"', () => {
    /*
     * Open textbook (University of Arizona, opentextbooks.library.arizona.edu/wodrichseas),
     * back matter, Appendix E, Table A.3.1 "Steps in Calculating Reliable Change Index":
     * Piers-Harris-2 Total Score SEM 3.07 (Piers & Herzberg 2002); S_diff = √(2·3.07²) = 4.34;
     * 1.96 × 4.34 = 8.51; pre 24, post 35, difference 11 > 8.51: "Reliable change was detected".
     * The table starts from the SEM, σ·√(1 − r); we pass σ = SEM with r = 0, which gives the same SEM.
     */
    const change = reliableChange({ from: 24, to: 35, sd: 3.07, reliability: 0 });
    expect(change.difference).toBe(11);
    expect(change.sDiff!).toBeCloseTo(4.34, 2);
    expect(RCI_CRITICAL_VALUE * change.sDiff!).toBeCloseTo(8.51, 2);
    expect(change.rci!).toBeCloseTo(11 / 4.3416, 3);
    expect(change.reliable).toBe(true);
    expect(change.direction).toBe('improved');
  });

  it('computes S_diff = σ·√2·√(1 − r) and RCI = (to − from) / S_diff', () => {
    // σ = 0.5, r = 0.75: S_diff = 0.5·√2·0.5 = 0.35355…; a rise of 0.5 gives RCI = √2.
    const change = reliableChange({ from: 2, to: 2.5, sd: 0.5, reliability: 0.75 });
    expect(change.sDiff).toBeCloseTo(0.5 * Math.SQRT2 * 0.5, 12);
    expect(change.rci).toBeCloseTo(Math.SQRT2, 12);
    expect(change.reliable).toBe(false);
  });

  it('calls a change reliable only when |RCI| is strictly above 1.96', () => {
    // σ = 1/√2, r = 0: S_diff = 1, so RCI = the difference.
    const sd = Math.SQRT1_2;
    expect(reliableChange({ from: 0, to: 1.96, sd, reliability: 0 }).reliable).toBe(false);
    expect(reliableChange({ from: 0, to: 1.9601, sd, reliability: 0 }).reliable).toBe(true);
  });
});

describe('guards: no NaN or Infinity', () => {
  const noReliableChange = { sDiff: null, rci: null, reliable: false, direction: 'no reliable change' };

  it.each([
    ['r = 1', { sd: 1, reliability: 1 }],
    ['r > 1', { sd: 1, reliability: 1.2 }],
    ['σ = 0', { sd: 0, reliability: 0.8 }],
    ['σ < 0', { sd: -1, reliability: 0.8 }],
    ['σ unknown', { sd: null, reliability: 0.8 }],
    ['r unknown', { sd: 1, reliability: null }],
    ['σ NaN', { sd: Number.NaN, reliability: 0.8 }],
    ['r Infinity', { sd: 1, reliability: Number.POSITIVE_INFINITY }],
  ])('%s: no S_diff, no RCI, never reliable', (_name, figures) => {
    expect(reliableChange({ from: 1, to: 3, ...figures })).toEqual({ difference: 2, ...noReliableChange });
  });

  it('uses a negative α as it is (only more cautious than r = 0)', () => {
    const negative = reliableChange({ from: 1, to: 3, sd: 1, reliability: -0.5 });
    const zero = reliableChange({ from: 1, to: 3, sd: 1, reliability: 0 });
    expect(negative.sDiff!).toBeGreaterThan(zero.sDiff!);
    expect(Math.abs(negative.rci!)).toBeLessThan(Math.abs(zero.rci!));
  });

  it('throws on a score that is not a finite number', () => {
    expect(() => reliableChange({ from: Number.NaN, to: 1, sd: 1, reliability: 0.5 })).toThrow(RangeError);
  });
});

describe('reliable change properties', () => {
  const score = fc.double({ min: -100, max: 100, noNaN: true });
  const sd = fc.double({ min: 0.01, max: 50, noNaN: true });
  const reliability = fc.double({ min: -1, max: 0.999, noNaN: true });

  it('is antisymmetric: swapping from and to negates the RCI and swaps improved and declined', () => {
    fc.assert(
      fc.property(score, score, sd, reliability, (a, b, s, r) => {
        const forward = reliableChange({ from: a, to: b, sd: s, reliability: r });
        const backward = reliableChange({ from: b, to: a, sd: s, reliability: r });
        expect(backward.rci! + forward.rci!).toBeCloseTo(0, 9);
        expect(backward.reliable).toBe(forward.reliable);
        const swapped = { improved: 'declined', declined: 'improved', 'no reliable change': 'no reliable change' } as const;
        expect(backward.direction).toBe(swapped[forward.direction]);
      }),
    );
  });

  it('is unchanged when scores and σ are scaled together (and when scores are shifted)', () => {
    fc.assert(
      fc.property(score, score, sd, reliability, fc.double({ min: 0.01, max: 100, noNaN: true }), score, (a, b, s, r, c, shift) => {
        const base = reliableChange({ from: a, to: b, sd: s, reliability: r }).rci!;
        expect(reliableChange({ from: c * a, to: c * b, sd: c * s, reliability: r }).rci!).toBeCloseTo(base, 6);
        expect(reliableChange({ from: a + shift, to: b + shift, sd: s, reliability: r }).rci!).toBeCloseTo(base, 6);
      }),
    );
  });

  it('|RCI| grows as r grows (a more reliable measure makes the same difference more telling)', () => {
    fc.assert(
      fc.property(score, score, sd, reliability, reliability, (a, b, s, r1, r2) => {
        const [low, high] = r1 <= r2 ? [r1, r2] : [r2, r1];
        const atLow = Math.abs(reliableChange({ from: a, to: b, sd: s, reliability: low }).rci!);
        const atHigh = Math.abs(reliableChange({ from: a, to: b, sd: s, reliability: high }).rci!);
        expect(atHigh).toBeGreaterThanOrEqual(atLow * (1 - 1e-12));
      }),
    );
  });

  it('is reliable exactly when |RCI| > 1.96, with the direction of the difference', () => {
    fc.assert(
      fc.property(score, score, sd, reliability, (a, b, s, r) => {
        const change = reliableChange({ from: a, to: b, sd: s, reliability: r });
        expect(Number.isFinite(change.rci!)).toBe(true);
        expect(change.reliable).toBe(Math.abs(change.rci!) > 1.96);
        if (change.reliable) expect(change.direction).toBe(b > a ? 'improved' : 'declined');
        else expect(change.direction).toBe('no reliable change');
      }),
    );
  });
});

describe('crossFormReliability (DESIGN §13)', () => {
  it('takes the lower reliability and the larger σ', () => {
    expect(crossFormReliability({ reliability: 0.93, sd: 0.66 }, { reliability: 0.97, sd: 0.65 })).toEqual({ reliability: 0.93, sd: 0.66 });
    expect(crossFormReliability({ reliability: 0.97, sd: 0.6 }, { reliability: 0.68, sd: 0.8 })).toEqual({ reliability: 0.68, sd: 0.8 });
  });

  it('is unknown when either form\'s figure is unknown', () => {
    expect(crossFormReliability({ reliability: null, sd: 0.6 }, { reliability: 0.9, sd: 0.7 })).toEqual({ reliability: null, sd: 0.7 });
    expect(crossFormReliability({ reliability: 0.9, sd: 0.6 }, { reliability: 0.8, sd: null })).toEqual({ reliability: 0.8, sd: null });
  });

  it('never makes a change more reliable than either form alone would', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        fc.double({ min: 0.01, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        fc.double({ min: 0.01, max: 5, noNaN: true }),
        (difference, r1, s1, r2, s2) => {
          const cross = crossFormReliability({ reliability: r1, sd: s1 }, { reliability: r2, sd: s2 });
          const rciWith = (f: { reliability: number | null; sd: number | null }) => Math.abs(reliableChange({ from: 0, to: difference, ...f }).rci!);
          const crossRci = rciWith(cross);
          expect(crossRci).toBeLessThanOrEqual(rciWith({ reliability: r1, sd: s1 }) * (1 + 1e-12));
          expect(crossRci).toBeLessThanOrEqual(rciWith({ reliability: r2, sd: s2 }) * (1 + 1e-12));
        },
      ),
    );
  });
});
