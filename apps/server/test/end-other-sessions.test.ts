import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/lib/crypto';
import { callback, signIn, type Person } from './auth-helpers';
import { startAnotherInstance, startTestServer, TestClient, type TestServer } from './harness';
import { startExternalProvider, type ExternalProvider } from './support/external-provider';

/**
 * "Sign out everywhere else" (OWASP ASVS 5.0 V7, decision 0085): POST /api/user/EndOtherSessions
 * ends every other session of the person and keeps the one that asked. With Bloom's own sign-in
 * it needs the current password, counted with ChangePassword's tries; with an external provider
 * (OIDC_ISSUER) the session is enough. Every session below is read once before the call, so it
 * sits in the session cache (SQLite's, or the instance's on PostgreSQL) that the call must empty.
 * Runs on SQLite and PostgreSQL; on PostgreSQL also across two instances.
 */
const END = '/api/user/EndOtherSessions';
/** An API read only a signed-in member gets: 401 once the session has ended. */
const READ = '/api/user/GetAccount';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** A new member signed in on `browsers` browsers of their own (the first signed up, the others logged in). */
async function memberOn(browsers: number): Promise<{ person: Person; clients: TestClient[] }> {
  const first = server.client();
  const { person } = await signIn(server, first);
  const clients = [first];
  for (let index = 1; index < browsers; index++) {
    const other = server.client();
    await signIn(server, other, { person, existing: true });
    clients.push(other);
  }
  for (const client of clients) expect((await client.get(READ)).status).toBe(200);
  return { person, clients };
}

/** The person's session rows (their Bloom user is found through their sign-in account: users.email waits for a confirmed address). */
async function sessionRowsOf(person: Person) {
  const db = server.database.db;
  const account = await db.selectFrom('identity_accounts').select('id').where('email', '=', person.email.toLowerCase()).executeTakeFirstOrThrow();
  return db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select('sessions.id').where('users.subject', '=', account.id).execute();
}

const sessionCookie = (client: TestClient) => client.cookies.get('bloom_session')!;

