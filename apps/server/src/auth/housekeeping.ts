import type { FastifyBaseLogger } from 'fastify';
import { deleteOldInvitations } from '../coaching/invitations';
import type { Db } from '../db/database';
import { outsideRequestTally } from '../db/round-trips';
import { deleteOldAccountTokens } from '../idp/account-tokens';
import { deleteExpiredProviderState } from '../idp/adapter';
import { isoNow } from '../lib/time';
import { eraseAllUnreachableGuests } from '../privacy/erasure';
import { deleteOldLoginTransactions } from './login-transactions';
import { deleteStaleRateLimits } from './rate-limit';

/** How often each instance sweeps: on a timer, and on sign-in traffic if none ran this long. */
export const SWEEP_INTERVAL_MS = 5 * 60 * 1000;
const KEEP_MS = 24 * 60 * 60 * 1000;

/** `housekeeping()` sweeps now unless a sweep ran within the interval; `start()` runs it on a timer too, `stop()` ends both. */
export interface Housekeeping {
  (): void;
  /** Sweeps now (or joins the sweep in flight); resolves when it is over. Failures are logged, not thrown. */
  run(): Promise<void>;
  start(): void;
  /** Clears the timer and waits for a sweep in flight, which stops after its current slice. */
  stop(): Promise<void>;
}

/**
 * Deletes rows that can no longer matter (old login transactions, expired provider state,
 * finished rate-limit windows, expired sessions, mailed links expired or used a day ago, guests
 * no session can reach any more). Each instance sweeps every `intervalMs` on an unref'd timer
 * (started when the app is ready, cleared when it closes) and on sign-in traffic when no sweep
 * ran for that long, off the request's critical path. The guests are erased batch after batch
 * until none is due, in slices that let requests through (privacy/erasure.ts, decision 0083).
 * Several instances may sweep at once: every delete is idempotent and each guest is erased
 * under its row lock.
 */
export function createHousekeeping(db: Db, log: Pick<FastifyBaseLogger, 'warn'>, { intervalMs = SWEEP_INTERVAL_MS }: { intervalMs?: number } = {}): Housekeeping {
  let lastSweep = 0;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const sweep = async () => {
    const now = Date.now();
    await Promise.all([
      deleteOldLoginTransactions(db, KEEP_MS),
      deleteExpiredProviderState(db),
      deleteOldAccountTokens(db, now),
      deleteStaleRateLimits(db, KEEP_MS, now),
      deleteOldInvitations(db, now),
      db.deleteFrom('sessions').where((eb) => eb.or([eb('absolute_expires_at', '<', isoNow()), eb('idle_expires_at', '<', isoNow())])).execute(),
    ]);
    // After the expired sessions are gone: a guest whose session just expired is due now.
    await eraseAllUnreachableGuests(db, { now, stopped: () => stopped });
  };

  const run = (): Promise<void> => {
    if (running) return running;
    lastSweep = Date.now();
    // Not the sign-in's own work: its queries are not charged to that request (db/round-trips.ts).
    running = outsideRequestTally(() =>
      sweep()
        .catch((error: unknown) => log.warn({ err: error }, 'housekeeping failed; will retry later'))
        .finally(() => {
          running = undefined;
        }),
    );
    return running;
  };

  const housekeeping = (() => {
    if (stopped || Date.now() - lastSweep < intervalMs) return;
    void run();
  }) as Housekeeping;
  housekeeping.run = run;
  housekeeping.start = () => {
    stopped = false;
    if (timer) return;
    // A tick skips only when sign-in traffic swept within half an interval.
    timer = setInterval(() => {
      if (!stopped && Date.now() - lastSweep >= intervalMs / 2) void run();
    }, intervalMs);
    timer.unref();
  };
  housekeeping.stop = async () => {
    stopped = true;
    clearInterval(timer);
    timer = undefined;
    await running;
  };
  return housekeeping;
}
