/** Number formats of the reports (spec 02 §9): scores 2 decimals, percentages whole, prices in dollars. */

/**
 * The price formatter is built on first use, not when the module loads: the first Intl formatter
 * of a page costs a phone tens of milliseconds of ICU start-up, and the profile report formats
 * no price. Its counts use `formatCount` (@bloom/domain/format), grouped without Intl.
 */
let usd: Intl.NumberFormat | undefined;

export const formatPrice = (cents: number): string => (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(cents / 100);
export const formatScore = (value: number | null | undefined): string => (typeof value === 'number' ? value.toFixed(2) : '–');
export const formatPercent = (value: number | null | undefined): string => (typeof value === 'number' ? `${Math.round(value)}%` : '–');
