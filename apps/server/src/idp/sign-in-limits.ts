import type { SlidingRule } from '../auth/sliding-rate-limit';
import { normalizeEmail } from './accounts';

/**
 * How many password attempts the embedded provider's forms accept (decision 0021). All are
 * sliding windows, so no burst fits across a window boundary.
 *
 * Per e-mail: ten tries in any five minutes stops password guessing against one account;
 * it counts the tries from browsers that never signed in to that account.
 * Per known browser: a browser that signed in to the account before (known-browsers.ts) has
 * ten tries of its own, which nobody else's guessing can use up, and it is not held to the
 * per-address limit, so an attacker on the same network cannot lock the owner out either.
 * Per address: looser, because a school or office shares one IP across many honest people.
 */
const ATTEMPT_WINDOW_MS = 5 * 60 * 1000;
/** After five tries in the window each further try waits 1, 2, 4 … seconds, never more than a minute. */
const ATTEMPT_BACKOFF = { freeHits: 5, firstDelayMs: 1000, maxDelayMs: 60 * 1000 };

export const SIGN_IN_LIMITS = {
  perEmail: { limit: 10, windowMs: ATTEMPT_WINDOW_MS, backoff: ATTEMPT_BACKOFF } satisfies SlidingRule,
  perKnownBrowser: { limit: 10, windowMs: ATTEMPT_WINDOW_MS, backoff: ATTEMPT_BACKOFF } satisfies SlidingRule,
  perIp: { limit: 50, windowMs: ATTEMPT_WINDOW_MS } satisfies SlidingRule,
};

/** Tries at `email` from browsers not known to its account (privacy/erasure.ts deletes them with the account). */
export const emailAttemptKey = (email: string): string => `idp-attempt:email:${normalizeEmail(email).slice(0, 254)}`;
/** Tries from one known browser, at the one account its token names. */
export const knownBrowserAttemptKey = (browserId: string): string => `idp-attempt:browser:${browserId}`;
export const addressAttemptKey = (ip: string): string => `idp-attempt:ip:${ip}`;
