import type { Insight, InsightComparisonWithheld, ProgressScoresPayload } from '@bloom/contracts';

/**
 * The coach dashboard's organization and group figures (issue 27, DESIGN §14): the rows of the
 * scores table and the words of a quarter. A change is a difference of group means, never a
 * "reliable change" (docs/insight.md).
 */

export type InsightScores = ProgressScoresPayload;
export type ShownInsight = Extract<Insight, { shown: true }>;

type Petal = keyof InsightScores['petals'];
type Measure = 'overall' | 'experiences' | 'feelings' | 'mindset' | 'resilience' | 'energy' | Petal;

const SUMMARY: readonly { key: Exclude<Measure, Petal>; label: string }[] = [
  { key: 'overall', label: 'Overall well-being' },
  { key: 'experiences', label: 'Positive experiences' },
  { key: 'feelings', label: 'Positive feelings' },
  { key: 'mindset', label: 'Mindset balance' },
  { key: 'resilience', label: 'Resilience' },
  { key: 'energy', label: 'Overall energy' },
];
const PETALS: readonly Petal[] = ['Body', 'Mind', 'Connection', 'Purpose', 'Openness', 'Wellness', 'Significance', 'Efficacy'];

export interface InsightRow {
  key: Measure;
  label: string;
  /** The mean now, formatted: 2 decimals, resilience a whole percent; "–" when missing. */
  value: string;
  /** now − the previous quarter, signed; null when the previous quarter is not shown. */
  change: string | null;
}

const valueOf = (scores: InsightScores, key: Measure): number | null =>
  key in scores.petals ? scores.petals[key as Petal] : (scores[key as Exclude<Measure, Petal>] ?? null);

/**
 * Half away from zero, as the server rounds the CSV's figures (insight/service.ts): `toFixed`
 * rounds the binary value instead, so a mean of 1.075 (1.07499… in binary) read 1.07 here and
 * 1.08 in bloom-groups.csv (a review's find, 2026-11-27).
 */
const roundedTo = (value: number, decimals: number) => (Math.sign(value) * Math.round(Math.abs(value) * 10 ** decimals)) / 10 ** decimals;

/** A mean: resilience as a whole percent, the others with 2 decimals. */
export function formatMean(key: Measure, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '–';
  return key === 'resilience' ? `${roundedTo(value, 0)}%` : roundedTo(value, 2).toFixed(2);
}

/** A change with its sign (a true minus sign); a change that rounds to nothing is "0.00" (or "0%"). */
export function formatChange(key: Measure, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '–';
  const rounded = roundedTo(value, key === 'resilience' ? 0 : 2);
  const text = formatMean(key, Math.abs(rounded));
  if (rounded > 0) return `+${text}`;
  if (rounded < 0) return `\u2212${text}`;
  return text;
}

/** The table of a shown figure: the six summary scores, then the eight petals. */
/** The row names of a shown figure's table, in order: the summary measures, then the eight petals. */
export const INSIGHT_ROW_LABELS: readonly { key: Measure; label: string }[] = [...SUMMARY, ...PETALS.map((petal) => ({ key: petal, label: petal }))];

/**
 * Fewest clients a figure can be shown for (the domain's MIN_PEOPLE_PER_FIGURE, the reason
 * "fewer-than-five"): a section with fewer is certainly private, so its loading skeleton is the
 * privacy message's size; one with more is most likely shown, so its skeleton is the figure's.
 */
export const FEWEST_CLIENTS_SHOWN = 5;

export function insightRows(insight: ShownInsight): InsightRow[] {
  const previous = insight.previousQuarter.shown ? insight.previousQuarter : null;
  return INSIGHT_ROW_LABELS.map(({ key, label }) => ({
    key,
    label,
    value: formatMean(key, valueOf(insight.scores, key)),
    change: previous ? formatChange(key, valueOf(previous.change, key)) : null,
  }));
}

const QUARTER_MONTHS = ['January to March', 'April to June', 'July to September', 'October to December'] as const;

/** "2026-Q3" → "July to September 2026"; anything else as it is. */
export function describeQuarter(quarter: string): string {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  return match ? `${QUARTER_MONTHS[Number(match[2]) - 1]} ${match[1]}` : quarter;
}

/** Why the previous quarter is not compared, for a shown figure; null when it is compared. */
export function withheldComparison(insight: ShownInsight): { quarter: string; reason: InsightComparisonWithheld } | null {
  const previous = insight.previousQuarter;
  return previous.shown ? null : { quarter: describeQuarter(previous.quarter), reason: previous.reason };
}
