import type { SlidingRule } from '../auth/sliding-rate-limit';
import { rateLimitAddress } from '../http/client-address';
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
export const addressAttemptKey = (ip: string): string => `idp-attempt:ip:${rateLimitAddress(ip)}`;

const HOUR_MS = 60 * 60 * 1000;

/**
 * Sign-ups on the embedded provider's form (decision 0081). Each one makes an account and mails a
 * confirmation link to whatever address was typed, with a name the sender chose, so the form is
 * counted per client address on its own: SIGN_UPS_PER_IP (5 by default) in any hour, far above
 * one person's needs, raised where many people share an address. Counted once the form is valid,
 * before the account is made, so an address already taken also counts.
 *
 * And one account per interaction: the interaction stays usable after its result is saved, so
 * without this one sign-in page could make account after account. The claim lasts longer than an
 * interaction can (ten minutes, provider.ts INTERACTION_TTL_SECONDS), and is given back when no account was made (the address was
 * taken, or the password attempts' limit refused the form).
 */
export const SIGN_UP_LIMITS = {
  perIpWindowMs: HOUR_MS,
  perInteraction: { limit: 1, windowMs: 30 * 60 * 1000 } satisfies SlidingRule,
};
export const signUpAddressKey = (ip: string): string => `idp-signup:ip:${rateLimitAddress(ip)}`;
export const signUpInteractionKey = (uid: string): string => `idp-signup:interaction:${uid}`;

/**
 * Limits on what sends mail or checks a password outside the log-in form (decision 0028).
 *
 * "Forgot password?": per address like the log-in form, so one machine cannot mail-bomb many
 * inboxes; per e-mail three links an hour, after which the form still answers the same way but
 * sends nothing (a refusal there would say nothing about the account, but the owner already has
 * three links). Links sent from the account page (confirm my address again, use a new address)
 * are counted per account; a link to a new address also counts against that address, on the same
 * per-e-mail counter as "Forgot password?" (decision 0073), and is refused (429) past it: the
 * address is nobody's in Bloom yet, so any number of new accounts could otherwise take turns. The current password asked for by "Change password" and "Change
 * e-mail" is counted per account, with the log-in form's backoff, so a stolen session cannot be
 * used to guess it.
 *
 * Password changes from the account page are counted per account too, three an hour (decision
 * 0068): each one mails a notice and withdraws the account's reset links, so a session holder
 * must not be able to repeat it at will. The count is of changes made, so a right password does
 * not clear it (unlike the guesses' count), and each notice also counts against the account's
 * mail.
 */
export const RECOVERY_LIMITS = {
  forgotPerIp: { limit: 10, windowMs: 15 * 60 * 1000 } satisfies SlidingRule,
  forgotPerEmail: { limit: 3, windowMs: HOUR_MS } satisfies SlidingRule,
  mailsPerAccount: { limit: 5, windowMs: HOUR_MS } satisfies SlidingRule,
  passwordChecksPerAccount: { limit: 10, windowMs: ATTEMPT_WINDOW_MS, backoff: ATTEMPT_BACKOFF } satisfies SlidingRule,
  passwordChangesPerAccount: { limit: 3, windowMs: HOUR_MS } satisfies SlidingRule,
};

export const forgotAddressKey = (ip: string): string => `idp-forgot:ip:${rateLimitAddress(ip)}`;
/** Links mailed to one address: "Forgot password?"'s, and a new address's from the account page (privacy/erasure.ts forgets it for the person's own addresses). */
export const forgotEmailKey = (email: string): string => `idp-forgot:email:${normalizeEmail(email).slice(0, 254)}`;
export const accountMailKey = (accountId: string): string => `idp-mail:account:${accountId}`;
export const accountPasswordCheckKey = (accountId: string): string => `idp-attempt:account:${accountId}`;
export const accountPasswordChangeKey = (accountId: string): string => `idp-change:account:${accountId}`;
