import net from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChangeNoticeListener } from '../src/db/postgres/change-notices';
import { StatementPipelines } from '../src/db/postgres/pipelines';
import { SESSION_CHANGES_CHANNEL, type SharedSessionCache } from '../src/db/postgres/session-cache';
import { isDatabaseUnavailable } from '../src/http/database-unavailable';
import { startTestServer, TestClient, type TestServer } from './harness';

/**
 * PostgreSQL going wrong without saying so. A restart or `pg_terminate_backend` closes the
 * sockets, which security-crash.test.ts covers. These are the quieter ways: a link that stops
 * carrying anything without being closed (a failover that sends no reset, a firewall forgetting
 * an idle connection), a database host that accepts connections and never answers, and
 * something that is not a trigger's notice arriving on the session-change channel.
 */

/** A TCP proxy to PostgreSQL whose connections a test can freeze, as a dead link would. */
class FreezableProxy {
  private readonly server: net.Server;
  private readonly links: Array<{ client: net.Socket; upstream: net.Socket | null }> = [];
  /** New connections are accepted and never answered. */
  blackhole = false;

  constructor(private readonly target: URL) {
    this.server = net.createServer((client) => {
      client.on('error', () => {});
      if (this.blackhole) {
        this.links.push({ client, upstream: null });
        return;
      }
      const upstream = net.connect(Number(target.port), target.hostname);
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      this.links.push({ client, upstream });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const url = new URL(this.target);
    url.hostname = '127.0.0.1';
    url.port = String((this.server.address() as net.AddressInfo).port);
    return url.toString();
  }

  /** Every open connection stops carrying data both ways, and stays open. */
  freeze(): void {
    for (const { client, upstream } of this.links) {
      if (!upstream) continue;
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  async close(): Promise<void> {
    for (const { client, upstream } of this.links) {
      client.destroy();
      upstream?.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const SHORT = { connectMs: 1_000, statementMs: 500 };

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL failing silently', () => {
  let proxy: FreezableProxy;
  let proxiedUrl: string;
  beforeAll(async () => {
    proxy = new FreezableProxy(new URL(process.env.DATABASE_URL!));
    proxiedUrl = await proxy.listen();
  });
  afterAll(async () => {
    await proxy?.close();
  });
  afterEach(() => {
    proxy.blackhole = false;
  });

  it('a pipelined statement on a dead link fails as "unavailable" (503) in time, and the next one gets a new connection', async () => {
    const pipelines = new StatementPipelines(proxiedUrl, 1, undefined, SHORT);
    try {
      expect((await pipelines.query<{ n: number }>('select 1 as n', [])).rows).toEqual([{ n: 1 }]);
      proxy.freeze();
      const started = Date.now();
      const failure = await pipelines.query('select 2 as n', []).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await pipelines.query<{ n: number }>('select 3 as n', [])).rows).toEqual([{ n: 3 }]);
    } finally {
      await pipelines.close();
    }
  });

  it('a database host that accepts and never answers fails a pipelined statement as "unavailable" after the connect timeout', async () => {
    proxy.blackhole = true;
    const pipelines = new StatementPipelines(proxiedUrl, 1, undefined, SHORT);
    try {
      const failure = await pipelines.query('select 1', []).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    } finally {
      await pipelines.close();
    }
  });

  it('the change listener finds a dead link by its heartbeat, says so, and listens again on a new connection', async () => {
    const events: string[] = [];
    const waitFor = async (event: string, from: number) => {
      const deadline = Date.now() + 8_000;
      while (!events.slice(from).includes(event)) {
        if (Date.now() > deadline) throw new Error(`no "${event}" after ${from}: ${events.join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return events.length;
    };
    const channel = 'bloom_test_heartbeat';
    const listener = new ChangeNoticeListener(proxiedUrl, channel, { notice: (payload) => events.push(`notice:${payload}`), live: (listening) => events.push(listening ? 'live' : 'lost') }, { ...SHORT, heartbeatMs: 200 });
    const sender = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await sender.connect();
    try {
      listener.start();
      let seen = await waitFor('live', 0);
      proxy.freeze();
      seen = await waitFor('lost', seen);
      seen = await waitFor('live', seen);
      await sender.query(`select pg_notify('${channel}', 'after')`);
      await waitFor('notice:after', seen);
    } finally {
      await sender.end();
      await listener.stop();
    }
  }, 20_000);

  describe('the session-change channel', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({}, { countRoundTrips: true });
    });
    afterAll(async () => {
      await server?.close();
    });

    const cacheOf = (testServer: TestServer) => testServer.database.sessionCache as SharedSessionCache;

    /** A guest whose session this instance has cached (a second getCurrentUser needs no round trip). */
    async function cachedGuest() {
      const client = new TestClient(server.baseUrl);
      expect((await client.post('/api/user/ContinueAsGuest', { referrer: 'test' })).status).toBe(200);
      const user = (await client.get<{ id: string }>('/api/user/getCurrentUser')).body;
      return { client, userId: user.id };
    }

    async function roundTripsOfCurrentUser(client: TestClient): Promise<{ roundTrips: number; route: string | null }> {
      await cacheOf(server).caughtUp();
      server.database.roundTrips!.reset();
      const response = await client.get<{ lastVisitedRoute: string | null }>('/api/user/getCurrentUser');
      expect(response.status).toBe(200);
      return { roundTrips: server.database.roundTrips!.snapshot().endpoints.getCurrentUser?.roundTrips ?? 0, route: response.body.lastVisitedRoute };
    }

    it('a payload that is not a notice does not end the process: every cached session is read again', async () => {
      const { client } = await cachedGuest();
      expect((await roundTripsOfCurrentUser(client)).roundTrips).toBe(0);
      for (const payload of ['not json', 'null', '42', '{"nothing":"known"}', '{"progress":1}']) {
        await sql`select pg_notify(${SESSION_CHANGES_CHANNEL}, ${payload})`.execute(server.database.db);
        expect((await roundTripsOfCurrentUser(client)).roundTrips, payload).toBe(1);
        expect((await roundTripsOfCurrentUser(client)).roundTrips, payload).toBe(0);
      }
    });

    it('a saved route answered after a newer one was heard of does not overwrite it', async () => {
      const { client, userId } = await cachedGuest();
      const cache = cacheOf(server);
      const heardBefore = cache.noticesHeard;
      // This instance's save of '/a' commits, then another instance's save of '/b'; both notices
      // arrive before the answer to '/a' does.
      const saveRoute = (route: string, at: string) => server.database.db.updateTable('users').set({ last_visited_route: route, updated_at: at }).where('id', '=', userId).execute();
      const earlier = new Date(Date.now() - 1000).toISOString();
      await saveRoute('/a', earlier);
      await saveRoute('/b', new Date().toISOString());
      await cache.caughtUp();
      cache.progressSaved(userId, '/a', earlier, heardBefore);
      expect(await roundTripsOfCurrentUser(client)).toEqual({ roundTrips: 0, route: '/b' });
    });
  });
});
