/* global process, setTimeout */
/**
 * Loaded with `node --import` before the server (sqlite-storage-faults-process.test.ts): the next
 * fsync of SQLite's `-wal` file fails with EIO once a file named `fail-next-wal-fsync` appears in
 * DATA_DIR, after 300 ms, as a disk that cannot write back the WAL's pages fails it. Linux then
 * marks those pages clean, so the fsync after it succeeds; this does the same: it fails one call,
 * and later calls are real. Only Node's `fs.fsync`, which the group commit uses
 * (db/embedded/durability.ts); SQLite's own fsyncs are untouched. No native code, no root.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';

const trigger = path.join(process.env.DATA_DIR ?? '.', 'fail-next-wal-fsync');
const walDescriptors = new Set();
const { openSync, closeSync, fsync } = fs;

fs.openSync = function (file, ...rest) {
  const descriptor = openSync.call(this, file, ...rest);
  if (String(file).endsWith('-wal')) walDescriptors.add(descriptor);
  return descriptor;
};
fs.closeSync = function (descriptor, ...rest) {
  walDescriptors.delete(descriptor);
  return closeSync.call(this, descriptor, ...rest);
};
fs.fsync = function (descriptor, callback) {
  if (walDescriptors.has(descriptor) && fs.existsSync(trigger)) {
    fs.unlinkSync(trigger);
    const error = Object.assign(new Error('EIO: i/o error, fsync'), { errno: -5, code: 'EIO', syscall: 'fsync' });
    setTimeout(() => callback(error), 300);
    return;
  }
  return fsync.call(this, descriptor, callback);
};
// ES modules' named imports of node:fs (`import { fsync } from 'node:fs'`) see the replacements too.
syncBuiltinESMExports();
