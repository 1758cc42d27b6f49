/**
 * Reliable change (Jacobson & Truax 1991, DESIGN §13): is the difference between two
 * assessments larger than the instrument's own measurement error would make by chance?
 *
 *   SEM    = σ · √(1 − r)             standard error of measurement
 *   S_diff = √2 · SEM = σ · √2 · √(1 − r)
 *   RCI    = (to − from) / S_diff
 *   reliable when |RCI| > 1.96 (two-sided, 5%)
 *
 * σ is the norm group's SD of the measure and r its reliability (Cronbach's α). In Bloom a
 * higher score is better on every measure that gets a change row (each is a mean of
 * 0 "Rarely" … 4 "Very Often" answers to positive experiences and feelings), so a reliable
 * rise is "improved" and a reliable fall "declined".
 *
 * GUARDS (no NaN or Infinity ever leaves here). S_diff is undefined when σ is missing,
 * not finite or ≤ 0 (no spread to measure error against), or r is missing, not finite or
 * ≥ 1 (r = 1 claims no measurement error at all, which a sample α of 1 does not prove;
 * S_diff would be 0 and every difference, however small, "reliable"). Then `sDiff` and
 * `rci` are null, `reliable` is false and `direction` is "no reliable change": without a
 * usable error estimate a change is never called reliable. A negative r (possible for a
 * sample α) is used as it is: it makes S_diff larger than σ·√2, so it is only more cautious.
 */

/** The 5% two-sided critical value of the standard normal distribution. */
export const RCI_CRITICAL_VALUE = 1.96;

export type ChangeDirection = 'improved' | 'declined' | 'no reliable change';

/** σ and r of a measure (either may be unknown). */
export interface MeasureReliability {
  readonly reliability: number | null;
  readonly sd: number | null;
}

export interface ReliableChangeInput extends MeasureReliability {
  readonly from: number;
  readonly to: number;
}

export interface ReliableChange {
  /** to − from. */
  readonly difference: number;
  /** σ·√2·√(1 − r); null when σ or r is unusable (see the module comment). */
  readonly sDiff: number | null;
  /** (to − from) / S_diff; null when S_diff is. */
  readonly rci: number | null;
  /** |RCI| > 1.96. */
  readonly reliable: boolean;
  readonly direction: ChangeDirection;
}

/** S_diff = σ·√2·√(1 − r); null when σ ≤ 0, r ≥ 1 or either is missing or not finite. */
export function standardErrorOfDifference(sd: number | null | undefined, reliability: number | null | undefined): number | null {
  if (typeof sd !== 'number' || !Number.isFinite(sd) || sd <= 0) return null;
  if (typeof reliability !== 'number' || !Number.isFinite(reliability) || reliability >= 1) return null;
  return sd * Math.SQRT2 * Math.sqrt(1 - reliability);
}

/** The Jacobson–Truax reliable change from one score to the next. */
export function reliableChange({ from, to, sd, reliability }: ReliableChangeInput): ReliableChange {
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new RangeError('reliableChange needs finite scores');
  const difference = to - from;
  const sDiff = standardErrorOfDifference(sd, reliability);
  const rci = sDiff === null ? null : difference / sDiff;
  const reliable = rci !== null && Math.abs(rci) > RCI_CRITICAL_VALUE;
  const direction: ChangeDirection = !reliable ? 'no reliable change' : rci! > 0 ? 'improved' : 'declined';
  return { difference, sDiff, rci, reliable, direction };
}

/**
 * σ and r for a change between two different forms (Rapid and Professional, DESIGN §13):
 * the lower of the two reliabilities and the larger of the two SDs, so that a change across
 * forms is never called reliable too easily (both make S_diff larger). When either form's
 * figure is unknown the result is unknown too (null), rather than borrowing the other one.
 */
export function crossFormReliability(a: MeasureReliability, b: MeasureReliability): MeasureReliability {
  const lower = (x: number | null, y: number | null) => (x === null || y === null ? null : Math.min(x, y));
  const larger = (x: number | null, y: number | null) => (x === null || y === null ? null : Math.max(x, y));
  return { reliability: lower(a.reliability, b.reliability), sd: larger(a.sd, b.sd) };
}
