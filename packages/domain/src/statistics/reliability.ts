/**
 * Internal consistency of a scale: Cronbach's α and corrected item-total correlations,
 * from an item matrix (rows = people, columns = items). Pure, no I/O.
 *
 * Formulas (C = the items' sample covariance matrix, divisor n − 1; k = number of items):
 *   α = k / (k − 1) · (1 − tr(C) / ΣC)                          (Cronbach 1951)
 *   r.drop(i) = (Σ_j C[i][j] − C[i][i]) / √(C[i][i] · Σ_{j,l ≠ i} C[j][l])
 * i.e. the Pearson correlation of item i with the sum of the other items. These are the
 * `raw_alpha` and `r.drop` of psych::alpha (R/alpha.R, `alpha.1` and the `r.drop` loop;
 * github.com/cran/psych at 9e3254464723e8722c4a4f5b106919040efa876e, version 2.5.3).
 *
 * MISSING VALUES (decided here). A cell that is null, undefined or not a finite number is
 * missing; a row shorter than the widest row is missing its last cells.
 * - Default `listwise`: only people who answered every item of the scale are used, for α,
 *   for the item-total correlations and for the item means and SDs alike.
 * - `pairwise` reproduces psych::alpha's default (`use = "pairwise"`: each covariance over
 *   the people who answered both items, R's `cov(x, use = "pairwise")`).
 * We default to listwise although psych defaults to pairwise, because (1) a pairwise
 * covariance matrix need not be positive semi-definite, so α and r.drop can leave their
 * ranges (α above 1, |r| above 1), while a listwise matrix is a real covariance matrix;
 * (2) every figure then rests on the same people, so one n describes it, which the
 * n < 30 rule of DESIGN §15 needs; (3) Bloom's completed assessments have (nearly) every
 * answer, so listwise deletion loses (almost) nobody. With no missing values the two agree.
 *
 * UNDEFINED (returned as null, never NaN or Infinity): α with fewer than 2 items, fewer than
 * 2 people (after deletion) or no total variance (ΣC ≤ 0, or negligible next to the item
 * variances); r.drop for an item without variance, a scale of one item, or a rest-of-scale
 * without variance. psych deletes zero-variance items before computing α (`delete = TRUE`);
 * we keep them (they add nothing to tr(C) or ΣC, but count in k), so α differs from psych's
 * only when an item has no variance at all.
 */
import { isObserved } from './descriptive';

/** Rows = people, columns = items. Missing cells: null, undefined or a non-finite number. */
export type ItemMatrix = readonly (readonly (number | null | undefined)[])[];

export type MissingValueRule = 'listwise' | 'pairwise';

export interface ReliabilityOptions {
  /** How missing cells are handled; see the module comment. Default `listwise`. */
  readonly missing?: MissingValueRule;
}

/** Per-item figures of a scale. */
export interface ItemStatistics {
  /** People whose answer to this item was used. */
  readonly n: number;
  readonly mean: number | null;
  /** Sample SD (n − 1). */
  readonly sd: number | null;
  /** Correlation with the sum of the scale's other items (psych's r.drop). */
  readonly correctedItemTotal: number | null;
}

/** A scale's reliability analysis. */
export interface ItemAnalysis {
  /** People used: listwise, those who answered every item; pairwise, those who answered any. */
  readonly n: number;
  /** Number of items (columns). */
  readonly k: number;
  readonly alpha: number | null;
  readonly items: readonly ItemStatistics[];
}

/** The sample covariance matrix of the items (null where fewer than 2 people answered both). */
export interface CovarianceMatrix {
  readonly n: number;
  readonly k: number;
  readonly cov: readonly (readonly (number | null)[])[];
  /** Per item: people used, mean. */
  readonly itemN: readonly number[];
  readonly itemMeans: readonly (number | null)[];
}

/** Relative tolerance below which a total variance counts as zero. */
const NEGLIGIBLE = 1e-12;
/** Rounding slack allowed on a correlation before it is called inconsistent. */
const CORRELATION_SLACK = 1e-9;

const widthOf = (matrix: ItemMatrix): number => matrix.reduce((w, row) => Math.max(w, row.length), 0);

