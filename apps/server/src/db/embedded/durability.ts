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
 */
export interface WalFlusher {
  flush(): Promise<void>;
  close(): void;
}

export function createWalFlusher(databaseFile: string): WalFlusher {
  const walFile = `${databaseFile}-wal`;
  let descriptor: number | null = null;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  /** SQLite creates the WAL at the first write after opening; until then there is nothing to sync. */
  function walDescriptor(): number | null {
    if (descriptor === null && existsSync(walFile)) {
      syncPath(path.dirname(path.resolve(walFile)));
      descriptor = openSync(walFile, 'r');
    }
    return descriptor;
  }

  const syncNow = () =>
    new Promise<void>((resolve, reject) => {
      const fd = walDescriptor();
      if (fd === null) return resolve();
      fsync(fd, (error) => (error ? reject(error) : resolve()));
    });

  function flush(): Promise<void> {
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
