import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { questionsForTrack } from '@bloom/domain';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, serverProcessEnv } from './support/server-process';
import { TestClient } from './harness';

/**
 * The embedded SQLite database's storage faults that only the server as a process shows
 * (decision 0079): a failed fsync of the WAL, which must stop the process, and a database file or
 * DATA_DIR it cannot write at start-up. The fsync fails through a module loaded with
 * `node --import` (support/failing-wal-fsync.mjs), no native code; the read-only files are
 * plain file modes (under root the server runs as `nobody`, whom modes do bind).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const FAILING_FSYNC = pathToFileURL(path.join(import.meta.dirname, 'support/failing-wal-fsync.mjs')).href;
const NOBODY = 65534;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

const started: Server[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const server of started.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'bloom-storage-'));
  folders.push(folder);
  return folder;
}

async function spawnServer(dataDir: string, environment: Record<string, string> = {}, asUser?: number): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...serverProcessEnv({ port, dataDir, logLevel: 'warn' }), ...environment };
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(asUser === undefined ? {} : { uid: asUser, gid: asUser }),
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { baseUrl, child, output: () => output, exited };
  started.push(server);
  return server;
}

async function listening(server: Server): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}:\n${server.output().slice(-2000)}`);
    try {
      if ((await fetch(`${server.baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${server.output().slice(-2000)}`);
    await sleep(100);
  }
}

async function exitWithin(server: Server, ms: number): Promise<number | null> {
  const timeout = sleep(ms).then(() => 'still running' as const);
  const code = await Promise.race([server.exited, timeout]);
  if (code === 'still running') throw new Error(`still running after ${ms} ms:\n${server.output().slice(-2000)}`);
  return code;
}

const rapid = questionsForTrack('Rapid');
const page = (response: number) => rapid.slice(0, 5).map((q) => ({ questionGuid: q.questionGuid, response, order: q.order }));

async function guestWithAssessment(baseUrl: string): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  expect((await client.post('/api/user/ContinueAsGuest', {})).status).toBe(200);
  expect((await client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
  expect((await client.post('/api/user/SaveQuestionResponse', page(1))).status).toBe(200);
  return client;
}

describe.skipIf(onPostgres)('a failed fsync of the WAL', () => {
  it('answers the saves waiting on it and every later one 503, /readyz 503, and the process drains and exits 74; a restart serves again', async () => {
    const dataDir = dataFolder();
    const server = await spawnServer(dataDir, { NODE_OPTIONS: `--import=${FAILING_FSYNC}`, SHUTDOWN_DRAIN_SECONDS: '2' });
    await listening(server);
    const first = await guestWithAssessment(server.baseUrl);
    const second = await guestWithAssessment(server.baseUrl);

    writeFileSync(path.join(dataDir, 'fail-next-wal-fsync'), '');
    // The first save's fsync fails after 300 ms; the second commits while it runs and waits for the next one.
    const firstSave = first.post('/api/user/SaveQuestionResponse', page(2));
    await sleep(100);
    const secondSave = second.post('/api/user/SaveQuestionResponse', page(4));
    const [failed, waited] = await Promise.all([firstSave, secondSave]);
    expect(failed.status, failed.text).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('5');
    expect(failed.body.error.code).toBe('database_unavailable');
    // Linux reports a failed write-back once: the next fsync succeeds whether or not the pages reached the disk.
    expect(waited.status, waited.text).toBe(503);
    expect(waited.body.error.code).toBe('database_unavailable');
    const later = await second.post('/api/user/SaveQuestionResponse', page(3));
    expect(later.status, later.text).toBe(503);
    expect(later.body.error.code).toBe('database_unavailable');
    const ready = await new TestClient(server.baseUrl).get('/readyz');
    expect(ready.status).toBe(503);
    // Reads are still answered while it drains.
    expect((await first.get(`/api/data/GetModuleQuestions/${rapid[0]!.module}`)).status).toBe(200);

    expect(await exitWithin(server, 15_000)).toBe(74);
    expect(server.output()).toMatch(/"level":60[^\n]*fsync/);

    const restarted = await spawnServer(dataDir);
    await listening(restarted);
    expect((await new TestClient(restarted.baseUrl).get('/readyz')).status).toBe(200);
    restarted.child.kill('SIGKILL');
  }, 90_000);
});

/** Under root, file modes bind only another user: the server then runs as `nobody`, if `nobody` can read the repository. */
function serverUser(): number | undefined | 'cannot' {
  if (process.getuid?.() !== 0) return undefined;
  const probe = spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(MAIN)}, require('fs').constants.R_OK)`], { uid: NOBODY, gid: NOBODY });
  return probe.status === 0 ? NOBODY : 'cannot';
}

describe.skipIf(onPostgres)('a database it cannot write at start-up', () => {
  it('a read-only database file: one line naming the file, exit 73', async (context) => {
    const user = serverUser();
    if (user === 'cannot') return context.skip();
    const dataDir = dataFolder();
    const file = path.join(dataDir, 'bloom.sqlite');
    new SQLite(file).close();
    chmodSync(file, 0o444);
    chmodSync(dataDir, 0o777);
    const server = await spawnServer(dataDir, {}, user);
    expect(await exitWithin(server, 30_000)).toBe(73);
    const lines = server.output().trim().split('\n');
    expect(lines, server.output()).toHaveLength(1);
    expect(lines[0]).toContain(file);
    expect(lines[0]).not.toContain('SqliteError');
  }, 60_000);

  it('a read-only DATA_DIR: one line naming the folder, exit 73', async (context) => {
    const user = serverUser();
    if (user === 'cannot') return context.skip();
    const dataDir = dataFolder();
    chmodSync(dataDir, 0o555);
    const server = await spawnServer(dataDir, {}, user);
    expect(await exitWithin(server, 30_000)).toBe(73);
    const lines = server.output().trim().split('\n');
    expect(lines, server.output()).toHaveLength(1);
    expect(lines[0]).toContain(dataDir);
    expect(lines[0]).not.toContain('SqliteError');
  }, 60_000);
});
