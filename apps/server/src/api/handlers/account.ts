import { ACCOUNT_ERROR_CODES } from '@bloom/contracts';
import type { FastifyReply } from 'fastify';
import { tooManyRequests } from '../../auth/rate-limit';
import { hitSlidingRateLimit, type SlidingRule } from '../../auth/sliding-rate-limit';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { accountStoreFor, normalizeEmail } from '../../idp/accounts';
import { checkCurrentPassword, embeddedAccountOf, pendingAddressOf, requireEmbeddedAccount } from '../../idp/member-account';
import { emailProblem, passwordProblem } from '../../idp/password-policy';
import { queueAddressChangeMail, queueVerificationMail, replacePassword } from '../../idp/recovery';
import { accountMailKey, accountPasswordChangeKey, forgotEmailKey, RECOVERY_LIMITS } from '../../idp/sign-in-limits';
import { endOtherSessions as endOtherSessionsOf } from '../../sessions/end-others';
import type { Call, Output } from '../call';

/**
 * The member's own sign-in account, from the account page (issue 25 §3, decision 0028). Only
 * accounts of Bloom's own sign-in change here; the rules are the provider's (idp/recovery.ts).
 * The changes run without the call's transaction (`callsOut`): argon2 takes a fifth of a second,
 * which must not hold SQLite's one writer; their writes share one transaction of their own.
 */

export async function getAccount({ caller, db, app }: Call<'getAccount'>): Promise<Output<'getAccount'>> {
  const account = app.config.oidc ? null : await embeddedAccountOf(db, caller.user);
  if (!account) {
    // users.email holds only an address the provider vouches for (users/roles.ts).
    return { email: caller.user.email, emailVerified: caller.user.email !== null, pendingEmail: null, managedBy: 'provider' };
  }
  return { email: account.email, emailVerified: account.email_verified_at !== null, pendingEmail: await pendingAddressOf(db, account.id), managedBy: 'bloom' };
}

/**
 * Every other session of the account ends; this one stays signed in. A notice goes to the address.
 * Three changes an hour per account, and each notice counts against the account's mail
 * (decision 0068): a change withdraws the reset links, so it must not be repeatable at will.
 */
export async function changePassword({ caller, body, db, app, reply }: Call<'changePassword'>): Promise<Output<'changePassword'>> {
  const account = await requireEmbeddedAccount(db, app.config, caller.user);
  const problem = passwordProblem(body.newPassword, account.email);
  if (problem) throw new AppError(400, ACCOUNT_ERROR_CODES.weakPassword, problem);
  const store = accountStoreFor(db, app.config);
  await checkCurrentPassword(db, store, account, body.currentPassword, reply);
  if (body.newPassword === body.currentPassword) throw new AppError(400, ACCOUNT_ERROR_CODES.weakPassword, 'Choose a password different from your current one.');
  await countPasswordChange(db, reply, account.id);
  await countMail(db, reply, account.id);
  await replacePassword(db, app.config.appOrigin, account, await store.hashPassword(body.newPassword), caller.sessionId);
  return { changed: true };
}

/**
 * The address changes only when the link mailed to the new one is followed (recovery.ts confirmAddress).
 * The new address is nobody's yet as far as Bloom knows, so the link counts against it as well as
 * against the account (decision 0073): three an hour, whichever accounts ask.
 */
export async function changeEmail({ caller, body, db, app, reply }: Call<'changeEmail'>): Promise<Output<'changeEmail'>> {
  const account = await requireEmbeddedAccount(db, app.config, caller.user);
  const typed = body.newEmail.trim();
  const problem = emailProblem(typed);
  if (problem) throw new AppError(400, ACCOUNT_ERROR_CODES.invalidEmail, problem);
  const newEmail = normalizeEmail(typed);
  if (newEmail === account.email) throw new AppError(400, ACCOUNT_ERROR_CODES.sameEmail, 'This is already the e-mail address of your account.');
  await checkCurrentPassword(db, accountStoreFor(db, app.config), account, body.currentPassword, reply);
  // Sign-up already tells anyone whether an address has an account; here only after the password, and counted.
  const holder = await db.selectFrom('identity_accounts').select('id').where('email', '=', newEmail).executeTakeFirst();
  if (holder) throw new AppError(409, ACCOUNT_ERROR_CODES.emailTaken, 'Another Bloom account uses this e-mail address.');
  await countMail(db, reply, account.id);
  await countLinkTo(db, reply, newEmail);
  await queueAddressChangeMail(db, app.config.appOrigin, account, newEmail);
  return { pendingEmail: newEmail };
}

