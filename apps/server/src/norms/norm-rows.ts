/**
 * Research rows, as the database answers them, made into the rows the norms are computed from
 * (decision 0060): five scores and the life situations, no ids, names or e-mails, so a snapshot is
 * aggregate research data. Runs in the norms worker (norms-worker.ts).
 */
import { computeNorms, LifeDataSchema, normScoresFrom, scoreAssessment, SKIPPED_LIFE_DATA, type LifeData, type NormRow, type Norms } from '@bloom/domain';
import { parseAggregatedAnswers } from '../assessments/aggregated-answers';
import type { ResearchNormRow } from '../progress/repository';

export function normRowOf(row: ResearchNormRow): NormRow {
  const scores = scoreAssessment({ isNinetyItem: Number(row.is_ninety_item) === 1, answers: parseAggregatedAnswers(row.answers) });
  return { scores: normScoresFrom(scores), lifeData: lifeDataOf(row) };
}

/** The life situations saved with the assessment; a row without (or with one no longer valid) counts as skipped. */
function lifeDataOf(row: ResearchNormRow): LifeData {
  if (row.relationship_status === null || row.relationship_status === undefined) return SKIPPED_LIFE_DATA;
  const parsed = LifeDataSchema.safeParse({
    relationshipStatus: row.relationship_status,
    parentingStatus: row.parenting_status,
    employmentStatus: row.employment_status,
    age: Number(row.age),
    gender: row.gender,
    income: row.income,
    stressfulEvents: row.stressful_events,
  });
  return parsed.success ? parsed.data : SKIPPED_LIFE_DATA;
}

/** The norms of the rows, with the provenance a snapshot states. */
export function normsOf(rows: readonly NormRow[], computedAt: string): Norms {
  return computeNorms(rows, {
    computedAt,
    provenance: `Computed from ${rows.length} completed assessments of people who opted into research (each person's latest of each form).`,
  });
}
