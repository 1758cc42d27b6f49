import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from './harness';
import { formAction, getLoginUrl, newPerson, onServer, openProviderLogin, postForm } from './auth-helpers';

/**
 * Two abuse gaps in the embedded sign-in (decision 0081). Every parameter of an authorization URL
 * is public, so replaying it from fresh clients stored one provider interaction per GET without
 * limit; and one interaction accepted any number of sign-ups, each mailing a stranger.
 */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(environment: Record<string, string> = {}): Promise<TestServer> {
  server = await startTestServer(environment);
  return server;
}

async function count(target: TestServer, table: 'oidc_store' | 'identity_accounts' | 'mail_outbox'): Promise<number> {
  const rows = await target.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(rows.n);
}

async function signupForm(target: TestServer, client: TestClient): Promise<string> {
  const { interactionPath } = await openProviderLogin(target, client, await getLoginUrl(client, 'beginning'));
  const page = await client.get(onServer(target, `${interactionPath}/signup`));
  expect(page.status).toBe(200);
  return formAction(page.text);
}

async function accountOf(target: TestServer, email: string) {
  return target.database.db.selectFrom('identity_accounts').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
}

async function mailsTo(target: TestServer, email: string): Promise<number> {
  return (await target.database.db.selectFrom('mail_outbox').select('id').where('recipient', '=', email.toLowerCase()).execute()).length;
}

describe('replaying the authorization URL', () => {
  it('is limited per client address with the sign-in start budget (SIGN_IN_STARTS_PER_IP), and a refused replay stores no interaction', async () => {
    const target = await start({ SIGN_IN_STARTS_PER_IP: '3' });
    const redirectUrl = await getLoginUrl(target.client(), 'beginning');
    const statuses: number[] = [];
    // Fresh clients each time, as a script would: no cookie ties the replays together.
    for (let index = 0; index < 3; index++) statuses.push((await new TestClient(target.baseUrl).get(onServer(target, redirectUrl))).status);
    expect(statuses).toEqual([303, 303, 303]);
    const stored = await count(target, 'oidc_store');
    for (let index = 0; index < 5; index++) {
      const refused = await new TestClient(target.baseUrl).request('GET', onServer(target, redirectUrl), { headers: { 'x-forwarded-for': `203.0.113.${index}` } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
      expect(refused.text).toContain('Too many sign-ins');
    }
    expect(await count(target, 'oidc_store')).toBe(stored);
  });

  it('allows 60 per address in ten minutes by default', async () => {
    const target = await start();
    const redirectUrl = await getLoginUrl(target.client(), 'beginning');
    const statuses: number[] = [];
    for (let index = 0; index < 61; index++) statuses.push((await new TestClient(target.baseUrl).get(onServer(target, redirectUrl))).status);
    expect(statuses.slice(0, 60).every((status) => status === 303)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('sign-ups', () => {
  it('are limited to 5 an hour per client address by default (SIGN_UPS_PER_IP): the 6th makes no account and sends no mail', async () => {
    const target = await start({ SIGN_UPS_PER_IP: '' });
    for (let index = 0; index < 5; index++) {
      const client = target.client();
      const response = await postForm(target, client, await signupForm(target, client), { ...newPerson() });
      expect(response.status, response.text).toBe(303);
    }
    const client = target.client();
    const sixth = newPerson();
    const refused = await postForm(target, client, await signupForm(target, client), { ...sixth }, { 'x-forwarded-for': '198.51.100.7' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(refused.text).toContain('Too many new accounts');
    expect(await accountOf(target, sixth.email)).toBeUndefined();
    expect(await mailsTo(target, sixth.email)).toBe(0);
    expect(await count(target, 'identity_accounts')).toBe(5);
    expect(await count(target, 'mail_outbox')).toBe(5);
  });

  it('takes the limit from SIGN_UPS_PER_IP', async () => {
    const target = await start({ SIGN_UPS_PER_IP: '2' });
    const statuses: number[] = [];
    for (let index = 0; index < 3; index++) {
      const client = target.client();
      statuses.push((await postForm(target, client, await signupForm(target, client), { ...newPerson() })).status);
    }
    expect(statuses).toEqual([303, 303, 429]);
  });

  it('makes one account per sign-in page: a second sign-up on the same interaction is refused, with no account and no mail', async () => {
    const target = await start();
    const client = target.client();
    const action = await signupForm(target, client);
    const first = await postForm(target, client, action, { ...newPerson() });
    expect(first.status, first.text).toBe(303);
    const second = newPerson();
    const refused = await postForm(target, client, action, { ...second });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('An account was already created on this sign-in page');
    expect(await accountOf(target, second.email)).toBeUndefined();
    expect(await mailsTo(target, second.email)).toBe(0);
    expect(await count(target, 'identity_accounts')).toBe(1);
  });

  it('still lets a person whose address was taken try another one on the same page', async () => {
    const target = await start();
    const owner = target.client();
    const taken = newPerson();
    expect((await postForm(target, owner, await signupForm(target, owner), { ...taken })).status).toBe(303);
    const client = target.client();
    const action = await signupForm(target, client);
    const clash = await postForm(target, client, action, { ...newPerson({ email: taken.email }) });
    expect(clash.status).toBe(409);
    expect(clash.text).toContain('An account with this e-mail address already exists');
    const other = newPerson();
    const response = await postForm(target, client, action, { ...other });
    expect(response.status, response.text).toBe(303);
    expect(await accountOf(target, other.email)).toBeDefined();
  });

  it('refuses racing sign-ups on one interaction but one', async () => {
    const target = await start();
    const client = target.client();
    const action = await signupForm(target, client);
    const answers = await Promise.all(Array.from({ length: 4 }, () => postForm(target, client, action, { ...newPerson() })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409, 409, 409]);
    expect(await count(target, 'identity_accounts')).toBe(1);
  });
});
