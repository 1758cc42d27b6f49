import { INVITATIONS_PER_COACH_PER_DAY, type RateLimitName } from '@bloom/contracts';
import type { FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../auth/rate-limit';
import type { SlidingRule } from '../auth/sliding-rate-limit';
import { rateLimitAddress } from '../http/client-address';
import { normalizeEmail } from '../idp/accounts';

/**
 * The rate limits an entry names (`rateLimit`), counted first, before the caller is checked,
 * and outside the call's transaction, so a refused or failed call still counts. Each gives the
 * keys it counts against (all are counted; the strictest decides) and the 429's message.
 */
export interface RateLimitPolicy {
  keys(request: FastifyRequest): Array<{ key: string; rule: RateLimitRule }>;
  message: string;
}

/**
 * Starting sign-ins, per client address: far above a person's retries, far below a script's.
 * The limit is SIGN_IN_STARTS_PER_IP (60 by default), raised where many people share an address.
 */
export const LOGIN_URL_WINDOW_MS = 10 * 60 * 1000;
/** New guest visits, per client address: GUESTS_PER_IP (30 by default) in any ten minutes, raised where many people share an address. */
export const GUEST_WINDOW_MS = 10 * 60 * 1000;
/**
 * Starting assessments, per account and per session (a guest's account is its session's): an
 * honest person starts a handful a day, a script hundreds a second. Each one is a row that
 * norms, dashboards and exports read, so the ceiling sits far above honest use.
 */
export const ASSESSMENT_CREATION_LIMITS = {
  perAccount: { limit: 30, windowMs: 60 * 60 * 1000 } satisfies RateLimitRule,
  perSession: { limit: 30, windowMs: 60 * 60 * 1000 } satisfies RateLimitRule,
};

/**
 * Invitations and resends, per coach (decision 0030): each mails a person who never asked for
 * it, so a day (UTC) holds at most 200, far above a coach bringing in a class, far below a
 * spammer's list. A fixed window, so at most twice that within any 24 hours.
 */
export const COACH_INVITE_LIMIT: RateLimitRule = { limit: INVITATIONS_PER_COACH_PER_DAY, windowMs: 24 * 60 * 60 * 1000 };

/**
 * Invitation mail to one address, from every coach together (decision 0084): five in any 24
 * hours, a sliding window (no burst across a boundary). The busiest honest case seen is an
 * invitation, a resend ("it did not arrive"), a withdrawal and a new one to the right group,
 * and a second coach's: four. Without it one coach could mail one stranger 200 times a day.
 * Counted in the call's transaction when the mail is queued (coaching/invitations.ts), so only
 * mail that goes out counts; keyed by the normalised address (trimmed, lower-cased).
 */
export const INVITATIONS_PER_ADDRESS: SlidingRule = { limit: 5, windowMs: 24 * 60 * 60 * 1000 };
/** Erasure (privacy/erasure.ts) forgets it for the person's own addresses, as "Forgot password?"'s. */
export const invitationsToAddressKey = (email: string): string => `coach-invite:email:${normalizeEmail(email).slice(0, 254)}`;

/**
 * Consent changes, per account (decision 0082): the research opt-in, sharing an assessment with
 * the coach and ending it, withdrawing a consent, and a coach's pre-grant ask. Each grant after a
 * withdrawal opens a record in the consent log, which is kept for good and read whole by
 * GetMyConsents, so a script toggling one switch grew it by 25,000 rows a minute. An honest person
 * changes a few a day; a coach asking a class at once may need more, hence 60 an hour.
 */
export const CONSENT_CHANGE_LIMIT: RateLimitRule = { limit: 60, windowMs: 60 * 60 * 1000 };
/**
 * Starting a checkout, per account (decision 0082): each opens a purchase row and calls the
 * payment provider, whose API rate limit is the whole account's, so a loop of GetPurchaseUrl and
 * PurchaseFailureCallback could exhaust it for everyone. A buyer starts one or a few.
 */
export const PURCHASE_START_LIMIT: RateLimitRule = { limit: 20, windowMs: 60 * 60 * 1000 };

/** The counters keyed by a person: by their account (user id) and by their session (the sessions row's id). */
const assessmentsOfAccountKey = (userId: string) => `assessment-create:user:${userId}`;
const assessmentsOfSessionKey = (sessionId: string) => `assessment-create:session:${sessionId}`;
const invitationsOfCoachKey = (userId: string) => `coach-invite:user:${userId}`;
const consentChangesOfAccountKey = (userId: string) => `consent-change:user:${userId}`;
const purchaseStartsOfAccountKey = (userId: string) => `purchase-start:user:${userId}`;

/** Every counter keyed by these people or these sessions of theirs: erasure (privacy/erasure.ts) forgets them with the person. */
export function rateLimitKeysOf(userIds: readonly string[], sessionIds: readonly string[]): string[] {
  return [...userIds.flatMap((id) => [assessmentsOfAccountKey(id), invitationsOfCoachKey(id), consentChangesOfAccountKey(id), purchaseStartsOfAccountKey(id)]), ...sessionIds.map(assessmentsOfSessionKey)];
}

export const RATE_LIMITS: Record<RateLimitName, RateLimitPolicy> = {
  'login-url': {
    keys: (request) => [{ key: `login-url:ip:${rateLimitAddress(request.ip)}`, rule: { limit: request.server.config.signInStartsPerIp, windowMs: LOGIN_URL_WINDOW_MS } }],
    message: 'Too many sign-in attempts from here. Please wait a few minutes and try again.',
  },
  // Only a visit without a session starts a guest; a caller who has one gets it back uncounted.
  guest: {
    keys: (request) => (request.session ? [] : [{ key: `guest:ip:${rateLimitAddress(request.ip)}`, rule: { limit: request.server.config.guestsPerIp, windowMs: GUEST_WINDOW_MS } }]),
    message: 'Too many new guest visits from here. Please wait a few minutes and try again.',
  },
  'assessment-create': {
    keys: (request) =>
      request.session
        ? [
            { key: assessmentsOfAccountKey(request.session.user.id), rule: ASSESSMENT_CREATION_LIMITS.perAccount },
            { key: assessmentsOfSessionKey(request.session.sessionId), rule: ASSESSMENT_CREATION_LIMITS.perSession },
          ]
        : [],
    message: 'You have started many assessments in a short time. Please wait a while before starting another.',
  },
  'coach-invite': {
    keys: (request) => (request.session ? [{ key: invitationsOfCoachKey(request.session.user.id), rule: COACH_INVITE_LIMIT }] : []),
    message: `You have sent ${INVITATIONS_PER_COACH_PER_DAY} invitations today, the most Bloom sends for one coach in a day. Please try again tomorrow.`,
  },
  'consent-change': {
    keys: (request) => (request.session ? [{ key: consentChangesOfAccountKey(request.session.user.id), rule: CONSENT_CHANGE_LIMIT }] : []),
    message: 'You have changed your sharing and consent settings many times in a short time. Please wait a while and try again.',
  },
  'purchase-start': {
    keys: (request) => (request.session ? [{ key: purchaseStartsOfAccountKey(request.session.user.id), rule: PURCHASE_START_LIMIT }] : []),
    message: 'You have started many checkouts in a short time. Please wait a while before trying again.',
  },
};
