import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';

/**
 * Database round trips counted at the PostgreSQL driver: every query a pooled or pipelined `pg` client sends
 * (BEGIN and COMMIT included) counts one, charged to the endpoint whose request sent it, or to
 * `outsideRequests` (mail dispatch, housekeeping, the notice listener). Issue 28's budget is
 * per journey call, so the figure is kept per endpoint-table name.
 *
 * Counting is off unless the database is opened with `countRoundTrips` (the bench's counting
 * instance and the round-trip API test): it needs an async-context scope per request.
 */
export interface EndpointRoundTrips {
  calls: number;
  roundTrips: number;
}

export interface RoundTripSnapshot {
  endpoints: Record<string, EndpointRoundTrips>;
  outsideRequests: number;
}

interface Tally {
  roundTrips: number;
}

const currentTally = new AsyncLocalStorage<Tally>();

export class RoundTripCounter {
  private readonly byEndpoint = new Map<string, EndpointRoundTrips>();
  private outsideRequests = 0;

  /** Counts every query `client` sends from now on; called once per pooled or pipelined connection. */
  watch(client: pg.PoolClient | pg.Client): void {
    const send = client.query;
    const sent = () => this.sent();
    client.query = function countedQuery(this: pg.PoolClient | pg.Client, ...args: unknown[]) {
      sent();
      return (send as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof client.query;
  }

  record(endpoint: string, roundTrips: number): void {
    const entry = this.byEndpoint.get(endpoint);
    if (entry) {
      entry.calls += 1;
      entry.roundTrips += roundTrips;
    } else this.byEndpoint.set(endpoint, { calls: 1, roundTrips });
  }

  snapshot(): RoundTripSnapshot {
    const endpoints: Record<string, EndpointRoundTrips> = {};
    for (const [name, entry] of this.byEndpoint) endpoints[name] = { ...entry };
    return { endpoints, outsideRequests: this.outsideRequests };
  }

  reset(): void {
    this.byEndpoint.clear();
    this.outsideRequests = 0;
  }

  private sent(): void {
    const tally = currentTally.getStore();
    if (tally) tally.roundTrips += 1;
    else this.outsideRequests += 1;
  }
}

/** Runs `work` (and what it starts) outside any request's tally: background work a request only sets off. */
export function outsideRequestTally<T>(work: () => T): T {
  return currentTally.exit(work);
}

const COUNTS_PATH = '/internal/db-round-trips';

const scopes = new WeakMap<FastifyRequest, { tally: Tally; resource: AsyncResource }>();

/**
 * Opens a tally per request and charges it to the endpoint at the response. Registered before
 * every other hook, so the session lookup counts too. A request body is read in the socket's
 * own async context, so the scope is entered again before validation, the way
 * @fastify/request-context does it. `GET /internal/db-round-trips` answers the counts
 * (`?reset=1` zeroes them after answering); it is not under /api and is only there when counting is on.
 */
export function registerRoundTripTally(app: FastifyInstance, counter: RoundTripCounter): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const tally: Tally = { roundTrips: 0 };
    currentTally.run(tally, () => {
      const resource = new AsyncResource('bloom-round-trips');
      scopes.set(request, { tally, resource });
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.resource.runInAsyncScope(done, request.raw);
    else done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const scope = scopes.get(request);
    // Asking for the counts is not one of the calls counted.
    if (scope && request.routeOptions.url !== COUNTS_PATH) counter.record(endpointOf(request), scope.tally.roundTrips);
    done();
  });
  app.get(COUNTS_PATH, (request, reply) => {
    const snapshot = counter.snapshot();
    if ((request.query as Record<string, unknown>).reset === '1') counter.reset();
    reply.header('cache-control', 'no-store');
    return snapshot;
  });
}

/** The endpoint-table name the registry puts in the route's config, else the route as registered. */
function endpointOf(request: FastifyRequest): string {
  const { config, url, method } = request.routeOptions;
  const endpoint = (config as { endpoint?: string } | undefined)?.endpoint;
  return endpoint ?? `${method} ${url ?? '(no route)'}`;
}
