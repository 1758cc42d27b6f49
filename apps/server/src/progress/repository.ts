/**
 * The reads behind progress over time and the instrument's statistics (issue 26, decision 0026).
 * Each answers in a fixed number of queries whatever the number of assessments: one person's
 * assessments with their answers are one query; the research data's item rows are one.
 */
import { aggregatedAnswers, parseAggregatedAnswers } from '../assessments/aggregated-answers';
import type { AssessmentRow } from '../assessments/repository';
import type { Db } from '../db/database';
import { onPostgres } from '../db/dialect';

/** One assessment considered for progress, with its answers (question guid → answer). */
export interface AssessmentWithAnswers {
  readonly row: AssessmentRow;
  readonly answers: Map<string, number>;
}

/**
 * One person's assessments that have answers (only the ones shared with their coach, for the
 * coach), oldest first (equal times by id), each with its answers, in one query (its answers
 * aggregated, as `researchAnswers` reads them). An assessment without answers
 * has no results (the coverage rule), so it is not read at all.
 */
export async function assessmentsWithAnswers(db: Db, userId: string, options: { sharedWithCoach: boolean }): Promise<AssessmentWithAnswers[]> {
  let query = db
    .selectFrom('assessments')
    .innerJoin('responses', 'responses.assessment_id', 'assessments.id')
    .selectAll('assessments')
    .select(aggregatedAnswers(db).as('answer_pairs'))
    .where('assessments.user_id', '=', userId);
  if (options.sharedWithCoach) query = query.where('assessments.coach_access_granted', '=', 1);
  // Grouped by the primary key, so every column of the assessment may be selected (PostgreSQL too).
  const rows = await query.groupBy('assessments.id').orderBy('assessments.created_at').orderBy('assessments.id').execute();
  return rows.map(({ answer_pairs, ...row }) => ({ row, answers: parseAggregatedAnswers(answer_pairs) }));
}

/**
 * What the research data is, in one aggregate query: the research rows per form (each
 * research-consenting person's latest completed assessment of it), the latest completion, and the latest change to one of those people's rows
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
  const rows = await researchAssessments(db)
    .select((eb) => [
      'assessments.is_ninety_item',
      eb.fn.countAll().as('n'),
      eb.fn.max('assessments.completed_at').as('last_completed_at'),
      eb.fn.max('users.updated_at').as('last_user_update'),
    ])
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

/**
 * The research data's rows: of each research-consenting person, the latest completed assessment
 * of each form (by start, then id). One person, one row a form, so that every `n` and every
 * threshold on it (30 for a figure, 100 for live reliability) counts people, as DESIGN §15 asks,
 * and someone who takes the assessment often weighs no more than anyone else (decision 0058).
 */
export const researchAssessments = (db: Db) =>
  db
    .selectFrom('assessments')
    .innerJoin('users', 'users.id', 'assessments.user_id')
    .where('users.research_opt_in', '=', 1)
    .where('assessments.completed_at', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('assessments as later')
            .select('later.id')
            .whereRef('later.user_id', '=', 'assessments.user_id')
            .whereRef('later.is_ninety_item', '=', 'assessments.is_ninety_item')
            .where('later.completed_at', 'is not', null)
            .where((later) =>
              later.or([
                later('later.created_at', '>', later.ref('assessments.created_at')),
                later.and([later('later.created_at', '=', later.ref('assessments.created_at')), later('later.id', '>', later.ref('assessments.id'))]),
              ]),
            ),
        ),
      ),
    );

/**
 * Research assessments read per query by `researchAnswers` on SQLite. A read holds the event
 * loop: 500 at a time kept calls arriving during a recompute of 10,000 at p50 27–32 ms and at most
 * 67–108 ms, against 47–49 and 210–227 ms for 2,000 (docs/performance.md, issue 26).
 */
export const RESEARCH_BATCH = 500;

