import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { startServerProcess, type ServerProcess } from './support/server-process';

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
