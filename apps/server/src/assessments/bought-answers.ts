import type { LifeData, SavedResponse } from '@bloom/contracts';
import { sql } from 'kysely';
import { runQuery, runStatement } from '../db/accelerator';
import type { Db } from '../db/handle';
import { AppError } from '../http/errors';
import { isoNow } from '../lib/time';
import type { AppConfig } from '../config';
import { honoursOnlyLivePurchases, isLivePurchaseSql } from '../payments/live-mode';
import type { PurchaseStatus } from '../payments/purchases';
import { lastAnswerPerQuestion, type LatestAnswersSave } from './repository';

/**
 * An assessment whose Positivity Plan was bought keeps the answers and life situations the plan
 * was made from (decision 0074). The plan is built from the assessment's answers whenever it is
 * read, so answers changed after the purchase would make a new plan for every set of answers on
 * one payment. A retake is a new assessment, which takes answers as any other. Only a fulfilled
 * purchase this server honours locks (with live Stripe keys, a live one: payments/live-mode.ts):
 * a plan included by a vetted coach or free for everyone is no sale to get around, and an
 * assessment whose plan is not bought stays as open to change as before.
 */

export const ANSWERS_LOCKED = 'answers_locked';

/** 409: the assessment's plan was bought, so its answers stay as they are. */
export const answersLocked = () =>
  new AppError(
    409,
    ANSWERS_LOCKED,
    'Your Positivity Plan was made from these answers, so they stay as they are and nothing was changed. To answer again, retake the assessment from your dashboard.',
  );

const FULFILLED: PurchaseStatus = 'fulfilled';

/**
 * Which purchases count (payments/live-mode.ts, decision 0006 amended): on a server with live
 * Stripe keys only a live one, so a plan "bought" in the test store or in Stripe's test mode is
 * neither unlocked nor keeps its answers there; elsewhere every fulfilled purchase. Each query
 * below is built once per rule (db/accelerator.ts builds a query's SQL once per function).
 */
type PaymentsConfig = Pick<AppConfig, 'stripe'>;
const honouredOnly = (liveOnly: boolean) => (liveOnly ? sql` and ${isLivePurchaseSql}` : sql``);

/** A fulfilled purchase of the assessment, if any (purchases_assessment_id_idx). */
const fulfilledPurchaseOf = (db: Db, assessmentId: string) =>
  db.selectFrom('purchases').select('id').where('assessment_id', '=', assessmentId).where('status', '=', FULFILLED).limit(sql.lit(1));
/** The same, live purchases only. */
const liveFulfilledPurchaseOf = (db: Db, assessmentId: string) =>
  db.selectFrom('purchases').select('id').where('assessment_id', '=', assessmentId).where('status', '=', FULFILLED).where(isLivePurchaseSql).limit(sql.lit(1));

/** Whether the assessment's plan was bought (a purchase this server honours): one query. */
export async function planWasBought(db: Db, config: PaymentsConfig, assessmentId: string): Promise<boolean> {
  return (await runQuery(db, honoursOnlyLivePurchases(config) ? liveFulfilledPurchaseOf : fulfilledPurchaseOf, assessmentId)).length > 0;
}

/**
 * PostgreSQL: `bloom_save_latest_answers` (migrations 0012, 0014) behind the purchase check, in
 * the same statement, so an answer save stays one round trip. When the person's latest assessment
 * is of the page's track and has a fulfilled purchase (one this server honours) the function is not called (a CASE evaluates
 * only the branch it takes) and nothing is stored: `answers_locked`. A page of the other track
 * still gets the function's `other_track` (a 400, as on SQLite, where the track is checked first).
 * The check reads the latest assessment without the function's row lock: a purchase fulfilled at
 * the very moment of a save may let that one save through, as if it had come just before; every
 * later save is refused.
 */
