import type { LifeData, SavedResponse } from '@bloom/contracts';
import { AGE_NOT_STATED, PREFER_NOT_TO_SAY } from '@bloom/contracts/constants';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { AssessmentsTable, LifeDataTable } from '../db/schema';
import { acceleratorOf, runQuery, type QueryArgument } from '../db/accelerator';
import { onPostgres } from '../db/dialect';
import { newId } from '../lib/crypto';
import { isoNow } from '../lib/time';

export type AssessmentRow = AssessmentsTable;

/** Answers keyed by questionGuid: the shape the scoring engine reads. Shared (db/embedded/assessment-reads.ts): never changed in place. */
export type Answers = ReadonlyMap<string, number>;

/**
 * Once per assessment, and a guest's first write after starting (on SQLite built once:
 * db/embedded/hot-queries.ts). One statement that reads the owner's coach as it inserts, so an
 * assessment is "created while its owner has no coach" exactly when no coach was theirs at that
 * moment: such a Professional assessment is the owner's own, open to them from creation
 * (`client_access_granted = 1`, decision 0086), while one created under a coach waits for the
 * coach's release. Each argument is bound once and cast (PostgreSQL learns the types of values in
 * a SELECT list only so: db/accelerator.ts `Query`). Answers the flag stored; nothing when the
 * owner's row is gone.
 */
const insertAssessment = (db: Db, id: string, userId: string, isNinetyItem: number, coachAccessGranted: number, ownWithoutCoach: number, createdAt: string) =>
  db
    .insertInto('assessments')
    .columns(['id', 'user_id', 'is_ninety_item', 'coach_access_granted', 'client_access_granted', 'created_at', 'completed_at'])
    .expression(
      db
        .selectFrom('users')
        .select([
          sql<string>`cast(${id} as text)`.as('id'),
          'users.id as user_id',
          sql<number>`cast(${isNinetyItem} as integer)`.as('is_ninety_item'),
          sql<number>`cast(${coachAccessGranted} as integer)`.as('coach_access_granted'),
          sql<number>`case when users.coach_id is null then cast(${ownWithoutCoach} as integer) else 0 end`.as('client_access_granted'),
          sql<string>`cast(${createdAt} as text)`.as('created_at'),
          sql<string | null>`cast(null as text)`.as('completed_at'),
        ])
        .where('users.id', '=', userId),
    )
    .returning('client_access_granted');

/**
 * A new assessment of `userId`; a Professional one created while they have no coach is their own
 * from creation (decision 0086). Undefined when there is no such user.
 */
export async function createAssessment(db: Db, userId: string, isNinetyItem: boolean, preGranted: boolean): Promise<AssessmentRow | undefined> {
  const row: AssessmentRow = {
    id: newId(),
    user_id: userId,
    is_ninety_item: isNinetyItem ? 1 : 0,
    // A client's standing "grant all" applies to every assessment created while it is on.
    coach_access_granted: preGranted ? 1 : 0,
    client_access_granted: 0,
    created_at: isoNow(),
    completed_at: null,
  };
  const [stored] = await runQuery(db, insertAssessment, row.id, row.user_id, row.is_ninety_item, row.coach_access_granted, row.is_ninety_item, row.created_at);
  return stored && { ...row, client_access_granted: stored.client_access_granted };
}

/**
 * Asked by most journey calls. The limit is written into the SQL rather than bound: SQLite
 * answered this query in ~9 µs with `limit 1` and ~25 µs with `limit ?` (measured on a bench
 * database, docs/performance.md).
 */
export const latestAssessmentQuery = (db: Db, userId: string) =>
  db.selectFrom('assessments').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(sql.lit(1));

/** On SQLite usually answered from memory (db/embedded/assessment-reads.ts). */
export async function findLatestAssessment(db: Db, userId: string): Promise<AssessmentRow | undefined> {
  const cached = acceleratorOf(db)?.assessments.latestNow(userId);
  if (cached !== undefined) return cached ?? undefined;
  const [row] = await runQuery(db, latestAssessmentQuery, userId);
  return row;
}

/**
 * The user's latest assessment with its answers. PostgreSQL reads both in one round trip (the
 * answers as one JSON object beside the row, decision 0035); SQLite answers each from memory
 * (db/embedded/assessment-reads.ts), or reads them one after the other inside a transaction.
 */
