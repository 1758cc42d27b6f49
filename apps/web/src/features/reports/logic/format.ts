/** Number formats of the reports (spec 02 §9): scores 2 decimals, percentages whole, prices in dollars. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

export const formatPrice = (cents: number): string => usd.format(cents / 100);
export const formatCount = (value: number): string => count.format(value);
export const formatScore = (value: number | null | undefined): string => (typeof value === 'number' ? value.toFixed(2) : '–');
export const formatPercent = (value: number | null | undefined): string => (typeof value === 'number' ? `${Math.round(value)}%` : '–');