export async function saveLatestAnswersUnlessBought(
  db: Db,
  config: PaymentsConfig,
  userId: string,
  isNinetyItem: boolean,
  responses: readonly SavedResponse[],
  needed: number,
): Promise<LatestAnswersSave | 'answers_locked'> {
  const page = lastAnswerPerQuestion(responses);
  const track = isNinetyItem ? 1 : 0;
  const save = sql<{ outcome: LatestAnswersSave | 'answers_locked' }>`
    select case
      when exists (
        select 1 from (
          select id, is_ninety_item from assessments where user_id = ${userId} order by created_at desc, id desc limit 1
        ) as latest
        join purchases on purchases.assessment_id = latest.id
        where latest.is_ninety_item = ${track} and purchases.status = ${FULFILLED}${honouredOnly(honoursOnlyLivePurchases(config))}
      ) then ${ANSWERS_LOCKED}
      else bloom_save_latest_answers(${userId}, ${track}, ${page.map((r) => r.questionGuid)}::text[], ${page.map((r) => r.response)}::integer[], ${page.map((r) => r.order)}::integer[], ${isoNow()}, ${needed})
    end as outcome`;
  const rows = await runStatement(db, save.compile(db));
  return rows[0]?.outcome ?? 'none';
}

/**
 * The assessment's life situations stored (inserted, or the stored ones replaced) unless its plan
 * was bought: one statement on both databases, the check inside it. The proposed row is a derived
 * table, so each argument is bound once (db/accelerator.ts `Query`), and its values are cast, so
 * PostgreSQL knows their types there. Answers the assessment id when stored, nothing when refused.
 */
const upsertLifeDataUnlessBoughtWhere = (liveOnly: boolean) => (
  db: Db,
  assessmentId: string,
  relationshipStatus: string,
  parentingStatus: string,
  employmentStatus: string,
  age: number,
  gender: string,
  income: string,
  stressfulEvents: string,
  updatedAt: string,
) =>
  db
    .insertInto('life_data')
    .columns(['assessment_id', 'relationship_status', 'parenting_status', 'employment_status', 'age', 'gender', 'income', 'stressful_events', 'updated_at'])
    .expression(
      db
        .selectFrom(
          db
            .selectNoFrom([
              sql<string>`cast(${assessmentId} as text)`.as('assessment_id'),
              sql<string>`cast(${relationshipStatus} as text)`.as('relationship_status'),
              sql<string>`cast(${parentingStatus} as text)`.as('parenting_status'),
              sql<string>`cast(${employmentStatus} as text)`.as('employment_status'),
              sql<number>`cast(${age} as integer)`.as('age'),
              sql<string>`cast(${gender} as text)`.as('gender'),
              sql<string>`cast(${income} as text)`.as('income'),
              sql<string>`cast(${stressfulEvents} as text)`.as('stressful_events'),
              sql<string>`cast(${updatedAt} as text)`.as('updated_at'),
            ])
            .as('proposed'),
        )
        .selectAll('proposed')
        // A WHERE also tells SQLite that ON CONFLICT below belongs to the INSERT, not to a join.
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('purchases')
                .select(sql.lit(1).as('one'))
                .whereRef('purchases.assessment_id', '=', 'proposed.assessment_id')
                .where('purchases.status', '=', FULFILLED)
                .$if(liveOnly, (query) => query.where(isLivePurchaseSql)),
            ),
          ),
        ),
    )
    .onConflict((oc) =>
      oc.column('assessment_id').doUpdateSet((eb) => ({
        relationship_status: eb.ref('excluded.relationship_status'),
        parenting_status: eb.ref('excluded.parenting_status'),
        employment_status: eb.ref('excluded.employment_status'),
        age: eb.ref('excluded.age'),
        gender: eb.ref('excluded.gender'),
        income: eb.ref('excluded.income'),
        stressful_events: eb.ref('excluded.stressful_events'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning('assessment_id');
const upsertLifeDataUnlessBought = upsertLifeDataUnlessBoughtWhere(false);
const upsertLifeDataUnlessBoughtLive = upsertLifeDataUnlessBoughtWhere(true);

/** False, with nothing stored, when the assessment's plan was bought. */
export async function saveLifeDataUnlessBought(db: Db, config: PaymentsConfig, assessmentId: string, lifeData: LifeData): Promise<boolean> {
  const { relationshipStatus, parentingStatus, employmentStatus, age, gender, income, stressfulEvents } = lifeData;
  const stored = await runQuery(
    db,
    honoursOnlyLivePurchases(config) ? upsertLifeDataUnlessBoughtLive : upsertLifeDataUnlessBought,
    assessmentId,
    relationshipStatus,
    parentingStatus,
    employmentStatus,
    age,
    gender,
    income,
    stressfulEvents,
    isoNow(),
  );
  return stored.length > 0;
}
