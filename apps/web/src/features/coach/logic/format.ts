/** Number formats of the coach supplement (spec 02 §9): resilience as a whole percent, other scores 2 decimals, averages 1 decimal. */
export function formatScore(category: string, score: number | null): string {
  if (score === null || !Number.isFinite(score)) return '–';
  return category === 'Resilience' ? `${Math.round(score)}%` : score.toFixed(2);
}

export const formatAverage = (value: number | null): string => (value === null || !Number.isFinite(value) ? '–' : value.toFixed(1));

/** Age -1 means "prefer not to say" (spec 02 §3). */
export const formatAge = (age: number, notStated: string): string => (age < 0 ? notStated : String(age));
