import { INVITATIONS_PER_ADDRESS, invitationsToAddressKey, rateLimitKeysOf } from '../api/rate-limits';
import { EMBEDDED_ISSUER_KEY } from '../auth/relying-party';
import { forgetSlidingCounters } from '../auth/sliding-rate-limit';
import { forgetInvitationMail } from '../coaching/invitations';
import { releaseClients } from '../coaching/relationship';
import type { Db } from '../db/database';
import { SESSION_ABSOLUTE_MS } from '../sessions/sessions';
import { accountMailKey, accountPasswordChangeKey, accountPasswordCheckKey, emailAttemptKey, forgotEmailKey, RECOVERY_LIMITS, SIGN_IN_LIMITS } from '../idp/sign-in-limits';
import { forgetMailTo } from '../mail';
import type { PurchaseStatus } from '../payments/purchases';
import { unconfirmedMailOf } from './unconfirmed-addresses';
import { chunked, withUserLock, type Trx } from './user-lock';

/**
 * Erases a person (GDPR Art. 17) in one transaction: all of it or nothing.
 *
 * Deleted: answers, life data, assessments, consents and grants, sessions, the guest
 * visits merged into the account, a coach's organizations and groups (their clients are
 * released, and lose whatever they had shared with this coach, exactly as when a coach
 * deletes a group), the embedded provider's sign-in account with its provider state
 * (grants, sessions, codes of that subject), rate-limit counters keyed by the e-mail, the
 * sign-in account, the person's ids (the account's and its merged guests') or the sessions
 * deleted here, the mail queued or sent to it (and the account's own mail to an address not confirmed:
 * its sign-up address, or a new one it asked to change to; and its plan receipts, sent to its
 * sign-up address while that is not confirmed), a coach's invitations with their mail
 * not yet sent (which names the coach), and finally the user row.
 * Kept: purchases, because bookkeeping law requires them, but anonymised (user and
 * assessment links and the buyer's time zone set to null), so what remains says only that a sale happened.
 * A checkout still pending is no sale: it is cancelled here (decision 0066, amended: "an account
 * erased"), and returned, so that the caller closes it at its provider once this has committed
 * (payments/closing.ts); a payment that reaches one anyway is not fulfilled but flagged for a refund.
 * Norm snapshots hold only aggregates (norms-service.ts) and need no change.
 * Undefined when the user row no longer exists (erased already).
 */
export async function eraseAccount(db: Db, userId: string): Promise<Erasure | undefined> {
  const done = await withUserLock(db, userId, async (trx) => {
    const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const mergedGuests = await trx.selectFrom('users').select('id').where('merged_into', '=', userId).execute();
    const personIds = [userId, ...mergedGuests.map((row) => row.id)];

    const cancelledCheckouts = await eraseAssessments(trx, personIds);
    await trx.deleteFrom('consents').where('user_id', 'in', personIds).execute();
    const sessions = await trx.deleteFrom('sessions').where('user_id', 'in', personIds).returning('id').execute();
    // Counters keyed by the person's ids or sessions (starting assessments, sending invitations).
    for (const batch of chunked(rateLimitKeysOf(personIds, sessions.map((row) => row.id)))) await trx.deleteFrom('rate_limits').where('key', 'in', batch).execute();
    await eraseCoaching(trx, userId);
    if (user.issuer === EMBEDDED_ISSUER_KEY && user.subject) await eraseSignInAccount(trx, user.subject, user.email);
    if (user.email) await forgetSlidingCounters(trx, countersOfAddress(user.email));
    // Queued and recently sent mail names the person and may carry their links.
    if (user.email) await forgetMailTo(trx, user.email);
    await trx.deleteFrom('users').where('id', 'in', mergedGuests.map((row) => row.id).concat(userId)).execute();
    return { cancelledCheckouts };
  });
  return done;
}

/** What an erasure leaves its caller to do once it has committed: close these checkouts at their provider. */
export interface Erasure {
  cancelledCheckouts: CancelledCheckout[];
}

/** A checkout of the person's that was still pending, cancelled by the erasure (never personal data: the provider's reference). */
export interface CancelledCheckout {
  provider: string;
  providerRef: string;
}

