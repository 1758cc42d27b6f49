/**
 * Progress over time (DESIGN §13): the scores of a person's assessments, oldest first, and a
 * change row for each consecutive pair on every change measure, with the Jacobson–Truax
 * reliable change index. The caller (server) chooses the assessments (coverage rule,
 * sharing) and orders them; this module only compares.
 */
import { WELLBEING_PETALS, type Track, type WellbeingPetalName } from '../model/instrument';
import type { AssessmentScores, ItemResponse } from '../scoring/types';
import { meanOf } from '../scoring/stats';
import { requiredAnswers } from '../scoring/coverage';
import { crossFormReliability, reliableChange, type ChangeDirection, type MeasureReliability } from './reliable-change';
import { baselineScaleFigures } from './baseline-figures';
import { reliabilityFor, type ScaleFigures } from './scale-figures';

/** The measures that get change rows: overall, experiences, feelings and the eight petals (DESIGN §13). */
export const PROGRESS_MEASURES = ['overall', 'experiences', 'feelings', ...WELLBEING_PETALS] as const;
export type ProgressMeasure = (typeof PROGRESS_MEASURES)[number];

/** The scores of one assessment as GetProgress returns them. */
export interface ProgressScores {
  /** WellBeing Overall, 0–4. */
  readonly overall: number | null;
  readonly experiences: number | null;
  readonly feelings: number | null;
  /** Mindset Overall (balance), 0–4. */
  readonly mindset: number | null;
  /** Resilience Overall, whole percent. */
  readonly resilience: number | null;
  /**
   * Mean of Overall Energy's calm, aware and active values, 0–4; null when the Energy module is
   * below the coverage rule (DESIGN §11: a module that is not covered has no score).
   */
  readonly energy: number | null;
  readonly petals: Readonly<Record<WellbeingPetalName, number | null>>;
}

export interface ProgressAssessment {
  readonly id: string;
  readonly isNinetyItem: boolean;
  readonly scores: ProgressScores;
  /**
   * The change measures whose every item (of this assessment's form) is answered
   * (`fullyAnsweredMeasures`). Only these get a reliable change index: σ and α describe the
   * whole scale, and a score resting on fewer of its items is less reliable (Spearman–Brown).
   */
  readonly fullyAnswered: ReadonlySet<ProgressMeasure>;
}

/** One change row (DESIGN §13 field names). */
export interface ProgressChange {
  readonly fromId: string;
  readonly toId: string;
  readonly measure: ProgressMeasure;
  readonly from: number | null;
  readonly to: number | null;
  /** to − from; null when either score is missing. */
  readonly difference: number | null;
  /**
   * Reliable change index; null when either score is missing, either score rests on only some
   * of the measure's items, or σ/r are unusable.
   */
  readonly rci: number | null;
  readonly reliable: boolean;
  readonly direction: ChangeDirection;
}

/** σ and r of a measure for a form; null or undefined when unknown. */
export type ReliabilityLookup = (measure: ProgressMeasure, form: Track) => MeasureReliability | null | undefined;

const formOf = (a: ProgressAssessment): Track => (a.isNinetyItem ? 'Professional' : 'Rapid');

const answered = (item: ItemResponse) => item.response !== null;

/**
 * Whether the Energy module meets the coverage rule (DESIGN §11: at least ⌈2/3⌉ of its items
 * answered, Rapid 4 of 6, Professional 12 of 18), read from the scored items.
 */
export function energyCovered(scores: AssessmentScores): boolean {
  const items = scores.energy.levels.flatMap((level) => level.items);
  return items.filter(answered).length >= requiredAnswers(items.length);
}

/**
 * The GetProgress scores of a scored assessment. Energy has no score when its module is below the
 * coverage rule (an assessment has results once Experiences and Feelings meet it, whatever Energy's).
 */
export function progressScoresFrom(scores: AssessmentScores): ProgressScores {
  return {
    overall: scores.wellBeing.overall,
    experiences: scores.wellBeing.experiences,
    feelings: scores.wellBeing.feelings,
    mindset: scores.mindset.overall,
    resilience: scores.resilience.overall,
    energy: energyCovered(scores) ? meanOf(scores.energy.overall) : null,
    petals: { ...scores.petals },
  };
}

