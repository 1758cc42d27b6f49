import { z } from 'zod';
import { individualDifferencesSchema } from './benchmark';
import { bandSchema, categoryChartItemSchema, energyChartItemSchema, energyLevelLabelSchema, moduleNameSchema, petalChartItemSchema, wellbeingModuleNameSchema } from './journey-content';

/**
 * Answers of the report and score calls of one assessment (spec 02 §3, §7), as the domain
 * builds them (packages/domain/src/reports/types.ts, scoring/types.ts).
 */

const textItemSchema = z.object({ text: z.string(), simpleText: z.string() });

const reportWellspringSchema = z.object({ wellspringName: z.string(), label: z.string(), icon: z.string(), description: z.string(), score: z.number().nullable() });

const moduleReportSectionSchema = z.object({
  moduleName: wellbeingModuleNameSchema,
  displayName: z.string(),
  score: z.number().nullable(),
  band: bandSchema.nullable(),
  resultsText: z.string(),
  petals: z.array(
    z.object({
      id: z.string(),
      displayName: z.string(),
      score: z.number().nullable(),
      band: bandSchema.nullable(),
      resultText: z.string(),
      contributorText: z.string(),
      wellsprings: z.array(reportWellspringSchema),
    }),
  ),
  chartData: z.array(petalChartItemSchema),
});

const opportunityItemSchema = z.object({
  moduleName: wellbeingModuleNameSchema,
  wellspringName: z.string(),
  label: z.string(),
  icon: z.string(),
  score: z.number(),
  description: z.string(),
  opportunity: textItemSchema,
  practice: textItemSchema,
});

/** GET /api/data/GetBloomProfileReport/{assessmentId} */
export const profileReportSchema = z.object({
  BloomProfile: z.object({ chartData: z.array(categoryChartItemSchema) }),
  summaryText: z.string(),
  experiencesAndFeelingsSummaryText: z.object({ Experiences: z.string(), Feelings: z.string() }),
  experiencesAndFeelingsResults: z.object({ Experiences: moduleReportSectionSchema, Feelings: moduleReportSectionSchema }),
  energyAndResilienceSummaryText: z.object({ Energy: z.object({ text: z.string() }), Resilience: z.object({ text: z.string() }) }),
  mindsetResults: z.object({ resultsText: z.string(), chartData: z.array(categoryChartItemSchema) }),
  resilienceResults: z.object({ resultsText: z.string(), chartData: z.array(categoryChartItemSchema) }),
  roleText: z.string(),
  wellbeingOpportunities: z.array(opportunityItemSchema),
  productName: z.string(),
  clientName: z.string().nullable(),
  /** en-US long date of the assessment (UTC), "" when unknown. */
  assessmentDate: z.string(),
  /** When the assessment was taken (ISO-8601), null when unknown: the web shows it in the reader's time zone. */
  takenAt: z.string().nullable(),
  isNinetyItem: z.boolean(),
  eightPetalData: z.array(petalChartItemSchema),
  energyChartData: z.array(energyChartItemSchema),
  individualDifferences: individualDifferencesSchema,
  notice: z.string(),
  closingText: z.string(),
});
export type ProfileReport = z.infer<typeof profileReportSchema>;

/** GET /api/data/GetPositivityPlan/{assessmentId}: the profile report and the plan's own sections. */
export const positivityPlanSchema = profileReportSchema.extend({
  summaryTextSimple: z.string(),
  /** Petal name → contributor text for its band (all ten petals). */
  contributors: z.record(z.string(), z.string()),
  moduleContributors: z.array(z.object({ moduleName: moduleNameSchema, contributors: z.array(z.object({ id: z.string(), displayName: z.string(), text: z.string() })) })),
  opportunitiesAndAffirmations: z.array(
    z.object({
      moduleName: wellbeingModuleNameSchema,
      wellsprings: z.array(z.string()),
      opportunities: z.array(z.string()),
      opportunitiesSimple: z.array(z.string()),
      affirmations: z.array(z.string()),
      affirmationsSimple: z.array(z.string()),
      practices: z.array(z.string()),
      practicesSimple: z.array(z.string()),
      intentions: z.array(z.string()),
      intentionsSimple: z.array(z.string()),
    }),
  ),
  mindfulPractices: z.array(textItemSchema),
  lifeSituationsFrequency: z.object({
    experiencesMore: z.array(z.string()),
    experiencesLess: z.array(z.string()),
    feelingsMore: z.array(z.string()),
    feelingsLess: z.array(z.string()),
  }),
  actionPlan: z.array(textItemSchema),
});
export type PositivityPlan = z.infer<typeof positivityPlanSchema>;

/** GET /api/data/GetAssessmentScores/{assessmentId}: twelve rows, 0..4 scores (resilience in whole percent). */
export const scoreRowSchema = z.object({
  category: z.enum(['WellBeing', 'Mindset', 'Resilience', 'Active', 'Aware', 'Calm']),
  scoreType: z.enum(['Overall', 'Experiences', 'Feelings', 'Self', 'Others']),
  score: z.number().nullable(),
});
export type ScoreRow = z.infer<typeof scoreRowSchema>;

const coachOverviewItemSchema = z.object({
  wellspringEnergy: energyLevelLabelSchema,
  wellspringName: z.string(),
  /** Scale label of the rounded average, e.g. "Often". */
  responseText: z.string(),
  average: z.number().nullable(),
});

/** GET /api/data/GetCoachAssessmentOverview/{assessmentId} */
export const coachAssessmentOverviewSchema = z.object({
  activity: z.array(coachOverviewItemSchema),
  excitement: z.array(coachOverviewItemSchema),
  experiences: z.array(coachOverviewItemSchema),
  feelings: z.array(coachOverviewItemSchema),
});
export type CoachAssessmentOverview = z.infer<typeof coachAssessmentOverviewSchema>;

const coachPetalSchema = z.object({
  displayName: z.string(),
  average: z.number().nullable(),
  wellsprings: z.array(
    z.object({
      wellspringName: z.string(),
      averageText: z.string(),
      average: z.number().nullable(),
      questions: z.array(z.object({ description: z.string(), responseText: z.string(), response: z.number().nullable() })),
    }),
  ),
});

/** GET /api/data/GetCoachComprehensive/{assessmentId} */
export const coachComprehensiveSchema = z.object({ experiences: z.array(coachPetalSchema), feelings: z.array(coachPetalSchema) });
export type CoachComprehensive = z.infer<typeof coachComprehensiveSchema>;

/** GET /api/user/LifeDataByAssessment/{assessmentId}: "Prefer not to say" (age -1) where nothing was given. */
export const assessmentLifeDataSchema = z.object({
  gender: z.string(),
  age: z.number().int(),
  relationshipStatus: z.string(),
  parentingStatus: z.string(),
  employmentStatus: z.string(),
  income: z.string(),
  stressfulEvents: z.string(),
});
export type AssessmentLifeData = z.infer<typeof assessmentLifeDataSchema>;
