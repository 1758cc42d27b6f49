import { stat, statSync } from 'node:fs';
import type SQLite from 'better-sqlite3';
import { isSqliteStorageFailure } from '../../http/database-unavailable';
import { createWalFlusher, type WalFlusher, type WalFlusherOptions } from './durability';

/**
 * What the embedded database's storage is going through, for readiness and the log (decision 0079):
 *
 * - **A write failed** with a storage error (a full disk, an I/O error, a file turned read-only):
 *   `writeFailure` holds it until a write commits again. Every statement that writes, commits or
 *   rolls back is watched (statements.ts prepares them all through `watch`).
 * - **An fsync failed** (the group commit's of the WAL, or SQLite's own at a checkpoint): the
 *   flusher is latched for good (durability.ts), `syncFailure`; the server drains and exits.
 * - **The file was deleted or replaced**: the database's path no longer names the file this
 *   process opened (`fileReplaced`, checked beside every fsync and by /readyz). What is written
 *   now goes into a file no later start will open, so no write is acknowledged meanwhile.
 *
 * Listeners hear each change once (operations/storage-faults.ts logs them, and starts the exit).
 */
export type StorageEvent =
  | { kind: 'write-failed'; error: Error }
  | { kind: 'writing-again' }
  | { kind: 'sync-failed'; error: Error }
  | { kind: 'file-replaced' }
  | { kind: 'file-back' };

/** A statement that ends a transaction: its success is a commit (or, for ROLLBACK, none). */
const COMMIT = /^\s*(commit|end|release)\b/i;
const ROLLBACK = /^\s*rollback\b/i;

/** SQLite's own fsync failed (a checkpoint's, of the WAL or of its folder): final, as the group commit's is. */
const FAILED_SYNC = new Set(['SQLITE_IOERR_FSYNC', 'SQLITE_IOERR_DIR_FSYNC']);

type WatchedKind = 'write' | 'commit' | 'rollback';

export class EmbeddedStorage {
  /** The storage error of the last write, when no write has committed since. */
  writeFailure: Error | null = null;
  fileReplaced = false;
  readonly flusher: WalFlusher;
  private readonly identity: { dev: number; ino: number };
  /** A write succeeded whose transaction has not ended yet. */
  private pendingCommit = false;
  private readonly listeners = new Set<(event: StorageEvent) => void>();
  private fileCheck: Promise<void> | null = null;

  constructor(
    private readonly sqlite: SQLite.Database,
    readonly file: string,
    options: Pick<WalFlusherOptions, 'fsync'> = {},
  ) {
    const { dev, ino } = statSync(file);
    this.identity = { dev, ino };
    this.flusher = createWalFlusher(file, {
      ...options,
      onFailure: (error) => this.emit({ kind: 'sync-failed', error }),
      alongside: () => this.verifyFile(),
    });
    storages.set(sqlite, this);
  }

  /** The failed fsync that latched the flusher, if one has. */
  get syncFailure(): Error | null {
    return this.flusher.failure;
  }

  /** Hears every change from now on; returns how to stop. */
  onEvent(listener: (event: StorageEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Whether the database's path still names the file opened (a stat, on the thread pool; callers
   * at the same moment share one). Rejects with DatabaseFileReplacedError when it does not.
   */
  verifyFile(): Promise<void> {
    this.fileCheck ??= new Promise<void>((resolve, reject) => {
      stat(this.file, (error, stats) => {
        this.fileCheck = null;
        const same = !error && stats.dev === this.identity.dev && stats.ino === this.identity.ino;
        if (same === this.fileReplaced) {
          this.fileReplaced = !same;
          this.emit({ kind: same ? 'file-back' : 'file-replaced' });
        }
        if (same) return resolve();
        const why = error && error.code !== 'ENOENT' ? ` (${error.code ?? error.message})` : '';
        reject(new DatabaseFileReplacedError(`${this.file} is no longer the file this process opened: it was deleted or replaced${why}`));
      });
    });
    return this.fileCheck;
  }

  /**
   * `statement` as it was, or, when it writes or ends a transaction, wrapped so that its storage
   * failures and its commits are seen. Kysely and the direct statements use `reader`, `busy`,
   * `run`, `all`, `get` and `iterate` of it.
   */
  watch(statement: SQLite.Statement, readonly: boolean, source: string): SQLite.Statement {
    const kind: WatchedKind | null = !readonly ? 'write' : COMMIT.test(source) ? 'commit' : ROLLBACK.test(source) ? 'rollback' : null;
    if (!kind) return statement;
    /** Runs the statement, telling the watch whether it succeeded (and changed rows) or failed with a storage error. */
    const observed = <T>(call: () => T, changed: (result: T) => boolean): T => {
      try {
        const result = call();
        this.succeeded(kind, changed(result));
        return result;
      } catch (error) {
        this.failed(error);
        throw error;
      }
    };
    const watched = {
      reader: statement.reader,
      readonly,
      source,
      get busy() {
        return statement.busy;
      },
      run: (...parameters: unknown[]) => observed(() => statement.run(...parameters), (result) => result.changes > 0),
      get: (...parameters: unknown[]) => observed(() => statement.get(...parameters), () => true),
      all: (...parameters: unknown[]) => observed(() => statement.all(...parameters), () => true),
      iterate: (...parameters: unknown[]) => statement.iterate(...parameters),
    };
    return watched as unknown as SQLite.Statement;
  }

  private succeeded(kind: WatchedKind, changed: boolean): void {
    if (kind === 'rollback') {
      if (!this.sqlite.inTransaction) this.pendingCommit = false;
      return;
    }
    if (changed && kind === 'write') this.pendingCommit = true;
    if (!this.pendingCommit || this.sqlite.inTransaction) return;
    this.pendingCommit = false;
    if (this.writeFailure) {
      this.writeFailure = null;
      this.emit({ kind: 'writing-again' });
    }
  }

  private failed(error: unknown): void {
    const code = (error as { code?: unknown }).code;
    if (!isSqliteStorageFailure(code)) return;
    // Its transaction is rolled back (by SQLite, or by the caller that sees the error).
    this.pendingCommit = false;
    if (FAILED_SYNC.has(code as string)) this.flusher.fail(error as Error);
    const first = this.writeFailure === null;
    this.writeFailure = error as Error;
    if (first) this.emit({ kind: 'write-failed', error: error as Error });
  }

  private emit(event: StorageEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener's fault must not fail the statement or the flush that reported it.
      }
    }
  }
}

/** The database's path no longer names the file this process has open (deleted, or replaced). */
export class DatabaseFileReplacedError extends Error {
  /** SQLite's own name for it, so http/database-unavailable.ts answers it 503. */
  readonly code = 'SQLITE_READONLY_DBMOVED';
}

const storages = new WeakMap<SQLite.Database, EmbeddedStorage>();

/** The storage watch of an embedded connection opened by open.ts; undefined for any other. Outside db/, through db/embedded-storage.ts. */
export function embeddedStorageOf(sqlite: SQLite.Database | undefined): EmbeddedStorage | undefined {
  return sqlite ? storages.get(sqlite) : undefined;
}
