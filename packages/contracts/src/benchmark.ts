import { z } from 'zod';

const comparison = z.string();

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
});
export type IndividualDifferences = z.infer<typeof individualDifferencesSchema>;