/** The rate-limit counters keyed by an address: the log-in form's tries, "Forgot password?"'s links and coaches' invitations to it. */
const countersOfAddress = (email: string) =>
  [
    [emailAttemptKey(email), SIGN_IN_LIMITS.perEmail],
    [forgotEmailKey(email), RECOVERY_LIMITS.forgotPerEmail],
    [invitationsToAddressKey(email), INVITATIONS_PER_ADDRESS],
  ] as const;

async function eraseAssessments(trx: Trx, personIds: string[]): Promise<CancelledCheckout[]> {
  const assessments = await trx.selectFrom('assessments').select('id').where('user_id', 'in', personIds).execute();
  // A checkout not paid is no sale: cancelled, the person's (as buyer) and their assessments'.
  const cancelled = await trx
    .updateTable('purchases')
    .set({ status: 'cancelled' satisfies PurchaseStatus })
    .where('status', '=', 'pending' satisfies PurchaseStatus)
    .where((where) =>
      where.or([
        where('user_id', 'in', personIds),
        where('assessment_id', 'in', where.selectFrom('assessments').select('assessments.id').where('assessments.user_id', 'in', personIds)),
      ]),
    )
    .returning(['provider', 'provider_ref'])
    .execute();
  // The payment stays on record without whose it was, or where they were (the buyer's time zone).
  await trx.updateTable('purchases').set({ user_id: null, assessment_id: null, time_zone: null }).where('user_id', 'in', personIds).execute();
  for (const batch of chunked(assessments.map((row) => row.id))) {
    await trx.updateTable('purchases').set({ user_id: null, assessment_id: null, time_zone: null }).where('assessment_id', 'in', batch).execute();
    await trx.deleteFrom('responses').where('assessment_id', 'in', batch).execute();
    await trx.deleteFrom('life_data').where('assessment_id', 'in', batch).execute();
    await trx.deleteFrom('assessments').where('id', 'in', batch).execute();
  }
  return cancelled.map((row) => ({ provider: row.provider, providerRef: row.provider_ref }));
}

/** A coach leaving: clients are released (their grants to this coach end), organizations and groups go, invitation mail not yet sent is forgotten. */
async function eraseCoaching(trx: Trx, coachId: string): Promise<void> {
  // The invitations go with the user row (on delete cascade); their mail not yet sent names this coach.
  await forgetInvitationMail(trx, await trx.selectFrom('coach_invitations').select(['email', 'token_hash']).where('coach_id', '=', coachId).execute());
  const clients = await trx.selectFrom('users').select('id').where('coach_id', '=', coachId).execute();
  await releaseClients(trx, coachId, clients.map((row) => row.id));
  const organizations = await trx.selectFrom('organizations').select('id').where('coach_id', '=', coachId).execute();
  for (const batch of chunked(organizations.map((row) => row.id))) {
    await trx.deleteFrom('groups').where('organization_id', 'in', batch).execute();
    await trx.deleteFrom('organizations').where('id', 'in', batch).execute();
  }
}

/**
 * The embedded provider's account and every piece of provider state about its subject.
 * oidc-provider stores its models as JSON with an `accountId` field (grants, sessions,
 * interactions, codes, tokens); subjects are UUIDs, so the LIKE pattern has no wildcards in it.
 */
async function eraseSignInAccount(trx: Trx, subject: string, confirmedEmail: string | null): Promise<void> {
  // Its address may never have reached users.email (unconfirmed, decision 0028): forget the tries at it too.
  const account = await trx.selectFrom('identity_accounts').select('email').where('id', '=', subject).executeTakeFirst();
  await forgetSlidingCounters(trx, [
    ...(account ? countersOfAddress(account.email) : []),
    [accountMailKey(subject), RECOVERY_LIMITS.mailsPerAccount],
    [accountPasswordCheckKey(subject), RECOVERY_LIMITS.passwordChecksPerAccount],
    [accountPasswordChangeKey(subject), RECOVERY_LIMITS.passwordChangesPerAccount],
  ]);
  // Of the mail to its addresses not confirmed, only the mail about this account goes (one may be
  // someone else's); the confirmed address's mail all goes with the user row (eraseAccount).
  for (const { address, templates } of await unconfirmedMailOf(trx, subject, confirmedEmail)) await forgetMailTo(trx, address, templates);
  // Its mailed links (account_tokens) go with it (on delete cascade).
  await trx.deleteFrom('identity_accounts').where('id', '=', subject).execute();
  if (!/^[0-9a-f-]{36}$/i.test(subject)) return;
  const pattern = `%"accountId":"${subject}"%`;
  const grants = await trx.selectFrom('oidc_store').select('id').where('model', '=', 'Grant').where('payload', 'like', pattern).execute();
  for (const batch of chunked(grants.map((row) => row.id))) await trx.deleteFrom('oidc_store').where('grant_id', 'in', batch).execute();
  await trx.deleteFrom('oidc_store').where('payload', 'like', pattern).execute();
}

