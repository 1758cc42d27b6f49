import { PostgresAdapter } from 'kysely';
import type { Db } from './handle';

/**
 * PostgreSQL, where each statement is a round trip over the network (SQLite's are calls into the
 * process): the few places that fold several statements into one for PostgreSQL ask this
 * (decision 0035). Also true for a transaction on PostgreSQL.
 */
export function onPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
