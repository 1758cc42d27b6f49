/**
 * Cronbach's α and corrected item-total correlations against a published worked example,
 * plus the edge cases and the missing-value rules.
 */
import { describe, expect, it } from 'vitest';
import { mean, sampleSd, sampleVariance } from './descriptive';
import { correctedItemTotalCorrelations, cronbachAlpha, itemAnalysis } from './reliability';

/**
 * R's `attitude` data set (Chatterjee & Price, "Regression Analysis by Example", 1977): 30
 * departments × 7 survey items. Source: R's datasets package,
 * src/library/datasets/data/attitude.R (github.com/wch/r-source, commit
 * 3e4023711ff4748e0198c06424a14929ba31906f). Columns: rating, complaints, privileges,
 * learning, raises, critical, advance.
 */
const ATTITUDE_COLUMNS = {
  rating: [43, 63, 71, 61, 81, 43, 58, 71, 72, 67, 64, 67, 69, 68, 77, 81, 74, 65, 65, 50, 50, 64, 53, 40, 63, 66, 78, 48, 85, 82],
  complaints: [51, 64, 70, 63, 78, 55, 67, 75, 82, 61, 53, 60, 62, 83, 77, 90, 85, 60, 70, 58, 40, 61, 66, 37, 54, 77, 75, 57, 85, 82],
  privileges: [30, 51, 68, 45, 56, 49, 42, 50, 72, 45, 53, 47, 57, 83, 54, 50, 64, 65, 46, 68, 33, 52, 52, 42, 42, 66, 58, 44, 71, 39],
  learning: [39, 54, 69, 47, 66, 44, 56, 55, 67, 47, 58, 39, 42, 45, 72, 72, 69, 75, 57, 54, 34, 62, 50, 58, 48, 63, 74, 45, 71, 59],
  raises: [61, 63, 76, 54, 71, 54, 66, 70, 71, 62, 58, 59, 55, 59, 79, 60, 79, 55, 75, 64, 43, 66, 63, 50, 66, 88, 80, 51, 77, 64],
  critical: [92, 73, 86, 84, 83, 49, 68, 66, 83, 80, 67, 74, 63, 77, 77, 54, 79, 80, 85, 78, 64, 80, 80, 57, 75, 76, 78, 83, 74, 78],
  advance: [45, 47, 48, 35, 47, 34, 35, 41, 31, 41, 34, 41, 25, 35, 46, 36, 63, 60, 46, 52, 33, 41, 37, 49, 33, 72, 49, 38, 55, 39],
};
const columns = Object.values(ATTITUDE_COLUMNS);
const attitude: number[][] = columns[0]!.map((_, r) => columns.map((c) => c[r]!));

/** psych prints 2 decimals; compare what it would print. */
const printed = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);

describe('cronbachAlpha and correctedItemTotalCorrelations: psych::alpha on R\'s attitude data', () => {
  /*
   * Published output: W. Revelle, "An overview of the psych package", the vignette shipped
   * as inst/doc/overview.pdf in psych 2.0.12 (github.com/cran/psych, commit
   * 911c1983bca771c0a5a13ded8a6bc97ab2f4e42b), pages 44–45, output of `alpha(attitude)`:
   *   raw_alpha 0.84, mean 60, sd 8.2;
   *   Item statistics (n = 30 each) r.drop: rating 0.67, complaints 0.74, privileges 0.56,
   *   learning 0.71, raises 0.79, critical 0.27, advance 0.46; item means 65 67 53 56 65 75 43
   *   and sds 12.2 13.3 12.2 11.7 10.4 9.9 10.3.
   * and of `alpha(attitude, keys = c("complaints", "critical"))` (those two reverse-scored):
   *   raw_alpha 0.18; r.drop 0.28, −0.75, 0.39, 0.70, 0.50, −0.27, 0.46.
   */
  it('reproduces raw_alpha = 0.84', () => {
    expect(printed(cronbachAlpha(attitude))).toBe(0.84);
  });

  it('reproduces r.drop for each item', () => {
    expect(correctedItemTotalCorrelations(attitude).map(printed)).toEqual([0.67, 0.74, 0.56, 0.71, 0.79, 0.27, 0.46]);
  });

  it('reproduces the item n, means and SDs and the scale mean and SD', () => {
    const analysis = itemAnalysis(attitude);
    expect(analysis.n).toBe(30);
    expect(analysis.k).toBe(7);
    expect(analysis.items.map((i) => i.n)).toEqual([30, 30, 30, 30, 30, 30, 30]);
    expect(analysis.items.map((i) => Math.round(i.mean!))).toEqual([65, 67, 53, 56, 65, 75, 43]);
    expect(analysis.items.map((i) => Math.round(i.sd! * 10) / 10)).toEqual([12.2, 13.3, 12.2, 11.7, 10.4, 9.9, 10.3]);
    const scaleScores = attitude.map((row) => mean(row)!);
    expect(Math.round(mean(scaleScores)!)).toBe(60);
    expect(Math.round(sampleSd(scaleScores)! * 10) / 10).toBe(8.2);
  });

  it('reproduces the mis-keyed example (complaints and critical reversed as psych does: max + min − x)', () => {
    const all = attitude.flat();
    const adjust = Math.max(...all) + Math.min(...all);
    const keyed = attitude.map((row) => row.map((x, i) => (i === 1 || i === 5 ? adjust - x : x)));
    expect(printed(cronbachAlpha(keyed))).toBe(0.18);
    expect(correctedItemTotalCorrelations(keyed).map(printed)).toEqual([0.28, -0.75, 0.39, 0.7, 0.5, -0.27, 0.46]);
  });
});

