import { ACCOUNT_ERROR_CODES } from '@bloom/contracts';
import type { FastifyReply } from 'fastify';
import { EMBEDDED_ISSUER_KEY } from '../auth/relying-party';
import { forgetSlidingHits, hitSlidingRateLimit } from '../auth/sliding-rate-limit';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { isoNow } from '../lib/time';
import type { UserRow } from '../users/users';
import type { AccountStore, IdentityAccount } from './accounts';
import { accountPasswordCheckKey, RECOVERY_LIMITS } from './sign-in-limits';

/**
 * What the account page's calls (api/handlers/account.ts) need from the embedded provider: the
 * member's sign-in account, and the current password checked under a limit (decision 0028).
 */

/** The embedded-provider account a member signs in with; null for guests and people of an external provider. */
export async function embeddedAccountOf(db: Db, user: Pick<UserRow, 'issuer' | 'subject' | 'is_guest'>): Promise<IdentityAccount | null> {
  if (user.is_guest || user.issuer !== EMBEDDED_ISSUER_KEY || !user.subject) return null;
  return (await db.selectFrom('identity_accounts').selectAll().where('id', '=', user.subject).executeTakeFirst()) ?? null;
}

/** The account, or 409 when the person's password and address belong to an external provider. */
export async function requireEmbeddedAccount(db: Db, config: Pick<AppConfig, 'oidc'>, user: UserRow): Promise<IdentityAccount> {
  const account = config.oidc ? null : await embeddedAccountOf(db, user);
  if (!account) {
    throw new AppError(409, ACCOUNT_ERROR_CODES.managedByProvider, 'Your password and e-mail address are managed by the service you sign in with. Change them there.');
  }
  return account;
}

/** A new address waiting for its link to be followed (the newest unused one), or null. */
export async function pendingAddressOf(db: Db, accountId: string): Promise<string | null> {
  const row = await db
    .selectFrom('account_tokens')
    .select('email')
    .where('account_id', '=', accountId)
    .where('purpose', '=', 'change-email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoNow())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.email ?? null;
}

/**
 * Checks the current password before a change. The try is counted first (as on the log-in form,
 * so parallel guesses cannot outrun the limit), per account: a stolen session cannot be used to
 * guess the password. 429 past the limit, 400 wrong_password when it does not match.
 */
export async function checkCurrentPassword(db: Db, store: AccountStore, account: IdentityAccount, password: string, reply: FastifyReply): Promise<void> {
  const key = accountPasswordCheckKey(account.id);
  const attempt = await hitSlidingRateLimit(db, key, RECOVERY_LIMITS.passwordChecksPerAccount);
  if (!attempt.allowed) {
    reply.header('retry-after', String(attempt.retryAfterSeconds));
    throw new AppError(429, 'rate_limited', 'Too many tries with a wrong password. Please wait a moment and try again.');
  }
  if (!(await store.passwordMatches(account, password))) {
    throw new AppError(400, ACCOUNT_ERROR_CODES.wrongPassword, 'Your current password is not right.');
  }
  await forgetSlidingHits(db, key, RECOVERY_LIMITS.passwordChecksPerAccount);
}