/**
 * How long a guest's visit is kept: as long as its cookie can reach it, and a day more. A session
 * lasts 30 days at most and a guest never gets a second one (an expired cookie starts a new
 * guest), so after that nobody can see, export or erase the visit, and keeping it would keep
 * health data for no one.
 */
export const GUEST_KEEP_MS = SESSION_ABSOLUTE_MS + 24 * 60 * 60 * 1000;

/**
 * Erases one batch of the guests no session can reach any more; a guest merged into a member is the member's.
 * A guest holds no checkout to close at a provider (GetPurchaseUrl is for members only), so the erasure's
 * cancelled checkouts, always none here, are not looked at (nor in eraseAllUnreachableGuests).
 */
export async function eraseUnreachableGuests(db: Db, now = Date.now(), batch = 100): Promise<number> {
  let erased = 0;
  for (const id of await unreachableGuests(db, now, batch)) if (await eraseAccount(db, id)) erased += 1;
  return erased;
}

async function unreachableGuests(db: Db, now: number, batch: number): Promise<string[]> {
  const startedBefore = new Date(now - GUEST_KEEP_MS).toISOString();
  const guests = await db
    .selectFrom('users')
    .select('id')
    .where('is_guest', '=', 1)
    .where('merged_into', 'is', null)
    .where('created_at', '<', startedBefore)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('sessions').select('sessions.id').whereRef('sessions.user_id', '=', 'users.id'))))
    .limit(batch)
    .execute();
  return guests.map((row) => row.id);
}

export interface GuestSweepOptions {
  now?: number;
  /** Work at most this long before letting the event loop run other work (requests) for a moment. */
  sliceMs?: number;
  /** Give up after this long; the next housekeeping run carries on. */
  budgetMs?: number;
  /** Asked between slices: true once the app is closing. */
  stopped?: () => boolean;
}

const GUEST_BATCH = 100;
const PAUSE_MS = 5;

/**
 * Erases the guests no session can reach any more, batch after batch until none is due
 * (housekeeping, decision 0083). On SQLite each statement runs synchronously, so the work is cut
 * into slices of `sliceMs` with a short pause between them, in which requests are answered; a
 * slice ends between two guests, never inside one's transaction. Slices are short (25 ms) because
 * a request that awaits several times gets one step per pause: with 200-ms slices a sign-in
 * start waited for the whole sweep of 1,000 guests. Safe on several instances at
 * once: each guest is erased under its user-row lock, and a guest another instance erased first
 * is skipped (eraseAccount finds no row). `done` is false when it stopped with guests left.
 */
export async function eraseAllUnreachableGuests(
  db: Db,
  { now = Date.now(), sliceMs = 25, budgetMs = 5 * 60_000, stopped = () => false }: GuestSweepOptions = {},
): Promise<{ erased: number; done: boolean }> {
  const started = Date.now();
  let sliceStarted = started;
  let erased = 0;
  for (;;) {
    const ids = await unreachableGuests(db, now, GUEST_BATCH);
    let erasedHere = 0;
    for (const id of ids) {
      if (await eraseAccount(db, id)) erasedHere += 1;
      if (Date.now() - sliceStarted >= sliceMs) {
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        sliceStarted = Date.now();
        if (stopped()) return { erased: erased + erasedHere, done: false };
      }
    }
    erased += erasedHere;
    if (ids.length < GUEST_BATCH) return { erased, done: true };
    // A whole batch another instance erased first: leave the rest to it.
    if (erasedHere === 0 || stopped() || Date.now() - started >= budgetMs) return { erased, done: false };
  }
}
