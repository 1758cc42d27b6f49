import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitRateLimit } from '../src/auth/rate-limit';
import { startTestServer, type TestServer } from './harness';
import { formAction, getLoginUrl, newPerson, openProviderLogin, postForm, signIn } from './auth-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('rate limits', () => {
  it('answers repeated wrong passwords for one e-mail with a friendly 429 page, and the right password waits too', async () => {
    const person = newPerson();
    await signIn(server, server.client(), { person });
    const client = server.client();
    const { page } = await openProviderLogin(server, client, await getLoginUrl(client, 'beginning'));
    const action = formAction(page);
    // From a browser the account has not seen: five tries in a row (creating the account was the first), then a pause.
    for (let attempt = 2; attempt <= 5; attempt++) {
      const response = await postForm(server, client, action, { email: person.email, password: `wrong password ${attempt}` });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const limited = await postForm(server, client, action, { email: person.email.toUpperCase(), password: person.password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.text).toContain('<h1>Too many attempts</h1>');
    expect(limited.text).toContain(`Please wait ${limited.headers.get('retry-after')} second`);
    // Another person on the same network is not locked out by it.
    const other = newPerson();
    await signIn(server, server.client(), { person: other });
    await signIn(server, server.client(), { person: other, existing: true });
  });

  it('counts every concurrent hit exactly once and starts a new window afterwards (works on both databases)', async () => {
    const db = server.database.db;
    const rule = { limit: 5, windowMs: 60_000 };
    const now = 1_700_000_000_000;
    const results = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit(db, 'test:concurrent', rule, now)));
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const refused = results.find((r) => !r.allowed)!;
    expect(refused.retryAfterSeconds).toBe(Math.ceil((Math.floor(now / 60_000) * 60_000 + 60_000 - now) / 1000));
    const nextWindow = await hitRateLimit(db, 'test:concurrent', rule, now + 60_000);
    expect(nextWindow).toMatchObject({ allowed: true, hits: 1 });
  });

  it('limits guest creation per address with a JSON 429', async () => {
    let last;
    for (let index = 0; index < 31; index++) last = await server.client().post('/api/user/ContinueAsGuest', {});
    expect(last!.status).toBe(429);
    expect(last!.body.error.code).toBe('rate_limited');
    expect(last!.headers.get('retry-after')).toBeTruthy();
  });
});
