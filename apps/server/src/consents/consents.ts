import { sql } from 'kysely';
import type { Db } from '../db/database';
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
    if (condition.whileCoachIs !== undefined) {
      const person = await trx.selectFrom('users').select('coach_id').where('id', '=', userId).executeTakeFirst();
      if (person?.coach_id !== condition.whileCoachIs) return false;
    }
    await setPermission(trx, userId, kind, subjectId, granted);
    const now = isoNow();
    const actor = condition.actedBy ?? userId;
    // research and pre_grant are one switch per person; coach_access and client_access one per assessment.
    const perPerson = kind === 'research' || kind === 'pre_grant';
    let open = trx.selectFrom('consents').select(['id', 'subject_id']).where('user_id', '=', userId).where('kind', '=', kind).where('revoked_at', 'is', null);
    if (!perPerson) open = subjectId === null ? open.where('subject_id', 'is', null) : open.where('subject_id', '=', subjectId);
    const records = await open.execute();
    const keep = granted ? records.find((record) => record.subject_id === subjectId) : undefined;
    const close = records.filter((record) => record !== keep).map((record) => record.id);
    if (close.length > 0) await trx.updateTable('consents').set({ revoked_at: now, revoked_by: actor }).where('id', 'in', close).execute();
    if (granted && !keep) {
      await trx.insertInto('consents').values({ id: newId(), user_id: userId, kind, subject_id: subjectId, granted_at: now, revoked_at: null, granted_by: actor, revoked_by: null }).execute();
    }
    return true;
  });
  return recorded === true;
}

async function setPermission(trx: Trx, userId: string, kind: ConsentKind, subjectId: string | null, granted: boolean): Promise<void> {
  const value = granted ? 1 : 0;
  if (kind === 'research') {
    await trx.updateTable('users').set({ research_opt_in: value, updated_at: isoNow() }).where('id', '=', userId).execute();
  } else if (kind === 'pre_grant') {
    await trx.updateTable('users').set({ access_pre_granted: value, updated_at: isoNow() }).where('id', '=', userId).execute();
  } else if (subjectId !== null) {
    const column = kind === 'coach_access' ? 'coach_access_granted' : 'client_access_granted';
    await trx.updateTable('assessments').set({ [column]: value }).where('id', '=', subjectId).where('user_id', '=', userId).execute();
  }
}
