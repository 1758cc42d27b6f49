import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * What every other module knows of the database: a Kysely instance, which dialect it speaks,
 * and when writes are durable. Kept apart from database.ts (which opens one) so the embedded
 * speed-ups (db/embedded/) can name these types without importing the module that opens them.
 */
export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: DbDialect;
  /**
   * The SQLite connection itself (absent on PostgreSQL), for what must run on it directly: the
   * embedded speed-ups (db/embedded/accelerator.ts, decision 0023) and online backups
   * (backup.ts). Queries go through `db`.
   */
  sqlite?: SQLite.Database;
  /** PostgreSQL's connection pool, read for its counts (/metrics, operations/metrics.ts); absent on SQLite. */
  pool?: ConnectionPoolCounts;
  /** Resolves once every write committed so far is on stable storage (db/embedded/durability.ts on SQLite). */
  flushDurable(): Promise<void>;
  close(): Promise<void>;
}

/** What pg.Pool tells of itself: connections open, idle, and queries waiting for one. */
export interface ConnectionPoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}
