import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { isoNow } from '../lib/time';
import { withUserLock } from '../privacy/user-lock';

type Executor = Kysely<Database> | Transaction<Database>;

export interface Placement {
  coachId: string | null;
  /** A group of one of that coach's organizations, or null for an independent client. */
  groupId: string | null;
  /** Who makes the move (the client, or the coach letting them go): named where it closes consents. */
  actedBy: string;
}

/**
 * Moves a client to a coach and group. When the coach changes (a new coach, or none),
 * everything granted to the previous coach ends with the relationship: the per-assessment
 * coach access, the standing pre-grant ("Grant all?"), its consent records and any open
 * pre-grant request. A new coach never inherits what the client shared with the old one.
 * Returns whether the coach changed.
 */
export async function placeClient(db: Executor, userId: string, placement: Placement): Promise<boolean> {
  const current = await db.selectFrom('users').select('coach_id').where('id', '=', userId).executeTakeFirst();
  if (!current) return false;
  const now = isoNow();
  const coachChanges = current.coach_id !== placement.coachId;
  await db
    .updateTable('users')
    .set({
      coach_id: placement.coachId,
      group_id: placement.groupId,
      updated_at: now,
      ...(coachChanges ? { access_pre_granted: 0 } : {}),
    })
    .where('id', '=', userId)
    .execute();
  if (coachChanges) await revokeCoachGrants(db, [userId], placement.actedBy, now);
  return coachChanges;
}

/**
 * `placeClient` under the client's row lock, so a coach change and a grant to the old coach
 * (consents/consents.ts `whileCoachIs`) happen one after the other, never interleaved.
 */
export async function moveClient(db: Db, userId: string, placement: Placement): Promise<boolean> {
  return (await withUserLock(db, userId, (trx) => placeClient(trx, userId, placement))) ?? false;
}

/** Ends coach access for these clients: assessment grants, pre-grants, their open consents (naming who acted) and pre-grant requests. */
export async function revokeCoachGrants(db: Executor, userIds: readonly string[], actedBy: string, now = isoNow()): Promise<void> {
  if (userIds.length === 0) return;
  for (const batch of chunks(userIds, 500)) {
    await db
      .updateTable('assessments')
      .set({ coach_access_granted: 0 })
      .where('user_id', 'in', batch)
      .where('coach_access_granted', '=', 1)
      .execute();
    await db
      .updateTable('consents')
      .set({ revoked_at: now, revoked_by: actedBy })
      .where('user_id', 'in', batch)
      .where('kind', 'in', ['coach_access', 'pre_grant'])
      .where('revoked_at', 'is', null)
      .execute();
    await db.deleteFrom('pre_grant_requests').where('client_id', 'in', batch).execute();
  }
}

/**
 * Removes these clients from a coach's list (deleting a group or organization, spec 02 §5):
 * they keep their accounts and assessments but no longer have a coach or group. The coach acts.
 */
export async function releaseClients(db: Executor, coachId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const now = isoNow();
  for (const batch of chunks(userIds, 500)) {
    await db
      .updateTable('users')
      .set({ coach_id: null, group_id: null, access_pre_granted: 0, updated_at: now })
      .where('id', 'in', batch)
      .where('coach_id', '=', coachId)
      .execute();
  }
  await revokeCoachGrants(db, userIds, coachId, now);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
