/**
 * Descriptive statistics for the instrument's own figures (DESIGN §15).
 *
 * Missing values: `null`, `undefined` and non-finite numbers (NaN, ±Infinity) are treated
 * as missing and left out, never counted as 0. A statistic with too few values is `null`.
 */

/** A value that counts as an observation. */
export function isObserved(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The observed values, in order. */
export function observed(values: readonly (number | null | undefined)[]): number[] {
  return values.filter(isObserved);
}

/** Arithmetic mean of the observed values; null when there are none. */
export function mean(values: readonly (number | null | undefined)[]): number | null {
  const xs = observed(values);
  if (xs.length === 0) return null;
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/**
 * Sample variance (divisor n − 1) of the observed values; null below 2 values.
 * Two-pass (centred) so that large constant offsets do not cost precision.
 */
export function sampleVariance(values: readonly (number | null | undefined)[]): number | null {
  const xs = observed(values);
  if (xs.length < 2) return null;
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  let ss = 0;
  for (const x of xs) ss += (x - m) * (x - m);
  return ss / (xs.length - 1);
}

/** Sample standard deviation (divisor n − 1), as R's `sd`; null below 2 observed values. */
export function sampleSd(values: readonly (number | null | undefined)[]): number | null {
  const v = sampleVariance(values);
  return v === null ? null : Math.sqrt(v);
}
