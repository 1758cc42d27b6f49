/**
 * The instrument's own statistics (DESIGN §13 and §15): Cronbach's α, mean and SD of each
 * scale (overall, module, petal), per form (Rapid, Professional), from item-level answers.
 * The same function produces the live figures (server: completed, research-consenting
 * assessments) and the bundled baseline figures (scripts/generate-baseline-reliability.ts,
 * from the simulated baseline profiles), so both are computed the same way.
 *
 * A scale's items are every question of that form that feeds it: a petal's 3 (Rapid) or 9
 * (Professional) wellspring or energy items, a module's 12/36 (Energy 6/18), overall's 24/72
 * (Experiences and Feelings). With every item answered, the scale score that scoring
 * computes (mean of wellspring means, mean of petals, …) equals the mean of these items,
 * so α of the items is the reliability of that score.
 *
 * Mindset (a balance ratio) and resilience (a count of wellsprings at 2 or more) are not
 * means of items, so α does not describe them; they get no figures and no change rows.
 *
 * α and the items' r.drop use listwise deletion (see reliability.ts): a person counts for a
 * scale when they answered all of its items, and the scale's mean and SD are over the same
 * people (their item means), so n, α, mean and SD always describe one group.
 */
import { z } from 'zod';
import { ENERGY_PETALS, TRACKS, WELLBEING_PETALS, type PetalName, type Track } from '../model/instrument';
import { questionsForTrack } from '../content/questions';
import type { QuestionIndexEntry } from '../content/content-index';
import { isValidResponse, normalizeGuid } from '../scoring/answers';
import { MIN_LIVE_POPULATION } from '../benchmark/norms';
import { alphaFromCovariance, itemAnalysisFromCovariance, listwiseCovariance, type CovarianceMatrix, type ItemAnalysis } from './reliability';
import type { MeasureReliability } from './reliable-change';

/** Scales that have an α: overall, the three modules, the ten petals. */
export const SCALE_MEASURES = ['overall', 'experiences', 'feelings', 'energy', ...WELLBEING_PETALS, ...ENERGY_PETALS] as const;
export type ScaleMeasure = (typeof SCALE_MEASURES)[number];

/** Live figures replace the bundled ones from this many assessments (DESIGN §13). */
export const MIN_N_FOR_LIVE_RELIABILITY = MIN_LIVE_POPULATION;
/** Below this many people a figure is shown as "not enough data", never as a number (DESIGN §15). */
export const MIN_N_FOR_FIGURE = 30;

/** True when n people are enough to show a figure (n ≥ 30). */
export function enoughDataForFigure(n: number): boolean {
  return Number.isFinite(n) && n >= MIN_N_FOR_FIGURE;
}

/** The figure when it rests on at least 30 people; null ("not enough data") otherwise. */
export function reportableFigure<T>(n: number, value: T): T | null {
  return enoughDataForFigure(n) ? value : null;
}

const ScaleFigureSchema = z.strictObject({
  /** Number of items in the scale. */
  items: z.int().min(1),
  /** People the figures rest on (answered every item of the scale). */
  n: z.int().min(0),
  alpha: z.number().max(1).nullable(),
  mean: z.number().nullable(),
  sd: z.number().min(0).nullable(),
});
const FormFiguresSchema = z.strictObject({
  /** Assessments of this form in the data. */
  n: z.int().min(0),
  measures: z.strictObject(Object.fromEntries(SCALE_MEASURES.map((m) => [m, ScaleFigureSchema])) as Record<ScaleMeasure, typeof ScaleFigureSchema>),
});
export const ScaleFiguresSchema = z.strictObject({
  source: z.enum(['baseline', 'live']),
  /** Where these numbers come from, in plain words. */
  provenance: z.string().min(1),
  computedAt: z.string().nullable(),
  missingValues: z.literal('listwise'),
  forms: z.strictObject({ Rapid: FormFiguresSchema, Professional: FormFiguresSchema }),
});

export type ScaleFigure = z.output<typeof ScaleFigureSchema>;
export type FormFigures = z.output<typeof FormFiguresSchema>;
export type ScaleFigures = z.output<typeof ScaleFiguresSchema>;

/** One assessment's answers (questionGuid → 0..4; any case; missing or invalid = unanswered). */
export interface AnswerRow {
  readonly isNinetyItem: boolean;
  readonly answers: ReadonlyMap<string, number | null>;
}

const trackOfRow = (row: AnswerRow): Track => (row.isNinetyItem ? 'Professional' : 'Rapid');

