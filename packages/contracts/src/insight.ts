import { z } from 'zod';
import { petalChartItemSchema } from './journey-content';
import { LOTUS_PETALS, progressScoresSchema } from './progress';

/**
 * Organization insight, the anonymous group lotus (DESIGN §14; issue 27; decision 0029):
 * the mean chart data and scores of an organization's or a group's members (each one's latest
 * assessment that meets the coverage rule and is shared with the coach), shown only when the
 * suppression rule of @bloom/domain (`decideInsight`) allows it.
 */

/** A figure is shown only over this many people or more. */
export const INSIGHT_MIN_PEOPLE = 5;

/**
 * Why a figure is hidden:
 * - `fewer-than-five`: it would count fewer than 5 people;
 * - `complementary`: the organization's figure minus this one (and the other groups shown) would
 *   count 1 to 4 people.
 */
export const insightHiddenReasonSchema = z.enum(['fewer-than-five', 'complementary']);
export type InsightHiddenReason = z.infer<typeof insightHiddenReasonSchema>;

/** Why the previous quarter is not offered for a shown figure: as above for that quarter, or `change`: the change would concern 1 to 4 people. */
export const insightComparisonWithheldSchema = z.enum(['fewer-than-five', 'complementary', 'change']);
export type InsightComparisonWithheld = z.infer<typeof insightComparisonWithheldSchema>;

/** Plain words for each reason, for the dashboard's calm privacy message and the CSV's `reason` column. */
export const INSIGHT_REASON_TEXT: Record<InsightComparisonWithheld, string> = {
  'fewer-than-five': 'Fewer than 5 people have shared an assessment here, so no figures are shown to keep each person anonymous.',
  complementary: 'Shown together with the other figures, these figures would let someone work out the results of fewer than 5 people, so they are hidden.',
  change: 'Fewer than 5 people took a new assessment since then, so the change would be about too few people to show.',
};

const count = z.number().int().min(INSIGHT_MIN_PEOPLE);

/** The previous quarter: a calendar quarter in UTC, its figures as of its end, and the change since. */
const previousQuarterShownSchema = z.strictObject({
  /** "2026-Q3". */
  quarter: z.string(),
  /** The first instant after that quarter (ISO 8601 UTC): each member's latest qualifying assessment started before it counts. */
  asOf: z.string(),
  shown: z.literal(true),
  n: count,
  chartData: z.array(petalChartItemSchema),
  scores: progressScoresSchema,
  /**
   * now − previous for each score (null where either is missing). A change of group means: not
   * a "reliable change", which is about one person's two scores (DESIGN §13); say "change".
   */
  change: progressScoresSchema,
  kind: z.literal('change'),
});

const previousQuarterHiddenSchema = z.strictObject({
  quarter: z.string(),
  asOf: z.string(),
  shown: z.literal(false),
  reason: insightComparisonWithheldSchema,
  n: z.null(),
});

export const insightPreviousQuarterSchema = z.discriminatedUnion('shown', [previousQuarterShownSchema, previousQuarterHiddenSchema]);
export type InsightPreviousQuarter = z.infer<typeof insightPreviousQuarterSchema>;

/** A shown figure: n ≥ 5, the mean eight-petal chart data and scores, and the previous quarter (shown or why not). */
export const insightShownSchema = z.strictObject({
  shown: z.literal(true),
  n: count,
  chartData: z.array(petalChartItemSchema),
  /** Means of the GetProgress scores, unrounded; a score is null when any member lacks it. */
  scores: progressScoresSchema,
  previousQuarter: insightPreviousQuarterSchema,
});

/** A hidden figure: the reason and nothing else; `n` is null so that not even a count below 5 is given. */
export const insightHiddenSchema = z.strictObject({
  shown: z.literal(false),
  n: z.null(),
  reason: insightHiddenReasonSchema,
});

/** GET /api/coach/GetOrganizationInsight/{organizationId} and GET /api/coach/GetGroupInsight/{groupId}. */
export const insightSchema = z.discriminatedUnion('shown', [insightShownSchema, insightHiddenSchema]);
export type Insight = z.infer<typeof insightSchema>;

/** The columns of GET /api/coach/ExportInsightCsv (bloom-groups.csv), one row per organization and group. */
export const INSIGHT_CSV_COLUMNS = [
  'organization',
  'group',
  'n',
  'shown',
  'reason',
  'overall',
  'experiences',
  'feelings',
  'mindset',
  'resilience',
  'energy',
  ...LOTUS_PETALS,
] as const;
