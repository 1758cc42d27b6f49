import { ACCOUNT_ERROR_CODES } from '@bloom/contracts';
import { formatLongDate } from '@bloom/domain/format';
import { EMBEDDED_ISSUER_KEY } from '../auth/relying-party';
import { forgetSlidingHits } from '../auth/sliding-rate-limit';
import { inTransaction } from '../db/accelerator';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { isoNow } from '../lib/time';
import { enqueueMail } from '../mail/index';
import { issueAccountToken, lookUpAccountToken, useAccountToken, withdrawAccountTokens, type TokenLookup } from './account-tokens';
import { normalizeEmail, type AccountStore, type IdentityAccount } from './accounts';
import { deleteProviderStateOfAccount } from './adapter';
import { resetLink, verifyLink } from './links';
import { passwordProblem } from './password-policy';
import { emailAttemptKey, SIGN_IN_LIMITS } from './sign-in-limits';

/**
 * Account recovery for the embedded provider (DESIGN.md §12, decision 0028): the links Bloom
 * mails and what following them does. Pages (interactions.ts) and the account endpoints
 * (api/handlers/account.ts) both come here, so a rule holds whichever way it is reached.
 *
 * Mail is queued in the same transaction as the change it tells of (mail/outbox.ts) and sent
 * after the commit. Values passed to the templates (mail/templates.ts):
 * - verify-email:      name, link (sign-up's address; its link works 7 days)
 * - confirm-new-email: name, link (a new address for an account; its link works 24 hours)
 * - password-reset:    name, link
 * - password-changed:  name, changedAt, link
 * - email-changed:     name, newEmail, link
 * Each template's words name its link's lifetime (account-tokens.ts), so a link of its own lifetime gets a template of its own.
 */

type MailAccount = Pick<IdentityAccount, 'id' | 'email' | 'given_name'>;
/** An account as read before its current password was checked: `password_hash` is the one that password matched. */
type CheckedAccount = MailAccount & Pick<IdentityAccount, 'password_hash'>;


function passwordChangedMeanwhile(): AppError {
  return new AppError(
    409,
    ACCOUNT_ERROR_CODES.passwordChangedMeanwhile,
    'Your password was changed while this request was under way, perhaps through a reset link. Nothing was changed: sign in again with the new password.',
  );
}

/**
 * A change from a session checked the current password against `password_hash` outside any
 * transaction (argon2 takes a fifth of a second); a reset may have replaced it meanwhile. Inside
 * the change's transaction, before anything else, this claims the account's row on the condition
 * that the hash is still that one (409 otherwise). A conditional UPDATE, not a SELECT: on
 * PostgreSQL it takes the row's lock (a reset committed first makes it match nothing, a reset
 * coming later waits for this transaction and then withdraws what it wrote); SQLite has one
 * writer. `newHash` is what the row gets: the same hash for a check, a new one for a change.
 */
async function claimCheckedAccount(trx: Db, account: CheckedAccount, newHash = account.password_hash): Promise<void> {
  const updated = await trx
    .updateTable('identity_accounts')
    .set({ password_hash: newHash })
    .where('id', '=', account.id)
    .where('password_hash', '=', account.password_hash)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw passwordChangedMeanwhile();
}

/** After sign-up, or again from the account page: a link that confirms the account's address (7 days). */
export async function queueVerificationMail(db: Db, appOrigin: string, account: MailAccount): Promise<void> {
  await inTransaction(db, async (trx) => {
    const token = await issueAccountToken(trx, { accountId: account.id, purpose: 'verify-email', email: account.email });
    await enqueueMail(trx, { to: account.email, template: 'verify-email', data: { name: account.given_name, link: verifyLink(appOrigin, token) } });
  });
}

/**
 * A member asked to use `newEmail`: a link to it (a day); the address changes only when it is
 * followed. A new request, a password reset or a password change withdraws it. 409 when the
 * password checked is no longer the account's (a reset meanwhile must not leave a link behind).
 */