export async function findLatestWithAnswers(db: Db, userId: string): Promise<{ assessment: AssessmentRow; answers: Answers } | undefined> {
  if (!onPostgres(db)) {
    const assessment = await findLatestAssessment(db, userId);
    return assessment && { assessment, answers: await loadAnswers(db, assessment.id) };
  }
  const [row] = await runQuery(db, latestWithAnswersQuery, userId);
  if (!row) return undefined;
  const { answers_by_question: answersByQuestion, ...assessment } = row;
  return { assessment, answers: new Map(Object.entries(answersByQuestion)) };
}

const latestWithAnswersQuery = (db: Db, userId: string) =>
  latestAssessmentQuery(db, userId).select(
    sql<Record<string, number>>`(select coalesce(json_object_agg(question_guid, response), '{}') from responses where assessment_id = assessments.id)`.as(
      'answers_by_question',
    ),
  );

export async function userHasAssessment(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('assessments').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function findAssessmentById(db: Db, id: string): Promise<AssessmentRow | undefined> {
  return db.selectFrom('assessments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An assessment of a person's list, with its answers unless it is completed (`null`). */
export interface ListedAssessment {
  row: AssessmentRow;
  answers: Map<string, number> | null;
}

/**
 * A person's assessments, newest first (equal times by id, as the latest assessment is chosen),
 * each unfinished one with its answers. A completed one has every question answered, which the
 * coverage rule needs no more of. One query: an unfinished assessment comes as a row per answer.
 */
export async function listAssessmentsWithUnfinishedAnswers(db: Db, userId: string): Promise<ListedAssessment[]> {
  const rows = await db
    .selectFrom('assessments')
    .leftJoin('responses', (join) => join.onRef('responses.assessment_id', '=', 'assessments.id').on('assessments.completed_at', 'is', null))
    .selectAll('assessments')
    .select(['responses.question_guid', 'responses.response'])
    .where('assessments.user_id', '=', userId)
    .orderBy('assessments.created_at', 'desc')
    .orderBy('assessments.id', 'desc')
    .execute();
  const listed: ListedAssessment[] = [];
  for (const { question_guid: questionGuid, response, ...row } of rows) {
    let current = listed.at(-1);
    if (current?.row.id !== row.id) listed.push((current = { row, answers: row.completed_at === null ? new Map() : null }));
    if (questionGuid !== null && response !== null) current.answers?.set(questionGuid, response);
  }
  return listed;
}

export const answersQuery = (db: Db, assessmentId: string) =>
  db.selectFrom('responses').select(['question_guid', 'response']).where('assessment_id', '=', assessmentId);

/** On SQLite usually answered from memory (db/embedded/assessment-reads.ts). */
export async function loadAnswers(db: Db, assessmentId: string): Promise<Answers> {
  const cached = acceleratorOf(db)?.assessments.answersNow(assessmentId);
  if (cached) return cached;
  const rows = await runQuery(db, answersQuery, assessmentId);
  return new Map(rows.map((row) => [row.question_guid, row.response]));
}

const answeredCountQuery = (db: Db, assessmentId: string) =>
  db
    .selectFrom('responses')
    .select((eb) => eb.fn.countAll<number | string>().as('answered'))
    .where('assessment_id', '=', assessmentId);

/**
 * How many questions of the assessment have an answer: all the completion rule needs. Counted by
 * the database rather than read back whole, which cost more than the save it checked.
 */
export async function countAnswers(db: Db, assessmentId: string): Promise<number> {
  const cached = acceleratorOf(db)?.assessments.answersNow(assessmentId);
  if (cached) return cached.size;
  const [row] = await runQuery(db, answeredCountQuery, assessmentId);
  return Number(row?.answered ?? 0);
}

/** The fields of one answer row, in the order `upsertResponsesQuery` reads them. */
const RESPONSE_FIELDS = 5;

/**
 * A page upsert for as many rows as `values` holds: one statement, so a page is stored whole or
 * not at all. On SQLite built once per page size (db/embedded/hot-queries.ts keeps one statement
 * per argument count): Kysely spent more building a 12-row upsert than SQLite spent storing it.
 * The contract allows at most 100 answers a page, so at most 100 of these.
 */
const upsertResponses = (db: Db, ...values: QueryArgument[]) => {
  const rows = [];
  for (let i = 0; i < values.length; i += RESPONSE_FIELDS) {
    const [assessment_id, question_guid, response, order_index, updated_at] = values.slice(i, i + RESPONSE_FIELDS) as [string, string, number, number, string];
    rows.push({ assessment_id, question_guid, response, order_index, updated_at });
  }
  // SQLite and PostgreSQL both read `excluded` as the row proposed.
  return db
    .insertInto('responses')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['assessment_id', 'question_guid']).doUpdateSet((eb) => ({
        response: eb.ref('excluded.response'),
        order_index: eb.ref('excluded.order_index'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    );
};

/** One answer per question, the last one sent winning: a multi-row upsert may touch each key once. */
export const lastAnswerPerQuestion = (responses: readonly SavedResponse[]): SavedResponse[] => [...new Map(responses.map((r) => [r.questionGuid, r])).values()];

/**
 * Saves one page of answers. Re-sending a page overwrites (upsert on the
 * assessment + question key), so double submits never duplicate.
 */
export async function saveResponses(db: Db, assessmentId: string, responses: readonly SavedResponse[]): Promise<void> {
  const now = isoNow();
  const page = lastAnswerPerQuestion(responses);
  if (page.length === 0) return;
  const values = page.flatMap((r) => [assessmentId, r.questionGuid, r.response, r.order, now]);
  await runQuery(db, upsertResponses, ...values);
}

/** What `bloom_save_latest_answers` did with a page (migration 0012). */
export type LatestAnswersSave = 'saved' | 'none' | 'other_track';

/** Run after every saved page. */
const markCompleted = (db: Db, assessmentId: string, completedAt: string) =>
  db.updateTable('assessments').set({ completed_at: completedAt }).where('id', '=', assessmentId).where('completed_at', 'is', null);
const markIncomplete = (db: Db, assessmentId: string) =>
  db.updateTable('assessments').set({ completed_at: null }).where('id', '=', assessmentId).where('completed_at', 'is not', null);

/**
 * `assessment` as the request found it. Answers are only ever added or overwritten, so an
 * assessment that was not complete then has nothing to undo now (and one whose completion a
 * concurrent save has just recorded keeps it); this skips a write on every page but the last.
 */
export async function markCompletedIf(db: Db, assessment: Pick<AssessmentRow, 'id' | 'completed_at'>, complete: boolean): Promise<void> {
  if (complete) await runQuery(db, markCompleted, assessment.id, isoNow());
  else if (assessment.completed_at !== null) await runQuery(db, markIncomplete, assessment.id);
}

export async function loadLifeData(db: Db, assessmentId: string): Promise<LifeData | undefined> {
  const row = await db.selectFrom('life_data').selectAll().where('assessment_id', '=', assessmentId).executeTakeFirst();
  return row ? lifeDataOf(row) : undefined;
}

/** A Skip All: every field "Prefer not to say" and no age. It says nothing to prefill. */
function isSkipAll(data: LifeData): boolean {
  const { age, ...texts } = data;
  return age === AGE_NOT_STATED && Object.values(texts).every((value) => value === PREFER_NOT_TO_SAY);
}

/** The most recent life situations a person gave on any of their assessments, Skip Alls passed over. */
export async function loadPreviousLifeData(db: Db, userId: string): Promise<{ lifeData: LifeData; savedAt: string } | undefined> {
  const rows = await db
    .selectFrom('life_data')
    .innerJoin('assessments', 'assessments.id', 'life_data.assessment_id')
    .selectAll('life_data')
    .where('assessments.user_id', '=', userId)
    .orderBy('life_data.updated_at', 'desc')
    .limit(20)
    .execute();
  for (const row of rows) {
    const lifeData = lifeDataOf(row);
    if (!isSkipAll(lifeData)) return { lifeData, savedAt: row.updated_at };
  }
  return undefined;
}

function lifeDataOf(row: Selectable<LifeDataTable>): LifeData {
  return {
    relationshipStatus: row.relationship_status,
    parentingStatus: row.parenting_status,
    employmentStatus: row.employment_status,
    age: row.age,
    gender: row.gender,
    income: row.income,
    stressfulEvents: row.stressful_events,
  };
}
