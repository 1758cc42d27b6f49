/**
 * Progress over time (DESIGN §13) and the instrument's statistics (DESIGN §15), built from the
 * domain's statistics (packages/domain/src/statistics/) over what the repository reads.
 * Decision 0026 gives the rules: which assessments count, where σ and r come from, the cache.
 */
import type { FormReliability, InstrumentStatistics, Progress } from '@bloom/contracts';
import {
  baselineScaleFigures,
  enoughDataForFigure,
  MIN_N_FOR_FIGURE,
  MIN_N_FOR_LIVE_RELIABILITY,
  PROGRESS_MEASURES,
  progressAssessmentFrom,
  progressChanges,
  questionsForTrack,
  reliabilityFor,
  reliabilityLookup,
  reportableFigure,
  SCALE_MEASURES,
  scoreAssessment,
  TRACKS,
  type ProgressAssessment,
  type ProgressMeasure,
  type QuestionIndexEntry,
  type ScaleMeasure,
  type Track,
} from '@bloom/domain';
import type { Db } from '../db/database';
import { currentNorms } from '../norms/norms-service';
import { awaitsCoachApproval, coverageOf } from '../reports/access';
import type { UserRow } from '../users/index';
import { currentLiveStatistics, reliabilitySource, type LiveStatistics, type ReliabilitySource } from './live-statistics';
import { assessmentsWithAnswers } from './repository';

/** Who is looking: the person themselves, or their coach (who sees only what was shared). */
export type ProgressViewer = 'owner' | 'coach';

/**
 * One person's progress: their assessments that meet the coverage rule, oldest first, and a
 * change row for each consecutive pair on every change measure. The owner does not see a
 * Professional assessment their coach has not released yet (its results are not theirs to read
 * yet, DESIGN §5); their coach sees only the assessments shared with them. One query for the
 * person's data, whatever the number of assessments.
 */
export async function progressOf(db: Db, person: UserRow, viewer: ProgressViewer): Promise<Progress> {
  const sharedWithCoach = viewer === 'coach';
  const assessments: ProgressAssessment[] = [];
  const dates = new Map<string, string>();
  for (const { row, answers: given } of await assessmentsWithAnswers(db, person.id, { sharedWithCoach })) {
    if (!coverageOf(row, given).hasResults) continue;
    if (viewer === 'owner' && awaitsCoachApproval(row, person)) continue;
    // With the measures whose every item is answered: only those get a reliable change index.
    assessments.push(progressAssessmentFrom(row.id, scoreAssessment({ isNinetyItem: row.is_ninety_item === 1, answers: given })));
    dates.set(row.id, row.created_at);
  }
  const source = await reliabilitySource(db);
  const live = source.live?.figures ?? null;
  return {
    assessments: assessments.map((a) => ({ id: a.id, date: dates.get(a.id)!, isNinetyItem: a.isNinetyItem, scores: a.scores })),
    changes: progressChanges(assessments, reliabilityLookup(live, baselineScaleFigures)),
    reliability: { Rapid: formReliability('Rapid', source), Professional: formReliability('Professional', source) },
  };
}

/** The σ and r each change measure of a form uses (DESIGN §13's source rule); not the live data's size (see formReliabilitySchema). */
function formReliability(form: Track, source: ReliabilitySource): FormReliability {
  const measures = Object.fromEntries(
    PROGRESS_MEASURES.map((measure) => {
      const figure = reliabilityFor(measure, form, source.live?.figures ?? null, baselineScaleFigures);
      return [measure, { source: figure.source, reliability: figure.reliability, sd: figure.sd }];
    }),
  ) as FormReliability['measures'];
  const sources = new Set(Object.values(measures).map((m) => m.source));
  return {
    source: sources.size > 1 ? 'mixed' : sources.has('live') ? 'live' : 'baseline',
    liveFrom: MIN_N_FOR_LIVE_RELIABILITY,
    measures,
  };
}

// ── Instrument statistics ────────────────────────────────────────────────────

type FormStatistics = InstrumentStatistics['forms']['Rapid'];

const QUESTIONS: ReadonlyMap<string, QuestionIndexEntry> = new Map(TRACKS.flatMap((track) => questionsForTrack(track).map((q) => [q.questionGuid, q] as const)));

const isProgressMeasure = (measure: ScaleMeasure): measure is ProgressMeasure => (PROGRESS_MEASURES as readonly string[]).includes(measure);

const kindOf = (measure: ScaleMeasure): 'overall' | 'module' | 'petal' =>
  measure === 'overall' ? 'overall' : measure === 'experiences' || measure === 'feelings' || measure === 'energy' ? 'module' : 'petal';

/** The per-form part depends only on the live statistics: built once per computation. */
const formsBuilt = new WeakMap<LiveStatistics, InstrumentStatistics['forms']>();

function formsOf(live: LiveStatistics): InstrumentStatistics['forms'] {
  let forms = formsBuilt.get(live);
  if (!forms) {
    forms = { Rapid: formStatistics(live, 'Rapid'), Professional: formStatistics(live, 'Professional') };
    formsBuilt.set(live, forms);
  }
  return forms;
}

/** Every figure of a scale or item resting on fewer than MIN_N_FOR_FIGURE people is null, never a number. */
function formStatistics(live: LiveStatistics, form: Track): FormStatistics {
  const analyses = new Map(live.itemAnalyses.filter((a) => a.track === form).map((a) => [a.measure, a]));
  const formFigures = live.figures.forms[form];
  return {
    n: formFigures.n,
    scales: SCALE_MEASURES.map((measure) => {
      const figure = formFigures.measures[measure];
      const analysis = analyses.get(measure)!;
      // Only the change measures get change rows: for the other scales no σ and r are "used".
      const inUse = isProgressMeasure(measure) ? reliabilityFor(measure, form, live.figures, baselineScaleFigures) : null;
      return {
        scale: measure,
        kind: kindOf(measure),
        k: figure.items,
        n: figure.n,
        enoughData: enoughDataForFigure(figure.n),
        alpha: reportableFigure(figure.n, figure.alpha),
        mean: reportableFigure(figure.n, figure.mean),
        sd: reportableFigure(figure.n, figure.sd),
        reliabilityInUse: inUse && { source: inUse.source, n: inUse.n, reliability: inUse.reliability, sd: inUse.sd },
        items: analysis.items.map((item, i) => {
          const guid = analysis.questionGuids[i]!;
          const question = QUESTIONS.get(guid);
          return {
            questionGuid: guid,
            questionText: question?.questionText ?? '',
            order: question?.order ?? i + 1,
            n: item.n,
            enoughData: enoughDataForFigure(item.n),
            mean: reportableFigure(item.n, item.mean),
            sd: reportableFigure(item.n, item.sd),
            correctedItemTotal: reportableFigure(item.n, item.correctedItemTotal),
          };
        }),
      };
    }),
  };
}

/** GetInstrumentStatistics: current live figures (decision 0026's cache) and the norm group in use. */
export async function instrumentStatistics(db: Db): Promise<InstrumentStatistics> {
  const live = await currentLiveStatistics(db);
  const norms = await currentNorms(db);
  return {
    computedAt: live.computedAt,
    minNForFigure: MIN_N_FOR_FIGURE,
    minNForLiveReliability: MIN_N_FOR_LIVE_RELIABILITY,
    missingValues: 'listwise',
    forms: formsOf(live),
    normGroup: {
      source: norms.source,
      provisional: norms.provisional,
      n: norms.population.n,
      computedAt: norms.computedAt,
      provenance: norms.provenance,
    },
  };
}
