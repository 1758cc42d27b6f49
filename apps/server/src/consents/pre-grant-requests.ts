import type { PreGrantRequest, PreGrantStatus } from '@bloom/contracts';
import type { AssessmentRow } from '../assessments/repository';
import { createAssessment } from '../assessments/repository';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import { newId } from '../lib/crypto';
import { isoNow } from '../lib/time';
import { withUserLock, type Trx } from '../privacy/user-lock';
import type { UserRow } from '../users/index';

/**
 * Consent stays with the client (decision 0020). A coach's "Grant all?" asks; only the client
 * switches the pre-grant on, by confirming on their dashboard. Every change runs under the
 * client's row lock (privacy/user-lock.ts) and only while the coach is still theirs, like the
 * other grants (consents.ts), so a request can never outlive the relationship it was made in
 * (coach changes take the same lock and drop it: coaching/relationship.ts).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The coach ticks "Grant all?": a request, unless the client has already granted it. Null when this is not (or no longer) their client. */
export async function requestPreGrant(db: Db, coachId: string, clientId: string): Promise<PreGrantStatus | null> {
  const status = await withUserLock(db, clientId, async (trx): Promise<PreGrantStatus | null> => {
    const client = await trx.selectFrom('users').select(['coach_id', 'access_pre_granted']).where('id', '=', clientId).executeTakeFirst();
    if (!client || client.coach_id !== coachId) return null;
    if (client.access_pre_granted === 1) return 'granted';
    const existing = await trx.selectFrom('pre_grant_requests').select(['coach_id', 'status']).where('client_id', '=', clientId).executeTakeFirst();
    if (existing?.coach_id === coachId && existing.status === 'requested') return 'requested';
    // Asking again after a decline is a new request, with a new id: an answer to the old one cannot answer it.
    await trx.deleteFrom('pre_grant_requests').where('client_id', '=', clientId).execute();
    await trx
      .insertInto('pre_grant_requests')
      .values({ id: newId(), client_id: clientId, coach_id: coachId, status: 'requested', requested_at: isoNow(), answered_at: null })
      .execute();
    return 'requested';
  });
  return status ?? null;
}

/**
 * The coach unticks "Grant all?": the request is withdrawn, or a pre-grant the client gave ends
 * (the coach declining what was offered; the record names the coach). Assessments already shared
 * stay shared: each has its own record, which only the client withdraws.
 */
export async function withdrawPreGrantAsCoach(db: Db, coachId: string, clientId: string): Promise<PreGrantStatus | null> {
  const status = await withUserLock(db, clientId, async (trx): Promise<PreGrantStatus | null> => {
    const client = await trx.selectFrom('users').select(['coach_id', 'access_pre_granted']).where('id', '=', clientId).executeTakeFirst();
    if (!client || client.coach_id !== coachId) return null;
    await trx.deleteFrom('pre_grant_requests').where('client_id', '=', clientId).execute();
    if (client.access_pre_granted === 1) await endPreGrant(trx, clientId, coachId);
    return 'none';
  });
  return status ?? null;
}

/** The client's open request from their current coach, if any. */
export async function pendingPreGrantRequest(db: Db, user: Pick<UserRow, 'id' | 'coach_id'>): Promise<PreGrantRequest | null> {
  if (!user.coach_id) return null;
  const row = await db
    .selectFrom('pre_grant_requests')
    .innerJoin('users as coach', 'coach.id', 'pre_grant_requests.coach_id')
    .select(['pre_grant_requests.id', 'pre_grant_requests.requested_at', 'coach.id as coach_id', 'coach.first_name', 'coach.last_name'])
    .where('pre_grant_requests.client_id', '=', user.id)
    .where('pre_grant_requests.coach_id', '=', user.coach_id)
    .where('pre_grant_requests.status', '=', 'requested')
    .executeTakeFirst();
  return row ? { id: row.id, requestedAt: row.requested_at, coach: { id: row.coach_id, firstName: row.first_name, lastName: row.last_name } } : null;
}

/**
 * The client answers their coach's request. Confirming switches the pre-grant on and opens its
 * consent record, naming the client; declining keeps the request as "declined" so the coach
 * sees the answer. A request that is not the caller's, already answered, or from a coach who
 * is no longer theirs is 404, like any id that is not the caller's.
 */
