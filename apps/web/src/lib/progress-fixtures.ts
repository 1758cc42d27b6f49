/** Progress data for render tests of /Progress and the dashboard's glance (not used by the app). */
import type { ProgressView } from './progress-changes';

export const petalScores = (value: number) => ({ Body: value, Mind: value, Connection: value, Purpose: value, Openness: value, Wellness: value, Significance: value, Efficacy: value });

/** A Rapid assessment whose every wellbeing score is `overall`. */
export const progressAssessment = (id: string, date: string, overall: number): ProgressView['assessments'][number] => ({
  id,
  date,
  isNinetyItem: false,
  scores: { overall, experiences: overall, feelings: overall, mindset: 1.5, resilience: 62, energy: 2, petals: petalScores(overall) },
});

/** The bundled figures for every change measure of a form, with `source` for the form as a whole. */
export const formReliability = (source: 'live' | 'baseline'): ProgressView['reliability']['Rapid'] => {
  const measure = { source: 'baseline' as const, reliability: 0.93, sd: 0.66 };
  const measures = Object.fromEntries(['overall', 'experiences', 'feelings', ...Object.keys(petalScores(0))].map((m) => [m, measure])) as ProgressView['reliability']['Rapid']['measures'];
  return { source, liveFrom: 100, measures };
};
