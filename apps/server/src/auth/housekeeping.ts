import type { FastifyBaseLogger } from 'fastify';
import { deleteOldInvitations } from '../coaching/invitations';
import type { Db } from '../db/database';
import { outsideRequestTally } from '../db/round-trips';
import { deleteOldAccountTokens } from '../idp/account-tokens';
import { deleteExpiredProviderState } from '../idp/adapter';
import { isoNow } from '../lib/time';
import { eraseUnreachableGuests } from '../privacy/erasure';
import { deleteOldLoginTransactions } from './login-transactions';
import { deleteStaleRateLimits } from './rate-limit';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes rows that can no longer matter (old login transactions, expired provider state,
 * finished rate-limit windows, expired sessions, mailed links expired or used a day ago, guests
 * no session can reach any more). Piggybacks on sign-in traffic at most once
 * per ten minutes per instance, off the request's critical path, so no scheduler is needed.
 */
export function createHousekeeping(db: Db, log: FastifyBaseLogger): () => void {
  let lastSweep = 0;
  return () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    // Not the sign-in's own work: its queries are not charged to that request (db/round-trips.ts).
    void outsideRequestTally(() => Promise.all([
      deleteOldLoginTransactions(db, KEEP_MS),
      deleteExpiredProviderState(db),
      deleteOldAccountTokens(db, now),
      deleteStaleRateLimits(db, KEEP_MS, now),
      deleteOldInvitations(db, now),
      db.deleteFrom('sessions').where((eb) => eb.or([eb('absolute_expires_at', '<', isoNow()), eb('idle_expires_at', '<', isoNow())])).execute(),
      eraseUnreachableGuests(db, now),
    ])).catch((error: unknown) => log.warn({ err: error }, 'housekeeping failed; will retry later'));
  };
}
