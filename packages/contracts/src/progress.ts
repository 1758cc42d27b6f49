import { z } from 'zod';

/**
 * Progress over time (DESIGN §13) and the instrument's own statistics (DESIGN §15), as the
 * server builds them from the domain's statistics (packages/domain/src/statistics/,
 * docs/instrument.md §6; decision 0026).
 */

/** The two forms of the questionnaire: Rapid (isNinetyItem false) and Professional (true). */
export const formSchema = z.enum(['Rapid', 'Professional']);
export type Form = z.infer<typeof formSchema>;

/** The eight lotus petals, in chart order. */
export const LOTUS_PETALS = ['Body', 'Mind', 'Connection', 'Purpose', 'Openness', 'Wellness', 'Significance', 'Efficacy'] as const;
export const lotusPetalSchema = z.enum(LOTUS_PETALS);

/** The measures that get change rows: overall, experiences, feelings and the eight petals (DESIGN §13). */
export const PROGRESS_MEASURE_NAMES = ['overall', 'experiences', 'feelings', ...LOTUS_PETALS] as const;
export const progressMeasureSchema = z.enum(PROGRESS_MEASURE_NAMES);
export type ProgressMeasureName = z.infer<typeof progressMeasureSchema>;

export const changeDirectionSchema = z.enum(['improved', 'declined', 'no reliable change']);

const score = z.number().nullable();

/** One assessment's scores, unrounded: overall, experiences, feelings, energy and petals 0–4; mindset 0–4 (balance); resilience whole percent. */
export const progressScoresSchema = z.object({
  overall: score,
  experiences: score,
  feelings: score,
  mindset: score,
  resilience: score,
  /** Mean of Overall Energy's calm, aware and active values. */
  energy: score,
  petals: z.object(Object.fromEntries(LOTUS_PETALS.map((petal) => [petal, score])) as Record<(typeof LOTUS_PETALS)[number], typeof score>),
});
export type ProgressScoresPayload = z.infer<typeof progressScoresSchema>;

export const progressAssessmentSchema = z.object({
  id: z.string(),
  /** When the assessment was started (ISO 8601 UTC timestamp): same-day assessments are told apart by its time. */
  date: z.string(),
  isNinetyItem: z.boolean(),
  scores: progressScoresSchema,
});
export type ProgressAssessmentPayload = z.infer<typeof progressAssessmentSchema>;

/** Each assessment compared with the one before it (of either form), on one measure. */
export const progressChangeSchema = z.object({
  fromId: z.string(),
  toId: z.string(),
  measure: progressMeasureSchema,
  from: score,
  to: score,
  /** to − from; null when either score is missing. */
  difference: z.number().nullable(),
  /** Jacobson–Truax reliable change index; null when a score or the reliability figures are missing. */
  rci: z.number().nullable(),
  /** |rci| > 1.96. */
  reliable: z.boolean(),
  direction: changeDirectionSchema,
});
export type ProgressChangePayload = z.infer<typeof progressChangeSchema>;

/** σ and r (Cronbach's α) a form's change rows of one measure used, and where they came from. */
export const measureReliabilitySchema = z.object({
  /** `live`: research-consenting completed assessments (n ≥ 100); `baseline`: the bundled, provisional (synthetic) figures. */
  source: z.enum(['live', 'baseline']),
  /** People the figures rest on (for `baseline`, simulated profiles). */
  n: z.number().int(),
  reliability: z.number().nullable(),
  sd: z.number().nullable(),
});

/**
 * σ and r one change measure of a form used, as a person's progress shows them: without the
 * number of people behind them, which would follow other people's research choices.
 */
export const progressMeasureReliabilitySchema = measureReliabilitySchema.omit({ n: true });

/**
 * The reliability figures GetProgress used for one form. `source` is `live` when every change
 * measure of the form used live figures, `baseline` when none did, `mixed` otherwise (a measure
 * without usable live α or σ keeps the bundled figures). Nothing here counts the live data or
 * says when it changed: a count exact to the moment, seen by anyone with progress (guests too),
 * told whether one person had agreed to research each time they finished an assessment. The
 * counts are the administrators' (GetInstrumentStatistics, DESIGN §15).
 */
