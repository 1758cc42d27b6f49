/** Small numeric helpers shared by scoring and benchmarking. */

/** Mean of the values that are present; null when none are (no data is not zero). */
export function meanOf(values: readonly (number | null | undefined)[]): number | null {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (v !== null && v !== undefined) {
      sum += v;
      n += 1;
    }
  }
  return n === 0 ? null : sum / n;
}

/** Rounds half away from zero to `decimals` places; null stays null. */
export function roundTo(value: number | null, decimals = 2): number | null {
  if (value === null) return null;
  const f = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * f)) / f;
}