function isPetalName(measure: ScaleMeasure): measure is PetalName & ScaleMeasure {
  return (WELLBEING_PETALS as readonly string[]).includes(measure) || (ENERGY_PETALS as readonly string[]).includes(measure);
}

/** The questions of `track` that make up a scale, in the form's order. */
export function scaleItems(measure: ScaleMeasure, track: Track): readonly QuestionIndexEntry[] {
  const questions = questionsForTrack(track);
  switch (measure) {
    case 'overall':
      return questions.filter((q) => q.module === 'Experiences' || q.module === 'Feelings');
    case 'experiences':
      return questions.filter((q) => q.module === 'Experiences');
    case 'feelings':
      return questions.filter((q) => q.module === 'Feelings');
    case 'energy':
      return questions.filter((q) => q.module === 'Energy');
    default:
      if (!isPetalName(measure)) throw new RangeError(`Unknown scale ${String(measure)}`);
      return questions.filter((q) => q.petal === measure);
  }
}

/** The answers of the rows of `track` to a scale's items (null = unanswered), one row per assessment. */
export function scaleMatrix(rows: Iterable<AnswerRow>, measure: ScaleMeasure, track: Track): (number | null)[][] {
  const guids = scaleItems(measure, track).map((q) => q.questionGuid);
  const matrix: (number | null)[][] = [];
  for (const row of rows) {
    if (trackOfRow(row) !== track) continue;
    const answers = normalizedAnswers(row.answers);
    matrix.push(guids.map((g) => answers.get(g) ?? null));
  }
  return matrix;
}

/** Answers keyed by lowercase guid with only valid 0..4 responses. */
function normalizedAnswers(answers: ReadonlyMap<string, number | null>): ReadonlyMap<string, number> {
  const m = new Map<string, number>();
  for (const [guid, value] of answers) if (isValidResponse(value)) m.set(normalizeGuid(guid), value);
  return m;
}

/** A scale's item analysis (α, n, and per item n, mean, SD, corrected item-total r) with its question guids. */
export interface ScaleItemAnalysis extends ItemAnalysis {
  readonly measure: ScaleMeasure;
  readonly track: Track;
  readonly questionGuids: readonly string[];
}

/** Item analysis of one scale of one form (DESIGN §15's per-item figures). */
export function scaleItemAnalysis(rows: Iterable<AnswerRow>, measure: ScaleMeasure, track: Track): ScaleItemAnalysis {
  return scaleItemAnalysisOf(trackColumns([...rows], track), measure, track);
}

/** Item analyses of every scale of both forms (Rapid first, scales in SCALE_MEASURES order). */
export function computeItemAnalyses(rows: Iterable<AnswerRow>): ScaleItemAnalysis[] {
  return runToEnd(instrumentStatisticsSteps(rows)).itemAnalyses;
}

function scaleItemAnalysisOf(columns: ReadonlyMap<string, Float64Array>, measure: ScaleMeasure, track: Track): ScaleItemAnalysis {
  return scaleOf(columns, measure, track).analysis;
}

/** A scale's covariance matrix from its item columns (the costly part: n × k² for k items), and its item analysis from it. */
function scaleOf(columns: ReadonlyMap<string, Float64Array>, measure: ScaleMeasure, track: Track): { covariance: CovarianceMatrix; analysis: ScaleItemAnalysis } {
  const questionGuids = scaleItems(measure, track).map((q) => q.questionGuid);
  const covariance = listwiseCovariance(questionGuids.map((g) => columns.get(g)!));
  return { covariance, analysis: { ...itemAnalysisFromCovariance(covariance), measure, track, questionGuids } };
}

/**
 * Each question of `track` as a column over the rows of that form (NaN = unanswered), built
 * once so that every scale of the form reads from it.
 */
function trackColumns(rows: readonly AnswerRow[], track: Track): Map<string, Float64Array> {
  const ofTrack = rows.filter((r) => trackOfRow(r) === track);
  const columns = new Map(questionsForTrack(track).map((q) => [q.questionGuid, new Float64Array(ofTrack.length).fill(Number.NaN)]));
  ofTrack.forEach((row, r) => {
    for (const [guid, value] of row.answers) {
      // Keys are lowercase already when the map comes from answersFromResponses; normalise only when not.
      const column = columns.get(guid) ?? columns.get(normalizeGuid(guid));
      if (column && isValidResponse(value)) column[r] = value;
    }
  });
  return columns;
}

