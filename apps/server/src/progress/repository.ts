/**
 * The reads behind progress over time and the instrument's statistics (issue 26, decision 0026).
 * Each answers in a fixed number of queries whatever the number of assessments: one person's
 * assessments and their answers are two queries; the research data's item rows are one.
 */
import type { Db } from '../db/database';
import type { AssessmentRow } from '../assessments/repository';

/** The assessments considered for one person's progress, oldest first (equal times by id). */
export async function assessmentsForProgress(db: Db, userId: string, options: { sharedWithCoach: boolean }): Promise<AssessmentRow[]> {
  let query = db.selectFrom('assessments').selectAll().where('user_id', '=', userId);
  if (options.sharedWithCoach) query = query.where('coach_access_granted', '=', 1);
  return query.orderBy('created_at').orderBy('id').execute();
}

/** Every answer of one person's assessments (only the shared ones for their coach), in one query, by assessment. */
export async function answersForProgress(db: Db, userId: string, options: { sharedWithCoach: boolean }): Promise<Map<string, Map<string, number>>> {
  let query = db
    .selectFrom('responses')
    .innerJoin('assessments', 'assessments.id', 'responses.assessment_id')
    .select(['responses.assessment_id', 'responses.question_guid', 'responses.response'])
    .where('assessments.user_id', '=', userId);
  if (options.sharedWithCoach) query = query.where('assessments.coach_access_granted', '=', 1);
  const byAssessment = new Map<string, Map<string, number>>();
  for (const row of await query.execute()) {
    let answers = byAssessment.get(row.assessment_id);
    if (!answers) byAssessment.set(row.assessment_id, (answers = new Map()));
    answers.set(row.question_guid, row.response);
  }
  return byAssessment;
}

/**
 * What the research data is, in one aggregate query: completed assessments of research-consenting
 * people per form, the latest completion, and the latest change to one of those people's rows
 * (opting in sets `users.updated_at`). Any assessment completing, any opt-in or opt-out and any
 * deletion changes at least one of these; an answer changed inside a completed assessment does
 * not (the live statistics' time limit covers that).
 */
export interface ResearchFingerprint {
  readonly rapid: number;
  readonly professional: number;
  readonly lastCompletedAt: string | null;
  readonly lastUserUpdate: string | null;
}

export async function researchFingerprint(db: Db): Promise<ResearchFingerprint> {
  const rows = await db
    .selectFrom('assessments')
    .innerJoin('users', 'users.id', 'assessments.user_id')
    .select((eb) => [
      'assessments.is_ninety_item',
      eb.fn.countAll().as('n'),
      eb.fn.max('assessments.completed_at').as('last_completed_at'),
      eb.fn.max('users.updated_at').as('last_user_update'),
    ])
    .where('users.research_opt_in', '=', 1)
    .where('assessments.completed_at', 'is not', null)
    .groupBy('assessments.is_ninety_item')
    .execute();
  let rapid = 0;
  let professional = 0;
  let lastCompletedAt: string | null = null;
  let lastUserUpdate: string | null = null;
  const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);
  for (const row of rows) {
    if (Number(row.is_ninety_item) === 1) professional += Number(row.n);
    else rapid += Number(row.n);
    lastCompletedAt = later(lastCompletedAt, row.last_completed_at as string | null);
    lastUserUpdate = later(lastUserUpdate, row.last_user_update as string | null);
  }
  return { rapid, professional, lastCompletedAt, lastUserUpdate };
}

/** One research assessment's answers, as the domain's statistics read them. */
export interface ResearchAnswers {
  readonly isNinetyItem: boolean;
  readonly answers: Map<string, number>;
}

/** Completed assessments of research-consenting people: the research data's rows. */
const researchAssessments = (db: Db) =>
  db
    .selectFrom('assessments')
    .innerJoin('users', 'users.id', 'assessments.user_id')
    .where('users.research_opt_in', '=', 1)
    .where('assessments.completed_at', 'is not', null);

/**
 * The item-level answers of every completed assessment of a research-consenting person, grouped
 * by assessment: one query for the assessments' forms and one for all their item rows (never a
 * query per assessment). The item rows are read from `responses` by its key (assessment_id in
 * the research assessments) rather than joined row by row to assessments and users; reading the
 * rows is most of the cost either way (about 0.6–0.9 s for 480,000 rows, 10,000 assessments).
 */
export async function researchAnswers(db: Db): Promise<ResearchAnswers[]> {
  const assessments = await researchAssessments(db).select(['assessments.id', 'assessments.is_ninety_item']).execute();
  const byAssessment = new Map<string, ResearchAnswers>(assessments.map((a) => [a.id, { isNinetyItem: Number(a.is_ninety_item) === 1, answers: new Map() }]));
  const rows = await db
    .selectFrom('responses')
    .select(['assessment_id', 'question_guid', 'response'])
    .where('assessment_id', 'in', researchAssessments(db).select('assessments.id'))
    .execute();
  for (const row of rows) byAssessment.get(row.assessment_id)?.answers.set(row.question_guid, row.response);
  // An assessment completed between the two queries has no item rows here: left out until the next computation.
  return [...byAssessment.values()].filter((entry) => entry.answers.size > 0);
}
