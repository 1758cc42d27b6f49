import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@bloom/contracts';
import { rapidGuestJourney } from '../../../bench/journey';
import { SESSION_CHANGES_CHANNEL } from '../src/db/postgres/session-cache';
import { startTestServer, TestClient, type TestServer } from './harness';

/**
 * On PostgreSQL the instance answering a write forgets the caller's cached sessions, unless the
 * endpoint table's `keepsCallerSession` says the write leaves the caller's user and session rows
 * as they were (or, for the saved route, puts it into the cache itself). Migration 0009's
 * triggers announce every change to those rows, so what a marked endpoint really changes can be
 * heard: a guest takes the whole Rapid journey while this test listens on the triggers' channel,
 * and each call's notices are told apart by a ping sent after it (PostgreSQL delivers notices
 * to a listener in commit order, across channels). A mark that is wrong, or a marked endpoint
 * the journey does not call, fails here.
 */
describe.skipIf(!process.env.DATABASE_URL)('writes that keep the caller’s cached session', () => {
  let server: TestServer;
  let listener: pg.Client;
  const heard: string[] = [];
  let pings = 0;
  const PING_CHANNEL = 'bloom_test_ping';

  beforeAll(async () => {
    server = await startTestServer();
    listener = new pg.Client({ connectionString: server.config.databaseUrl });
    await listener.connect();
    listener.on('notification', (notice) => heard.push(notice.channel === PING_CHANNEL ? `ping:${notice.payload}` : notice.payload!));
    await listener.query(`listen ${SESSION_CHANGES_CHANNEL}`);
    await listener.query(`listen ${PING_CHANNEL}`);
  });
  afterAll(async () => {
    await listener?.end();
    await server?.close();
  });

  /** The notices committed since the last call to this, in order. */
  async function noticesSinceLastAsked(): Promise<string[]> {
    const ping = `ping:${++pings}`;
    await listener.query('select pg_notify($1, $2)', [PING_CHANNEL, String(pings)]);
    while (!heard.includes(ping)) await new Promise((resolve) => setTimeout(resolve, 2));
    return heard.splice(0, heard.indexOf(ping) + 1).slice(0, -1);
  }

  const markedEndpoints = Object.entries(endpoints).filter(([, entry]) => entry.keepsCallerSession !== null);
  // `{name}` is one segment, `/{name?}` an optional one.
  const pathPattern = (path: string) => new RegExp(`^${path.replace(/\/\{[^}]+\?\}/g, '(?:/[^/]+)?').replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i');
  const endpointOf = (method: string, path: string) =>
    Object.entries(endpoints).find(([, entry]) => entry.aliasOf === null && entry.method === method && pathPattern(entry.path).test(path))?.[0];

  it('every marked endpoint changes no user or session row of the caller but the saved route', async () => {
    const client = new TestClient(server.baseUrl);
    const noticesByEndpoint = new Map<string, string[]>();
    await noticesSinceLastAsked();
    await rapidGuestJourney({
      async call<T>(_label: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
        const response = await client.request<T>(method, server.baseUrl + path, body === undefined ? {} : { json: body });
        if (response.status >= 400) throw new Error(`${method} ${path} answered ${response.status}: ${response.text}`);
        const name = endpointOf(method, path);
        expect(name, `${method} ${path} is in the endpoint table`).toBeDefined();
        noticesByEndpoint.set(name!, [...(noticesByEndpoint.get(name!) ?? []), ...(await noticesSinceLastAsked())]);
        return response.body;
      },
    });

    expect(markedEndpoints.length).toBeGreaterThan(0);
    for (const [name] of markedEndpoints) {
      expect(noticesByEndpoint.has(name), `the journey calls ${name}`).toBe(true);
      const kinds = noticesByEndpoint.get(name)!.map((payload) => Object.keys(JSON.parse(payload) as object)[0]);
      if (name === 'saveUserProgress') expect(kinds.length).toBeGreaterThan(0);
      expect(kinds.filter((kind) => kind !== 'progress'), `${name}: only saved routes are announced`).toEqual([]);
      if (name !== 'saveUserProgress') expect(kinds, `${name} announces nothing`).toEqual([]);
    }
    // And the listener is not deaf: a call that changes the person's row is heard.
    expect(noticesByEndpoint.get('saveResearchOptIn')!.some((payload) => 'user' in (JSON.parse(payload) as object))).toBe(true);
  });

  it('the instance that saved a route answers the next call with it, from its cache', async () => {
    const client = new TestClient(server.baseUrl);
    await client.post('/api/user/ContinueAsGuest', { referrer: 'test' });
    expect((await client.get('/api/user/getCurrentUser')).body.lastVisitedRoute).toBeNull();
    for (const route of ['/Rapid/Experiences', '/Rapid/Feelings', '/Research']) {
      expect((await client.post('/api/user/SaveUserProgress', { route })).status).toBe(200);
      // Asked at once, before this instance's listener has necessarily heard the notice.
      expect((await client.get('/api/user/getCurrentUser')).body.lastVisitedRoute).toBe(route);
    }
    const [row] = await server.database.db.selectFrom('users').select(['last_visited_route', 'updated_at']).where('last_visited_route', '=', '/Research').execute();
    expect(row?.last_visited_route).toBe('/Research');
  });
});
