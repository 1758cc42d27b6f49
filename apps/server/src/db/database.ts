import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index';
import type { Database } from './schema';
import { createWalFlusher } from './durability';

/**
 * Kysely prepares every query afresh; preparing is a large share of SQLite's cost on
 * small queries. Reuse prepared statements by SQL text (statements are reusable once a
 * previous run finished; a busy one, mid-iteration, gets a fresh statement).
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== 'prepare') return Reflect.get(target, property, receiver);
      return (source: string) => {
        const cached = cache.get(source);
        if (cached && !cached.busy) return cached;
        const statement = prepare(source);
        if (cache.size >= 1000) cache.clear();
        if (!cached) cache.set(source, statement);
        return statement;
      };
    },
  });
}

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: DbDialect;
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
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A restart or failover of PostgreSQL closes idle connections; pg reports that as an 'error'
    // event on the pool, which would crash the process if nobody listened. The pool has already
    // dropped the broken connection and opens a fresh one on the next query.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // PostgreSQL's own commit is durable (synchronous_commit=on) before it answers.
    return { db, dialect: 'postgres', flushDurable: async () => {}, close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = options.sqliteFile ?? path.join(options.dataDir, 'bloom.sqlite');
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the single writer. Commits use NORMAL sync and the server
  // group-commits an fsync of the WAL before acknowledging any write (durability.ts), so
  // acknowledged answers survive a power cut without blocking the event loop on each commit.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Sorts SQLite cannot serve from an index (a tie-break in ORDER BY) stay in memory, not in temp files.
  sqlite.pragma('temp_store = MEMORY');
  const flusher = createWalFlusher(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    flushDurable: () => flusher.flush(),
    close: async () => {
      await db.destroy();
      flusher.close();
    },
  };
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