export async function queueAddressChangeMail(db: Db, appOrigin: string, account: CheckedAccount, newEmail: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await claimCheckedAccount(trx, account);
    // One address waits for confirmation at a time: the latest asked for.
    await withdrawAccountTokens(trx, account.id, ['change-email']);
    const token = await issueAccountToken(trx, { accountId: account.id, purpose: 'change-email', email: newEmail });
    // Not sign-up's verify-email: that one says its link works 7 days and speaks of creating an account.
    await enqueueMail(trx, { to: newEmail, template: 'confirm-new-email', data: { name: account.given_name, link: verifyLink(appOrigin, token) } });
  });
}

/**
 * "Forgot password?": a link (30 minutes) when the address has an account, nothing otherwise.
 * The caller answers the same either way; the return value is for tests and logs only.
 */
export async function queuePasswordResetMail(db: Db, appOrigin: string, email: string): Promise<boolean> {
  const account = await db.selectFrom('identity_accounts').select(['id', 'email', 'given_name']).where('email', '=', normalizeEmail(email)).executeTakeFirst();
  if (!account) return false;
  await inTransaction(db, async (trx) => {
    const token = await issueAccountToken(trx, { accountId: account.id, purpose: 'reset-password', email: account.email });
    await enqueueMail(trx, { to: account.email, template: 'password-reset', data: { name: account.given_name, link: resetLink(appOrigin, token) } });
  });
  return true;
}

/** The Bloom users who sign in with this embedded-provider account (one, unless something odd happened). */
const membersOf = (db: Db, accountId: string) =>
  db.selectFrom('users').select('id').where('issuer', '=', EMBEDDED_ISSUER_KEY).where('subject', '=', accountId);

/**
 * Ends every session of the account: Bloom's own (`sessions`; on SQLite the session cache hears
 * of each deleted row) and the provider's sessions, grants and codes. `keepSessionId` spares the
 * session that asked (a member changing their own password stays signed in there). Answers how
 * many of Bloom's sessions ended.
 */
export async function endSessionsOfAccount(db: Db, accountId: string, keepSessionId?: string): Promise<number> {
  let sessions = db.deleteFrom('sessions').where('user_id', 'in', membersOf(db, accountId));
  if (keepSessionId) sessions = sessions.where('id', '!=', keepSessionId);
  const deleted = await sessions.executeTakeFirst();
  await deleteProviderStateOfAccount(db, accountId);
  return Number(deleted.numDeletedRows);
}

/**
 * "Sign out everywhere else" with Bloom's own sign-in (decision 0085), inside the caller's
 * transaction, the current password already checked: like a password change, only over the
 * password that was checked (409 when a reset landed meanwhile), and every other session of the
 * account ends with the provider's state; the password stays. Answers how many sessions ended.
 */
export async function endOtherSessionsOfAccount(trx: Db, account: CheckedAccount, keepSessionId: string): Promise<number> {
  await claimCheckedAccount(trx, account);
  return endSessionsOfAccount(trx, account.id, keepSessionId);
}

/** The address is confirmed: the account says so, and Bloom's user row takes it as the address the provider vouches for (admin rights follow it, users/roles.ts). */
async function markAddressConfirmed(db: Db, account: Pick<IdentityAccount, 'id' | 'email'>, now: string): Promise<void> {
  await db.updateTable('identity_accounts').set({ email_verified_at: now }).where('id', '=', account.id).where('email_verified_at', 'is', null).execute();
  await db.updateTable('users').set({ email: account.email, updated_at: now }).where('issuer', '=', EMBEDDED_ISSUER_KEY).where('subject', '=', account.id).execute();
}

export type AddressOutcome =
  /** `passwordSet`: an admin address, confirmed with a new password; every session of the account ended. */
  | { kind: 'verified'; email: string; passwordSet: boolean }
  | { kind: 'changed'; email: string; passwordSet: boolean }
  /** The new address has meanwhile become another account's. */
  | { kind: 'taken'; email: string }
  /** An admin address, and the new password it needs is missing or breaks the policy; nothing changed. */
  | { kind: 'weak'; email: string; newAddress: boolean; problem: string }
  | { kind: 'invalid' };

