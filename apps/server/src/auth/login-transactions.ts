import type { Db } from '../db/database';
import type { LoginTransactionsTable } from '../db/schema';
import { sha256 } from '../lib/crypto';
import { isoIn, isoNow } from '../lib/time';
import type { LoginFlow } from './flows';

/** A login must be finished within ten minutes of asking for the login URL. */
export const LOGIN_TRANSACTION_TTL_MS = 10 * 60 * 1000;

export interface NewLoginTransaction {
  state: string;
  browserHash: string;
  flow: LoginFlow;
  nonce: string;
  codeVerifier: string;
}

/** Stores what the callback needs to check the answer; the row is keyed by the state's hash, never the state itself. */
export async function createLoginTransaction(db: Db, transaction: NewLoginTransaction): Promise<void> {
  // One clock reading, so the lifetime is exactly the TTL.
  const createdAt = Date.now();
  await db
    .insertInto('login_transactions')
    .values({
      id: sha256(transaction.state),
      browser_hash: transaction.browserHash,
      flow: transaction.flow,
      nonce: transaction.nonce,
      code_verifier: transaction.codeVerifier,
      created_at: new Date(createdAt).toISOString(),
      expires_at: new Date(createdAt + LOGIN_TRANSACTION_TTL_MS).toISOString(),
      consumed_at: null,
    })
    .execute();
}

export type ConsumeFailure = 'unknown' | 'used' | 'expired' | 'wrong_flow' | 'other_browser';

export type ConsumeResult = { ok: true; transaction: LoginTransactionsTable } | { ok: false; reason: ConsumeFailure };

/**
 * Uses up a login transaction, atomically: one UPDATE that only matches an unused,
 * unexpired row of this flow started by this browser. Two concurrent callbacks with
 * the same state cannot both succeed, and a mismatched attempt (another flow, another
 * browser) does not burn the state of the browser that legitimately owns it.
 */
export async function consumeLoginTransaction(
  db: Db,
  input: { state: string; flow: LoginFlow; browserHash: string | null },
): Promise<ConsumeResult> {
  const id = sha256(input.state);
  const now = isoNow();
  if (input.browserHash) {
    const consumed = await db
      .updateTable('login_transactions')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .where('flow', '=', input.flow)
      .where('browser_hash', '=', input.browserHash)
      .returningAll()
      .executeTakeFirst();
    if (consumed) return { ok: true, transaction: consumed };
  }
  // Nothing matched: look again only to tell the caller why.
  const row = await db.selectFrom('login_transactions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.consumed_at) return { ok: false, reason: 'used' };
  if (row.expires_at <= now) return { ok: false, reason: 'expired' };
  if (row.flow !== input.flow) return { ok: false, reason: 'wrong_flow' };
  return { ok: false, reason: 'other_browser' };
}

export const CONSUME_FAILURE_MESSAGES: Record<ConsumeFailure, string> = {
  unknown: 'This sign-in link is not valid. Please start signing in again.',
  used: 'This sign-in link has already been used. Please start signing in again.',
  expired: 'This sign-in link has expired. Please start signing in again.',
  wrong_flow: 'This sign-in link belongs to a different page. Please start signing in again.',
  other_browser: 'This sign-in was started in a different browser. Please start signing in again in this browser.',
};

/** Keeps the table small: finished or abandoned transactions are only useful for a day of diagnosis. */
export async function deleteOldLoginTransactions(db: Db, olderThanMs: number): Promise<void> {
  await db.deleteFrom('login_transactions').where('expires_at', '<', isoIn(-olderThanMs)).execute();
}
