import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/handle';
import { envelope } from '../http/errors';

/**
 * `GET /metrics` in Prometheus's text format (issue 28 part 5, decision 0034), only when
 * METRICS_TOKEN is set, and then only for `Authorization: Bearer <METRICS_TOKEN>`: the figures
 * tell who is using Bloom how much, which is nobody's business but the operator's. Unset, the
 * path answers 404 and prom-client is never loaded, so the server carries none of it.
 *
 * What it shows:
 * - `bloom_http_request_duration_seconds{endpoint,status_class}`: every response, labelled with
 *   its endpoint-table name (the registry puts it in the route's config), or for routes outside
 *   the table (sign-in provider, web app, probes) the route as registered; never the raw URL, so
 *   ids in paths cannot multiply the series;
 * - the PostgreSQL pool's connections open, in use and the queries waiting for one (SQLite has
 *   one connection used synchronously, so there is nothing to wait for and no pool figure);
 * - the mail queue's depth and the age of its oldest unsent message, read when scraped;
 * - where PostgreSQL round trips are counted (COUNT_DB_ROUND_TRIPS=1, db/round-trips.ts), those
 *   per endpoint as `bloom_db_round_trips_total` (work outside requests as `(outside requests)`);
 * - prom-client's default Node figures, among them event-loop lag
 *   (`nodejs_eventloop_lag_seconds` and its percentiles), heap, RSS and garbage collection.
 */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export async function registerMetrics(app: FastifyInstance, database: DatabaseHandle, token: string | undefined): Promise<void> {
  if (!token) {
    app.get('/metrics', (_request, reply) => reply.status(404).send(envelope('not_found', 'Not found.')));
    return;
  }
  // Loaded here, not imported at the top, so a server without METRICS_TOKEN never loads it.
  const prom = await import('prom-client');
  const registry = new prom.Registry();
  const registers = [registry];
  prom.collectDefaultMetrics({ register: registry });

  const duration = new prom.Histogram({
    name: 'bloom_http_request_duration_seconds',
    help: 'Time from request to response, per endpoint-table name (or route as registered) and status class',
    labelNames: ['endpoint', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  // One labelled child per route and status class, found again without hashing labels per request.
  const observers = new WeakMap<object, Array<{ observe(seconds: number): void } | undefined>>();
  app.addHook('onResponse', (request, reply, done) => {
    const routeConfig = request.routeOptions.config as object;
    let byClass = observers.get(routeConfig);
    if (!byClass) observers.set(routeConfig, (byClass = []));
    const statusClass = Math.floor(reply.statusCode / 100);
    const observer = (byClass[statusClass] ??= duration.labels(endpointLabel(request), `${statusClass}xx`));
    observer.observe(reply.elapsedTime / 1000);
    done();
  });

  const { pool } = database;
  if (pool) {
    new prom.Gauge({ name: 'bloom_db_pool_connections', help: 'PostgreSQL connections open in this instance’s pool', registers, collect() { this.set(pool.totalCount); } });
    new prom.Gauge({ name: 'bloom_db_pool_connections_in_use', help: 'PostgreSQL connections checked out by a query or transaction', registers, collect() { this.set(pool.totalCount - pool.idleCount); } });
    new prom.Gauge({ name: 'bloom_db_pool_waiting', help: 'Queries waiting for a free PostgreSQL connection', registers, collect() { this.set(pool.waitingCount); } });
  }
  const { pipelines } = database;
  if (pipelines) {
    new prom.Gauge({ name: 'bloom_db_pipelined_in_flight', help: 'Statements written on the pipelined PostgreSQL connections and not yet answered', registers, collect() { this.set(pipelines.statementsInFlight); } });
  }

  const { roundTrips } = database;
  if (roundTrips) {
    new prom.Counter({
      name: 'bloom_db_round_trips_total',
      help: 'PostgreSQL round trips counted at the driver, per endpoint-table name (only where COUNT_DB_ROUND_TRIPS=1)',
      labelNames: ['endpoint'] as const,
      registers,
      collect() {
        // The counter keeps its own totals; they are copied as they stand (zeroed by ?reset=1 there, which Prometheus reads as a restart).
        this.reset();
        const { endpoints, outsideRequests } = roundTrips.snapshot();
        for (const [endpoint, counted] of Object.entries(endpoints)) this.inc({ endpoint }, counted.roundTrips);
        this.inc({ endpoint: '(outside requests)' }, outsideRequests);
      },
    });
  }

  const mailDepth = new prom.Gauge({ name: 'bloom_mail_queue_depth', help: 'Messages queued and not yet sent (first attempt due or waiting for a retry); NaN when the database did not answer', registers });
  const mailAge = new prom.Gauge({ name: 'bloom_mail_queue_oldest_age_seconds', help: 'Seconds since the oldest unsent message was queued (0 when none); NaN when the database did not answer', registers });
  const readMailQueue = async () => {
    try {
      const { rows } = await sql<{ depth: number | string; oldest: string | null }>`select count(*) as depth, min(created_at) as oldest from mail_outbox where sent_at is null`.execute(database.db);
      const { depth, oldest } = rows[0]!;
      mailDepth.set(Number(depth));
      mailAge.set(oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0);
    } catch {
      mailDepth.set(Number.NaN);
      mailAge.set(Number.NaN);
    }
  };

  const expected = digest(token);
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!hasToken(request.headers.authorization, expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send(envelope('metrics_token_required', 'Send the metrics token as a bearer token.'));
    }
    await readMailQueue();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/** The endpoint-table name, else the route as registered (bounded: one per route), else `unmatched`. */
function endpointLabel(request: FastifyRequest): string {
  const config = request.routeOptions.config as { endpoint?: string; url?: string };
  if (config.endpoint) return config.endpoint;
  return config.url ? `${request.method} ${config.url}` : 'unmatched';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compared as digests, in constant time, so the answer's timing says nothing about the token. */
function hasToken(authorization: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}
