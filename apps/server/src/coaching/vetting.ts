/**
 * Coaches an admin has vetted (migration 0004). Coaching includes a client's Professional plan
 * only through a vetted coach, so that opening a coach account (open sign-up) is no way around
 * paying. Under COACH_SIGNUP=approval the admin's approval vets the coach at the same time, and
 * revoking it takes back both (decision 0019, amended).
 */
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { isoNow } from '../lib/time';

/** Vets a coach (again: the first vetting is kept). */
export async function vetCoach(db: Db, coachId: string, adminId: string): Promise<void> {
  await db
    .insertInto('coach_vettings')
    .values({ coach_id: coachId, vetted_at: isoNow(), vetted_by: adminId })
    .onConflict((conflict) => conflict.column('coach_id').doNothing())
    .execute();
}

export async function unvetCoach(db: Db, coachId: string): Promise<void> {
  await db.deleteFrom('coach_vettings').where('coach_id', '=', coachId).execute();
}

/**
 * An admin's "Revoke approval" (decision 0019, amended). The vetting always goes, so the coach's
 * releases stop including clients' plans. Under COACH_SIGNUP=approval the admin's approval is
 * also what lets them coach at all, so an approved coach goes back to waiting for it (`pending`):
 * every coach call answers 403, what clients shared is unreadable to them (404), and they are
 * no longer listed to clients or joinable; their clients, groups and grants stay as they are
 * and come back with a new approval. Under open sign-up anyone may coach, so the coaching stays.
 * Run in the call's transaction.
 */
export async function revokeApproval(db: Db, config: Pick<AppConfig, 'coachSignup'>, coachId: string): Promise<void> {
  await unvetCoach(db, coachId);
  if (config.coachSignup !== 'approval') return;
  await db
    .updateTable('users')
    .set({ coach_status: 'pending', updated_at: isoNow() })
    .where('id', '=', coachId)
    .where('coach_status', '=', 'approved')
    .execute();
}

/** Whether an admin has vetted the coach, so that their releases include clients' plans. */
export async function isVettedCoach(db: Db, coachId: string): Promise<boolean> {
  return (await db.selectFrom('coach_vettings').select('coach_id').where('coach_id', '=', coachId).executeTakeFirst()) !== undefined;
}
