import { revokeConsentSchema, type ConsentActor, type ConsentKind, type ConsentRecord, type RevokeConsentRequest } from '@bloom/contracts';
import type { Db } from '../db/database';
import type { ConsentsTable } from '../db/schema';
import { endPreGrant, stopSharingAssessments } from '../consents/pre-grant-requests';
import { AppError, notFound } from '../http/errors';
import { isoNow } from '../lib/time';
import type { UserRow } from '../users/index';
import { chunked, withUserLock, type Trx } from './user-lock';

/**
 * The consent log as its owner sees it, and withdrawal (GDPR Art. 7(3): withdrawing is as
 * easy as giving). Each withdrawal changes the permission itself and closes its log entry
 * in one transaction under the person's row lock (user-lock.ts), so the flag and the log
 * never disagree, whatever runs beside it.
 *
 * What each kind means and how it ends:
 * - research: the person's answers may feed the norms → users.research_opt_in = 0
 * - coach_access (subject: an assessment): the coach may read that assessment → its coach_access_granted = 0
 * - pre_grant (subject: the coach): new assessments start shared with the coach → users.access_pre_granted = 0;
 *   the person chooses whether the assessments already shared stay shared (each has its own
 *   coach_access record) or all stop being shared (decision 0020)
 * - client_access (subject: an assessment): the coach released Professional results to the
 *   person; it is the coach's act, recorded for the person, and not theirs to withdraw.
 */
