import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './support/server-process';

/**
 * Starting the real server (main.ts) as an operator does (decision 0076): a configuration that
 * would run a public Bloom on the sandbox store, or that names a proxy no one can parse, stops
 * start-up with exit code 78 and a message naming the variables; the README's `npm start`, which
 * sets nothing, still starts.
 */
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.dispose();
  server = undefined;
});

/** What docs/deploy.md's example exported before this fault was found: no NODE_ENV, no Stripe keys. */
const DEPLOY_MD = {
  NODE_ENV: '',
  APP_ORIGIN: 'https://bloom.example',
  TRUST_PROXY: 'true',
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'Bloom <no-reply@bloom.example>',
  SUPPORT_EMAIL: 'support@bloom.example',
  METRICS_TOKEN: 'a3f9'.repeat(16),
  SHUTDOWN_DRAIN_SECONDS: '10',
};

async function startFailure(environment: Record<string, string>): Promise<string> {
  try {
    server = await startServerProcess({ LOG_LEVEL: 'info', ...environment });
  } catch (error) {
    return (error as Error).message;
  }
  return `started at ${server.baseUrl}`;
}

describe('start-up configuration', () => {
  it("refuses docs/deploy.md's public origin without Stripe keys or PAYMENTS=sandbox: plans would be free for anyone", async () => {
    const failure = await startFailure(DEPLOY_MD);
    expect(failure).toMatch(/^server exited with 78/);
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'PAYMENTS=sandbox', 'APP_ORIGIN']) expect(failure).toContain(name);
  }, 60_000);

  it('starts the sandbox store on a public origin when PAYMENTS=sandbox asks for it by name', async () => {
    server = await startServerProcess({ ...DEPLOY_MD, PAYMENTS: 'sandbox' });
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  }, 60_000);

  it("starts as the README's npm start does, with nothing set: localhost, the sandbox store", async () => {
    server = await startServerProcess({ NODE_ENV: '', APP_ORIGIN: '' });
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  }, 60_000);

  it('refuses a TRUST_PROXY address or range that cannot be one, naming the variable instead of crashing', async () => {
    for (const value of ['999.1.1.1', '10.0.0.0/33']) {
      const failure = await startFailure({ TRUST_PROXY: value });
      expect(failure, value).toMatch(/^server exited with 78/);
      expect(failure, value).toMatch(/TRUST_PROXY: must be/);
    }
  }, 60_000);
});
