import type { Db } from '../db/database';
import type { AccountTokensTable } from '../db/schema';
import { newToken, sha256 } from '../lib/crypto';
import { isoNow } from '../lib/time';

/**
 * The links Bloom mails for an embedded-provider account (DESIGN.md §12, decision 0028), as
 * Auth0 and Keycloak make theirs: 256 random bits, only their SHA-256 stored, single use, and
 * short-lived. A link is tied to the address it was sent to, so it does nothing once the account
 * has another address.
 */
export type TokenPurpose = 'verify-email' | 'reset-password' | 'change-email';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  /** Sign-up's confirmation: the account works meanwhile, so it may wait a week in the inbox. */
  'verify-email': 7 * DAY,
  /** A reset link takes over the account: half an hour, the usual window (OWASP Forgot Password Cheat Sheet). */
  'reset-password': 30 * MINUTE,
  /** A new address, asked for from a signed-in session: a day. */
  'change-email': DAY,
};

export type AccountToken = AccountTokensTable;

/** What a link turns out to be when it is opened. */
export type TokenLookup =
  | { state: 'valid'; token: AccountToken }
  | { state: 'used'; token: AccountToken }
  | { state: 'expired'; token: AccountToken }
  | { state: 'unknown' };

/** A raw token carries 43 URL-safe characters; anything else is not one of ours, and is never hashed or looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Stores a new link's hash and returns the token itself, which only goes into the mail. */
export async function issueAccountToken(db: Db, input: { accountId: string; purpose: TokenPurpose; email: string }, now = Date.now()): Promise<string> {
  const token = newToken();
  await db
    .insertInto('account_tokens')
    .values({
      id: sha256(token),
      account_id: input.accountId,
      purpose: input.purpose,
      email: input.email,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + TOKEN_LIFETIME_MS[input.purpose]).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** Reads a link without using it (the page that shows the form or the button). */
export async function lookUpAccountToken(db: Db, token: string, purposes: readonly TokenPurpose[]): Promise<TokenLookup> {
  if (!TOKEN_SHAPE.test(token)) return { state: 'unknown' };
  const row = await db.selectFrom('account_tokens').selectAll().where('id', '=', sha256(token)).executeTakeFirst();
  if (!row || !(purposes as readonly string[]).includes(row.purpose)) return { state: 'unknown' };
  if (row.used_at) return { state: 'used', token: row };
  if (row.expires_at <= isoNow()) return { state: 'expired', token: row };
  return { state: 'valid', token: row };
}

/**
 * Uses a link: one statement marks it used only if it is still unused and unexpired, so two
 * clicks racing each other (or two instances) cannot both succeed. Null when it was not usable.
 */
export async function useAccountToken(db: Db, token: string, purposes: readonly TokenPurpose[]): Promise<AccountToken | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const now = isoNow();
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('id', '=', sha256(token))
    .where('purpose', 'in', [...purposes])
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Ends every unused link of these kinds for the account (a reset done, an address confirmed). */
export async function withdrawAccountTokens(db: Db, accountId: string, purposes: readonly TokenPurpose[]): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: isoNow() })
    .where('account_id', '=', accountId)
    .where('purpose', 'in', [...purposes])
    .where('used_at', 'is', null)
    .execute();
}

/** Links that expired or were used more than a day ago tell nobody anything any more; housekeeping removes them. */
export async function deleteOldAccountTokens(db: Db, now = Date.now()): Promise<void> {
  const dayAgo = new Date(now - DAY).toISOString();
  await db
    .deleteFrom('account_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('used_at', '<', dayAgo)]))
    .execute();
}
