import type { FastifyInstance, FastifyReply } from 'fastify';
import { storageOf } from '../db/embedded-storage';
import { appliedMigrationNames } from '../db/database';
import type { DatabaseHandle } from '../db/handle';
import { migrations } from '../db/migrations/index';
import { isDatabaseUnavailable } from '../http/database-unavailable';
import { envelope } from '../http/errors';
import { registerNormsRefresh } from '../norms/norms-refresh';
import { storageFault, watchEmbeddedStorage } from './storage-faults';

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on /readyz answers 503 `shutting_down`, while everything else is still served (operations/shutdown.ts). */
    stopBeingReady(): void;
  }
}

/**
 * Liveness and readiness for a load balancer or an orchestrator (issue 28 part 5, decision 0034).
 * Outside /api and the endpoint table: they describe the process, not the product, and say no
 * more than "up" and "ready", so anyone may ask.
 *
 * - `GET /livez`: the process answers HTTP. Nothing else is asked, so a database outage never
 *   makes an orchestrator restart instances that would come back to the same outage.
 * - `GET /readyz`: this instance can serve: the database answers within READINESS_TIMEOUT_MS and
 *   every migration this build knows has run, and the server is not shutting down. On SQLite also
 *   its storage (decision 0079): not while the last write failed with a storage error (a full
 *   disk) and none has committed since, not after a failed fsync, not while the database file
 *   was deleted or replaced. Otherwise 503 with the reason's code, so a balancer sends the
 *   traffic elsewhere until it is 200 again.
 */
export const READINESS_TIMEOUT_MS = 2_000;

const KNOWN_MIGRATIONS = Object.keys(migrations);

export type Readiness = { ready: true } | { ready: false; code: 'database_unavailable' | 'migrations_pending' | 'shutting_down'; message: string };

export function registerProbes(app: FastifyInstance, database: DatabaseHandle): void {
  // The instance's scheduled background work starts once it is ready and stops when it closes,
  // as readiness does: the live norms (norms/norms-refresh.ts, decision 0060).
  registerNormsRefresh(app, database);
  // SQLite's storage faults in the log, and the stop after a failed fsync (storage-faults.ts).
  watchEmbeddedStorage(app, database);
  let closing = false;
  // On SIGTERM, first of all: the instance goes on serving for the drain time (decision 0071).
  app.decorate('stopBeingReady', () => {
    closing = true;
  });
  // And whenever the app closes otherwise: connections kept alive until then hear "not ready" first.
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  app.get('/livez', (_request, reply) => noStore(reply).send({ status: 'live' }));

  app.get('/readyz', async (_request, reply) => {
    const readiness = closing ? SHUTTING_DOWN : await checkReadiness(database);
    noStore(reply);
    if (readiness.ready) return reply.send({ status: 'ready', database: database.dialect });
    return reply.status(503).send(envelope(readiness.code, readiness.message));
  });
}

const SHUTTING_DOWN: Readiness = { ready: false, code: 'shutting_down', message: 'This instance is shutting down.' };

/** One query answers both questions: the database is reachable, and which migrations it has. */
export async function checkReadiness(database: DatabaseHandle, timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  const storage = storageOf(database);
  const fault = storage ? await storageFault(storage) : null;
  if (fault) return { ready: false, code: 'database_unavailable', message: fault };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  let applied: Set<string>;
  try {
    const query = appliedMigrationNames(database.db);
    query.catch(() => {}); // it may fail after the timeout has already answered
    applied = new Set(await Promise.race([query, timeout]));
  } catch (error) {
    // A database that answers but has no migration table yet has not been migrated at all.
    if (error instanceof Error && /kysely_migration/.test(error.message) && !isDatabaseUnavailable(error)) return pendingMigrations(KNOWN_MIGRATIONS);
    return { ready: false, code: 'database_unavailable', message: 'The database is not reachable.' };
  } finally {
    clearTimeout(timer);
  }
  const pending = KNOWN_MIGRATIONS.filter((name) => !applied.has(name));
  return pending.length > 0 ? pendingMigrations(pending) : { ready: true };
}

function pendingMigrations(names: string[]): Readiness {
  return { ready: false, code: 'migrations_pending', message: `Migrations not yet run: ${names.join(', ')}.` };
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}
