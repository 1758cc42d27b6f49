/**
 * Coaches an admin has vetted (migration 0004). Coaching includes a client's Professional plan
 * only through a vetted coach, so that opening a coach account (open sign-up) is no way around
 * paying. Under COACH_SIGNUP=approval the admin's approval vets the coach at the same time.
 */
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

/** Whether an admin has vetted the coach, so that their releases include clients' plans. */
export async function isVettedCoach(db: Db, coachId: string): Promise<boolean> {
  return (await db.selectFrom('coach_vettings').select('coach_id').where('coach_id', '=', coachId).executeTakeFirst()) !== undefined;
}