/**
 * α, mean and SD of one scale from its item columns (listwise). The scale score of a person
 * who answered every item is the mean of the items, so its mean is the mean of the item
 * means and its variance ΣC / k².
 */
function scaleFigureOf(c: CovarianceMatrix): ScaleFigure {
  const k = c.k;
  let total: number | null = 0;
  for (const row of c.cov) for (const v of row) total = total === null || v === null ? null : total + v;
  const itemMeans = c.itemMeans.filter((m): m is number => m !== null);
  return {
    items: k,
    n: c.n,
    alpha: round4(alphaFromCovariance(c)),
    mean: round4(c.n === 0 ? null : itemMeans.reduce((a, b) => a + b, 0) / k),
    sd: round4(c.n < 2 || total === null ? null : Math.sqrt(Math.max(0, total)) / k),
  };
}

export interface ScaleFiguresOptions {
  readonly source?: 'baseline' | 'live';
  readonly provenance?: string;
  /** ISO timestamp to record (passed in: domain code never reads the clock). */
  readonly computedAt?: string | null;
}

/** α, mean and SD of every scale, per form, from item-level answers. Figures are rounded to 4 decimals. */
export function computeScaleFigures(rows: Iterable<AnswerRow>, options: ScaleFiguresOptions = {}): ScaleFigures {
  return runToEnd(instrumentStatisticsSteps(rows, options)).figures;
}

/** The scale figures and the item analyses of the same rows. */
export interface InstrumentStatistics {
  readonly figures: ScaleFigures;
  readonly itemAnalyses: ScaleItemAnalysis[];
}

/**
 * `computeScaleFigures` and `computeItemAnalyses` together, as steps. Each form's item columns
 * are built once, and each scale's covariance matrix once for both its figure and its item
 * analysis. The generator yields after the columns of a form
 * and after each scale, so a caller that shares its thread with other work (the server's event
 * loop) can let that work run between steps; `runToEnd` runs it in one go.
 */
export function* instrumentStatisticsSteps(rows: Iterable<AnswerRow>, options: ScaleFiguresOptions = {}): Generator<void, InstrumentStatistics> {
  const all = [...rows];
  const forms: Partial<Record<Track, FormFigures>> = {};
  const itemAnalyses: ScaleItemAnalysis[] = [];
  for (const track of TRACKS) {
    const columns = trackColumns(all, track);
    yield;
    const measures: Partial<Record<ScaleMeasure, ScaleFigure>> = {};
    for (const measure of SCALE_MEASURES) {
      const { covariance, analysis } = scaleOf(columns, measure, track);
      measures[measure] = scaleFigureOf(covariance);
      itemAnalyses.push(analysis);
      yield;
    }
    forms[track] = { n: all.filter((r) => trackOfRow(r) === track).length, measures: measures as Record<ScaleMeasure, ScaleFigure> };
  }
  const figures: ScaleFigures = {
    source: options.source ?? 'live',
    provenance: options.provenance ?? `Computed from ${all.length} completed assessments of people who opted into research.`,
    computedAt: options.computedAt ?? null,
    missingValues: 'listwise',
    forms: forms as Record<Track, FormFigures>,
  };
  return { figures, itemAnalyses };
}

/** Runs a step generator to its end and gives its result. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** σ and r of one measure and form, with where they came from. */
export interface ReliabilityFigure extends MeasureReliability {
  /** People the figure rests on. */
  readonly n: number;
  readonly source: 'baseline' | 'live';
}

/**
 * σ and r (α) of a measure for a form: the live figures once they rest on at least 100
 * assessments (the measure's own n, i.e. people who answered all its items) and have both
 * α and σ; the bundled figures otherwise (DESIGN §13).
 */
export function reliabilityFor(measure: ScaleMeasure, form: Track, live: ScaleFigures | null | undefined, bundled: ScaleFigures): ReliabilityFigure {
  const liveFigure = live?.forms[form].measures[measure];
  const useLive =
    liveFigure !== undefined && liveFigure.n >= MIN_N_FOR_LIVE_RELIABILITY && liveFigure.alpha !== null && liveFigure.sd !== null;
  const figure = useLive ? liveFigure : bundled.forms[form].measures[measure];
  return { reliability: figure.alpha, sd: figure.sd, n: figure.n, source: useLive ? live!.source : bundled.source };
}

function round4(v: number | null): number | null {
  return v === null ? null : Math.round(v * 10_000) / 10_000;
}
