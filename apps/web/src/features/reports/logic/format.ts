/** Number formats of the reports (spec 02 §9): scores 2 decimals, percentages whole, prices in dollars. */

/**
 * The price formatter is built on first use, not when the module loads: the first Intl formatter
 * of a page costs a phone tens of milliseconds of ICU start-up, and the profile report formats
 * no price. Its counts are grouped by hand for the same reason.
 */
let usd: Intl.NumberFormat | undefined;

export const formatPrice = (cents: number): string => (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(cents / 100);

/** A count (a whole number of people) with thousands separators, "12,345", as `Intl.NumberFormat('en-US')` writes it. */
export const formatCount = (value: number): string => {
  const whole = Math.round(value);
  if (!Number.isSafeInteger(whole)) return String(whole);
  const grouped = Math.abs(whole).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${grouped}` : grouped;
};
export const formatScore = (value: number | null | undefined): string => (typeof value === 'number' ? value.toFixed(2) : '–');
export const formatPercent = (value: number | null | undefined): string => (typeof value === 'number' ? `${Math.round(value)}%` : '–');
