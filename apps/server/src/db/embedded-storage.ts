import type { DatabaseHandle } from './handle';
import { embeddedStorageOf, type EmbeddedStorage } from './embedded/storage';

/**
 * The embedded database's storage as the rest of the server sees it (decision 0079): what its
 * disk is going through, for readiness and the log (operations/storage-faults.ts), and why
 * start-up refused it (main.ts). The door to db/embedded/ for these, as db/accelerator.ts is for
 * the speed-ups (decision 0023).
 */
export type { EmbeddedStorage, StorageEvent } from './embedded/storage';
export { EmbeddedDatabaseRefusal } from './embedded/open';

/** The storage watch of the embedded database; undefined on PostgreSQL. */
export function storageOf(database: DatabaseHandle): EmbeddedStorage | undefined {
  return embeddedStorageOf(database.sqlite);
}
