import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { freePort, maybeCreatePostgresDatabase, serverProcessEnv, startServerProcess, type ServerProcess } from './support/server-process';

/**
 * Stopping an instance behind a load balancer (decision 0071): on SIGTERM /readyz says 503
 * `shutting_down` at once while the instance goes on serving for SHUTDOWN_DRAIN_SECONDS, so the
 * balancer's health check sees it leave before its listener closes; then it finishes the requests
 * in flight and exits. The real server as a process (main.ts), on SQLite and PostgreSQL.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.dispose();
  server = undefined;
});

/** A fresh connection each time (no keep-alive), as a balancer's health check or a new visitor opens. */
async function ask(baseUrl: string, path: string): Promise<{ status: number; body: unknown } | 'refused'> {
  try {
    const response = await fetch(`${baseUrl}${path}`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(5_000) });
    return { status: response.status, body: (await response.json()) as unknown };
  } catch {
    return 'refused';
  }
}

async function waitForExit(process: ServerProcess, withinMs: number): Promise<number> {
  const started = Date.now();
  while (process.running()) {
    if (Date.now() - started > withinMs) throw new Error(`still running ${withinMs} ms after SIGTERM:\n${process.output().slice(-2000)}`);
    await sleep(50);
  }
  return Date.now() - started;
}

describe('SIGTERM', () => {
  it('says "not ready" while it goes on serving for the drain time, then stops listening and exits', async () => {
    server = await startServerProcess({ SHUTDOWN_DRAIN_SECONDS: '2' });
    const { baseUrl } = server;
    expect(await ask(baseUrl, '/readyz')).toMatchObject({ status: 200 });

    const signalled = Date.now();
    server.signal('SIGTERM');
    let readiness = await ask(baseUrl, '/readyz');
    for (let attempt = 0; attempt < 20 && typeof readiness === 'object' && readiness.status === 200; attempt++) {
      await sleep(25);
      readiness = await ask(baseUrl, '/readyz');
    }
    expect(readiness).toEqual({ status: 503, body: { error: { code: 'shutting_down', message: expect.any(String) } } });
    // Ordinary requests are still answered: the balancer has not yet noticed.
    expect(await ask(baseUrl, '/api/health')).toMatchObject({ status: 200 });
    await sleep(500);
    expect(await ask(baseUrl, '/api/health')).toMatchObject({ status: 200 });
    expect(Date.now() - signalled, 'the checks above ran within the drain time').toBeLessThan(2_000);

    await waitForExit(server, 10_000);
    expect(Date.now() - signalled, 'it waited out the drain time').toBeGreaterThanOrEqual(2_000);
    expect(await ask(baseUrl, '/readyz')).toBe('refused');
  }, 60_000);

  it('a repeated SIGTERM does not cut the drain short; SIGINT (Ctrl-C) does', async () => {
    server = await startServerProcess({ SHUTDOWN_DRAIN_SECONDS: '60' });
    server.signal('SIGTERM');
    await sleep(200);
    server.signal('SIGTERM');
    await sleep(500);
    expect(server.running()).toBe(true);
    expect(await ask(server.baseUrl, '/readyz')).toMatchObject({ status: 503 });
    expect(await ask(server.baseUrl, '/api/health')).toMatchObject({ status: 200 });
    server.signal('SIGINT');
    expect(await waitForExit(server, 5_000)).toBeLessThan(5_000);
  }, 60_000);

  it('without a drain time (the default outside production) stops at once', async () => {
    server = await startServerProcess();
    server.signal('SIGTERM');
    expect(await waitForExit(server, 5_000)).toBeLessThan(5_000);
  }, 60_000);
});