/** Sign-up's confirmation link, again (the old ones keep working until they expire). */
export async function resendVerificationEmail({ caller, db, app, reply }: Call<'resendVerificationEmail'>): Promise<Output<'resendVerificationEmail'>> {
  const account = await requireEmbeddedAccount(db, app.config, caller.user);
  if (account.email_verified_at) throw new AppError(409, ACCOUNT_ERROR_CODES.alreadyVerified, 'Your e-mail address is already confirmed.');
  await countMail(db, reply, account.id);
  await queueVerificationMail(db, app.config.appOrigin, account);
  return { sentTo: account.email };
}

/**
 * "Sign out everywhere else" (decision 0085): every other session of the person ends; this one
 * stays. With Bloom's own sign-in the current password is checked first, under the count of wrong
 * tries ChangePassword and ChangeEmail keep (a stolen session must not sign the owner out of
 * everything without it); with an external provider, whose password Bloom never sees, the session
 * is enough. Nothing is mailed and no use is counted beyond the wrong tries: unlike a password
 * change it withdraws no reset link and sends no notice, and what it takes away, signing in again
 * gives back.
 */
export async function endOtherSessions({ caller, body, db, app, reply }: Call<'endOtherSessions'>): Promise<Output<'endOtherSessions'>> {
  const account = app.config.oidc ? null : await embeddedAccountOf(db, caller.user);
  if (account) {
    if (!body.currentPassword) throw new AppError(400, ACCOUNT_ERROR_CODES.wrongPassword, 'Enter your current password.');
    await checkCurrentPassword(db, accountStoreFor(db, app.config), account, body.currentPassword, reply);
  }
  return { ended: await endOtherSessionsOf(db, caller, account) };
}

/** Mail sent from the account page: five an hour per account, so it cannot be used to flood an inbox. */
const countMail = (db: Db, reply: FastifyReply, accountId: string) =>
  countAccountHit(db, reply, accountMailKey(accountId), RECOVERY_LIMITS.mailsPerAccount, 'Bloom has sent several e-mails for your account in the last hour. Please wait a while and try again.');

/**
 * Links mailed to an address nobody has shown to be theirs: three an hour per address, the same
 * counter "Forgot password?" keeps per address (sign-in-limits.ts), so fresh accounts cannot take
 * turns mailing one stranger. Past it 429, as for the account's own mail.
 */
const countLinkTo = (db: Db, reply: FastifyReply, address: string) =>
  countAccountHit(db, reply, forgotEmailKey(address), RECOVERY_LIMITS.forgotPerEmail, 'Bloom has sent several e-mails to this address in the last hour. Please wait a while and try again.');

/** Changes made (not tries): a right current password does not clear this count, unlike the guesses' (member-account.ts). */
const countPasswordChange = (db: Db, reply: FastifyReply, accountId: string) =>
  countAccountHit(
    db,
    reply,
    accountPasswordChangeKey(accountId),
    RECOVERY_LIMITS.passwordChangesPerAccount,
    'You have changed your password several times in the last hour. Please wait a while before changing it again.',
  );

/** One hit on an account's sliding limit; past it, 429 with Retry-After and `message`. */
async function countAccountHit(db: Db, reply: FastifyReply, key: string, rule: SlidingRule, message: string): Promise<void> {
  const hit = await hitSlidingRateLimit(db, key, rule);
  if (!hit.allowed) throw tooManyRequests(reply, hit, message);
}

export const accountHandlers = { getAccount, changePassword, changeEmail, resendVerificationEmail, endOtherSessions };