export async function answerPreGrantRequest(db: Db, clientId: string, requestId: string, confirm: boolean): Promise<boolean> {
  if (!UUID.test(requestId)) throw notFound('Request not found.');
  const answered = await withUserLock(db, clientId, async (trx) => {
    const client = await trx.selectFrom('users').select('coach_id').where('id', '=', clientId).executeTakeFirst();
    const request = await trx
      .selectFrom('pre_grant_requests')
      .select(['coach_id', 'status'])
      .where('id', '=', requestId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!client || !request || request.status !== 'requested' || request.coach_id !== client.coach_id) return false;
    const now = isoNow();
    if (!confirm) {
      await trx.updateTable('pre_grant_requests').set({ status: 'declined', answered_at: now }).where('id', '=', requestId).execute();
      return true;
    }
    await trx.deleteFrom('pre_grant_requests').where('id', '=', requestId).execute();
    await trx.updateTable('users').set({ access_pre_granted: 1, updated_at: now }).where('id', '=', clientId).execute();
    // One open pre_grant record per person: close any stray one before opening the client's own.
    await trx.updateTable('consents').set({ revoked_at: now, revoked_by: clientId }).where('user_id', '=', clientId).where('kind', '=', 'pre_grant').where('revoked_at', 'is', null).execute();
    await trx
      .insertInto('consents')
      .values({ id: newId(), user_id: clientId, kind: 'pre_grant', subject_id: request.coach_id, granted_at: now, revoked_at: null, granted_by: clientId, revoked_by: null })
      .execute();
    return true;
  });
  if (answered !== true) throw notFound('Request not found.');
  return confirm;
}

/** Ends a standing pre-grant: the flag goes off and its open record closes, naming who acted. */
export async function endPreGrant(trx: Trx, clientId: string, actedBy: string, now = isoNow()): Promise<void> {
  await trx.updateTable('users').set({ access_pre_granted: 0, updated_at: now }).where('id', '=', clientId).execute();
  await trx.updateTable('consents').set({ revoked_at: now, revoked_by: actedBy }).where('user_id', '=', clientId).where('kind', '=', 'pre_grant').where('revoked_at', 'is', null).execute();
}

/** Stops sharing every assessment of the client with their coach, closing each one's record (naming who acted). */
export async function stopSharingAssessments(trx: Trx, clientId: string, actedBy: string, now = isoNow()): Promise<void> {
  await trx.updateTable('assessments').set({ coach_access_granted: 0 }).where('user_id', '=', clientId).where('coach_access_granted', '=', 1).execute();
  await trx.updateTable('consents').set({ revoked_at: now, revoked_by: actedBy }).where('user_id', '=', clientId).where('kind', '=', 'coach_access').where('revoked_at', 'is', null).execute();
}

/**
 * CreateNewAssessment: under a standing pre-grant the new assessment starts shared with the
 * coach, and that sharing gets its own open coach_access record (given by the client, through
 * their pre-grant), so it shows in their consent log and can be withdrawn by itself. The flag is
 * read again under the lock: a pre-grant withdrawn a moment ago does not share the assessment.
 * A Professional assessment created while the person has no coach (a guest never has one) is
 * their own, open to them from creation; one created under a coach waits for the coach's release
 * (decision 0086). Both paths read the coach as the row is written.
 */
export async function createAssessmentFor(db: Db, user: Pick<UserRow, 'id' | 'access_pre_granted'>, isNinetyItem: boolean): Promise<AssessmentRow> {
  // Most people have no pre-grant: keep their path the prepared single insert.
  if (user.access_pre_granted !== 1) {
    const row = await createAssessment(db, user.id, isNinetyItem, false);
    if (!row) throw notFound('Account not found.');
    return row;
  }
  const created = await withUserLock(db, user.id, async (trx) => {
    const current = await trx.selectFrom('users').select(['access_pre_granted', 'coach_id']).where('id', '=', user.id).executeTakeFirst();
    const shared = current?.access_pre_granted === 1 && current.coach_id !== null;
    const row: AssessmentRow = {
      id: newId(),
      user_id: user.id,
      is_ninety_item: isNinetyItem ? 1 : 0,
      coach_access_granted: shared ? 1 : 0,
      // The person's own when no coach is theirs now (decision 0086).
      client_access_granted: isNinetyItem && current !== undefined && current.coach_id === null ? 1 : 0,
      created_at: isoNow(),
      completed_at: null,
    };
    await trx.insertInto('assessments').values(row).execute();
    if (shared) {
      await trx
        .insertInto('consents')
        .values({ id: newId(), user_id: user.id, kind: 'coach_access', subject_id: row.id, granted_at: row.created_at, revoked_at: null, granted_by: user.id, revoked_by: null, coach_id: current.coach_id })
        .execute();
    }
    return row;
  });
  if (!created) throw notFound('Account not found.');
  return created;
}

/** Coach-side status of each client: "granted" once confirmed, else the open or declined request, else "none". */
export function preGrantStatusOf(accessPreGranted: number, requestStatus: string | null): PreGrantStatus {
  if (accessPreGranted === 1) return 'granted';
  if (requestStatus === 'requested' || requestStatus === 'declined') return requestStatus;
  return 'none';
}
