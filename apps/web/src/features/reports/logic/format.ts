/** Number formats of the reports (spec 02 §9): scores 2 decimals, percentages whole, prices in dollars. */

/**
 * The Intl formatters are built on first use, not when the module loads: building one costs a
 * phone tens of milliseconds of ICU start-up, and a page may need none of them (the
 * profile report formats no price, and its counts only far down the page).
 */
let usd: Intl.NumberFormat | undefined;
let count: Intl.NumberFormat | undefined;

export const formatPrice = (cents: number): string => (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(cents / 100);
export const formatCount = (value: number): string => (count ??= new Intl.NumberFormat('en-US')).format(value);
export const formatScore = (value: number | null | undefined): string => (typeof value === 'number' ? value.toFixed(2) : '–');
export const formatPercent = (value: number | null | undefined): string => (typeof value === 'number' ? `${Math.round(value)}%` : '–');
