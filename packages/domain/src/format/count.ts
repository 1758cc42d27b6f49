/**
 * A count (a whole number of people) with thousands separators, "12,345", as
 * `Intl.NumberFormat('en-US')` writes it. Grouped by hand: the first Intl formatter of a page
 * costs a phone tens of milliseconds of ICU start-up, and a count is often all a page formats.
 */
export function formatCount(value: number): string {
  const whole = Math.round(value);
  if (!Number.isSafeInteger(whole)) return String(whole);
  const grouped = Math.abs(whole).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${grouped}` : grouped;
}
