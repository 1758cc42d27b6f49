/**
 * Keeps the live norms current (DESIGN §4: "recomputed incrementally or on a schedule"; decision
 * 0060), in the background, never in a request.
 *
 * Every NORMS_CHECK_INTERVAL_MS (a minute, with a little jitter so instances do not tick
 * together) each instance reads the research data's fingerprint: one aggregate query. While it is
 * the one this instance last saw a snapshot of, nothing more is asked. When it changed,
 * `computeNormSnapshot` stores a snapshot of the new data unless the latest one already is of it
 * (another instance computed it), neither reaches 100 rows, or the latest live one is younger
 * than the least interval (NORMS_MIN_INTERVAL_MINUTES, an hour by default: a computation reads
 * every research row, and a few more people change a population's figures little); on PostgreSQL under an advisory lock,
 * so one instance computes while the others skip that tick, and the snapshot's id (the
 * fingerprint's hash) keeps it to one row per state of the data. Either way this instance forgets
 * its cached norms, so its next reader reads the new snapshot (the others' caches expire within
 * NORMS_CACHE_MS, or as soon as their own tick sees the change). Once an hour the latest snapshot
 * is computed again even when the fingerprint has not changed, for what it cannot see (an answer
 * changed inside a completed assessment).
 *
 * A failed tick is logged (once, until a tick works again) and the next tick tries again; it never
 * throws out of the timer.
 */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/handle';
import type { Db } from '../db/database';
import { computeNormSnapshot, forgetCachedNorms, normsFingerprint, type NormsComputation } from './norms-service';

/** How often each instance asks whether the research data changed. */
export const NORMS_CHECK_INTERVAL_MS = 60_000;
/** How often the latest snapshot is computed again although the fingerprint has not changed. */
export const NORMS_RECOMPUTE_MS = 60 * 60_000;
/** The first check, this long after the server is ready (plus jitter): start-up does not wait for it. */
const FIRST_CHECK_MS = 1_000;

export interface NormsLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface NormsRefresherOptions {
  db: Db;
  log: NormsLog;
  intervalMs?: number;
  recomputeMs?: number;
  /** The least time between two live snapshots (NORMS_MIN_INTERVAL_MINUTES; the first live one comes as soon as 100 people are there). */
  minIntervalMs?: number;
  firstCheckMs?: number;
}

export class NormsRefresher {
  readonly #db: Db;
  readonly #log: NormsLog;
  readonly #intervalMs: number;
  readonly #recomputeMs: number;
  readonly #firstCheckMs: number;
  readonly #minIntervalMs: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<NormsComputation> | undefined;
  #stopped = true;
  #failing = false;
  /** The fingerprint this instance last saw a snapshot of (or too few rows for one), and when. */
  #seen: string | null = null;
  /** No check before this time (ms since the epoch): the latest snapshot is younger than the least interval. */
  #notBefore = 0;
  #seenAt = 0;

  constructor(options: NormsRefresherOptions) {
    this.#db = options.db;
    this.#log = options.log;
    this.#intervalMs = options.intervalMs ?? NORMS_CHECK_INTERVAL_MS;
    this.#recomputeMs = options.recomputeMs ?? NORMS_RECOMPUTE_MS;
    this.#firstCheckMs = options.firstCheckMs ?? FIRST_CHECK_MS;
    this.#minIntervalMs = options.minIntervalMs ?? NORMS_RECOMPUTE_MS;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#schedule(this.#firstCheckMs);
  }

  /** Stops the timer and waits for the check in flight. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /**
   * One check now (what each tick does): resolves to what it did. One at a time: a call during a
   * check gets that check's result. Rejects when the database fails (a tick logs it instead).
   */
  runOnce(): Promise<NormsComputation> {
    if (this.#running) return this.#running;
    const run = this.#check().finally(() => {
      this.#running = undefined;
    });
    this.#running = run;
    return run;
  }

  async #check(): Promise<NormsComputation> {
    // Until the least interval has passed there is nothing to compute, so nothing is read either.
    if (Date.now() < this.#notBefore) return { computed: false, reason: 'recent', fingerprint: null, notBefore: this.#notBefore };
    const { key } = await normsFingerprint(this.#db);
    if (key === this.#seen && Date.now() - this.#seenAt < this.#recomputeMs) return { computed: false, reason: 'up_to_date', fingerprint: key };
    const result = await computeNormSnapshot(this.#db, { maxAgeMs: this.#recomputeMs, minIntervalMs: this.#minIntervalMs });
    // Too soon after the last snapshot: the change is looked at again once the interval has passed.
    if (!result.computed && result.reason === 'recent') {
      this.#notBefore = result.notBefore;
      return result;
    }
    if (result.fingerprint !== null) {
      // Stored here or by another instance: this instance's readers read the latest snapshot from now on.
      if (result.computed || result.fingerprint !== this.#seen) forgetCachedNorms(this.#db);
      this.#seen = result.fingerprint;
      this.#seenAt = Date.now();
    }
    if (result.computed) this.#log.info({ population: result.population }, 'Norms recomputed');
    return result;
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    // Up to a tenth more, so that instances started together do not tick together.
    const jittered = delayMs + Math.floor(Math.random() * (delayMs / 10 + 1));
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.runOnce()
        .then(() => {
          if (this.#failing) this.#log.info({}, 'Norms refresh works again');
          this.#failing = false;
        })
        .catch((error: unknown) => {
          if (!this.#failing && !this.#stopped) this.#log.error({ err: error }, 'Norms refresh failed; trying again at the next check');
          this.#failing = true;
        })
        .finally(() => this.#schedule(this.#intervalMs));
    }, jittered);
    this.#timer.unref();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Keeps the live norms current in the background (norms/norms-refresh.ts): started when the app is ready, stopped when it closes. */
    norms: NormsRefresher;
  }
}

/** Starts the norms refresher when the app is ready and stops it when the app closes. */
export function registerNormsRefresh(app: FastifyInstance, database: DatabaseHandle): void {
  const refresher = new NormsRefresher({ db: database.db, log: app.log.child({ module: 'norms' }), minIntervalMs: app.config.normsMinIntervalMs });
  app.decorate('norms', refresher);
  app.addHook('onReady', async () => refresher.start());
  app.addHook('onClose', async () => refresher.stop());
}
