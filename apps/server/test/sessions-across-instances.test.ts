import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_ACCOUNT_CONFIRMATION } from '@bloom/contracts';
import { signInAs, startAnotherInstance, startTestServer, TestClient, type TestServer } from './harness';

/**
 * Two instances on one PostgreSQL, each caching sessions (decision 0035): a change made through
 * one instance ends or refreshes the session on the other as soon as its NOTIFY arrives there.
 * Every session is first read and cached on both instances. The other instance is asked at
 * once and then every 5 ms: the notice is usually there before the first ask, but PostgreSQL
 * hands it to each listening session separately, so on a loaded machine the other instance's
 * copy can come a few milliseconds after the first instance's. `SOON_MS` bounds that; without
 * the notices the other instance would keep its copy for up to a minute.
 */
describe.skipIf(!process.env.DATABASE_URL)('sessions across two instances', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer({ ADMIN_EMAILS: 'admin@bloom.test' });
    second = await startAnotherInstance(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const SOON_MS = 500;

  /** The other instance's answer, asked at once and again every 5 ms until `accept` takes it or `SOON_MS` passes. */
  async function soon<T>(ask: () => Promise<T>, accept: (answer: T) => boolean): Promise<T> {
    const deadline = Date.now() + SOON_MS;
    for (;;) {
      const answer = await ask();
      if (accept(answer) || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  const signedOut = (client: TestClient) => soon(() => client.get('/api/user/getCurrentUser'), (answer) => answer.status === 204);

  /** The same browser's cookies, sent to the other instance (as a load balancer would send its next request). */
  function sameBrowserOn(server: TestServer, browser: TestClient): TestClient {
    const other = new TestClient(server.baseUrl);
    for (const [name, value] of browser.cookies) other.cookies.set(name, value);
    return other;
  }

  async function signedInOnBoth(options: Parameters<typeof signInAs>[2] = {}) {
    const onFirst = first.client();
    const { id } = await signInAs(first, onFirst, options);
    const onSecond = sameBrowserOn(second, onFirst);
    expect((await onFirst.get('/api/user/getCurrentUser')).body.id).toBe(id);
    expect((await onSecond.get('/api/user/getCurrentUser')).body.id).toBe(id);
    return { id, onFirst, onSecond };
  }

  it('logging out on one instance ends the session on the other', async () => {
    const { onFirst, onSecond } = await signedInOnBoth();
    expect((await onFirst.post('/api/auth/LogOut')).status).toBe(200);
    expect((await signedOut(onSecond)).status).toBe(204);
    expect((await onSecond.get('/api/user/GetAllAssessments')).status).toBe(401);
  });

  it('ending every session of an account (a password reset) ends them on the other instance', async () => {
    const { id, onSecond } = await signedInOnBoth();
    // The statement a password reset runs (idp/recovery.ts endSessionsOfAccount), on the first instance's pool.
    await first.database.db.deleteFrom('sessions').where('user_id', '=', id).execute();
    expect((await signedOut(onSecond)).status).toBe(204);
  });

  it('deleting the account on one instance ends its session on the other', async () => {
    const { onFirst, onSecond } = await signedInOnBoth();
    expect((await onFirst.post('/api/user/DeleteAccount', { confirm: DELETE_ACCOUNT_CONFIRMATION })).status).toBe(200);
    expect((await signedOut(onSecond)).status).toBe(204);
  });

  it('a role change on one instance shows on the other', async () => {
    const { id, onSecond } = await signedInOnBoth({ coachStatus: 'pending' });
    expect((await onSecond.get('/api/user/getCurrentUser')).body.coachPending).toBe(true);
    const admin = first.client();
    await signInAs(first, admin, { email: 'admin@bloom.test' });
    expect((await admin.post(`/api/admin/ApproveCoach/${id}`)).status).toBe(200);
    const after = await soon(() => onSecond.get('/api/user/getCurrentUser'), (answer) => answer.body.coachPending === false);
    expect(after.body.coachPending).toBe(false);
    expect(after.body.userRoles).toContain('Coach');
  });

  it('a route saved on one instance is what the other answers next', async () => {
    const { onFirst, onSecond } = await signedInOnBoth();
    expect((await onFirst.post('/api/user/SaveUserProgress', { route: '/Rapid/Feelings' })).status).toBe(200);
    const after = await soon(() => onSecond.get('/api/user/getCurrentUser'), (answer) => answer.body.lastVisitedRoute === '/Rapid/Feelings');
    expect(after.body.lastVisitedRoute).toBe('/Rapid/Feelings');
  });
});
