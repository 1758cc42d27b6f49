import { mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';

/**
 * A consistent copy of the embedded database, taken while Bloom keeps serving. The SQLite file
 * is locked to this process (decision 0011), so no other process can read it; the copy is
 * made through Bloom's own connection with SQLite's online backup, a few pages at a time
 * between requests. Writes made meanwhile through this connection are carried into the copy.
 * Restore by stopping Bloom and putting the copy in place of `bloom.sqlite` (with no
 * `bloom.sqlite-wal` beside it).
 */
export async function backupEmbeddedDatabase(sqlite: SQLite.Database, dataDir: string, now = new Date()): Promise<string> {
  const folder = path.join(dataDir, 'backups');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `bloom-${now.toISOString().replace(/[:.]/g, '-')}.sqlite`);
  // Written under another name and renamed when whole, so a `.sqlite` in the folder is always complete.
  const partial = `${file}.partial`;
  await sqlite.backup(partial);
  renameSync(partial, file);
  return file;
}
