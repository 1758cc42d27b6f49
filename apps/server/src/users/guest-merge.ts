import { inTransaction } from '../db/accelerator';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { isoNow } from '../lib/time';

/**
 * Moves a guest's work into the account it signed in to (DESIGN.md §6), exactly once.
 *
 * The guest row is claimed first with `UPDATE … WHERE merged_into IS NULL`: of two
 * concurrent sign-ins from two tabs, only one claim can match (PostgreSQL re-checks the
 * condition after waiting for the other transaction's row lock; SQLite runs one writer
 * at a time), and the loser moves nothing. Everything happens in one transaction, so
 * a failure halfway leaves the guest untouched.
 *
 * Research choice: a member with no assessments and no research choice of their own takes the
 * guest's answer (and its consent records, whose giver and withdrawer become the member) along
 * with the guest's assessments — it is the same person's only answer. A member with history
 * keeps their own choice; the guest's consent records then stay on the guest row (linked by
 * merged_into) so the consent log is never rewritten, and never disagrees with the flag.
 */
export async function mergeGuestIntoMember(db: Db, guestId: string, memberId: string): Promise<{ merged: boolean; assessmentsMoved: number }> {
  if (guestId === memberId) return { merged: false, assessmentsMoved: 0 };
  return inTransaction(db, async (trx) => {
    const now = isoNow();
    const claim = await trx
      .updateTable('users')
      .set({ merged_into: memberId, updated_at: now })
      .where('id', '=', guestId)
      .where('is_guest', '=', 1)
      .where('merged_into', 'is', null)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return { merged: false, assessmentsMoved: 0 };

    // History: assessments of their own, or a research choice of their own (which may come
    // without an assessment); either way the member's choice, and its log, stay theirs.
    const memberHasHistory =
      (await trx.selectFrom('assessments').select('id').where('user_id', '=', memberId).limit(1).executeTakeFirst()) ??
      (await trx.selectFrom('consents').select('id').where('user_id', '=', memberId).where('kind', '=', 'research').limit(1).executeTakeFirst());
    const moved = await trx.updateTable('assessments').set({ user_id: memberId }).where('user_id', '=', guestId).executeTakeFirst();
    await trx.updateTable('purchases').set({ user_id: memberId }).where('user_id', '=', guestId).execute();
    const guest = trx.selectFrom('users as g').where('g.id', '=', guestId);
    if (!memberHasHistory) {
      await trx.updateTable('consents').set({ user_id: memberId }).where('user_id', '=', guestId).execute();
      // The guest who gave or withdrew a permission is this member: their log says "by you", not a stranger.
      await trx.updateTable('consents').set({ granted_by: memberId }).where('user_id', '=', memberId).where('granted_by', '=', guestId).execute();
      await trx.updateTable('consents').set({ revoked_by: memberId }).where('user_id', '=', memberId).where('revoked_by', '=', guestId).execute();
      await trx
        .updateTable('users')
        .set({ research_opt_in: guest.select('g.research_opt_in'), updated_at: now })
        .where('id', '=', memberId)
        .execute();
    }
    // Keep where the person first came from, unless the account already knows.
    await trx
      .updateTable('users')
      .set({ referrer: sql<string | null>`coalesce(nullif(users.referrer, ''), (${guest.select('g.referrer')}))`, updated_at: now })
      .where('id', '=', memberId)
      .execute();
    // The guest can never be used again: its sessions end with the merge.
    await trx.deleteFrom('sessions').where('user_id', '=', guestId).execute();
    return { merged: true, assessmentsMoved: Number(moved.numUpdatedRows) };
  });
}
