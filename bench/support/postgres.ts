import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withChildren } from './process-cpu';
import { freePort } from './server-process';

/**
 * A throw-away PostgreSQL cluster on 127.0.0.1 (and its Unix socket) for the benchmark, the same way as
 * scripts/with-postgres.sh: initdb into a temporary folder, run as the `postgres` user
 * when we are root (PostgreSQL refuses to run as root), remove everything on stop.
 */
export interface ThrowAwayPostgres {
  /** Through TCP on 127.0.0.1. */
  url: string;
  /** Through the cluster's Unix socket (its folder, percent-encoded as the host, as node-postgres reads it). */
  socketUrl: string;
  version: string;
  /** The server's processes: the postmaster and every backend and helper it has started. */
  processIds(): number[];
  stop(): void;
}

function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const bin = versions.length ? path.join(root, versions.at(-1)!, 'bin') : undefined;
  return bin && existsSync(path.join(bin, 'initdb')) ? bin : undefined;
}

export function postgresAvailable(): boolean {
  return postgresBin() !== undefined;
}

export async function startPostgres(): Promise<ThrowAwayPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const cluster = mkdtempSync(path.join(tmpdir(), 'bloom-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', cluster]);
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    return execFileSync(command, fullArgs, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  };
  const port = await freePort();
  const data = path.join(cluster, 'data');
  run('initdb', ['-D', data, '-U', 'bloom', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  run('pg_ctl', [
    '-D', data, '-l', path.join(cluster, 'log'), '-w',
    '-o', `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${cluster} -c fsync=on -c max_connections=200`,
    'start',
  ]);
  const version = run('postgres', ['--version']).trim().split(' ')[2] ?? '?';
  return {
    url: `postgres://bloom@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://bloom@${encodeURIComponent(cluster)}:${port}/postgres`,
    version,
    // postmaster.pid's first line is the postmaster's process id.
    processIds: () => withChildren(Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0])),
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
      } catch {
        // already gone
      }
      rmSync(cluster, { recursive: true, force: true });
    },
  };
}
