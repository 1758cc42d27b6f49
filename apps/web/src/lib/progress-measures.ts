/**
 * The measures the trend charts draw (/Progress, a coach's view of a client, the member
 * dashboard's progress panel), in the order of DESIGN §13, with their colours: the lotus
 * palette's for the eight petals (`@bloom/domain/shades`), the report's blues and rose for
 * overall, experiences and feelings. A line uses the palette's deep shade (3), which stays above
 * 3:1 against white (WCAG 1.4.11), and the pale shade (0) fills the area under it.
 */
import { defaultPalette } from '@bloom/domain/shades';
import { CHANGE_BADGE_TEXT, CHANGE_VERDICT_TEXT, MEASURE_LABELS, TREND_CHART_TEXT as T } from '../content/progress';
import { isBadge, type ChangeVerdict, type ProgressAssessment, type ProgressMeasure } from './progress-changes';

export const CHART_MEASURES = ['overall', 'experiences', 'feelings', 'Body', 'Mind', 'Connection', 'Purpose', 'Openness', 'Wellness', 'Significance', 'Efficacy'] as const satisfies readonly ProgressMeasure[];

export interface MeasureColours {
  line: string;
  fill: string;
}

/** Not petals: navy for overall, the report blue for experiences, rose for feelings. */
const SUMMARY_COLOURS: Record<'overall' | 'experiences' | 'feelings', MeasureColours> = {
  overall: { line: '#16324f', fill: '#dcebf7' },
  experiences: { line: '#265d93', fill: '#f0f6fc' },
  feelings: { line: '#c6466f', fill: '#fdf0ee' },
};

const NEUTRAL: MeasureColours = { line: '#45535f', fill: '#f5eddd' };

export function measureColours(measure: ProgressMeasure): MeasureColours {
  if (measure === 'overall' || measure === 'experiences' || measure === 'feelings') return SUMMARY_COLOURS[measure];
  const petal = defaultPalette[measure];
  return petal ? { line: petal.shades[3], fill: petal.shades[0] } : NEUTRAL;
}

/** One assessment's score on a measure (0–4), or null when it has none. */
export function scoreOf(assessment: Pick<ProgressAssessment, 'scores'>, measure: ProgressMeasure): number | null {
  switch (measure) {
    case 'overall':
    case 'experiences':
    case 'feelings':
      return assessment.scores[measure];
    default:
      return assessment.scores.petals[measure];
  }
}

/** Scores are shown with two decimals, as in the reports; a missing one as a dash. */
export const formatScore = (value: number | null | undefined): string => (typeof value === 'number' ? value.toFixed(2) : '–');
export const formatPercent = (value: number | null | undefined): string => (typeof value === 'number' ? `${Math.round(value)}%` : '–');

/** A verdict in words: the badge's word, "not judged" or "not compared". */
export const verdictText = (verdict: ChangeVerdict): string => (isBadge(verdict) ? CHANGE_BADGE_TEXT[verdict] : CHANGE_VERDICT_TEXT[verdict]);

/** A trend chart's text alternative (issue 26): every value with its date, then the latest change. */
export function chartDescription(measure: ProgressMeasure, values: readonly (number | null)[], labels: readonly string[], verdict: ChangeVerdict | null): string {
  const parts = values.map((value, i) => (value === null ? T.noValue(labels[i] ?? '') : T.value(formatScore(value), labels[i] ?? '')));
  return T.description(MEASURE_LABELS[measure], parts.join('; '), verdict ? verdictText(verdict) : null);
}