describe('descriptive statistics', () => {
  it('mean and sampleSd (n − 1) skip missing values and need enough of them', () => {
    expect(mean([1, 2, 3, null, undefined, Number.NaN])).toBe(2);
    expect(mean([])).toBeNull();
    expect(mean([null])).toBeNull();
    expect(sampleSd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(sampleVariance([1, null, 3])).toBe(2);
    expect(sampleSd([5])).toBeNull();
    expect(sampleSd([5, null])).toBeNull();
  });
});

describe('undefined α and r.drop are null, never NaN', () => {
  it('needs 2 items', () => {
    expect(cronbachAlpha([[1], [2], [3]])).toBeNull();
    expect(correctedItemTotalCorrelations([[1], [2], [3]])).toEqual([null]);
  });

  it('needs 2 people', () => {
    expect(cronbachAlpha([[1, 2, 3]])).toBeNull();
    expect(cronbachAlpha([])).toBeNull();
    expect(correctedItemTotalCorrelations([[1, 2, 3]])).toEqual([null, null, null]);
  });

  it('needs total variance', () => {
    expect(cronbachAlpha([[2, 2], [2, 2], [2, 2]])).toBeNull();
    // Items that vary but cancel out exactly: the total never varies.
    expect(cronbachAlpha([[0, 4], [1, 3], [4, 0]])).toBeNull();
  });

  it('gives null r.drop for an item without variance, and still finds α', () => {
    const m = [
      [1, 2, 3],
      [2, 2, 4],
      [3, 2, 4],
      [4, 2, 5],
    ];
    const r = correctedItemTotalCorrelations(m);
    expect(r[1]).toBeNull();
    expect(r[0]).not.toBeNull();
    expect(cronbachAlpha(m)).not.toBeNull();
  });

  it('gives null r.drop when the rest of the scale has no variance', () => {
    expect(correctedItemTotalCorrelations([[1, 2], [2, 2], [3, 2]])).toEqual([null, null]);
  });

  it('can be negative (items that disagree) and is then returned as it is', () => {
    const a = cronbachAlpha([[0, 4, 2], [4, 0, 2], [1, 2, 0], [3, 1, 4]]);
    expect(a).not.toBeNull();
    expect(a!).toBeLessThan(0);
  });
});

describe('missing values', () => {
  const withMissing: (number | null)[][] = [
    [1, 2, 2],
    [2, null, 3],
    [3, 3, 4],
    [4, 4, null],
    [2, 3, 3],
    [0, 1, 1],
  ];

  it('listwise (default): α, r.drop and item figures come from the people who answered every item', () => {
    const complete = withMissing.filter((row) => row.every((v) => v !== null)) as number[][];
    expect(cronbachAlpha(withMissing)).toBe(cronbachAlpha(complete));
    expect(correctedItemTotalCorrelations(withMissing)).toEqual(correctedItemTotalCorrelations(complete));
    const analysis = itemAnalysis(withMissing);
    expect(analysis.n).toBe(4);
    expect(analysis.items.map((i) => i.n)).toEqual([4, 4, 4]);
    expect(analysis.items[0]!.mean).toBe(1.5);
    // Hand check: complete rows [1,2,2],[3,3,4],[2,3,3],[0,1,1].
    expect(cronbachAlpha(withMissing)).toBeCloseTo(0.979591836734694, 12);
  });

  it('treats undefined, NaN and short rows as missing too', () => {
    const m = [[1, 2, 2], [2, undefined, 3], [3, 3, 4], [4, Number.NaN, 5], [2, 3, 3], [0, 1]];
    expect(cronbachAlpha(m)).toBe(cronbachAlpha([[1, 2, 2], [3, 3, 4], [2, 3, 3]]));
  });

  it('pairwise reproduces psych::alpha\'s default use = "pairwise", and returns null for an r.drop outside [−1, 1]', () => {
    /*
     * Reference computed (no published output exists for this small matrix) with a direct
     * transcription of R's cov(x, use = "pairwise.complete.obs") and psych::alpha's formulas
     * (R/alpha.R at github.com/cran/psych 9e3254464723e8722c4a4f5b106919040efa876e:
     * raw_alpha = (1 − tr(C)/sum(C)) · k/(k − 1); r.drop = (sum(C[,i]) − C[i,i]) / √(C[i,i] · sum(C[−i,−i]))).
     * It gives alpha 0.9705882352941175 and r.drop 0.9709896734496952, 1.0531472943164235,
     * 0.8296297792621187: the pairwise covariances are not mutually consistent, so the second
     * "correlation" exceeds 1. psych would print 1.05; we return null (the reason listwise is
     * our default).
     */
    expect(cronbachAlpha(withMissing, { missing: 'pairwise' })).toBeCloseTo(0.9705882352941175, 12);
    const r = correctedItemTotalCorrelations(withMissing, { missing: 'pairwise' });
    expect(r[0]).toBeCloseTo(0.9709896734496952, 12);
    expect(r[1]).toBeNull();
    expect(r[2]).toBeCloseTo(0.8296297792621187, 12);
    const analysis = itemAnalysis(withMissing, { missing: 'pairwise' });
    expect(analysis.n).toBe(6);
    expect(analysis.items.map((i) => i.n)).toEqual([6, 5, 5]);
  });

  it('listwise and pairwise agree when nothing is missing', () => {
    expect(cronbachAlpha(attitude, { missing: 'pairwise' })).toBeCloseTo(cronbachAlpha(attitude)!, 12);
    const a = correctedItemTotalCorrelations(attitude);
    const b = correctedItemTotalCorrelations(attitude, { missing: 'pairwise' });
    b.forEach((v, i) => expect(v).toBeCloseTo(a[i]!, 12));
  });
});
