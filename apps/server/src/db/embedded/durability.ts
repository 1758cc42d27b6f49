import { closeSync, existsSync, fsync, fsyncSync, openSync } from 'node:fs';
import path from 'node:path';

/**
 * Group commit for SQLite.
 *
 * SQLite commits with `synchronous=NORMAL` in WAL mode cost microseconds instead of an
 * fsync each (3–4 ms on this kind of machine, *blocking the event loop* because
 * better-sqlite3 is synchronous). Durability is restored before any write is acknowledged:
 * the server awaits `flush()` before answering a state-changing request, and `flush()`
 * fsyncs the WAL file on libuv's thread pool, off the event loop. Requests that commit
 * while an fsync is running share the next one, so a burst of writes costs one fsync.
 *
 * fsync flushes a file's dirty pages whichever descriptor wrote them, so syncing our own
 * descriptor of the `-wal` file covers every transaction SQLite committed before the call.
 * Checkpoints with NORMAL sync the WAL and the database file themselves.
 * See docs/decisions/0008-sqlite-group-commit.md.
 *
 * A failed fsync is final (decision 0079), as it is for PostgreSQL: Linux reports a failed
 * write-back once and marks the pages clean, so a later fsync succeeds whether or not they reached
 * the disk. The flusher latches the error: the flush it failed, every flush waiting behind it and
 * every later one reject with it, and `onFailure` hears of it once (the server then drains and
 * exits, and SQLite recovers from what the disk holds at the next start).
 */
export interface WalFlusher {
  flush(): Promise<void>;
  /** The fsync error that latched the flusher, if one has. */
  readonly failure: Error | null;
  /** Latches the flusher with a failed fsync SQLite itself met (at a checkpoint), as for its own. */
  fail(error: Error): void;
  close(): void;
}

export interface WalFlusherOptions {
  /** Node's `fs.fsync`; tests pass one that fails. */
  fsync?: (descriptor: number, callback: (error: NodeJS.ErrnoException | null) => void) => void;
  /** The first failed fsync, once. */
  onFailure?: (error: Error) => void;
  /**
   * Checked beside each fsync (storage.ts: the database's path still names the opened file); when
   * it rejects, so does that flush, and nothing it covers is acknowledged. Not latched.
   */
  alongside?: () => Promise<void>;
}

export function createWalFlusher(databaseFile: string, options: WalFlusherOptions = {}): WalFlusher {
  const walFile = `${databaseFile}-wal`;
  const syncFile = options.fsync ?? fsync;
  let descriptor: number | null = null;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let failure: Error | null = null;

  function fail(error: Error): void {
    if (failure) return;
    failure = error;
    options.onFailure?.(error);
  }

  /** SQLite creates the WAL at the first write after opening; until then there is nothing to sync. */
  function walDescriptor(): number | null {
    if (descriptor === null && existsSync(walFile)) {
      try {
        syncPath(path.dirname(path.resolve(walFile)));
      } catch (error) {
        // The folder's own fsync (the WAL's name in it) failed: as final as the WAL's.
        if ((error as NodeJS.ErrnoException).syscall === 'fsync') fail(error as Error);
        throw error;
      }
      descriptor = openSync(walFile, 'r');
    }
    return descriptor;
  }

  const syncWal = () =>
    new Promise<void>((resolve, reject) => {
      const fd = walDescriptor();
      if (fd === null) return resolve();
      syncFile(fd, (error) => {
        if (!error) return resolve();
        fail(error);
        reject(error);
      });
    });

  const syncNow = (): Promise<void> => {
    if (failure) return Promise.reject(failure);
    if (!options.alongside) return syncWal();
    return Promise.all([syncWal(), options.alongside()]).then(() => undefined);
  };

  function flush(): Promise<void> {
    if (failure) return Promise.reject(failure);
    if (!running) {
      running = syncNow().finally(() => {
        running = null;
      });
      return running;
    }
    // The running fsync may have started before this caller's commit: wait for the next one.
    next ??= running.then(
      () => {
        next = null;
        return flush();
      },
      () => {
        next = null;
        return flush();
      },
    );
    return next;
  }

  return {
    flush,
    get failure() {
      return failure;
    },
    fail,
    close: () => {
      if (descriptor !== null) closeSync(descriptor);
      descriptor = null;
    },
  };
}

function syncPath(directory: string): void {
  const descriptor = openSync(directory, 'r');
  try {
    // Once, at start-up: makes the WAL file's directory entry itself durable.
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
