import { z } from 'zod';

const comparison = z.string();

/**
 * The norm group a comparison actually used (issue 23 part 2), so pages word the benchmark truthfully:
 * its size, baseline (simulated, provisional) or live, and whether a group of people in similar life
 * situations was used at all (`matched`) or every comparison is with the whole group.
 */
export const normGroupUsedSchema = z.object({
  source: z.enum(['baseline', 'live']),
  provisional: z.boolean(),
  populationSize: z.number().int(),
  comparisonGroupSize: z.number().int(),
  lifeSituationMatch: z.enum(['matched', 'not_shared', 'too_few_similar', 'no_groups']),
  /** The sentence naming the group, made by the domain's benchmarkSentence. */
  sentence: z.string(),
});
export type NormGroupUsed = z.infer<typeof normGroupUsedSchema>;

/** GET /api/data/GetIndividualDifferences/{assessmentId}: phrases such as "slightly higher", plus the comparison's size. */
export const individualDifferencesSchema = z.object({
  overallRelativeToAverage: comparison,
  overallRelativeToOthers: comparison,
  overallOthersVsAverage: comparison,
  experiencesRelativeToAverage: comparison,
  experiencesRelativeToOthers: comparison,
  experiencesOthersVsAverage: comparison,
  feelingsRelativeToAverage: comparison,
  feelingsRelativeToOthers: comparison,
  feelingsOthersVsAverage: comparison,
  mindsetRelativeToAverage: comparison,
  mindsetRelativeToOthers: comparison,
  mindsetOthersVsAverage: comparison,
  resilienceRelativeToAverage: comparison,
  resilienceRelativeToOthers: comparison,
  resilienceOthersVsAverage: comparison,
  /** People in similar life circumstances the caller was compared with. */
  comparisonGroupSize: z.number().int(),
  populationSize: z.number().int(),
  /** True while the comparison uses the bundled baseline rather than live norms. */
  provisional: z.boolean(),
  /** Optional addition to the spec's shape: older servers and cached reports may lack it. */
  normGroup: normGroupUsedSchema.optional(),
});
export type IndividualDifferences = z.infer<typeof individualDifferencesSchema>;