/** Mean that is exact for a constant column (so its deviations are exactly 0). */
function exactMean(xs: ArrayLike<number>): number {
  const first = xs[0]!;
  let constant = true;
  let sum = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    if (x !== first) constant = false;
    sum += x;
  }
  return constant ? first : sum / xs.length;
}

/** Sample covariance of paired values (n − 1); null below 2 pairs. */
function covariance(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const mx = exactMean(xs);
  const my = exactMean(ys);
  let s = 0;
  for (let r = 0; r < n; r++) s += (xs[r]! - mx) * (ys[r]! - my);
  return s / (n - 1);
}

/**
 * Listwise covariance matrix from item columns (one array per item, all of one length, NaN or
 * another non-finite value = missing): only the rows where every item is observed count.
 * The fast path behind `covarianceMatrix` and the per-scale figures.
 */
export function listwiseCovariance(columns: readonly ArrayLike<number>[]): CovarianceMatrix {
  const k = columns.length;
  const total = k === 0 ? 0 : Math.min(...columns.map((c) => c.length));
  const keep: number[] = [];
  rows: for (let r = 0; r < total; r++) {
    for (let i = 0; i < k; i++) if (!Number.isFinite(columns[i]![r]!)) continue rows;
    keep.push(r);
  }
  const n = keep.length;
  const means: (number | null)[] = [];
  const centred: Float64Array[] = [];
  for (const column of columns) {
    const compact = new Float64Array(n);
    for (let j = 0; j < n; j++) compact[j] = column[keep[j]!]!;
    const m = n === 0 ? null : exactMean(compact);
    means.push(m);
    if (m !== null) for (let j = 0; j < n; j++) compact[j] = compact[j]! - m;
    centred.push(compact);
  }
  const cov: (number | null)[][] = Array.from({ length: k }, () => new Array<number | null>(k).fill(null));
  if (n >= 2) {
    for (let i = 0; i < k; i++) {
      const a = centred[i]!;
      for (let j = i; j < k; j++) {
        const b = centred[j]!;
        let s = 0;
        for (let r = 0; r < n; r++) s += a[r]! * b[r]!;
        cov[i]![j] = cov[j]![i] = s / (n - 1);
      }
    }
  }
  return { n, k, cov, itemN: new Array<number>(k).fill(n), itemMeans: means };
}

/** The items' covariance matrix under the given missing-value rule. */
export function covarianceMatrix(matrix: ItemMatrix, options: ReliabilityOptions = {}): CovarianceMatrix {
  const k = widthOf(matrix);
  const cell = (row: readonly (number | null | undefined)[], i: number) => row[i];

  if ((options.missing ?? 'listwise') === 'listwise') {
    const columns = Array.from({ length: k }, (_, i) => Float64Array.from(matrix, (row) => {
      const v = cell(row, i);
      return isObserved(v) ? v : Number.NaN;
    }));
    return listwiseCovariance(columns);
  }

  const cov: (number | null)[][] = Array.from({ length: k }, () => new Array<number | null>(k).fill(null));
  // Pairwise: each entry over the rows where both items are observed (R's use = "pairwise").
  const itemN: number[] = [];
  const itemMeans: (number | null)[] = [];
  for (let i = 0; i < k; i++) {
    const xs = matrix.map((row) => cell(row, i)).filter(isObserved);
    itemN.push(xs.length);
    itemMeans.push(xs.length === 0 ? null : exactMean(xs));
  }
  for (let i = 0; i < k; i++) {
    for (let j = i; j < k; j++) {
      const xs: number[] = [];
      const ys: number[] = [];
      for (const row of matrix) {
        const x = cell(row, i);
        const y = cell(row, j);
        if (isObserved(x) && isObserved(y)) {
          xs.push(x);
          ys.push(y);
        }
      }
      cov[i]![j] = cov[j]![i] = covariance(xs, ys);
    }
  }
  const n = matrix.filter((row) => row.some((v) => isObserved(v))).length;
  return { n, k, cov, itemN, itemMeans };
}

