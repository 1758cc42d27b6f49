import { LifeDataSchema, scoreAssessment, SKIPPED_LIFE_DATA, type AssessmentScores, type LifeData } from '@bloom/domain';
import type { Db } from '../db/database';
import { loadAnswers, loadLifeData, type Answers, type AssessmentRow } from './repository';

/** Loads an assessment's answers and scores them with the domain engine. */
export async function scoreOf(db: Db, assessment: AssessmentRow): Promise<AssessmentScores> {
  return scoresFrom(assessment, await loadAnswers(db, assessment.id));
}

/** The scores of an assessment whose answers were read with it (`resolveAssessmentWithAnswers`). */
export function scoresFrom(assessment: AssessmentRow, answers: Answers): AssessmentScores {
  return scoreAssessment({ isNinetyItem: assessment.is_ninety_item === 1, answers });
}

/** The assessment's life data as the benchmarking reads it; "Prefer not to say" everywhere when none was saved. */
export async function lifeDataOf(db: Db, assessmentId: string): Promise<LifeData> {
  const parsed = LifeDataSchema.safeParse(await loadLifeData(db, assessmentId));
  return parsed.success ? parsed.data : SKIPPED_LIFE_DATA;
}