export const formReliabilitySchema = z.object({
  source: z.enum(['live', 'baseline', 'mixed']),
  /** Live figures replace the bundled ones from this many assessments (100). */
  liveFrom: z.number().int(),
  measures: z.object(
    Object.fromEntries(PROGRESS_MEASURE_NAMES.map((measure) => [measure, progressMeasureReliabilitySchema])) as Record<ProgressMeasureName, typeof progressMeasureReliabilitySchema>,
  ),
});
export type FormReliability = z.infer<typeof formReliabilitySchema>;

/** GET /api/data/GetProgress and GET /api/coach/GetClientProgress/{clientId}. */
export const progressSchema = z.object({
  /** Oldest first; assessments below the coverage rule are left out. */
  assessments: z.array(progressAssessmentSchema),
  /** For each consecutive pair of `assessments`, one row per measure in PROGRESS_MEASURE_NAMES order. */
  changes: z.array(progressChangeSchema),
  reliability: z.object({ Rapid: formReliabilitySchema, Professional: formReliabilitySchema }),
});
export type Progress = z.infer<typeof progressSchema>;

/** A client's progress as their coach sees it: the figures, and the name the coach dashboard shows for them. */
export const clientProgressSchema = progressSchema.extend({
  client: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
});
export type ClientProgress = z.infer<typeof clientProgressSchema>;

// ── Instrument statistics (admins) ───────────────────────────────────────────

/** Scales with an α: overall, the three modules and the ten petals. */
export const SCALE_NAMES = ['overall', 'experiences', 'feelings', 'energy', ...LOTUS_PETALS, 'Activity', 'Excitement'] as const;
export const scaleNameSchema = z.enum(SCALE_NAMES);

/** A figure resting on fewer than 30 people is null, and `enoughData` false ("not enough data"). */
const figure = z.number().nullable();

export const itemStatisticsSchema = z.object({
  questionGuid: z.string(),
  questionText: z.string(),
  /** 1-based position within its module for its form. */
  order: z.number().int(),
  n: z.number().int(),
  enoughData: z.boolean(),
  mean: figure,
  sd: figure,
  /** Correlation with the sum of the scale's other items (psych's r.drop). */
  correctedItemTotal: figure,
});

export const scaleStatisticsSchema = z.object({
  scale: scaleNameSchema,
  kind: z.enum(['overall', 'module', 'petal']),
  /** Number of items. */
  k: z.number().int(),
  /** People who answered every item (listwise). */
  n: z.number().int(),
  enoughData: z.boolean(),
  alpha: figure,
  mean: figure,
  sd: figure,
  /**
   * The σ and r reliable change uses for this scale and form now (live from n ≥ 100, else bundled);
   * null for a scale that gets no change rows (Energy, Activity, Excitement: not progress measures).
   */
  reliabilityInUse: measureReliabilitySchema.nullable(),
  /** Per item of this scale: the corrected item-total r is the item's against this scale's other items. */
  items: z.array(itemStatisticsSchema),
});

export const formStatisticsSchema = z.object({
  /** Completed assessments of this form by research-consenting people. */
  n: z.number().int(),
  scales: z.array(scaleStatisticsSchema),
});

/** GET /api/admin/GetInstrumentStatistics (DESIGN §15). */
export const instrumentStatisticsSchema = z.object({
  /** When the figures were computed from the database (ISO). */
  computedAt: z.string(),
  /** Figures below this n are null ("not enough data"): 30. */
  minNForFigure: z.number().int(),
  /** Live reliability replaces the bundled figures from this n: 100. */
  minNForLiveReliability: z.number().int(),
  missingValues: z.literal('listwise'),
  forms: z.object({ Rapid: formStatisticsSchema, Professional: formStatisticsSchema }),
  /** The norm group benchmarks compare with now. */
  normGroup: z.object({
    source: z.enum(['baseline', 'live']),
    provisional: z.boolean(),
    n: z.number().int(),
    computedAt: z.string().nullable(),
    provenance: z.string(),
  }),
});
export type InstrumentStatistics = z.infer<typeof instrumentStatisticsSchema>;
