/** Number formats of the reports (spec 02 §9): scores 2 decimals, percentages whole. Prices and counts: @bloom/domain/format. */

export const formatScore = (value: number | null | undefined): string => (typeof value === 'number' ? value.toFixed(2) : '–');
export const formatPercent = (value: number | null | undefined): string => (typeof value === 'number' ? `${Math.round(value)}%` : '–');
