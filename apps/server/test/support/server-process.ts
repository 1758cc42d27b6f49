import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config';
import { TestClient, type TestServer } from '../harness';

/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`), for
 * tests that must kill it (crash safety) or read what it prints (log hygiene). Restarts
 * reuse the port, DATA_DIR and database, like an operator restarting a crashed service.
 * With DATABASE_URL set (scripts/with-postgres.sh), each instance gets a database of its own.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');

export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Everything the process printed (stdout and stderr), across restarts. */
  output(): string;
  running(): boolean;
  start(): Promise<void>;
  /** SIGKILL: no shutdown hooks, no flushing; the closest a test gets to pulling the plug. */
  kill(): Promise<void>;
  /** Sends the running process a signal (an operator's `kill -USR2`, say). */
  signal(name: NodeJS.Signals): void;
  /** Stops the process and removes its data (and PostgreSQL database). */
  dispose(): Promise<void>;
  /** The helpers in auth-helpers.ts read only baseUrl, config.appOrigin and client(). */
  asTestServer(): TestServer;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The environment a test's server process runs with: this machine, its own port and folder, quiet logs. */
export function serverProcessEnv(options: { port: number; dataDir: string; databaseUrl?: string; logLevel?: string }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    APP_ORIGIN: `http://127.0.0.1:${options.port}`,
    LOG_LEVEL: options.logLevel ?? 'silent',
    DATABASE_URL: options.databaseUrl ?? '',
  };
}

export async function startServerProcess(environment: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bloom-proc-'));
  const { databaseUrl, drop } = await maybeCreatePostgresDatabase();
  let child: ChildProcess | null = null;
  let output = '';

  const env = { ...serverProcessEnv({ port, dataDir, databaseUrl }), ...environment };

  async function start(): Promise<void> {
    const started = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`server exited with ${started.exitCode}:\n${output.slice(-2000)}`);
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function kill(): Promise<void> {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  }

  await start();
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  return {
    baseUrl,
    dataDir,
    databaseUrl,
    output: () => output,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    start,
    kill,
    signal: (name) => child?.kill(name),
    dispose: async () => {
      await kill();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    asTestServer: () => ({ baseUrl, config, client: () => new TestClient(baseUrl) }) as unknown as TestServer,
  };
}

/** With DATABASE_URL set (scripts/with-postgres.sh), a fresh database of its own and how to drop it; otherwise none. */
export async function maybeCreatePostgresDatabase(): Promise<{ databaseUrl: string | undefined; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { databaseUrl: undefined, drop: async () => {} };
  const name = `bloom_proc_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
