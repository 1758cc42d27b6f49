/** Property tests (fast-check) of Cronbach's α and the corrected item-total correlations. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { correctedItemTotalCorrelations, cronbachAlpha } from './reliability';

/** n people × k items of Bloom-like answers (integers 0..4). */
const answerMatrix = (minPeople = 2) =>
  fc
    .record({ n: fc.integer({ min: minPeople, max: 25 }), k: fc.integer({ min: 2, max: 9 }) })
    .chain(({ n, k }) => fc.array(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: k, maxLength: k }), { minLength: n, maxLength: n }));

/** The same, with some cells missing. */
const matrixWithGaps = fc
  .record({ n: fc.integer({ min: 0, max: 25 }), k: fc.integer({ min: 1, max: 8 }) })
  .chain(({ n, k }) =>
    fc.array(fc.array(fc.option(fc.integer({ min: 0, max: 4 }), { nil: null, freq: 6 }), { minLength: k, maxLength: k }), {
      minLength: n,
      maxLength: n,
    }),
  );

const closeOrBothNull = (a: number | null, b: number | null, digits = 9) => {
  if (a === null || b === null) expect(a).toBe(b);
  else expect(a).toBeCloseTo(b, digits);
};

describe('cronbachAlpha properties', () => {
  it('is 1 for perfectly consistent answers (every item equals the person\'s value) with between-person variance', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 2, maxLength: 40 })// Between-person variance that a double can hold (a spread of 5e-324 squares to 0).
          .filter((v) => Math.max(...v) - Math.min(...v) > 1e-3),
        fc.integer({ min: 2, max: 20 }),
        (values, k) => {
          const matrix = values.map((v) => new Array<number>(k).fill(v));
          expect(cronbachAlpha(matrix)).toBeCloseTo(1, 9);
        },
      ),
    );
  });

  it('is unchanged by adding a constant to every answer', () => {
    fc.assert(
      fc.property(answerMatrix(), fc.double({ min: -1000, max: 1000, noNaN: true }), (matrix, c) => {
        closeOrBothNull(cronbachAlpha(matrix.map((row) => row.map((x) => x + c))), cronbachAlpha(matrix));
      }),
    );
  });

  it('is unchanged by multiplying every answer by a positive constant', () => {
    fc.assert(
      fc.property(answerMatrix(), fc.double({ min: 0.001, max: 1000, noNaN: true }), (matrix, c) => {
        closeOrBothNull(cronbachAlpha(matrix.map((row) => row.map((x) => x * c))), cronbachAlpha(matrix));
      }),
    );
  });

  it('never exceeds 1 and is never NaN or infinite (listwise), with or without missing values', () => {
    fc.assert(
      fc.property(matrixWithGaps, (matrix) => {
        const a = cronbachAlpha(matrix);
        if (a !== null) {
          expect(Number.isFinite(a)).toBe(true);
          expect(a).toBeLessThanOrEqual(1 + 1e-12);
        }
      }),
    );
  });

  it('does not depend on the order of people or of items', () => {
    fc.assert(
      fc.property(answerMatrix(), (matrix) => {
        const reversedPeople = [...matrix].reverse();
        const reversedItems = matrix.map((row) => [...row].reverse());
        closeOrBothNull(cronbachAlpha(reversedPeople), cronbachAlpha(matrix));
        closeOrBothNull(cronbachAlpha(reversedItems), cronbachAlpha(matrix));
      }),
    );
  });
});

describe('correctedItemTotalCorrelations properties', () => {
  it('are within [−1, 1] (or null), one per item, listwise and pairwise, with or without missing values', () => {
    fc.assert(
      fc.property(matrixWithGaps, fc.constantFrom('listwise' as const, 'pairwise' as const), (matrix, missing) => {
        const rs = correctedItemTotalCorrelations(matrix, { missing });
        expect(rs).toHaveLength(matrix.reduce((w, row) => Math.max(w, row.length), 0));
        for (const r of rs) {
          if (r === null) continue;
          expect(Number.isFinite(r)).toBe(true);
          expect(r).toBeGreaterThanOrEqual(-1);
          expect(r).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('are unchanged by a positive linear transformation of every answer', () => {
    fc.assert(
      fc.property(answerMatrix(), fc.double({ min: 0.01, max: 100, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true }), (matrix, a, b) => {
        const transformed = correctedItemTotalCorrelations(matrix.map((row) => row.map((x) => a * x + b)));
        correctedItemTotalCorrelations(matrix).forEach((r, i) => closeOrBothNull(transformed[i]!, r, 7));
      }),
    );
  });
});
