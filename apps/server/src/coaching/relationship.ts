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
  /**
   * Only while this is still the client's coach, read under their row lock: a coach acting on
   * a client checked "my client" before taking the lock, and must not undo a switch to another
   * coach (or a release) that committed in between (decision 0065).
   */
  whileCoachIs?: string;
  /** The same coach again keeps the client's group as it is under the lock (`groupId` then applies only to a new coach). */
  keepsGroup?: boolean;
}

/**
 * Moves a client to a coach and group. When the coach changes (a new coach, or none),
 * everything granted to the previous coach ends with the relationship: the per-assessment
 * coach access, the standing pre-grant ("Grant all?"), its consent records and any open
 * pre-grant request. A new coach never inherits what the client shared with the old one.
 * A group named here must have been read FOR SHARE in the same transaction, before the
 * client's lock (organizations.ts `requireGroupOf`), so that its deletion cannot miss them.
 * Returns false, changing nothing, when the client is gone or `whileCoachIs` no longer holds.
 */
export async function placeClient(db: Executor, userId: string, placement: Placement): Promise<boolean> {
  const current = await db.selectFrom('users').select(['coach_id', 'group_id']).where('id', '=', userId).executeTakeFirst();
  if (!current) return false;
  if (placement.whileCoachIs !== undefined && current.coach_id !== placement.whileCoachIs) return false;
  const now = isoNow();
  const coachChanges = current.coach_id !== placement.coachId;
  await db
    .updateTable('users')
    .set({
      coach_id: placement.coachId,
      group_id: placement.keepsGroup && !coachChanges ? current.group_id : placement.groupId,
      updated_at: now,
      ...(coachChanges ? { access_pre_granted: 0 } : {}),
    })
    .where('id', '=', userId)
    .execute();
  if (coachChanges) await revokeCoachGrants(db, [userId], placement.actedBy, now);
  return true;
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
 * Removes these clients from a coach's list (a coach deleting their account): they keep their
 * accounts and assessments but no longer have a coach or group. The coach acts. Only those still
 * the coach's when the update reaches them lose their grants: one who switched to another coach
 * since `userIds` was read keeps what they have shared with the new one.
 */
export async function releaseClients(db: Executor, coachId: string, userIds: readonly string[]): Promise<number> {
  const now = isoNow();
  const released: string[] = [];
  for (const batch of chunks(userIds, 500)) {
    const rows = await releasing(db, coachId, now).where('id', 'in', batch).returning('id').execute();
    released.push(...rows.map((row) => row.id));
  }
  await revokeCoachGrants(db, released, coachId, now);
  return released.length;
}

/**
 * Releases the coach's clients in these groups (deleting a group or an organization, spec 02 §5),
 * as `releaseClients` does, read and released in one statement. The groups must already be
 * deleted or locked in this transaction: a placement into one then either committed before this
 * statement, which sees the client, or finds no group (organizations.ts).
 */
export async function releaseGroupMembers(db: Executor, coachId: string, groupIds: readonly string[]): Promise<number> {
  const now = isoNow();
  let released = 0;
  for (const batch of chunks(groupIds, 500)) {
    const rows = await releasing(db, coachId, now).where('group_id', 'in', batch).returning('id').execute();
    await revokeCoachGrants(db, rows.map((row) => row.id), coachId, now);
    released += rows.length;
  }
  return released;
}

const releasing = (db: Executor, coachId: string, now: string) =>
  db.updateTable('users').set({ coach_id: null, group_id: null, access_pre_granted: 0, updated_at: now }).where('coach_id', '=', coachId);

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
