import { createHash } from 'node:crypto';
import type { Db } from '../db/database';

/**
 * Which password a sign-in was made with (decision 0073). A reset, a change from another session
 * or an admin address confirmed with a new password ends every session and all provider state of
 * the account that exist when it commits; a sign-in whose password check was already under way
 * makes its interaction, code and Bloom session afterwards. So the sign-in carries a stamp of the
 * password hash it checked, from the log-in form through the provider's ID token (`amr`) to
 * Bloom's callback, and both ends compare it with the account's hash once their own writes are in.
 *
 * Light on purpose: the relying party (auth/) reads it without loading the provider.
 */

/** Drawn from a password hash: changes whenever the password does (a rehash with new argon2 settings changes it too). */
export function credentialStamp(passwordHash: string | null | undefined): string {
  return passwordHash ? createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22) : '';
}

/** RFC 8176's "pwd", and the stamp as a value of Bloom's own (the ID token goes only to Bloom's server). */
const STAMP_PREFIX = 'urn:bloom:password:';

/** The `amr` the log-in form gives the provider for a sign-in made with the password whose hash is `passwordHash`. */
export function signInAmr(passwordHash: string): string[] {
  return ['pwd', `${STAMP_PREFIX}${credentialStamp(passwordHash)}`];
}

/** The stamp an ID token's `amr` claim carries, or null when it carries none. */
export function passwordStampFromAmr(amr: unknown): string | null {
  if (!Array.isArray(amr)) return null;
  const value = amr.find((entry): entry is string => typeof entry === 'string' && entry.startsWith(STAMP_PREFIX));
  return value ? value.slice(STAMP_PREFIX.length) || null : null;
}

/** An object, so a test can put a reset between two of its calls (test/password-races.test.ts). */
export const signInPassword = {
  /**
   * Whether the account's password is still the one `stamp` was made from. Called once what the
   * sign-in wrote is saved: a conditional UPDATE, not a SELECT, so a password replacement and this
   * check are ordered by the account row (on PostgreSQL its lock; SQLite has one writer). Either
   * this runs first, and the replacement, which writes the new hash before it deletes the account's
   * sessions and provider state in the same transaction, deletes what the sign-in saved; or the
   * replacement runs first, and this answers false.
   */
  async stillCurrent(db: Db, accountId: string, stamp: string | null): Promise<boolean> {
    if (!stamp) return false;
    const row = await db.selectFrom('identity_accounts').select('password_hash').where('id', '=', accountId).executeTakeFirst();
    if (!row || credentialStamp(row.password_hash) !== stamp) return false;
    const touched = await db
      .updateTable('identity_accounts')
      .set({ password_hash: row.password_hash })
      .where('id', '=', accountId)
      .where('password_hash', '=', row.password_hash)
      .executeTakeFirst();
    return Number(touched.numUpdatedRows) === 1;
  },
};