describe('signing out everywhere else, with Bloom’s own sign-in', () => {
  it('ends every other browser of the person and keeps this one; nobody else is touched', async () => {
    const { person, clients } = await memberOn(3);
    const [here, phone, laptop] = clients as [TestClient, TestClient, TestClient];
    const stranger = (await memberOn(1)).clients[0]!;
    const accountId = (await server.database.db.selectFrom('identity_accounts').select('id').where('email', '=', person.email.toLowerCase()).executeTakeFirstOrThrow()).id;
    const providerRows = () => server.database.db.selectFrom('oidc_store').select('model').where('payload', 'like', `%"accountId":"${accountId}"%`).execute();
    expect((await providerRows()).map((row) => row.model)).toContain('Session');

    const ended = await here.post(END, { currentPassword: person.password });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body).toEqual({ ended: 2 });
    expect(ended.headers.get('cache-control')).toBe('no-store');

    expect((await phone.get(READ)).status).toBe(401);
    expect((await laptop.get(READ)).status).toBe(401);
    expect((await here.get(READ)).status).toBe(200);
    expect((await stranger.get(READ)).status).toBe(200);
    expect((await sessionRowsOf(person)).map((row) => row.id)).toEqual([sha256(sessionCookie(here))]);
    // The provider's sessions and grants went too, as a password change's do: no browser is signed back in without the password.
    expect(await providerRows()).toEqual([]);

    // Nothing else left to end.
    const again = await here.post(END, { currentPassword: person.password });
    expect(again.body).toEqual({ ended: 0 });
  });

  it('refuses a wrong or missing password with 400 wrong_password, and ends nothing', async () => {
    const { clients } = await memberOn(2);
    const [here, other] = clients as [TestClient, TestClient];
    const wrong = await here.post(END, { currentPassword: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({ code: 'wrong_password', message: 'Your current password is not right.' });
    const missing = await here.post(END, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('wrong_password');
    const empty = await here.post(END, { currentPassword: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('wrong_password');
    expect((await other.get(READ)).status).toBe(200);
    expect((await here.get(READ)).status).toBe(200);
  });

  it('counts wrong passwords with ChangePassword’s, so a stolen session cannot guess through either: 429 and nothing ended', async () => {
    const { person, clients } = await memberOn(2);
    const [thief, owner] = clients as [TestClient, TestClient];
    for (let attempt = 1; attempt <= 3; attempt++) expect((await thief.post(END, { currentPassword: `guess ${attempt}` })).status).toBe(400);
    for (let attempt = 4; attempt <= 5; attempt++) {
      expect((await thief.post('/api/user/ChangePassword', { currentPassword: `guess ${attempt}`, newPassword: 'a brand new long password' })).status).toBe(400);
    }
    const paused = await thief.post(END, { currentPassword: person.password });
    expect(paused.status).toBe(429);
    expect(paused.body.error.code).toBe('rate_limited');
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await owner.get(READ)).status).toBe(200);
  });

  it('of two browsers asking at the same moment, one stays signed in', async () => {
    const { person, clients } = await memberOn(2);
    const answers = await Promise.all(clients.map((client) => client.post(END, { currentPassword: person.password })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(answers.find((answer) => answer.status === 200)!.body).toEqual({ ended: 1 });
    const reads = await Promise.all(clients.map((client) => client.get(READ)));
    expect(reads.map((read) => read.status).sort()).toEqual([200, 401]);
    expect(await sessionRowsOf(person)).toHaveLength(1);
  });

  it('needs a member: a guest and nobody get 401', async () => {
    const guest = server.client();
    expect((await guest.post('/api/user/ContinueAsGuest', {})).status).toBe(200);
    expect((await guest.post(END, {})).status).toBe(401);
    expect((await server.client().post(END, {})).status).toBe(401);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('signing out everywhere else, across two instances', () => {
  let second: TestServer;
  beforeAll(async () => {
    second = await startAnotherInstance(server);
  });
  afterAll(async () => {
    await second?.close();
  });

  /** The same browser's cookies, sent to the other instance (as a load balancer would send its next request). */
  function sameBrowserOn(instance: TestServer, browser: TestClient): TestClient {
    const other = new TestClient(instance.baseUrl);
    for (const [name, value] of browser.cookies) other.cookies.set(name, value);
    return other;
  }

  it('a browser cached on the other instance is signed out there as soon as the change arrives', async () => {
    const { person, clients } = await memberOn(2);
    const [here, phone] = clients as [TestClient, TestClient];
    const phoneOnSecond = sameBrowserOn(second, phone);
    const hereOnSecond = sameBrowserOn(second, here);
    expect((await phoneOnSecond.get(READ)).status).toBe(200);
    expect((await hereOnSecond.get(READ)).status).toBe(200);

    expect((await here.post(END, { currentPassword: person.password })).body).toEqual({ ended: 1 });
    // Asked at once and every 5 ms for at most 500 ms (sessions-across-instances.test.ts): without the notice the copy would live a minute.
    const deadline = Date.now() + 500;
    let status = 0;
    for (;;) {
      status = (await phoneOnSecond.get(READ)).status;
      if (status === 401 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(status).toBe(401);
    expect((await hereOnSecond.get(READ)).status).toBe(200);
    expect((await phone.get(READ)).status).toBe(401);
  });
});

describe('signing out everywhere else, with an external provider (OIDC_ISSUER)', () => {
  const APP_ORIGIN = 'http://127.0.0.1';
  let external: ExternalProvider;
  let viaProvider: TestServer;
  beforeAll(async () => {
    external = await startExternalProvider(APP_ORIGIN);
    viaProvider = await startTestServer(external.environment);
  }, 60_000);
  afterAll(async () => {
    await viaProvider?.close();
    await external?.close();
  });

  const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, csrf: false });

  /** A full sign-in at the provider's development log-in form (any password), then Bloom's callback (as external-provider.test.ts). */
  async function signInExternally(client: TestClient, accountName: string): Promise<void> {
    const started = await client.post<{ redirectUrl: string }>('/api/auth/GetLoginUrlBeginning');
    expect(started.status, started.text).toBe(200);
    const authorize = await client.get(started.body.redirectUrl);
    expect(authorize.status, authorize.text).toBe(303);
    const interaction = new URL(authorize.headers.get('location')!, external.issuer);
    const login = await client.request('POST', interaction.href, form({ prompt: 'login', login: accountName, password: 'anything' }));
    expect(login.status, login.text).toBe(303);
    let next = new URL(login.headers.get('location')!, external.issuer);
    for (let hop = 0; hop < 5 && next.origin === external.issuer; hop++) {
      const response = await client.get(next.href);
      expect(response.status, response.text).toBe(303);
      next = new URL(response.headers.get('location')!, external.issuer);
    }
    const hash = new URLSearchParams(next.hash.slice(1));
    const signedIn = await callback(client, 'beginning', hash.get('code') ?? '', hash.get('state') ?? '');
    expect(signedIn.status, signedIn.text).toBe(200);
  }

  it('needs no password: the session is enough; the other browser is signed out, this one and other people stay', async () => {
    const [here, phone, stranger] = [viaProvider.client(), viaProvider.client(), viaProvider.client()];
    await signInExternally(here, 'noor');
    await signInExternally(phone, 'noor');
    await signInExternally(stranger, 'omar');
    for (const client of [here, phone, stranger]) expect((await client.get(READ)).status).toBe(200);
    expect((await here.get(READ)).body.managedBy).toBe('provider');

    const ended = await here.post(END, {});
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body).toEqual({ ended: 1 });
    expect((await phone.get(READ)).status).toBe(401);
    expect((await here.get(READ)).status).toBe(200);
    expect((await stranger.get(READ)).status).toBe(200);
    // ChangePassword still belongs to the provider.
    expect((await here.post('/api/user/ChangePassword', { currentPassword: 'x', newPassword: 'another fine long password' })).status).toBe(409);
  });
});
