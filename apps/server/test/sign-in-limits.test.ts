import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitSlidingRateLimit, slotKeys } from '../src/auth/sliding-rate-limit';
import { COMMON_PASSWORD_MESSAGE } from '../src/idp/password-policy';
import { addressAttemptKey, emailAttemptKey, SIGN_IN_LIMITS } from '../src/idp/sign-in-limits';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { callback, followToCallbackPage, formAction, getLoginUrl, newPerson, onServer, openProviderLogin, postForm, signIn, type Person } from './auth-helpers';

/** Issue 23 §5: common passwords refused, sliding sign-in limits that cannot lock the owner out (decision 0021). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function loginForm(target: TestServer, client: TestClient): Promise<string> {
  const { page } = await openProviderLogin(target, client, await getLoginUrl(client, 'beginning'));
  return formAction(page);
}

/** Logs in with the right password from `client` and completes the callback. */
async function logIn(target: TestServer, client: TestClient, person: Person) {
  const response = await postForm(target, client, await loginForm(target, client), { email: person.email, password: person.password });
  expect(response.status, response.text).toBe(303);
  const { code, state } = await followToCallbackPage(target, client, response);
  const signedIn = await callback(client, 'beginning', code, state);
  expect(signedIn.status, signedIn.text).toBe(200);
}

describe('common passwords', () => {
  it('refuses a common password at sign-up with a clear message that does not repeat it, whatever its case', async () => {
    const client = server.client();
    const { interactionPath } = await openProviderLogin(server, client, await getLoginUrl(client, 'beginning'));
    const signup = await client.get(onServer(server, `${interactionPath}/signup`));
    expect(signup.text).toContain('not a commonly used password');
    const person = newPerson({ password: 'PassWord123' });
    const response = await postForm(server, client, formAction(signup.text), { ...person });
    expect(response.status).toBe(400);
    expect(response.text).toContain(`Error: ${COMMON_PASSWORD_MESSAGE}`);
    expect(response.text).toMatch(/id="password"[^>]*aria-describedby="[^"]*password-error[^"]*"[^>]*aria-invalid="true"/);
    expect(response.text.toLowerCase()).not.toContain('password123');
    const account = await server.database.db.selectFrom('identity_accounts').select('id').where('email', '=', person.email.toLowerCase()).executeTakeFirst();
    expect(account).toBeUndefined();
  });
});

describe('sliding sign-in limits in the database', () => {
  const rule = { limit: 5, windowMs: 60_000 };

  it('refuses a burst across the old fixed-window boundary, and writes nothing for refused hits', async () => {
    const db = server.database.db;
    const boundary = 60_000 * 28_333_334; // where a fixed window of a minute would have started afresh
    const before = [];
    for (let index = 0; index < 5; index++) before.push(await hitSlidingRateLimit(db, 'test:boundary', rule, boundary - 500 + index));
    expect(before.every((hit) => hit.allowed)).toBe(true);
    const rows = () => db.selectFrom('rate_limits').selectAll().where('key', 'in', slotKeys('test:boundary', rule)).orderBy('key').execute();
    const stored = await rows();
    const after = [];
    for (let index = 0; index < 5; index++) after.push(await hitSlidingRateLimit(db, 'test:boundary', rule, boundary + 1 + index));
    expect(after.map((hit) => hit.allowed)).toEqual([false, false, false, false, false]);
    // Told to come back when the first hit of the burst leaves the window: 59.5 s, rounded up.
    expect(after[0]!.retryAfterSeconds).toBe(60);
    expect(await rows()).toEqual(stored);
    expect((await hitSlidingRateLimit(db, 'test:boundary', rule, boundary - 500 + 60_000)).allowed).toBe(true);
  });

  it('admits exactly the limit when hits race each other (works on both databases)', async () => {
    const db = server.database.db;
    const now = 1_700_000_000_000;
    const results = await Promise.all(Array.from({ length: 12 }, () => hitSlidingRateLimit(db, 'test:race', rule, now)));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    expect(results.filter((result) => !result.allowed).every((result) => result.retryAfterSeconds >= 1)).toBe(true);
    const slots = await db.selectFrom('rate_limits').select('window_start').where('key', 'in', slotKeys('test:race', rule)).execute();
    expect(slots.map((slot) => Number(slot.window_start))).toEqual([now, now, now, now, now]);
  });
});

