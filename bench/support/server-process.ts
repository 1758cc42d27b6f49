import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  pid: number;
  process: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts a process (Bloom itself, or the bare baseline server) in its own Node process so
 * the load generator and the server do not share an event loop, and waits until it answers.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string> = {},
  options: { healthPath?: string; dataDir?: string; nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const healthPath = options.healthPath ?? '/api/health';
  if (entry === BLOOM_ENTRY) ensureServerBuilt();
  const port = await freePort();
  const dataDir = options.dataDir ?? newDataDir();
  // Bloom runs as production does, from its bundle (docs/decisions/0009); TypeScript entries (the bare server) through tsx.
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const nodeArgs = [...(entry === BLOOM_ENTRY ? BLOOM_NODE_ARGS : []), ...(options.nodeArgs ?? [])];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The bench buys plans in the test store on purpose (config.ts refuses it in production otherwise).
      PAYMENTS: 'sandbox',
      // No balancer to drain for (decision 0071): a stopped bench server exits at once.
      SHUTDOWN_DRAIN_SECONDS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A server that never came up is stopped and its data folder removed, like a stopped one.
  const giveUp = (message: string): never => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(message);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) giveUp(`${entry} exited with ${child.exitCode}`);
    try {
      const response = await fetch(baseUrl + healthPath);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) giveUp(`${entry} did not start within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    pid: child.pid!,
    process: child,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty data folder for one Bloom instance (removed when that instance stops). */
export function newDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'bloom-bench-'));
}

/** The server bundle `npm start` runs, rebuilt from the current sources once per bench process. */
export const BLOOM_ENTRY = path.join(repoRoot, 'apps/server/dist/main.mjs');

let serverBuilt = false;
export function ensureServerBuilt(): void {
  if (serverBuilt) return;
  const build = spawnSync('npm', ['run', 'build:server'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build:server failed');
  serverBuilt = true;
}
export const BARE_ENTRY = path.join(repoRoot, 'bench/support/bare-server.ts');

/**
 * The Node options `npm run serve` gives Bloom (the root package.json's `serve` script), so a
 * measured server runs as a deployed one: `node <options> apps/server/dist/main.mjs`.
 */
export const BLOOM_NODE_ARGS: readonly string[] = servedNodeArgs();

function servedNodeArgs(): string[] {
  const serve = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve ?? '';
  const match = /^(?:exec\s+)?node\s+(.*?)\s*apps\/server\/dist\/main\.mjs$/.exec(serve.trim());
  if (!match) throw new Error(`the serve script should read "exec node [options] apps/server/dist/main.mjs", not "${serve}"`);
  return match[1]!.split(/\s+/).filter(Boolean);
}

/** Resident set size of a process in MB, read from /proc (Linux). */
export async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Samples a process's RSS every `intervalMs` until stopped; resolves to the peak seen. */
export function watchPeakRss(pid: number, intervalMs = 50): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        peak = Math.max(peak, await rssMb(pid));
      } catch {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}
