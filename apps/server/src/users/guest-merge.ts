import { assessmentCoverage } from '@bloom/domain';
import { inTransaction } from '../db/accelerator';
import { loadAnswers } from '../assessments/repository';
import { sql } from 'kysely';
import { recordConsent } from '../consents/consents';
import type { Db } from '../db/database';
import { isoNow } from '../lib/time';
import { withUserLock } from '../privacy/user-lock';

/**
 * Moves a guest's work into the account it signed in to (DESIGN.md §6), exactly once.
 *
 * The guest row is claimed first with `UPDATE … WHERE merged_into IS NULL`: of two
 * concurrent sign-ins from two tabs, only one claim can match (PostgreSQL re-checks the
 * condition after waiting for the other transaction's row lock; SQLite runs one writer
 * at a time), and the loser moves nothing. Everything happens in one transaction, so
 * a failure halfway leaves the guest untouched.
 *
 * Research choice (decision 0070): a member with no assessments and no research choice of their
 * own takes the guest's answer (and its consent records, whose giver and withdrawer become the
 * member) along with the guest's assessments — it is the same person's only answer. A member
 * with history keeps their own choice, with one exception: a guest's No that came later than
 * the member's Yes wins, because the guest's answers are about to become the member's (see
 * `guestSaidNo`). It is recorded as the member's withdrawal, under their row lock, in this
 * transaction. A guest's Yes never opts in a member with a choice or assessments of their own.
 * The guest's consent records stay on the guest row (linked by merged_into) so the consent log
 * is never rewritten, and never disagrees with the flag.
 */
export async function mergeGuestIntoMember(db: Db, guestId: string, memberId: string): Promise<{ merged: boolean; assessmentsMoved: number }> {
  if (guestId === memberId) return { merged: false, assessmentsMoved: 0 };
  return inTransaction(db, async (trx) => {
    const now = isoNow();
    // Read before the claim, which moves the guest's updated_at.
    const guestBefore = await trx.selectFrom('users').select(['research_opt_in', 'updated_at', 'last_visited_route']).where('id', '=', guestId).executeTakeFirst();
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
    const noFromGuest = memberHasHistory && guestBefore ? await guestSaidNo(trx, guestId, guestBefore) : undefined;
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
    } else if (noFromGuest !== undefined) {
      await withdrawResearchIfGivenBefore(trx, memberId, noFromGuest);
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

/**
 * Whether the guest said No to research, and when at the latest: undefined when it did not.
 *
 * A No leaves no record of its own when nothing was given (consents.ts closes open records and
 * opens none), so the guest row says No in two ways: it gave a Yes and withdrew it (its research
 * records, all closed), or it has a Rapid assessment with results without opting in: a guest takes
 * only the Rapid, whose /Research page follows its last answers (spec 01 §4), so such a guest said
 * No there, or has not answered yet. Either way those answers were never given to research.
 * The time is the guest row's last change (before the merge's claim), which every research
 * choice and every progress save moves: the No came then or earlier.
 */
async function guestSaidNo(trx: Db, guestId: string, guest: { research_opt_in: number; updated_at: string; last_visited_route: string | null }): Promise<string | undefined> {
  if (guest.research_opt_in === 1) return undefined;
  const withdrawn = await trx.selectFrom('consents').select('id').where('user_id', '=', guestId).where('kind', '=', 'research').limit(1).executeTakeFirst();
  if (withdrawn) return guest.updated_at;
  return (await wasAskedAboutResearch(trx, guestId, guest.last_visited_route)) ? guest.updated_at : undefined;
}

/** /Research and the pages the Rapid journey reaches after it (spec 01 §2). */
const AT_OR_AFTER_RESEARCH = new Set(['/research', '/lifesituations', '/individualdifferences', '/yourlifelotus']);

/**
 * Whether the guest's journey reached /Research: a Rapid with every question answered goes there
 * next; one with results but some answers skipped (Rapid/Energy lets a person go on) counts only
 * when the guest's saved route is /Research or after, since results come with two thirds of
 * Experiences and Feelings, before Energy is asked at all (two later reviews).
 */
async function wasAskedAboutResearch(trx: Db, guestId: string, route: string | null): Promise<boolean> {
  const assessments = await trx.selectFrom('assessments').select(['id', 'is_ninety_item', 'completed_at']).where('user_id', '=', guestId).execute();
  if (assessments.some((assessment) => assessment.completed_at !== null)) return true;
  if (route === null || !AT_OR_AFTER_RESEARCH.has(route.replace(/\/+$/, '').toLowerCase())) return false;
  for (const assessment of assessments) {
    if (assessmentCoverage(await loadAnswers(trx, assessment.id), assessment.is_ninety_item === 1 ? 'Professional' : 'Rapid').hasResults) return true;
  }
  return false;
}


/**
 * The latest explicit choice wins: an opted-in member whose Yes is not later than the guest's
 * No withdraws it (flag off, open record closed by the member), under the member's row lock so
 * a choice the member makes in another tab at the same time takes turns with this one.
 */
async function withdrawResearchIfGivenBefore(trx: Db, memberId: string, guestNoAt: string): Promise<void> {
  await withUserLock(trx, memberId, async (locked) => {
    const member = await locked.selectFrom('users').select('research_opt_in').where('id', '=', memberId).executeTakeFirst();
    if (member?.research_opt_in !== 1) return;
    const given = await locked
      .selectFrom('consents')
      .select('granted_at')
      .where('user_id', '=', memberId)
      .where('kind', '=', 'research')
      .where('revoked_at', 'is', null)
      .orderBy('granted_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (given && given.granted_at > guestNoAt) return;
    await recordConsent(locked, memberId, 'research', null, false);
  });
}
