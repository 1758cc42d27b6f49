import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_ACCOUNT_CONFIRMATION } from '@bloom/contracts';
import type { SharedSessionCache } from '../src/db/postgres/session-cache';
import { sessionCookieSettings } from '../src/sessions/sessions';
import { signInAs, startTestServer, type TestClient, type TestServer } from './harness';

/**
 * On PostgreSQL each instance caches sessions (decision 0035). A write forgets the caller's
 * cached sessions on the instance that answers it before the answer goes, without waiting for
 * the change notice. LogOut and DeleteAccount clear `request.session` as they end it; the instance
 * must forget the session all the same. To make that deterministic the cache is kept from hearing
 * notices while the call runs: only the instance's own forgetting can then drop the session.
 */
describe.skipIf(!process.env.DATABASE_URL)('the instance that ends a session forgets it at once', () => {
  let server: TestServer;
  let cache: SharedSessionCache;
  let heard: unknown;
  beforeAll(async () => {
    server = await startTestServer();
    cache = server.database.sessionCache as SharedSessionCache;
    heard = (cache as unknown as { apply: unknown }).apply;
  }, 60_000);
  afterEach(() => {
    (cache as unknown as { apply: unknown }).apply = heard;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A signed-in member whose session this instance has cached; then the cache stops hearing notices. */
  async function cachedMember(): Promise<{ browser: TestClient; token: string }> {
    const browser = server.client();
    await signInAs(server, browser);
    const token = browser.cookies.get(sessionCookieSettings(false).name)!;
    expect((await browser.get('/api/user/getCurrentUser')).status).toBe(200);
    await cache.caughtUp();
    expect(cache.findNow(token)).toBeDefined();
    (cache as unknown as { apply: (notice: unknown) => void }).apply = () => {};
    return { browser, token };
  }

  it('LogOut', async () => {
    const { browser, token } = await cachedMember();
    expect((await browser.post('/api/auth/LogOut')).status).toBe(200);
    expect(cache.findNow(token)).toBeUndefined();
  });

  it('DeleteAccount', async () => {
    const { browser, token } = await cachedMember();
    expect((await browser.post('/api/user/DeleteAccount', { confirm: DELETE_ACCOUNT_CONFIRMATION })).status).toBe(200);
    expect(cache.findNow(token)).toBeUndefined();
  });
});