/** Lets other requests run (SQLite's driver is synchronous, so a long read or computation would hold them all). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The item-level answers of every completed assessment of a research-consenting person. Each
 * query answers one row per assessment: its form and its answers aggregated in the database as
 * one string, `guid:answer,guid:answer,…` (SQLite `group_concat`, PostgreSQL `string_agg`),
 * parsed here; the pairs' order does not matter (each names its question). Reading the 480,000
 * item rows of 10,000 assessments as row objects took 0.8–0.9 s on SQLite; this takes about a
 * quarter of that (decision 0026).
 *
 * On SQLite, assessments are read RESEARCH_BATCH at a time, by id, and the event loop gets a turn
 * between batches: its driver is synchronous, so one read of everything would hold every other
 * request for its whole length. An assessment that arrives during the read may be missed; the
 * caller read the fingerprint before, so the change shows at its next check. PostgreSQL's driver
 * does not hold the event loop, and there one query is faster than batches (a batch's plan probes
 * the indexes per assessment): on 10,000 assessments 0.38–0.71 s against 0.47–0.97 s for batches of
 * 2,000 and 0.46–1.10 s for the item rows. So it reads everything at once unless `batchSize` is given.
 */
export async function researchAnswers(db: Db, batchSize?: number): Promise<ResearchAnswers[]> {
  const out: ResearchAnswers[] = [];
  for await (const rows of researchBatches(db, batchSize, false)) {
    for (const row of rows) out.push({ isNinetyItem: Number(row.is_ninety_item) === 1, answers: parseAggregatedAnswers(row.answers) });
  }
  return out;
}

/**
 * The research rows for the norms (DESIGN §4; decision 0060), a batch at a time, as the database
 * answers them: the same rows as `researchAnswers` (each person's latest completed assessment of
 * each form, decision 0058), read the same way (one query on PostgreSQL, RESEARCH_BATCH at a time
 * on SQLite), each with its `life_data` row folded into the same query: no query per assessment.
 * Left unparsed: the norms scorer (norms/norm-rows.ts) parses and scores them in a worker.
 */
export function researchNormBatches(db: Db, batchSize?: number): AsyncGenerator<ResearchNormRow[]> {
  return researchBatches(db, batchSize, true);
}

/** One research row as read for the norms: its form, its answers aggregated (`guid:answer,…`) and the life situations saved with it (null: none). */
export interface ResearchNormRow {
  readonly id: string;
  readonly is_ninety_item: number | string | null;
  readonly answers: string | null;
  readonly relationship_status?: string | null;
  readonly parenting_status?: string | null;
  readonly employment_status?: string | null;
  readonly age?: number | string | null;
  readonly gender?: string | null;
  readonly income?: string | null;
  readonly stressful_events?: string | null;
}

/** The research rows, aggregated per assessment, a batch at a time (see `researchAnswers`); with their life data when asked. */
async function* researchBatches(db: Db, batchSize: number | undefined, withLifeData: boolean): AsyncGenerator<ResearchNormRow[]> {
  const batch = batchSize ?? (onPostgres(db) ? Number.POSITIVE_INFINITY : RESEARCH_BATCH);
  let after: string | null = null;
  for (;;) {
    let query = researchAssessments(db)
      .innerJoin('responses', 'responses.assessment_id', 'assessments.id')
      // Grouped by the key alone (the form as an aggregate): SQLite walks assessments in key order, with no sort.
      .select((eb) => ['assessments.id', eb.fn.max('assessments.is_ninety_item').as('is_ninety_item'), aggregatedAnswers(db).as('answers')])
      .groupBy('assessments.id')
      .orderBy('assessments.id');
    if (withLifeData) {
      // At most one life_data row per assessment (its key): max() only carries it through the grouping.
      query = query
        .leftJoin('life_data', 'life_data.assessment_id', 'assessments.id')
        .select((eb) => [
          eb.fn.max('life_data.relationship_status').as('relationship_status'),
          eb.fn.max('life_data.parenting_status').as('parenting_status'),
          eb.fn.max('life_data.employment_status').as('employment_status'),
          eb.fn.max('life_data.age').as('age'),
          eb.fn.max('life_data.gender').as('gender'),
          eb.fn.max('life_data.income').as('income'),
          eb.fn.max('life_data.stressful_events').as('stressful_events'),
        ]) as unknown as typeof query;
    }
    if (Number.isFinite(batch)) query = query.limit(batch);
    if (after !== null) query = query.where('assessments.id', '>', after);
    const rows = (await query.execute()) as ResearchNormRow[];
    yield rows;
    if (rows.length < batch) return;
    after = rows.at(-1)!.id;
    await yieldToEventLoop();
  }
}
