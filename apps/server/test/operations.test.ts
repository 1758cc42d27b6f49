import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/crypto';
import { READINESS_TIMEOUT_MS } from '../src/operations/probes';
import { signInAs, startTestServer, type TestServer } from './harness';

/**
 * Operations endpoints (issue 28 part 5, decision 0034), through the real server on SQLite and,
 * under `npm run test:api:pg`, PostgreSQL: /metrics only with its bearer token, each request
 * counted under its endpoint-table name, the pool and mail-queue figures; /livez; /readyz 503
 * while migrations are missing or the database refuses connections, and 200 again after.
 */
const TOKEN = 'metrics-token-for-the-api-tests-0123456789';
const onPostgres = Boolean(process.env.DATABASE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await server?.close();
});

const scrape = async () => {
  const response = await server.client().get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text;
};

/** The value of one sample line, e.g. `bloom_mail_queue_depth 2`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** onResponse runs once the response is written, so a scrape that follows may come a moment early. */
async function scrapeUntil(ready: (text: string) => boolean): Promise<string> {
  let text = '';
  for (let attempt = 0; attempt < 50; attempt++) {
    text = await scrape();
    if (ready(text)) return text;
    await sleep(20);
  }
  return text;
}

describe('/metrics', () => {
  it('answers 401 without the token or with a wrong one, and says how to authenticate', async () => {
    const client = server.client();
    const refused: Array<Record<string, string>> = [{}, { authorization: 'Bearer wrong-token-wrong-token-wrong-token' }, { authorization: `Basic ${TOKEN}` }, { authorization: `Bearer ${TOKEN}x` }];
    for (const headers of refused) {
      const response = await client.get('/metrics', { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(response.body).toEqual({ error: { code: 'metrics_token_required', message: expect.any(String) } });
      expect(response.text).not.toContain('nodejs_');
    }
  });

  it('is off (404) when METRICS_TOKEN is not set', async () => {
    const plain = await startTestServer();
    try {
      const response = await plain.client().get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('bloom_http_request_duration_seconds');
    } finally {
      await plain.close();
    }
  });

  it('counts requests per endpoint-table name and status class, never by raw URL', async () => {
    const series = (endpoint: string, statusClass: string) => `bloom_http_request_duration_seconds_count{endpoint="${endpoint}",status_class="${statusClass}"}`;
    const before = await scrape();
    const healthBefore = sample(before, series('health', '2xx')) ?? 0;
    const client = server.client();
    for (let index = 0; index < 3; index++) expect((await client.get('/api/health')).status).toBe(200);
    await signInAs(server, client, { guest: true });
    const unknownId = randomUUID();
    expect((await client.get(`/api/user/GetAssessmentById/${unknownId}`)).status).toBe(404);

    const after = await scrapeUntil((text) => sample(text, series('health', '2xx')) === healthBefore + 3 && sample(text, series('getAssessmentById', '4xx')) === 1);
    expect(sample(after, series('health', '2xx'))).toBe(healthBefore + 3);
    expect(sample(after, series('getAssessmentById', '4xx'))).toBe(1);
    expect(after).toContain('bloom_http_request_duration_seconds_bucket{le="0.005",endpoint="health",status_class="2xx"}');
    // The refused scrapes above are timed too, under the route as registered.
    expect(sample(after, series('GET /metrics', '4xx'))).toBeGreaterThanOrEqual(4);
    expect(after).not.toContain(unknownId);
    expect(after).not.toContain('/api/user/GetAssessmentById');
  });

  it('shows event-loop lag and the process figures (prom-client defaults)', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('shows the mail queue: unsent messages and the age of the oldest', async () => {
    const empty = await scrape();
    expect(sample(empty, 'bloom_mail_queue_depth')).toBe(0);
    expect(sample(empty, 'bloom_mail_queue_oldest_age_seconds')).toBe(0);
    // Two messages waiting for a retry an hour from now, the older queued ten minutes ago.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const queuedAt = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const ids = [newId(), newId()];
    await server.database.db
      .insertInto('mail_outbox')
      .values(ids.map((id, index) => ({ id, recipient: `waiting-${index}@bloom.test`, template: 'verify-email', data: '{}', created_at: queuedAt(index === 0 ? 10 : 1), attempts: 1, next_attempt_at: later, sent_at: null, last_error: 'refused' })))
      .execute();
    try {
      const text = await scrape();
      expect(sample(text, 'bloom_mail_queue_depth')).toBe(2);
      const age = sample(text, 'bloom_mail_queue_oldest_age_seconds')!;
      expect(age).toBeGreaterThanOrEqual(600);
      expect(age).toBeLessThan(660);
    } finally {
      await server.database.db.deleteFrom('mail_outbox').where('id', 'in', ids).execute();
    }
  });

  it.runIf(onPostgres)('shows the PostgreSQL pool: connections open, in use, and queries waiting; and the pipelined statements in flight', async () => {
    const text = await scrape();
    expect(sample(text, 'bloom_db_pool_connections')).toBeGreaterThanOrEqual(1);
    // The scrape's own mail-queue query has returned its connection by the time the figures are read.
    expect(sample(text, 'bloom_db_pool_connections_in_use')).toBe(0);
    expect(sample(text, 'bloom_db_pool_waiting')).toBe(0);
    expect(sample(text, 'bloom_db_pipelined_in_flight')).toBe(0);
  });

  it.runIf(onPostgres)('exports the PostgreSQL round trips per endpoint where they are counted', async () => {
    const counting = await startTestServer({ METRICS_TOKEN: TOKEN }, { countRoundTrips: true });
    try {
      const client = counting.client();
      for (let index = 0; index < 2; index++) expect((await client.get('/api/health')).status).toBe(200);
      const headers = { authorization: `Bearer ${TOKEN}` };
      let text = '';
      for (let attempt = 0; attempt < 50 && !(sample(text, 'bloom_db_round_trips_total{endpoint="health"}')! >= 2); attempt++) {
        text = (await client.get('/metrics', { headers })).text;
        await sleep(20);
      }
      // health asks `select 1`: one round trip per call.
      expect(sample(text, 'bloom_db_round_trips_total{endpoint="health"}')).toBe(2);
      expect(sample(text, 'bloom_db_round_trips_total{endpoint="(outside requests)"}')).toBeGreaterThanOrEqual(0);
    } finally {
      await counting.close();
    }
    expect(await scrape()).not.toContain('bloom_db_round_trips_total');
  });

  it.runIf(!onPostgres)('has no pool figures on SQLite (one connection, used synchronously)', async () => {
    const text = await scrape();
    expect(text).not.toContain('bloom_db_pool_');
    expect(text).not.toContain('bloom_db_pipelined_');
  });
});

describe('/livez and /readyz', () => {
  it('answer 200 on a running, migrated server, and are never cached', async () => {
    const client = server.client();
    const live = await client.get('/livez');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'live' });
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: onPostgres ? 'postgres' : 'sqlite' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('readiness is 503 migrations_pending while a migration this build knows has not run, and 200 once it has', async () => {
    const client = server.client();
    const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(server.database.db);
    const { name, timestamp } = rows[0]!;
    await sql`delete from kysely_migration where name = ${name}`.execute(server.database.db);
    try {
      const pending = await client.get('/readyz');
      expect(pending.status).toBe(503);
      expect(pending.body.error.code).toBe('migrations_pending');
      expect(pending.body.error.message).toContain(name);
      expect((await client.get('/livez')).status).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(server.database.db);
    }
    expect((await client.get('/readyz')).status).toBe(200);
  });

  it.runIf(onPostgres)(
    'readiness is 503 database_unavailable while PostgreSQL refuses connections, liveness stays 200, and both are 200 once it is back',
    async () => {
      const database = new URL(server.config.databaseUrl!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const client = server.client();
      try {
        await admin.query(`alter database ${database} allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
        const asked = Date.now();
        const down = await client.get('/readyz');
        expect(down.status).toBe(503);
        expect(down.body.error.code).toBe('database_unavailable');
        expect(Date.now() - asked, 'answered within the readiness timeout, not the pool’s').toBeLessThan(READINESS_TIMEOUT_MS + 1_000);
        expect((await client.get('/livez')).status).toBe(200);
        // The scrape still answers; the figures the database gives are NaN meanwhile.
        expect(Number.isNaN(sample(await scrape(), 'bloom_mail_queue_depth'))).toBe(true);
      } finally {
        await admin.query(`alter database ${database} allow_connections true`);
        await admin.end();
      }
      let ready = 0;
      for (let attempt = 0; attempt < 50 && ready !== 200; attempt++) {
        ready = (await client.get('/readyz')).status;
        if (ready !== 200) await sleep(100);
      }
      expect(ready).toBe(200);
    },
    30_000,
  );
});
