/**
 * The figures of a group lotus (DESIGN §14): the mean eight-petal chart data and the mean
 * scores of each member's counted assessment, and the change between two periods. Only ever
 * computed for a figure the suppression rule shows (suppression.ts).
 */
import type { PetalChartItem } from '../charts/chart-data';
import { eightPetalData } from '../charts/chart-data';
import { content as bundledContent } from '../content/load';
import type { Content } from '../content/schema';
import { WELLBEING_PETALS, type WellbeingPetalName } from '../model/instrument';
import { roundTo } from '../scoring/stats';
import type { AssessmentScores } from '../scoring/types';
import { progressScoresFrom, type ProgressScores } from '../statistics/progress';

export interface InsightFigures {
  /** How many people the means are over. */
  readonly n: number;
  /** The eight-petal chart with each ring the mean of the members' rings (2 decimals; an unanswered ring counts as the chart's 2, as in each member's own chart). */
  readonly chartData: PetalChartItem[];
  /** Mean of each GetProgress score, unrounded; null when any member lacks that score, so every score is a mean over the same n people. */
  readonly scores: ProgressScores;
}

const SCORE_KEYS = ['overall', 'experiences', 'feelings', 'mindset', 'resilience', 'energy'] as const;

/** The mean of values that are all present; null when any is missing or there are none. */
function meanOfAll(values: readonly (number | null)[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) {
    if (value === null) return null;
    sum += value;
  }
  return sum / values.length;
}

/** The mean of several members' GetProgress scores, measure by measure (null when any member lacks it). */
export function meanScores(scores: readonly ProgressScores[]): ProgressScores {
  const petals = Object.fromEntries(WELLBEING_PETALS.map((petal) => [petal, meanOfAll(scores.map((s) => s.petals[petal]))])) as Record<WellbeingPetalName, number | null>;
  const main = Object.fromEntries(SCORE_KEYS.map((key) => [key, meanOfAll(scores.map((s) => s[key]))])) as Record<(typeof SCORE_KEYS)[number], number | null>;
  return { ...main, petals };
}

/** The eight-petal chart whose every ring is the mean of the members' rings, rounded to 2 decimals. */
export function meanChartData(charts: readonly (readonly PetalChartItem[])[]): PetalChartItem[] {
  const first = charts[0];
  if (!first) throw new RangeError('A mean chart needs at least one member.');
  const ring = (p: number, w: number, r: 'outer' | 'middle' | 'inner') => roundTo(charts.reduce((sum, chart) => sum + chart[p]!.wellsprings[w]![r].value, 0) / charts.length)!;
  return first.map((petal, p) => ({
    ...petal,
    wellsprings: petal.wellsprings.map((wellspring, w) => ({
      outer: { ...wellspring.outer, value: ring(p, w, 'outer') },
      middle: { ...wellspring.middle, value: ring(p, w, 'middle') },
      inner: { ...wellspring.inner, value: ring(p, w, 'inner') },
    })) as unknown as PetalChartItem['wellsprings'],
  }));
}

/** The group lotus of the members' counted assessments (scored by scoreAssessment). */
export function insightFigures(members: readonly AssessmentScores[], content: Content = bundledContent): InsightFigures {
  if (members.length === 0) throw new RangeError('Figures need at least one member.');
  return {
    n: members.length,
    chartData: meanChartData(members.map((scores) => eightPetalData(scores, content))),
    scores: meanScores(members.map(progressScoresFrom)),
  };
}

/**
 * The change of each score from one period's means to the other's: now − previous, null when
 * either is missing. A change of group means, never a "reliable change": the Jacobson–Truax
 * index is about one person's two scores and has no meaning for the means of different people.
 */
export function scoresChange(now: ProgressScores, previous: ProgressScores): ProgressScores {
  const difference = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  const petals = Object.fromEntries(WELLBEING_PETALS.map((petal) => [petal, difference(now.petals[petal], previous.petals[petal])])) as Record<WellbeingPetalName, number | null>;
  const main = Object.fromEntries(SCORE_KEYS.map((key) => [key, difference(now[key], previous[key])])) as Record<(typeof SCORE_KEYS)[number], number | null>;
  return { ...main, petals };
}

/** A calendar quarter (UTC): its label, its first instant and the first instant after it. */
export interface Quarter {
  /** "2026-Q3". */
  readonly label: string;
  readonly start: string;
  readonly end: string;
}

function quarterStarting(year: number, index: number): Quarter {
  const start = new Date(Date.UTC(year, index * 3, 1));
  const end = new Date(Date.UTC(year, index * 3 + 3, 1));
  return { label: `${year}-Q${index + 1}`, start: start.toISOString(), end: end.toISOString() };
}

/** The calendar quarter (UTC) before the one `at` (an ISO timestamp) falls in. */
export function previousQuarter(at: string): Quarter {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a timestamp: ${at}`);
  const index = Math.floor(date.getUTCMonth() / 3);
  return index === 0 ? quarterStarting(date.getUTCFullYear() - 1, 3) : quarterStarting(date.getUTCFullYear(), index - 1);
}
