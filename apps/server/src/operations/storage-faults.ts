import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/handle';
import { storageOf, type EmbeddedStorage } from '../db/embedded-storage';

/** EX_IOERR: the process stopped because the disk failed an fsync (decision 0079). */
export const EXIT_AFTER_FAILED_SYNC = 74;

/**
 * What the embedded database's storage goes through (db/embedded/storage.ts, decision 0079), told
 * in the log once per change, and the one fault that ends the process: a failed fsync of the WAL.
 * Linux reports a failed write-back once, so nothing written since can be trusted to be on disk;
 * as PostgreSQL does, the process stops and SQLite recovers from what the disk holds when it
 * starts again. The stop is the SIGTERM one (operations/shutdown.ts, decision 0071): /readyz
 * answers 503, the instance drains for SHUTDOWN_DRAIN_SECONDS answering every write 503, then
 * exits with 74, so a supervisor that restarts on failure restarts it.
 *
 * Nothing on PostgreSQL, whose own storage faults are its own (it stops itself).
 */
export function watchEmbeddedStorage(app: FastifyInstance, database: DatabaseHandle): void {
  const storage = storageOf(database);
  if (!storage) return;
  const log = app.log;
  const stop = storage.onEvent((event) => {
    switch (event.kind) {
      case 'write-failed':
        log.error(
          { err: { message: event.error.message, code: codeOf(event.error) } },
          `SQLite could not write ${storage.file} (${codeOf(event.error)}): requests that write answer 503, and /readyz 503 until a write succeeds again. Check the disk and the free space of DATA_DIR.`,
        );
        return;
      case 'writing-again':
        log.info('SQLite writes again: /readyz answers 200');
        return;
      case 'sync-failed':
        log.fatal(
          { err: { message: event.error.message, code: codeOf(event.error) } },
          `fsync of the SQLite WAL failed (${codeOf(event.error)}): writes since the last good fsync may not be on disk. Every write is answered 503 from now on; Bloom drains and exits with ${EXIT_AFTER_FAILED_SYNC}, and SQLite recovers from the disk when it starts again.`,
        );
        leave(app);
        return;
      case 'file-replaced':
        log.error(
          `${storage.file} was deleted or replaced while Bloom runs: what this process writes goes into a file no restart will open, so no write is acknowledged (503) and /readyz answers 503. Its data is still readable by this process: send it SIGUSR2 for a backup in DATA_DIR/backups, stop it, and put that backup in place of ${storage.file}.`,
        );
        return;
      case 'file-back':
        log.info(`${storage.file} is the file this process opened again: writes are acknowledged again`);
        return;
    }
  });
  app.addHook('onClose', async () => {
    stop();
  });
}

/**
 * Why this instance cannot take traffic because of its storage, or null. Checks the file's
 * identity now (a stat): /readyz is asked every few seconds, writes may not come as often.
 */
export async function storageFault(storage: EmbeddedStorage): Promise<string | null> {
  if (storage.syncFailure) return 'A write could not be made durable (fsync failed); this instance is stopping.';
  try {
    await storage.verifyFile();
  } catch {
    return 'The database file was deleted or replaced while this instance ran.';
  }
  if (storage.writeFailure) return `The database cannot be written (${codeOf(storage.writeFailure)}).`;
  return null;
}

/**
 * Starts the SIGTERM stop that main.ts installs (operations/shutdown.ts), once. Where nothing
 * listens for SIGTERM (the server built inside a test, say), a signal would kill the process
 * without draining: it stays up instead, not ready and answering every write 503.
 */
function leave(app: FastifyInstance): void {
  if (leaving) return;
  if (process.listenerCount('SIGTERM') === 0) {
    app.log.fatal('Nothing here handles SIGTERM to drain and exit: this process stays up, not ready, until it is restarted.');
    return;
  }
  leaving = true;
  // The stop ends with process.exit(0); the exit code it leaves with is set on the way out.
  process.once('exit', () => {
    process.exitCode = EXIT_AFTER_FAILED_SYNC;
  });
  process.kill(process.pid, 'SIGTERM');
}

let leaving = false;

const codeOf = (error: Error): string => String((error as { code?: unknown }).code ?? 'unknown');
