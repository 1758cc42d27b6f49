import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWalFlusher } from './durability';

/**
 * The group commit after a failed fsync (decision 0079). Linux reports a failed write-back once
 * and marks the pages clean, so the next fsync succeeds whether or not they reached the disk: a
 * flush that waited behind the failed one used to run that next fsync and resolve.
 */
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function walFile(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'bloom-wal-'));
  folders.push(folder);
  const database = path.join(folder, 'bloom.sqlite');
  writeFileSync(`${database}-wal`, 'frames');
  return database;
}

type Callback = (error: NodeJS.ErrnoException | null) => void;

/** An fsync whose calls wait until the test settles them, failing or not. */
function heldFsync() {
  const calls: Callback[] = [];
  return {
    calls,
    fsync: (_descriptor: number, callback: Callback) => void calls.push(callback),
    settle: (index: number, error: NodeJS.ErrnoException | null = null) => calls[index]!(error),
  };
}

const eio = () => Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO', syscall: 'fsync', errno: -5 });
const settled = (promise: Promise<void>) => promise.then(() => 'resolved' as const, (error: Error) => error);
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the WAL flusher', () => {
  it('shares one fsync among the flushes that arrive while it runs, and resolves them after the next', async () => {
    const held = heldFsync();
    const flusher = createWalFlusher(walFile(), { fsync: held.fsync });
    const first = settled(flusher.flush());
    const second = settled(flusher.flush());
    const third = settled(flusher.flush());
    expect(held.calls).toHaveLength(1);
    held.settle(0);
    await tick();
    expect(held.calls).toHaveLength(2);
    held.settle(1);
    expect(await Promise.all([first, second, third])).toEqual(['resolved', 'resolved', 'resolved']);
    flusher.close();
  });

  it('after one failed fsync, rejects the flush it served, the ones waiting behind it and every later one, and says so once', async () => {
    const held = heldFsync();
    const failures: Error[] = [];
    const flusher = createWalFlusher(walFile(), { fsync: held.fsync, onFailure: (error) => failures.push(error) });
    const failed = settled(flusher.flush());
    // Committed while that fsync ran: it waits for the next one.
    const waiting = settled(flusher.flush());
    held.settle(0, eio());
    await tick();
    expect(await failed).toMatchObject({ code: 'EIO' });
    expect(await waiting).toMatchObject({ code: 'EIO' });
    // No second fsync was run: its success would have proved nothing.
    expect(held.calls).toHaveLength(1);
    expect(await settled(flusher.flush())).toMatchObject({ code: 'EIO' });
    expect(held.calls).toHaveLength(1);
    expect(failures).toHaveLength(1);
    expect(flusher.failure).toMatchObject({ code: 'EIO', syscall: 'fsync' });
    flusher.close();
  });

  it('a failed fsync SQLite met itself latches it too', async () => {
    const held = heldFsync();
    const failures: Error[] = [];
    const flusher = createWalFlusher(walFile(), { fsync: held.fsync, onFailure: (error) => failures.push(error) });
    flusher.fail(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_FSYNC' }));
    expect(await settled(flusher.flush())).toMatchObject({ code: 'SQLITE_IOERR_FSYNC' });
    expect(held.calls).toHaveLength(0);
    expect(failures).toHaveLength(1);
    flusher.close();
  });

  it('a check beside the fsync that fails fails that flush only', async () => {
    const held = heldFsync();
    let fileThere = false;
    const flusher = createWalFlusher(walFile(), {
      fsync: held.fsync,
      alongside: () => (fileThere ? Promise.resolve() : Promise.reject(new Error('the file was replaced'))),
    });
    const refused = settled(flusher.flush());
    held.settle(0);
    expect(await refused).toMatchObject({ message: 'the file was replaced' });
    fileThere = true;
    const accepted = settled(flusher.flush());
    held.settle(1);
    expect(await accepted).toBe('resolved');
    expect(flusher.failure).toBeNull();
    flusher.close();
  });
});