/**
 * Following a confirmation link. An address in ADMIN_EMAILS also needs `newPassword`
 * (decision 0059): whoever reads that inbox chooses the account's password as they confirm,
 * so an account someone else opened with the address, or asked to move to it, does not become
 * an admin whose password they know.
 */
export interface AddressConfirmation {
  token: string;
  newPassword?: string;
  isAdminAddress: (email: string) => boolean;
}

/** Reads a confirmation link without using it (the page with the button). */
export function lookUpAddressLink(db: Db, token: string): Promise<TokenLookup> {
  return lookUpAccountToken(db, token, ['verify-email', 'change-email']);
}

/**
 * Follows a confirmation link, once. For sign-up's link the account's address is marked
 * confirmed; for a new address the account (and Bloom's user row) switch to it, every older link
 * ends, and the old address is told. For an admin address the new password replaces the old one
 * in the same transaction, as a reset does (see AddressConfirmation).
 */
export async function confirmAddress(db: Db, appOrigin: string, store: AccountStore, input: AddressConfirmation): Promise<AddressOutcome> {
  const found = await lookUpAddressLink(db, input.token);
  if (found.state !== 'valid') return { kind: 'invalid' };
  let passwordHash: string | null = null;
  if (input.isAdminAddress(found.token.email)) {
    const problem = passwordProblem(input.newPassword ?? '', found.token.email);
    if (problem) return { kind: 'weak', email: found.token.email, newAddress: found.token.purpose === 'change-email', problem };
    passwordHash = await store.hashPassword(input.newPassword ?? '');
  }
  return inTransaction(db, async (trx): Promise<AddressOutcome> => {
    const link = await useAccountToken(trx, input.token, ['verify-email', 'change-email']);
    // The link's address never changes, so the password was asked for if it needed one.
    if (!link || link.email !== found.token.email) return { kind: 'invalid' };
    const account = await trx.selectFrom('identity_accounts').selectAll().where('id', '=', link.account_id).executeTakeFirst();
    if (!account) return { kind: 'invalid' };
    const now = isoNow();
    const passwordSet = passwordHash !== null;
    if (link.purpose === 'verify-email') {
      // A link for an address the account no longer has confirms nothing.
      if (account.email !== link.email) return { kind: 'invalid' };
      await markAddressConfirmed(trx, account, now);
      await withdrawAccountTokens(trx, account.id, ['verify-email']);
      if (passwordHash) await replacePasswordFromInbox(trx, appOrigin, account, passwordHash, now);
      return { kind: 'verified', email: account.email, passwordSet };
    }
    if (account.email === link.email) return { kind: 'changed', email: account.email, passwordSet: false };
    const holder = await trx.selectFrom('identity_accounts').select('id').where('email', '=', link.email).executeTakeFirst();
    if (holder) return { kind: 'taken', email: link.email };
    await trx.updateTable('identity_accounts').set({ email: link.email, email_verified_at: now }).where('id', '=', account.id).execute();
    await trx
      .updateTable('users')
      .set({ email: link.email, user_name: link.email, updated_at: now })
      .where('issuer', '=', EMBEDDED_ISSUER_KEY)
      .where('subject', '=', account.id)
      .execute();
    // Links sent to the old address (a reset, a confirmation) must not reach the account any more.
    await withdrawAccountTokens(trx, account.id, ['verify-email', 'change-email', 'reset-password']);
    await enqueueMail(trx, { to: account.email, template: 'email-changed', data: { name: account.given_name, newEmail: link.email, link: `${appOrigin}/` } });
    if (passwordHash) await replacePasswordFromInbox(trx, appOrigin, { ...account, email: link.email }, passwordHash, now);
    return { kind: 'changed', email: link.email, passwordSet };
  });
}

export type ResetOutcome =
  | { kind: 'done'; email: string }
  | { kind: 'weak'; email: string; problem: string }
  | { kind: 'invalid'; state: 'used' | 'expired' | 'unknown' };

