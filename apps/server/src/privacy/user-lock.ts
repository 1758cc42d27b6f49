import { inTransaction, runQuery } from '../db/accelerator';
import type { Db } from '../db/database';
import { onPostgres } from '../db/dialect';

/** The database inside `withUserLock`: the lock's transaction (or the larger one it joined). */
export type Trx = Db;

/**
 * Runs `work` in one transaction holding the person's user row: PostgreSQL locks it with
 * `SELECT … FOR UPDATE`; on SQLite, Kysely's single connection runs a transaction with
 * nothing else beside it. Two changes to one person's consents or account (a withdrawal
 * racing a grant, an erasure racing anything) therefore happen one after the other.
 * Returns undefined when the user row no longer exists.
 */
export async function withUserLock<T>(db: Db, userId: string, work: (trx: Trx) => Promise<T>): Promise<T | undefined> {
  const postgres = onPostgres(db);
  return inTransaction(db, async (trx) => {
    const [locked] = await runQuery(trx, postgres ? lockedUserRow : userRow, userId);
    if (!locked) return undefined;
    return work(trx);
  });
}

/** Declared once, so SQLite builds the statement once (db/accelerator.ts): every answer saved runs it. */
const userRow = (db: Db, userId: string) => db.selectFrom('users').select('id').where('id', '=', userId);
const lockedUserRow = (db: Db, userId: string) => userRow(db, userId).forUpdate();

/** Splits long id lists so `IN (…)` stays within both databases' parameter limits. */
export function chunked<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}