const REVOCABLE: ReadonlySet<string> = new Set<ConsentKind>(['research', 'coach_access', 'pre_grant']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The coach a record concerns: a pre-grant names its coach as its subject; a shared assessment
 * the coach it was shared with (null when not recorded, before migration 0015).
 */
function coachOfRecord(row: ConsentsTable): string | null {
  return row.kind === 'pre_grant' ? row.subject_id : row.kind === 'coach_access' ? row.coach_id : null;
}

export async function listConsents(db: Db, user: UserRow): Promise<ConsentRecord[]> {
  const rows = await db.selectFrom('consents').selectAll().where('user_id', '=', user.id).execute();
  rows.sort((a, b) => b.granted_at.localeCompare(a.granted_at) || b.id.localeCompare(a.id));
  const coachIds = new Set(rows.map(coachOfRecord).filter((id): id is string => id !== null));
  // Whoever acted, when it was not the person: their coach, or a former one.
  for (const row of rows) {
    for (const actor of [row.granted_by, row.revoked_by]) if (actor && actor !== user.id) coachIds.add(actor);
  }
  // The assessments the records name, found by a subquery rather than one parameter per record:
  // a long log (each grant after a withdrawal opens a record) once exceeded SQLite's 32,766
  // variables (500) and PostgreSQL's 65,535 (503). The coaches are few, and asked for in slices.
  const assessments = rows.some((row) => row.kind === 'coach_access' || row.kind === 'client_access')
    ? await db
        .selectFrom('assessments')
        .select(['id', 'created_at', 'is_ninety_item'])
        .where('user_id', '=', user.id)
        .where('id', 'in', (sub) => sub.selectFrom('consents').select('subject_id').where('user_id', '=', user.id).where('kind', 'in', ['coach_access', 'client_access']))
        .execute()
    : [];
  const coaches = [];
  for (const slice of chunked([...coachIds])) coaches.push(...(await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', slice).execute()));
  const assessmentById = new Map(assessments.map((row) => [row.id, row]));
  const coachById = new Map(coaches.map((row) => [row.id, row]));
  const actor = (id: string | null): ConsentActor | null => {
    if (!id) return null;
    if (id === user.id) return { id, firstName: user.first_name, lastName: user.last_name, isYou: true };
    const person = coachById.get(id);
    return person ? { id, firstName: person.first_name, lastName: person.last_name, isYou: false } : null;
  };
  return rows.map((row) => {
    const assessment = row.subject_id ? assessmentById.get(row.subject_id) : undefined;
    const coachId = coachOfRecord(row);
    const coach = coachId ? coachById.get(coachId) : undefined;
    return {
      id: row.id,
      kind: row.kind as ConsentKind,
      grantedAt: row.granted_at,
      revokedAt: row.revoked_at,
      assessment: assessment ? { id: assessment.id, date: assessment.created_at, isNinetyItem: assessment.is_ninety_item === 1 } : null,
      coach: coach ? { id: coach.id, firstName: coach.first_name, lastName: coach.last_name } : null,
      revocable: row.revoked_at === null && REVOCABLE.has(row.kind),
      grantedBy: actor(row.granted_by),
      revokedBy: actor(row.revoked_by),
    };
  });
}

/**
 * Withdraws one of the caller's consents. Someone else's (or an unknown id) is 404; an already
 * withdrawn one is left as it is. A pre-grant needs the body `{pastAssessments: 'keep' | 'stop'}`.
 */
export async function revokeConsent(db: Db, user: UserRow, consentId: string, body: unknown = undefined): Promise<ConsentRecord> {
  if (!UUID.test(consentId)) throw notFound('Consent not found.');
  const choice = body === undefined || body === null ? undefined : revokeConsentSchema.safeParse(body);
  if (choice && !choice.success) throw new AppError(400, 'invalid_choice', 'Send {"pastAssessments":"keep"} or {"pastAssessments":"stop"}, or no body.');
  const pastAssessments = choice?.data?.pastAssessments;
  const found = await withUserLock(db, user.id, async (trx) => {
    const row = await trx.selectFrom('consents').selectAll().where('id', '=', consentId).where('user_id', '=', user.id).executeTakeFirst();
    if (!row) return null;
    if (row.revoked_at !== null) return row;
    if (!REVOCABLE.has(row.kind)) throw new AppError(400, 'not_revocable', 'This record is your coach’s release of results to you; there is nothing for you to withdraw.');
    if (row.kind === 'pre_grant' && !pastAssessments) {
      throw new AppError(400, 'choice_required', 'Choose whether the assessments you have already shared stay shared: send {"pastAssessments":"keep"} or {"pastAssessments":"stop"}.');
    }
    await endPermission(trx, user.id, row, pastAssessments);
    return row;
  });
  if (!found) throw notFound('Consent not found.');
  const record = (await listConsents(db, user)).find((entry) => entry.id === consentId);
  if (!record) throw notFound('Consent not found.');
  return record;
}

/** Ends coach access to one of the caller's assessments (the opposite of SetCoachAccessGranted). False when the person is gone. */
export async function revokeCoachAccessTo(db: Db, userId: string, assessmentId: string): Promise<boolean> {
  const done = await withUserLock(db, userId, async (trx) => {
    await endPermission(trx, userId, { kind: 'coach_access', subject_id: assessmentId });
    return true;
  });
  return done === true;
}

/**
 * Turns the permission off and closes every open log entry for it (there should be one; closing
 * all heals duplicates), naming the person as the one who withdrew it.
 */
async function endPermission(trx: Trx, userId: string, consent: Pick<ConsentsTable, 'kind' | 'subject_id'>, pastAssessments?: RevokeConsentRequest['pastAssessments']): Promise<void> {
  const now = isoNow();
  if (consent.kind === 'research') {
    await trx.updateTable('users').set({ research_opt_in: 0 }).where('id', '=', userId).execute();
    await closeOpen(trx, userId, 'research', null, now);
  } else if (consent.kind === 'pre_grant') {
    await endPreGrant(trx, userId, userId, now);
    if (pastAssessments === 'stop') await stopSharingAssessments(trx, userId, userId, now);
  } else if (consent.kind === 'coach_access' && consent.subject_id) {
    await trx
      .updateTable('assessments')
      .set({ coach_access_granted: 0 })
      .where('id', '=', consent.subject_id)
      .where('user_id', '=', userId)
      .execute();
    await closeOpen(trx, userId, 'coach_access', consent.subject_id, now);
  }
}

/** subjectId: a value to match, null for "no subject", undefined for any subject. */
async function closeOpen(trx: Trx, userId: string, kind: ConsentKind, subjectId: string | null | undefined, now: string): Promise<void> {
  let query = trx.updateTable('consents').set({ revoked_at: now, revoked_by: userId }).where('user_id', '=', userId).where('kind', '=', kind).where('revoked_at', 'is', null);
  if (subjectId === null) query = query.where('subject_id', 'is', null);
  else if (subjectId !== undefined) query = query.where('subject_id', '=', subjectId);
  await query.execute();
}
