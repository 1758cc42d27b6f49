import { sql, type Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * A Professional assessment created while its owner has no coach is the owner's own: its results
 * are open to them from creation (`client_access_granted = 1`, assessments/repository.ts), and stay
 * so when a coach comes later (decision 0086). Before this, the flag stayed 0 and the results were
 * shown only because the person had no coach: joining one hid them (403 pending_coach_approval).
 *
 * The Professional assessments of people with no coach now are marked their own: they see those
 * results today, so nothing is revealed. Those of people with a coach now stay as they are: when
 * each was taken, before the coach or after, is not recorded. No consent record is written: no coach
 * released them, and a release (a vetted coach's `client_access` record) is what includes a plan.
 *
 * Only values change: the previous build reads and writes the rows as before (decision 0075).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update assessments set client_access_granted = 1
    where is_ninety_item = 1
      and client_access_granted = 0
      and exists (select 1 from users where users.id = assessments.user_id and users.coach_id is null)
  `.execute(db);
}