/**
 * The change measures every item of which (Rapid 3 per petal, 12 per module, 24 overall;
 * Professional 9, 36, 72) is answered in a scored assessment. The coverage rule lets a module
 * with a third of its items unanswered have scores, so a Rapid petal may rest on 1 of its 3
 * items; its reliability is then far below the whole scale's α (Spearman–Brown: 0.6751 → 0.409
 * for Body), and testing its change with the scale's α and σ would call noise "reliable".
 */
export function fullyAnsweredMeasures(scores: AssessmentScores): ReadonlySet<ProgressMeasure> {
  const complete = (wellsprings: AssessmentScores['wellsprings']) => wellsprings.length > 0 && wellsprings.every((w) => w.items.every(answered));
  const measures = new Set<ProgressMeasure>();
  if (complete(scores.wellsprings)) measures.add('overall');
  if (complete(scores.wellsprings.filter((w) => w.moduleName === 'Experiences'))) measures.add('experiences');
  if (complete(scores.wellsprings.filter((w) => w.moduleName === 'Feelings'))) measures.add('feelings');
  for (const petal of WELLBEING_PETALS) if (complete(scores.wellsprings.filter((w) => w.petalName === petal))) measures.add(petal);
  return measures;
}

/** A scored assessment as `progressChanges` takes it: its GetProgress scores and its fully answered measures. */
export function progressAssessmentFrom(id: string, scores: AssessmentScores): ProgressAssessment {
  return { id, isNinetyItem: scores.isNinetyItem, scores: progressScoresFrom(scores), fullyAnswered: fullyAnsweredMeasures(scores) };
}

/** A measure's score in a ProgressScores. */
export function progressScore(scores: ProgressScores, measure: ProgressMeasure): number | null {
  switch (measure) {
    case 'overall':
    case 'experiences':
    case 'feelings':
      return scores[measure];
    default:
      return scores.petals[measure];
  }
}

/**
 * σ and r per measure and form by the source rule (live once n ≥ 100, else the bundled
 * figures), ready for `progressChanges`.
 */
export function reliabilityLookup(live: ScaleFigures | null | undefined, bundled: ScaleFigures = baselineScaleFigures): ReliabilityLookup {
  return (measure, form) => reliabilityFor(measure, form, live, bundled);
}

/**
 * Change rows for each consecutive pair of `assessments` (given oldest first), on every
 * change measure, in PROGRESS_MEASURES order. Each assessment is compared with the one
 * before it, of either form. Same form: that form's σ and r. Different forms: the lower
 * r and the larger σ of the two (crossFormReliability). A missing score gives a row with
 * null difference and rci and "no reliable change". A score that rests on only some of the
 * measure's items (either side) gives its difference but no rci, and is never "reliable":
 * σ and r are the whole scale's, and fewer items are less reliable. Figures are not rounded
 * here; the RCI is computed from the unrounded scores.
 */
export function progressChanges(assessments: readonly ProgressAssessment[], lookup: ReliabilityLookup = reliabilityLookup(null)): ProgressChange[] {
  const rows: ProgressChange[] = [];
  for (let i = 1; i < assessments.length; i++) {
    const previous = assessments[i - 1]!;
    const current = assessments[i]!;
    const fromForm = formOf(previous);
    const toForm = formOf(current);
    for (const measure of PROGRESS_MEASURES) {
      const from = progressScore(previous.scores, measure);
      const to = progressScore(current.scores, measure);
      const base = { fromId: previous.id, toId: current.id, measure, from, to };
      if (from === null || to === null || !Number.isFinite(from) || !Number.isFinite(to)) {
        rows.push({ ...base, difference: null, rci: null, reliable: false, direction: 'no reliable change' });
        continue;
      }
      if (!previous.fullyAnswered.has(measure) || !current.fullyAnswered.has(measure)) {
        rows.push({ ...base, difference: to - from, rci: null, reliable: false, direction: 'no reliable change' });
        continue;
      }
      const unknown: MeasureReliability = { reliability: null, sd: null };
      const a = lookup(measure, fromForm) ?? unknown;
      const figures = fromForm === toForm ? a : crossFormReliability(a, lookup(measure, toForm) ?? unknown);
      const change = reliableChange({ from, to, reliability: figures.reliability, sd: figures.sd });
      rows.push({ ...base, difference: change.difference, rci: change.rci, reliable: change.reliable, direction: change.direction });
    }
  }
  return rows;
}
