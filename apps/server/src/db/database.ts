import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index';
import type { Database } from './schema';
import { createWalFlusher } from './durability';
import { registerEmbeddedConnection } from './prepared';
import { kyselyConnection } from './sqlite-statements';

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: DbDialect;
  /**
   * The SQLite connection itself (absent on PostgreSQL), for what must run on it directly: the
   * in-memory copies' triggers and reads (decision 0011) and online backups (backup.ts).
   * Queries go through `db`.
   */
  sqlite?: SQLite.Database;
  /** Resolves once every write committed so far is on stable storage (see durability.ts). */
  flushDurable(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Override the SQLite file name (tests use a throw-away file per run). */
  sqliteFile?: string;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // While the database is unreachable a request waits at most this long for a connection,
      // then answers 503 (http/database-unavailable.ts) instead of hanging.
      connectionTimeoutMillis: 5_000,
    });
    // A restart, failover or pg_terminate_backend closes connections. pg reports that as an
    // 'error' event on the client, which crashes the process when nobody listens. The pool
    // listens to idle clients only (and re-emits on the pool), so every client also gets a
    // listener of its own for the time it is checked out: the query or transaction that was
    // using it fails on its own promise, and the pool discards the broken client on release.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // PostgreSQL's own commit is durable (synchronous_commit=on) before it answers.
    return { db, dialect: 'postgres', flushDurable: async () => {}, close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = options.sqliteFile ?? path.join(options.dataDir, 'bloom.sqlite');
  const sqlite = new SQLite(file);
  claimExclusively(sqlite, file);
  // Commits use NORMAL sync and the server group-commits an fsync of the WAL before
  // acknowledging any write (durability.ts), so acknowledged answers survive a power cut
  // without blocking the event loop on each commit.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Sorts SQLite cannot serve from an index (a tie-break in ORDER BY) stay in memory, not in temp files.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  const flusher = createWalFlusher(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: kyselyConnection(sqlite) }) });
  registerEmbeddedConnection(db, sqlite);
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    flushDurable: () => flusher.flush(),
    close: async () => {
      await db.destroy();
      flusher.close();
    },
  };
}

/**
 * Pages the WAL may hold before a commit copies them into the database file (SQLite's default
 * is 1,000). Every checkpoint fsyncs the WAL and the database file *on the event loop*
 * (better-sqlite3 is synchronous), and under the journey's load a 1,000-page WAL filled about
 * ten times a second. A larger WAL folds more rewrites of the same hot page into one copy and
 * one fsync. Timed on a copy of a bench database (decision 0012): the time spent in
 * checkpoints fell by about 30% at 4,000 pages and hardly more at 10,000, while the longest
 * single pause grew from about 30 ms (1,000) to 80 ms (4,000) and 140 ms (10,000).
 */
const WAL_CHECKPOINT_PAGES = 4_000;

/** The SQLite file is held by another process (start-up says so and stops, without a stack trace). */
export class DatabaseInUseError extends Error {}

/**
 * One Bloom process owns the SQLite file, and holds it from start to stop (decision 0011):
 * the session cache trusts that every change passes through this connection, and SQLite then
 * keeps the WAL index in process memory and takes no file lock per statement. A second
 * process on the same file is refused here, at start-up, instead of failing requests later.
 * Must come before the first read, so the WAL index is never put in shared memory.
 */
function claimExclusively(sqlite: SQLite.Database, file: string): void {
  sqlite.pragma('locking_mode = EXCLUSIVE');
  try {
    sqlite.pragma('journal_mode = WAL');
  } catch (error) {
    sqlite.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    throw new DatabaseInUseError(
      `Another process is using ${file}. The embedded database belongs to one Bloom process; to run several, use PostgreSQL (DATABASE_URL).`,
    );
  }
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