describe('npm run serve', () => {
  const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  // `npm start` is the README's command (build, then serve): a person's Ctrl+C reaches the whole
  // process group either way, but a service manager's SIGTERM reaches only npm, and the shell
  // between the two scripts must hand over to the serve script rather than stay its parent.
  it.each(['serve', 'start'])('npm run %s passes SIGTERM on to the server: it drains, exits, and leaves nothing holding the port or the database', async (scriptName) => {
    // The root package.json's scripts as npm runs them (through `sh -c`), the server on the
    // sources instead of the bundle and the build a no-op, so that no build is needed: only the
    // entry point differs.
    const scripts = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const serve = scripts.serve!;
    expect(serve).toContain(' apps/server/dist/main.mjs');
    expect(scripts.start).toContain('npm run build');
    const tsx = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs')).href;
    const script = serve.replace(' apps/server/dist/main.mjs', ` --import ${tsx} ${path.join(REPO_ROOT, 'apps/server/src/main.ts')}`);
    const project = mkdtempSync(path.join(tmpdir(), 'bloom-serve-'));
    const projectScripts = { serve: script, start: scripts.start!, build: 'true' };
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'serve-under-test', private: true, scripts: projectScripts }));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bloom-serve-data-'));
    const { databaseUrl, drop } = await maybeCreatePostgresDatabase();
    cleanups.push(() => rmSync(project, { recursive: true, force: true }), () => rmSync(dataDir, { recursive: true, force: true }), drop);

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    let output = '';
    const npm: ChildProcess = spawn('npm', ['run', scriptName], {
      cwd: project,
      // Its own process group, so that the test can end whatever is left of it, and only that.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...serverProcessEnv({ port, dataDir, databaseUrl, logLevel: 'info' }),
        SHUTDOWN_DRAIN_SECONDS: '2',
        npm_config_update_notifier: 'false',
      },
    });
    npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    cleanups.push(() => {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // the whole group has exited
      }
    });

    const deadline = Date.now() + 60_000;
    while (typeof (await ask(baseUrl, '/api/health')) !== 'object') {
      if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm run ${scriptName} did not start:\n${output.slice(-2000)}`);
      await sleep(100);
    }
    const serverPid = Number(/"pid":(\d+)/.exec(output)?.[1]);
    expect(serverPid, 'the server logs its pid').toBeGreaterThan(0);
    expect(serverPid).not.toBe(npm.pid);

    // What a service manager or `docker stop` does: SIGTERM to the process it started.
    npm.kill('SIGTERM');
    let readiness = await ask(baseUrl, '/readyz');
    for (let attempt = 0; attempt < 40 && typeof readiness === 'object' && readiness.status === 200; attempt++) {
      await sleep(25);
      readiness = await ask(baseUrl, '/readyz');
    }
    expect(readiness, `the server heard the SIGTERM:\n${output.slice(-2000)}`).toMatchObject({ status: 503 });
    expect(await ask(baseUrl, '/api/health')).toMatchObject({ status: 200 });

    const exited = Date.now();
    while (alive(serverPid) || npm.exitCode === null) {
      if (Date.now() - exited > 15_000) throw new Error(`still running 15 s after SIGTERM (server ${alive(serverPid)}, npm ${npm.exitCode}):\n${output.slice(-2000)}`);
      await sleep(50);
    }
    expect(npm.exitCode, 'npm reports the server\'s clean exit').toBe(0);
    expect(output).toContain('SIGTERM received: /readyz says 503');
    expect(output).toContain('SIGTERM: finishing in-flight requests');
    expect(await ask(baseUrl, '/readyz'), 'the port is free').toBe('refused');
  }, 90_000);
});

describe('SHUTDOWN_DRAIN_SECONDS', () => {
  const base = { PAYMENTS: 'sandbox' };
  it('is 5 s under NODE_ENV=production and none elsewhere unless set; out-of-range values stop start-up', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...base, SHUTDOWN_DRAIN_SECONDS: '12.5' }).shutdownDrainMs).toBe(12_500);
    for (const wrong of ['-1', 'soon', '301']) expect(() => loadConfig({ ...base, SHUTDOWN_DRAIN_SECONDS: wrong })).toThrow(ConfigError);
  });
});
