import { sql } from 'kysely';
import type { Db } from '../db/database';
import { runQuery } from '../db/accelerator';
import { onPostgres } from '../db/dialect';
import { newId } from '../lib/crypto';
import { isoNow } from '../lib/time';
import { withUserLock, type Trx } from '../privacy/user-lock';

export type ConsentKind = 'research' | 'coach_access' | 'client_access' | 'pre_grant';

/**
 * Consents are an append-and-revoke log: granting opens a record, revoking closes
 * the open one. The history shows who agreed to what, and when (GDPR Art. 7).
 *
 * The permission itself (the flag the rest of Bloom reads) is set here too, in the same
 * transaction and under the person's row lock (privacy/user-lock.ts). Callers may also set
 * the flag beforehand; what counts is that the last of any number of concurrent grants and
 * withdrawals writes both the flag and the log, so the two always agree: a flag that is on
 * has exactly one open record, a flag that is off has none (security-concurrency.test.ts).
 */
export interface ConsentCondition {
  /**
   * Only record the change while this is still the person's coach, checked under their row
   * lock. A grant meant for one coach must not land after the client switched to another:
   * coach changes take the same lock (coaching/relationship.ts `moveClient`).
   */
  whileCoachIs?: string;
  /** Who acts, named in the record (granted_by or revoked_by); the person themselves unless given. */
  actedBy?: string;
}

/**
 * The research opt-in (the journey's SaveResearchOptIn): on PostgreSQL one call of migration
 * 0009's `bloom_set_research_consent`, which keeps the same rule under the same row lock as
 * `recordConsent` in one round trip instead of six (decision 0035); on SQLite, `recordConsent`.
 * False when the person is gone.
 */
export async function recordResearchConsent(db: Db, userId: string, granted: boolean): Promise<boolean> {
  if (!onPostgres(db)) return recordConsent(db, userId, 'research', null, granted);
  const { rows } = await sql<{ recorded: boolean }>`select bloom_set_research_consent(${userId}, ${granted}, ${isoNow()}, ${newId()}) as recorded`.execute(db);
  return rows[0]?.recorded === true;
}

/** Returns false, changing nothing, when the condition no longer holds (or the person is gone). */
export async function recordConsent(
  db: Db,
  userId: string,
  kind: ConsentKind,
  subjectId: string | null,
  granted: boolean,
  condition: ConsentCondition = {},
): Promise<boolean> {
  const recorded = await withUserLock(db, userId, async (trx) => {
    // Sharing an assessment names the coach it goes to (the consent log shows them, decision 0056).
    let coachId: string | null = null;
    if (condition.whileCoachIs !== undefined || kind === 'coach_access') {
      const [person] = await runQuery(trx, coachOf, userId);
      if (condition.whileCoachIs !== undefined && person?.coach_id !== condition.whileCoachIs) return false;
      if (kind === 'coach_access') coachId = person?.coach_id ?? null;
    }
    await setPermission(trx, userId, kind, subjectId, granted);
    const now = isoNow();
    const actor = condition.actedBy ?? userId;
    // research and pre_grant are one switch per person; coach_access and client_access one per assessment.
    const perPerson = kind === 'research' || kind === 'pre_grant';
    const records = perPerson
      ? await runQuery(trx, openRecords, userId, kind)
      : subjectId === null
        ? await runQuery(trx, openRecordsWithoutSubject, userId, kind)
        : await runQuery(trx, openRecordsOf, userId, kind, subjectId);
    // A coach's release of results is that coach's act: released again by another coach (the
    // client changed coach), the record names the new one (reports/access.ts reads it).
    const keep = granted ? records.find((record) => record.subject_id === subjectId && (kind !== 'client_access' || record.granted_by === actor)) : undefined;
    // Usually none or one: a flag that is on has exactly one open record.
    for (const record of records) if (record !== keep) await runQuery(trx, closeRecord, now, actor, record.id);
    if (granted && !keep) await runQuery(trx, openRecord, newId(), userId, kind, subjectId, now, actor, coachId);
    return true;
  });
  return recorded === true;
}

async function setPermission(trx: Trx, userId: string, kind: ConsentKind, subjectId: string | null, granted: boolean): Promise<void> {
  const value = granted ? 1 : 0;
  if (kind === 'research') await runQuery(trx, setResearchOptIn, value, isoNow(), userId);
  else if (kind === 'pre_grant') await runQuery(trx, setAccessPreGranted, value, isoNow(), userId);
  else if (subjectId !== null) await runQuery(trx, kind === 'coach_access' ? setCoachAccess : setClientAccess, value, subjectId, userId);
}

/*
 * The queries, declared once so that SQLite builds each statement once (db/accelerator.ts); the
 * journey's research opt-in runs five of them on SQLite.
 */
const coachOf = (db: Db, userId: string) => db.selectFrom('users').select('coach_id').where('id', '=', userId);
const setResearchOptIn = (db: Db, value: number, updatedAt: string, userId: string) =>
  db.updateTable('users').set({ research_opt_in: value, updated_at: updatedAt }).where('id', '=', userId);
const setAccessPreGranted = (db: Db, value: number, updatedAt: string, userId: string) =>
  db.updateTable('users').set({ access_pre_granted: value, updated_at: updatedAt }).where('id', '=', userId);
const setCoachAccess = (db: Db, value: number, assessmentId: string, userId: string) =>
  db.updateTable('assessments').set({ coach_access_granted: value }).where('id', '=', assessmentId).where('user_id', '=', userId);
const setClientAccess = (db: Db, value: number, assessmentId: string, userId: string) =>
  db.updateTable('assessments').set({ client_access_granted: value }).where('id', '=', assessmentId).where('user_id', '=', userId);

const openRecords = (db: Db, userId: string, kind: string) =>
  db.selectFrom('consents').select(['id', 'subject_id', 'granted_by']).where('user_id', '=', userId).where('kind', '=', kind as ConsentKind).where('revoked_at', 'is', null);
const openRecordsWithoutSubject = (db: Db, userId: string, kind: string) => openRecords(db, userId, kind).where('subject_id', 'is', null);
const openRecordsOf = (db: Db, userId: string, kind: string, subjectId: string) => openRecords(db, userId, kind).where('subject_id', '=', subjectId);
const closeRecord = (db: Db, revokedAt: string, revokedBy: string, id: string) =>
  db.updateTable('consents').set({ revoked_at: revokedAt, revoked_by: revokedBy }).where('id', '=', id);
const openRecord = (db: Db, id: string, userId: string, kind: string, subjectId: string | null, grantedAt: string, grantedBy: string, coachId: string | null) =>
  db
    .insertInto('consents')
    .values({ id, user_id: userId, kind: kind as ConsentKind, subject_id: subjectId, granted_at: grantedAt, revoked_at: null, granted_by: grantedBy, revoked_by: null, coach_id: coachId });