describe('sign-in attempts', () => {
  it('slows a guesser down after five tries, with an honest Retry-After, and lets them try again once it has passed', async () => {
    const person = newPerson();
    await signIn(server, server.client(), { person });
    const guesser = server.client();
    const action = await loginForm(server, guesser);
    for (let attempt = 2; attempt <= 5; attempt++) {
      expect((await postForm(server, guesser, action, { email: person.email, password: `guess number ${attempt}` })).status).toBe(401);
    }
    const paused = await postForm(server, guesser, action, { email: person.email, password: 'guess number 6' });
    expect(paused.status).toBe(429);
    expect(paused.headers.get('retry-after')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await postForm(server, guesser, action, { email: person.email, password: 'guess number 7' })).status).toBe(401);
    // The pause doubles.
    const longer = await postForm(server, guesser, action, { email: person.email, password: 'guess number 8' });
    expect(longer.status).toBe(429);
    expect(longer.headers.get('retry-after')).toBe('2');
  });

  it("does not let a stranger's wrong guesses lock the owner out of a browser they signed in with before", async () => {
    const owner = newPerson();
    const ownerBrowser = server.client();
    await signIn(server, ownerBrowser, { person: owner });
    // The attacker has an account of their own, so their browser holds a token, but for another address.
    const attacker = server.client();
    await signIn(server, attacker, { person: newPerson() });
    const action = await loginForm(server, attacker);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push((await postForm(server, attacker, action, { email: owner.email, password: `guess number ${attempt}` })).status);
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4).every((status) => status === 429)).toBe(true);
    // A browser the account has never seen waits, even with the right password …
    const unknownBrowser = server.client();
    const newBrowser = await postForm(server, unknownBrowser, await loginForm(server, unknownBrowser), { email: owner.email, password: owner.password });
    expect(newBrowser.status).toBe(429);
    // … but the owner's own browser signs in, and again after that.
    await logIn(server, ownerBrowser, owner);
    await logIn(server, ownerBrowser, owner);
  });

  it("keeps the owner's own mistakes to their own browser, and forgets them once they get it right", async () => {
    const owner = newPerson();
    const ownerBrowser = server.client();
    await signIn(server, ownerBrowser, { person: owner });
    const action = await loginForm(server, ownerBrowser);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await postForm(server, ownerBrowser, action, { email: owner.email, password: `misremembered ${attempt}` })).status).toBe(401);
    }
    expect((await postForm(server, ownerBrowser, action, { email: owner.email, password: 'misremembered again' })).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await logIn(server, ownerBrowser, owner);
    // The success cleared the count: five more mistakes are allowed before any pause.
    const again = await loginForm(server, ownerBrowser);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await postForm(server, ownerBrowser, again, { email: owner.email, password: `typo ${attempt}` })).status).toBe(401);
    }
  });

  it('lets the owner in from a known browser even when their network address is over its limit', async () => {
    const isolated = await startTestServer();
    try {
      const owner = newPerson();
      const ownerBrowser = isolated.client();
      await signIn(isolated, ownerBrowser, { person: owner });
      const stranger = isolated.client();
      const action = await loginForm(isolated, stranger);
      // Fill the address's allowance with tries at other addresses, as a credential-stuffer on the same network would.
      let last: Awaited<ReturnType<typeof postForm>> | undefined;
      for (let index = 0; index < SIGN_IN_LIMITS.perIp.limit; index++) {
        last = await postForm(isolated, stranger, action, { email: `someone${index}@bloom.test`, password: 'a wrong password' });
      }
      // The owner's sign-up was the address's first try, so the fiftieth here is the fifty-first.
      expect(last!.status).toBe(429);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(240);
      expect(last!.text).toContain('Please wait 5 minutes and try again.');
      const known = await isolated.database.db.selectFrom('rate_limits').select('key').where('key', 'like', `${addressAttemptKey('')}%`).execute();
      expect(known.length).toBe(SIGN_IN_LIMITS.perIp.limit);
      await logIn(isolated, ownerBrowser, owner);
    } finally {
      await isolated.close();
    }
  });

  it('forgets the tries at an address when its account is erased', async () => {
    const person = newPerson();
    const ownerBrowser = server.client();
    await signIn(server, ownerBrowser, { person });
    const guesser = server.client();
    const action = await loginForm(server, guesser);
    expect((await postForm(server, guesser, action, { email: person.email, password: 'a wrong guess' })).status).toBe(401);
    const emailSlots = () =>
      server.database.db.selectFrom('rate_limits').select('key').where('key', 'in', slotKeys(emailAttemptKey(person.email), SIGN_IN_LIMITS.perEmail)).execute();
    expect(await emailSlots()).toHaveLength(2);
    const erased = await ownerBrowser.post('/api/user/DeleteAccount', { confirm: 'DELETE' });
    expect(erased.status, erased.text).toBe(200);
    expect(await emailSlots()).toEqual([]);
  });
});

describe('known browsers after a new password (review of 2026-11-27)', () => {
  // A server of its own, so the per-address counts of the tests above do not decide these answers.
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer();
  });
  afterAll(async () => {
    await own?.close();
  });

  it('lose their own allowance: whoever knew the old password guesses under the account’s limit again', async () => {
    const owner = newPerson();
    const ownerBrowser = own.client();
    await signIn(own, ownerBrowser, { person: owner });
    // Someone who knew the password signs in from browsers of their own, each made a known browser.
    const theirs: TestClient[] = [];
    for (let i = 0; i < 3; i++) {
      const browser = own.client();
      await logIn(own, browser, owner);
      theirs.push(browser);
    }
    expect((await ownerBrowser.post('/api/user/ChangePassword', { currentPassword: owner.password, newPassword: 'a brand new secret phrase' })).status).toBe(200);
    // The forms are opened first, so the guesses follow each other as fast as the machine allows.
    const forms = await Promise.all(theirs.map(async (browser) => ({ browser, action: await loginForm(own, browser) })));
    const statuses: number[] = [];
    for (const { browser, action } of forms) {
      for (let guess = 0; guess < 5; guess++) statuses.push((await postForm(own, browser, action, { email: owner.email, password: `wrong guess ${guess}` })).status);
    }
    // With their tokens still counting, all 15 would be 401: each browser would have ten tries of its
    // own. Now they share the account's count, which the four sign-ins above had begun: after the
    // fifth try each further one waits 1, 2, 4 … seconds (decision 0021's backoff), so on any machine
    // only the first, and at most a couple that land after a wait, are even checked.
    expect(statuses[0]).toBe(401);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(12);
  });
});
