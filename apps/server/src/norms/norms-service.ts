import {
  answersFromResponses,
  computeNorms,
  LifeDataSchema,
  normScoresFrom,
  NormsSchema,
  scoreAssessment,
  selectNorms,
  SKIPPED_LIFE_DATA,
  type LifeData,
  type NormRow,
  type Norms,
} from '@bloom/domain';
import type { Db } from '../db/database';
import { newId } from '../lib/crypto';
import { isoNow } from '../lib/time';

/** Norm snapshots are read often and change rarely: keep the latest in memory for a minute. */
const CACHE_MS = 60_000;
let cached: { norms: Norms; loadedAt: number } | undefined;

/**
 * The norms to compare against: the latest live snapshot when its population is large
 * enough (DESIGN.md §4: n ≥ 100), otherwise the bundled, provisional baseline.
 */
export async function currentNorms(db: Db): Promise<Norms> {
  if (cached && Date.now() - cached.loadedAt < CACHE_MS) return cached.norms;
  const row = await db.selectFrom('norm_snapshots').select('payload').orderBy('computed_at', 'desc').limit(1).executeTakeFirst();
  let live: Norms | null = null;
  if (row) {
    const parsed = NormsSchema.safeParse(JSON.parse(row.payload));
    live = parsed.success ? parsed.data : null;
  }
  const norms = selectNorms(live);
  cached = { norms, loadedAt: Date.now() };
  return norms;
}

/**
 * Recomputes norms from completed assessments of people who opted into research.
 * Rows carry only scores and life data (no user ids, names or e-mails), so the stored
 * snapshot is pseudonymised research data. Returns the population size.
 */
export async function recomputeNorms(db: Db): Promise<number> {
  const assessments = await db
    .selectFrom('assessments')
    .innerJoin('users', 'users.id', 'assessments.user_id')
    .leftJoin('life_data', 'life_data.assessment_id', 'assessments.id')
    .select([
      'assessments.id',
      'assessments.is_ninety_item',
      'life_data.relationship_status',
      'life_data.parenting_status',
      'life_data.employment_status',
      'life_data.age',
      'life_data.gender',
      'life_data.income',
      'life_data.stressful_events',
    ])
    .where('users.research_opt_in', '=', 1)
    .where('assessments.completed_at', 'is not', null)
    .execute();
  const rows: NormRow[] = [];
  for (const assessment of assessments) {
    const responses = await db
      .selectFrom('responses')
      .select(['question_guid as questionGuid', 'response'])
      .where('assessment_id', '=', assessment.id)
      .execute();
    const scores = scoreAssessment({ isNinetyItem: assessment.is_ninety_item === 1, answers: answersFromResponses(responses) });
    const lifeData: LifeData =
      assessment.relationship_status === null
        ? SKIPPED_LIFE_DATA
        : (parseLifeData({
            relationshipStatus: assessment.relationship_status,
            parentingStatus: assessment.parenting_status,
            employmentStatus: assessment.employment_status,
            age: assessment.age,
            gender: assessment.gender,
            income: assessment.income,
            stressfulEvents: assessment.stressful_events,
          }) ?? SKIPPED_LIFE_DATA);
    rows.push({ scores: normScoresFrom(scores), lifeData });
  }
  const norms = computeNorms(rows, { computedAt: isoNow() });
  await db
    .insertInto('norm_snapshots')
    .values({ id: newId(), computed_at: isoNow(), population_size: rows.length, payload: JSON.stringify(norms) })
    .execute();
  cached = undefined;
  return rows.length;
}

function parseLifeData(value: Record<string, unknown>): LifeData | null {
  const parsed = LifeDataSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