/** Reads a reset link without using it (the page with the form). */
export function lookUpResetLink(db: Db, token: string): Promise<TokenLookup> {
  return lookUpAccountToken(db, token, ['reset-password']);
}

/**
 * Sets a new password from a reset link, once: the policy applies as at sign-up; then, in one
 * transaction, the link is used and the password replaced (replacePasswordFromInbox says what
 * else ends with the old one). Following the link also proves the address reaches its owner,
 * so an unconfirmed address becomes confirmed.
 */
export async function resetPassword(db: Db, appOrigin: string, store: AccountStore, token: string, password: string): Promise<ResetOutcome> {
  const found = await lookUpResetLink(db, token);
  if (found.state !== 'valid') return { kind: 'invalid', state: found.state };
  const problem = passwordProblem(password, found.token.email);
  if (problem) return { kind: 'weak', email: found.token.email, problem };
  const passwordHash = await store.hashPassword(password);
  return inTransaction(db, async (trx): Promise<ResetOutcome> => {
    const link = await useAccountToken(trx, token, ['reset-password']);
    if (!link) return { kind: 'invalid', state: 'used' };
    const account = await trx.selectFrom('identity_accounts').selectAll().where('id', '=', link.account_id).executeTakeFirst();
    if (!account || account.email !== link.email) return { kind: 'invalid', state: 'unknown' };
    const now = isoNow();
    if (!account.email_verified_at) {
      await markAddressConfirmed(trx, account, now);
      await withdrawAccountTokens(trx, account.id, ['verify-email']);
    }
    await replacePasswordFromInbox(trx, appOrigin, account, passwordHash, now);
    return { kind: 'done', email: account.email };
  });
}

/**
 * A password chosen through a link mailed to the account's address (a reset, or an admin
 * address's confirmation): it replaces the old one; pending address changes and reset links
 * end, since whoever knew the old password may have asked to move the account to their own
 * address; every session of the account ends; the sign-in attempts against the address are
 * forgotten (the owner is back); and a notice is queued.
 */
async function replacePasswordFromInbox(trx: Db, appOrigin: string, account: MailAccount, passwordHash: string, now: string): Promise<void> {
  await trx.updateTable('identity_accounts').set({ password_hash: passwordHash }).where('id', '=', account.id).execute();
  await withdrawAccountTokens(trx, account.id, ['reset-password', 'change-email']);
  await endSessionsOfAccount(trx, account.id);
  await forgetSlidingHits(trx, emailAttemptKey(account.email), SIGN_IN_LIMITS.perEmail);
  await queuePasswordChangedMail(trx, appOrigin, account, Date.parse(now));
}

/**
 * A member changing their password from the account page (the current one already checked): the
 * new one replaces it, every other session of the account ends, unused reset and address-change
 * links end, and a notice is queued. `newPasswordHash` is made before this is called, outside any
 * transaction; `account` is the row as read before the check, and nothing is written (409) when its
 * hash is no longer the account's.
 */
export async function replacePassword(db: Db, appOrigin: string, account: CheckedAccount, newPasswordHash: string, keepSessionId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    // Only over the password that was checked: a reset meanwhile stands (409).
    await claimCheckedAccount(trx, account, newPasswordHash);
    await withdrawAccountTokens(trx, account.id, ['reset-password', 'change-email']);
    await endSessionsOfAccount(trx, account.id, keepSessionId);
    await queuePasswordChangedMail(trx, appOrigin, account, Date.now());
  });
}

async function queuePasswordChangedMail(db: Db, appOrigin: string, account: MailAccount, at: number): Promise<void> {
  await enqueueMail(db, { to: account.email, template: 'password-changed', data: { name: account.given_name, changedAt: mailDate(at), link: `${appOrigin}/` } });
}

/**
 * "November 23, 2026 at 8:00 AM UTC": the app's one date helper (spec 01 §9, en-US long dates)
 * and the time; the server does not know the reader's time zone, so it names its own.
 */
export function mailDate(at: number): string {
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(at);
  return `${formatLongDate(new Date(at))} at ${time} UTC`;
}
