import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIPELINE_APPLICATION_NAME, PIPELINED_CONNECTIONS } from '../src/db/postgres/pipelines';
import { formAction, getLoginUrl, newPerson, openProviderLogin, postForm, signIn } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';

/**
 * The embedded identity provider while PostgreSQL is away (decision 0071). The provider is built
 * by the first request under /idp, and its build reads the database; a build that failed used to
 * leave that request, and with it every later sign-in start of the instance, waiting for ever.
 * The sign-in forms used to call a database failure "This sign-in page has expired".
 *
 * PostgreSQL only: the fault is PostgreSQL refusing connections (`allow_connections false` and
 * its backends terminated), which an embedded SQLite file cannot do. The pipelined connection
 * (db/postgres/pipelines.ts), which counts the sign-in start's rate limit, is left alone, as a
 * connection that outlived the outage would be: the request then gets as far as the provider.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!onPostgres)('the embedded provider while PostgreSQL refuses connections', () => {
  let server: TestServer;
  let admin: pg.Client;
  let databaseName: string;

  beforeAll(async () => {
    server = await startTestServer();
    databaseName = new URL(server.config.databaseUrl!).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${databaseName} allow_connections true`).catch(() => {});
    await admin?.end();
    await server?.close();
  }, 30_000);

  async function refuseConnections(): Promise<void> {
    await admin.query(`alter database ${databaseName} allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name <> $2 and pid <> pg_backend_pid()', [
      databaseName,
      PIPELINE_APPLICATION_NAME,
    ]);
  }

  async function allowConnections(): Promise<void> {
    await admin.query(`alter database ${databaseName} allow_connections true`);
    let ready = 0;
    for (let attempt = 0; attempt < 100 && ready !== 200; attempt++) {
      ready = (await server.client().get('/readyz')).status;
      if (ready !== 200) await sleep(100);
    }
    expect(ready).toBe(200);
  }

  /**
   * Runs `work` while the writes a trigger `timing` names (`before insert on t for each row …`)
   * fail as a connection ended by the administrator does (SQLSTATE 57P01).
   */
  async function whileWritesFail(timing: string, table: string, work: () => Promise<void>): Promise<void> {
    const database = new pg.Client({ connectionString: server.config.databaseUrl });
    await database.connect();
    try {
      await database.query(`create function bloom_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end $$`);
      await database.query(`create trigger bloom_test_refuse ${timing} execute function bloom_test_refuse()`);
      await work();
    } finally {
      await database.query(`drop trigger if exists bloom_test_refuse on ${table}`);
      await database.query('drop function if exists bloom_test_refuse()');
      await database.end();
    }
  }

  /** A request that gives up after `ms`, so a hung answer fails the test instead of its timeout. */
  async function timed(method: string, path: string, ms: number): Promise<{ status: number | 'no answer'; text: string; elapsed: number; headers: Headers | null }> {
    const started = Date.now();
    try {
      const response = await fetch(`${server.baseUrl}${path}`, { method, headers: method === 'GET' ? {} : { 'x-bloom-csrf': '1' }, signal: AbortSignal.timeout(ms) });
      return { status: response.status, text: await response.text(), elapsed: Date.now() - started, headers: response.headers };
    } catch {
      return { status: 'no answer', text: '', elapsed: Date.now() - started, headers: null };
    }
  }

  it('a first sign-in start whose provider build meets the outage answers 503 at once, and sign-in works once the database is back', async () => {
    // Guest visits first open the pipelined connections, taken in turn (rate limits are counted there).
    for (let visit = 0; visit < PIPELINED_CONNECTIONS; visit++) expect((await server.client().post('/api/user/ContinueAsGuest', {})).status).toBe(200);
    await refuseConnections();
    try {
      const start = await timed('POST', '/api/auth/GetLoginUrlBeginning', 15_000);
      expect(start.status, start.text).toBe(503);
      // It got as far as the provider: the sign-in start's own statements had not failed first.
      expect(JSON.parse(start.text).error.code).toBe('identity_provider_unavailable');
      expect(start.elapsed, 'answered well within the relying party’s discovery timeout').toBeLessThan(5_000);

      const discovery = await timed('GET', '/idp/.well-known/openid-configuration', 8_000);
      expect(discovery.status, discovery.text).toBe(503);
      expect(JSON.parse(discovery.text).error.code).toBe('database_unavailable');
      expect(discovery.headers?.get('retry-after')).toBe('5');
    } finally {
      await allowConnections();
    }
    const again = await timed('POST', '/api/auth/GetLoginUrlBeginning', 15_000);
    expect(again.status, again.text).toBe(200);
    expect(JSON.parse(again.text).redirectUrl).toContain('/idp/auth?');
    const { response } = await signIn(server, server.client());
    expect(response.body.ok).toBe(true);
  }, 60_000);

  it('a provider build stuck on the database (a statement waiting on a lock) fails the sign-in start at the discovery timeout, and the next one builds again', async () => {
    // An instance of its own, whose provider is not built yet.
    const fresh = await startTestServer();
    const holder = new pg.Client({ connectionString: fresh.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table app_secrets in access exclusive mode');
      const started = Date.now();
      const response = await fetch(`${fresh.baseUrl}/api/auth/GetLoginUrlBeginning`, { method: 'POST', headers: { 'x-bloom-csrf': '1' }, signal: AbortSignal.timeout(20_000) });
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('identity_provider_unavailable');
      expect(Date.now() - started).toBeLessThan(14_000);
      await holder.query('rollback');
      const again = await fetch(`${fresh.baseUrl}/api/auth/GetLoginUrlBeginning`, { method: 'POST', headers: { 'x-bloom-csrf': '1' }, signal: AbortSignal.timeout(20_000) });
      expect(again.status).toBe(200);
    } finally {
      await holder.end();
      await fresh.close();
    }
  }, 60_000);

  it('the log-in form answers 503 "try again" while the database is away, not "this page has expired", and works once it is back', async () => {
    const client = server.client();
    const { page } = await openProviderLogin(server, client, await getLoginUrl(client, 'beginning'));
    const fields = { email: 'nobody@bloom.test', password: 'not the password at all' };
    await refuseConnections();
    try {
      const refused = await postForm(server, client, formAction(page), fields);
      expect(refused.status, refused.text).toBe(503);
      expect(refused.headers.get('content-type')).toContain('text/html');
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.text).toContain('try again');
      expect(refused.text).not.toContain('expired');
    } finally {
      await allowConnections();
    }
    // The same page, sent again: the interaction is still there, and the password is simply wrong.
    const retried = await postForm(server, client, formAction(page), fields);
    expect(retried.status, retried.text).toBe(401);
  }, 60_000);

  it('a sign-up whose account was saved before the database went away says the account exists and to log in, not that the page expired', async () => {
    const person = newPerson();
    const client = server.client();
    const { interactionPath } = await openProviderLogin(server, client, await getLoginUrl(client, 'beginning'));
    const signupPage = await client.get(`${server.baseUrl}${interactionPath}/signup`);
    // The account's own statements succeed; the provider's record of the finished interaction,
    // written next, fails as a connection ended by the administrator does.
    await whileWritesFail("before insert or update on oidc_store for each row when (new.model = 'Interaction')", 'oidc_store', async () => {
      const response = await postForm(server, client, formAction(signupPage.text), { ...person });
      expect(response.status, response.text).toBe(503);
      expect(response.text).toContain('Your account was created');
      expect(response.text).not.toContain('expired');
    });
    const { response } = await signIn(server, server.client(), { person, existing: true });
    expect(response.body.user.userName).toBe(person.email);
  }, 60_000);

  it('a sign-up whose account could not be saved gives its page back: the same form sent again makes the account, not "already created"', async () => {
    const person = newPerson();
    const client = server.client();
    const { interactionPath } = await openProviderLogin(server, client, await getLoginUrl(client, 'beginning'));
    const signupPage = await client.get(`${server.baseUrl}${interactionPath}/signup`);
    // The page's one sign-up is claimed before the account is written; the account's insert then
    // fails as a connection ended by the administrator does (decision 0081).
    await whileWritesFail('before insert on identity_accounts for each row', 'identity_accounts', async () => {
      const failed = await postForm(server, client, formAction(signupPage.text), { ...person });
      expect(failed.status, failed.text).toBe(503);
    });
    const retried = await postForm(server, client, formAction(signupPage.text), { ...person });
    expect(retried.text).not.toContain('already created');
    expect(retried.status, retried.text).toBe(303);
    const { response } = await signIn(server, server.client(), { person, existing: true });
    expect(response.body.user.userName).toBe(person.email);
  }, 60_000);
});
