import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, migrateToLatest } from '../src/db/database';
import { freePort, startServerProcess, type ServerProcess } from './support/server-process';

/**
 * Starting the real server (main.ts) as an operator does (decision 0076): a configuration that
 * would run a public Bloom on the sandbox store, or that names a proxy no one can parse, stops
 * start-up with exit code 78 and a message naming the variables; the README's `npm start`, which
 * sets nothing, still starts.
 */
let server: ServerProcess | undefined;
let occupied: Server | undefined;
afterEach(async () => {
  await server?.dispose();
  server = undefined;
  await new Promise((resolve) => (occupied ? occupied.close(resolve) : resolve(undefined)));
  occupied = undefined;
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

/**
 * What an operator sees when a value is wrong or what it names cannot be had: one line naming
 * the variable, no stack trace, no secret, and an exit code per cause (main.ts, decision 0003).
 */
describe('start-up failures', () => {
  const SECRET = 'Zq9-op-secret';
  const refusal = (failure: string) => failure.split('\n').slice(1).join('\n');

  it('refuses an SMTP_URL nodemailer would misread or refuse, saying to percent-encode, without printing it or its password', async () => {
    for (const value of [`smtp://bloom:${SECRET}#3/x@mail.example:587`, `smtp://bloom:${SECRET}@pw#x@127.0.0.1:2599`, `smtp://bloom:${SECRET}@mail.example:subm`]) {
      const failure = await startFailure({ SMTP_URL: value });
      expect(failure, value).toMatch(/^server exited with 78/);
      expect(failure, value).toMatch(/SMTP_URL: .*percent-encode/);
      expect(failure, value).not.toContain(SECRET);
      expect(failure, value).not.toContain('DEP0170');
    }
  }, 60_000);

  it('refuses a DATABASE_URL pg cannot read, naming the variable, without printing the password', async () => {
    for (const value of [`postgres://bloom:${SECRET}@127.0.0.1:notaport/bloom`, `postgres://bloom:${SECRET}#x@127.0.0.1:5432/bloom`]) {
      const failure = await startFailure({ DATABASE_URL: value });
      expect(failure, value).toMatch(/^server exited with 78/);
      expect(failure, value).toMatch(/DATABASE_URL: .*percent-encode/);
      expect(failure, value).not.toContain(SECRET);
    }
  }, 60_000);

  it('says PostgreSQL cannot be reached at DATABASE_URL (host, port, database), with the reason, no stack and no password, and exits 69', async () => {
    const port = await freePort();
    const failure = await startFailure({ DATABASE_URL: `postgres://bloom:${SECRET}@127.0.0.1:${port}/bloom` });
    expect(failure).toMatch(/^server exited with 69/);
    expect(refusal(failure)).toMatch(new RegExp(`^Cannot reach PostgreSQL at DATABASE_URL \\(127\\.0\\.0\\.1:${port}/bloom\\): .*ECONNREFUSED`, 'm'));
    expect(failure).not.toContain(SECRET);
    expect(failure).not.toMatch(/^\s+at /m);
  }, 60_000);

  it.runIf(process.env.DATABASE_URL)('says so too when PostgreSQL answers but the database does not exist', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = '/no_such_bloom_database';
    const failure = await startFailure({ DATABASE_URL: url.toString() });
    expect(failure).toMatch(/^server exited with 69/);
    expect(failure).toMatch(/Cannot reach PostgreSQL at DATABASE_URL \(127\.0\.0\.1:\d+\/no_such_bloom_database\): database "no_such_bloom_database" does not exist/);
    expect(failure).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('names a failure to migrate that no migration caused (the database could not be reached) without an empty migration name', async () => {
    const database = openDatabase({ databaseUrl: `postgres://bloom@127.0.0.1:${await freePort()}/bloom`, dataDir: '/nonexistent' });
    try {
      await expect(migrateToLatest(database.db)).rejects.toThrow(/^Migrations could not run: .*ECONNREFUSED/);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('says PORT is already in use, with no stack, and exits 71', async () => {
    const port = await freePort();
    occupied = createServer();
    await new Promise<void>((resolve) => occupied!.listen(port, '127.0.0.1', resolve));
    const failure = await startFailure({ PORT: String(port), APP_ORIGIN: `http://127.0.0.1:${port}` });
    expect(failure).toMatch(/^server exited with 71/);
    expect(refusal(failure)).toMatch(new RegExp(`^PORT ${port} is already in use on 127\\.0\\.0\\.1`, 'm'));
    expect(failure).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('says HOST cannot be resolved, with no stack, and exits 68', async () => {
    const failure = await startFailure({ HOST: 'bloom-no-such-host.invalid' });
    expect(failure).toMatch(/^server exited with 68/);
    expect(refusal(failure)).toMatch(/^HOST bloom-no-such-host\.invalid cannot be resolved/m);
    expect(failure).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('refuses PORT=0 rather than serve on a port the system picks and advertise http://localhost:0', async () => {
    const failure = await startFailure({ PORT: '0', APP_ORIGIN: '' });
    expect(failure).toMatch(/^server exited with 78/);
    expect(failure).toMatch(/PORT: /);
  }, 60_000);

  it('warns (level 40) under NODE_ENV=production that without SMTP_URL mail only reaches .eml files', async () => {
    server = await startServerProcess({ NODE_ENV: 'production', PAYMENTS: 'sandbox', LOG_LEVEL: 'info' });
    const line = server.output().split('\n').find((entry) => entry.includes('SMTP_URL is not set'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 40 });
  }, 60_000);
});
