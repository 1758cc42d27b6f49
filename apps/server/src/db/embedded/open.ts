import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { isSqliteStorageFailure } from '../../http/database-unavailable';
import type { Database } from '../schema';
import type { DatabaseHandle } from '../handle';
import { kyselyConnection } from './statements';
import { EmbeddedStorage } from './storage';

/**
 * Opens the embedded SQLite file for this process alone, tuned as decisions 0008, 0011 and
 * 0012 describe, with Kysely on a connection that reuses statements and builds rows as
 * literals (statements.ts). The in-memory copies and the direct statements come later, once
 * migrations have run (accelerator.ts). Its storage is watched from the start (storage.ts,
 * decision 0079).
 */
export function openEmbeddedDatabase(dataDir: string, file: string): DatabaseHandle {
  ensureWritable(dataDir, file);
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file);
  } catch (error) {
    throw refusalOf(error, file);
  }
  claimExclusively(sqlite, file);
  let storage: EmbeddedStorage;
  try {
    // Commits use NORMAL sync and the server group-commits an fsync of the WAL before
    // acknowledging any write (durability.ts), so acknowledged answers survive a power cut
    // without blocking the event loop on each commit.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Sorts SQLite cannot serve from an index (a tie-break in ORDER BY) stay in memory, not in temp files.
    sqlite.pragma('temp_store = MEMORY');
    // better-sqlite3 builds SQLite with a 16 MB page cache (SQLITE_DEFAULT_CACHE_SIZE=-16000), which
    // a busy server fills: 16 MB of resident memory for no measured speed, since the operating
    // system caches the file as well. SQLite's own default, 2 MB, holds the journey's hot pages
    // (docs/performance.md, "Memory, fifth round").
    sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    sqlite.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
    // Before the first statement is prepared: every one that writes is watched from then on.
    storage = new EmbeddedStorage(sqlite, file);
  } catch (error) {
    sqlite.close();
    throw refusalOf(error, file);
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: kyselyConnection(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    flushDurable: () => storage.flusher.flush(),
    close: async () => {
      await db.destroy();
      storage.flusher.close();
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

/** SQLite's page cache for the one connection, in KiB (SQLite's own default; see openEmbeddedDatabase). */
export const PAGE_CACHE_KIB = 2_000;

/** Start-up stops with this message, one line without a stack trace, and this exit code (main.ts). */
export class EmbeddedDatabaseRefusal extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** The SQLite file is held by another process: it may start once that one has stopped (EX_TEMPFAIL). */
export class DatabaseInUseError extends EmbeddedDatabaseRefusal {
  constructor(message: string) {
    super(message, 75);
  }
}

/** DATA_DIR or the database file cannot be written (read-only, another owner, a read-only mount): EX_CANTCREAT. */
export class DatabaseNotWritableError extends EmbeddedDatabaseRefusal {
  constructor(message: string) {
    super(message, 73);
  }
}

const NOT_WRITABLE_ADVICE = 'the embedded database needs DATA_DIR and the files in it writable by the user Bloom runs as';

/**
 * Checks before SQLite opens anything that its folder, the file and its WAL and shared-memory files
 * (those that exist) can be written: SQLite itself would say "disk I/O error" or "unable to open
 * database file" from deep in a stack trace, without naming the path.
 */
function ensureWritable(dataDir: string, file: string): void {
  const folders = [...new Set([path.resolve(dataDir), path.dirname(path.resolve(file))])];
  for (const folder of folders) {
    try {
      mkdirSync(folder, { recursive: true });
    } catch (error) {
      throw new DatabaseNotWritableError(`Bloom cannot create ${folder} (${codeOf(error)}): ${NOT_WRITABLE_ADVICE}.`);
    }
  }
  for (const target of [...folders, file, `${file}-wal`, `${file}-shm`]) {
    if (!folders.includes(target) && !existsSync(target)) continue;
    try {
      accessSync(target, constants.W_OK);
    } catch (error) {
      throw new DatabaseNotWritableError(`Bloom cannot write ${target} (${codeOf(error)}): ${NOT_WRITABLE_ADVICE}.`);
    }
  }
}

/** A storage error while opening (past the check above: a read-only mount the check missed, say) as one line; others as they are. */
function refusalOf(error: unknown, file: string): unknown {
  if (error instanceof EmbeddedDatabaseRefusal) return error;
  const code = (error as { code?: unknown }).code;
  if (!isSqliteStorageFailure(code)) return error;
  return new DatabaseNotWritableError(`Bloom cannot open ${file} for writing (${String(code)}: ${(error as Error).message}): ${NOT_WRITABLE_ADVICE}.`);
}

const codeOf = (error: unknown): string => String((error as { code?: unknown }).code ?? (error as Error).message);

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
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw refusalOf(error, file);
    throw new DatabaseInUseError(
      `Another process is using ${file}. The embedded database belongs to one Bloom process; to run several, use PostgreSQL (DATABASE_URL).`,
    );
  }
}
