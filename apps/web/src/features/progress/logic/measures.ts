/**
 * The measures /Progress draws, in the order of DESIGN §13, with their colours: the lotus
 * palette's for the eight petals (`@bloom/domain/shades`), the report's blues and rose for
 * overall, experiences and feelings. A line uses the palette's deep shade (3), which stays above
 * 3:1 against white (WCAG 1.4.11), and the pale shade (0) fills the area under it.
 */
import { defaultPalette } from '@bloom/domain/shades';
import type { ProgressAssessment, ProgressMeasure } from '../../../lib/progress-changes';

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