/** Σ over the entries whose row and column are both in `keep` (null when any is null). */
function sumOver(cov: readonly (readonly (number | null)[])[], keep: (i: number) => boolean): number | null {
  let s = 0;
  for (let i = 0; i < cov.length; i++) {
    if (!keep(i)) continue;
    for (let j = 0; j < cov.length; j++) {
      if (!keep(j)) continue;
      const c = cov[i]![j];
      if (c === null || c === undefined) return null;
      s += c;
    }
  }
  return s;
}

function traceOver(cov: readonly (readonly (number | null)[])[], keep: (i: number) => boolean): number | null {
  let t = 0;
  for (let i = 0; i < cov.length; i++) {
    if (!keep(i)) continue;
    const c = cov[i]![i];
    if (c === null || c === undefined) return null;
    t += c;
  }
  return t;
}

/** α from a covariance matrix; null when undefined (see the module comment). */
export function alphaFromCovariance(c: CovarianceMatrix): number | null {
  if (c.k < 2 || c.n < 2) return null;
  const all = () => true;
  const total = sumOver(c.cov, all);
  const trace = traceOver(c.cov, all);
  if (total === null || trace === null) return null;
  // No total variance (or only rounding noise next to the item variances): α is undefined.
  if (!(total > NEGLIGIBLE * Math.max(trace, 0) * c.k)) return null;
  const alpha = (c.k / (c.k - 1)) * (1 - trace / total);
  return Number.isFinite(alpha) ? alpha : null;
}

function correctedItemTotalOf(c: CovarianceMatrix): (number | null)[] {
  return Array.from({ length: c.k }, (_, i) => {
    if (c.k < 2 || c.n < 2) return null;
    const itemVariance = c.cov[i]![i];
    if (itemVariance === null || itemVariance === undefined || itemVariance <= 0) return null;
    const rest = (j: number) => j !== i;
    const restVariance = sumOver(c.cov, rest);
    const restTrace = traceOver(c.cov, rest);
    if (restVariance === null || restTrace === null) return null;
    if (!(restVariance > NEGLIGIBLE * Math.max(restTrace, 0) * c.k)) return null;
    let crossSum = 0;
    for (let j = 0; j < c.k; j++) {
      if (j === i) continue;
      const v = c.cov[i]![j];
      if (v === null || v === undefined) return null;
      crossSum += v;
    }
    const r = crossSum / Math.sqrt(itemVariance * restVariance);
    if (!Number.isFinite(r) || Math.abs(r) > 1 + CORRELATION_SLACK) return null;
    return Math.max(-1, Math.min(1, r));
  });
}

/**
 * Cronbach's α of the items (psych::alpha's raw_alpha). Null when it is undefined: fewer
 * than 2 items, fewer than 2 people after deleting missing values, or no total variance.
 */
export function cronbachAlpha(matrix: ItemMatrix, options: ReliabilityOptions = {}): number | null {
  return alphaFromCovariance(covarianceMatrix(matrix, options));
}

/**
 * Each item's correlation with the sum of the other items (psych::alpha's r.drop), in
 * column order; null where undefined (no variance in the item or in the rest, fewer than
 * 2 items or 2 people). Always within [−1, 1].
 */
export function correctedItemTotalCorrelations(matrix: ItemMatrix, options: ReliabilityOptions = {}): (number | null)[] {
  return correctedItemTotalOf(covarianceMatrix(matrix, options));
}

/** α, n and per-item n, mean, SD and corrected item-total r of one scale, in one pass. */
export function itemAnalysis(matrix: ItemMatrix, options: ReliabilityOptions = {}): ItemAnalysis {
  return itemAnalysisFromCovariance(covarianceMatrix(matrix, options));
}

/** `itemAnalysis` from an already computed covariance matrix. */
export function itemAnalysisFromCovariance(c: CovarianceMatrix): ItemAnalysis {
  const rDrop = correctedItemTotalOf(c);
  const items = Array.from({ length: c.k }, (_, i): ItemStatistics => {
    const variance = c.cov[i]![i];
    return {
      n: c.itemN[i]!,
      mean: c.itemMeans[i] ?? null,
      sd: variance === null || variance === undefined ? null : Math.sqrt(Math.max(0, variance)),
      correctedItemTotal: rDrop[i] ?? null,
    };
  });
  return { n: c.n, k: c.k, alpha: alphaFromCovariance(c), items };
}
