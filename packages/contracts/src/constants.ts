/**
 * Plain constants of the API contract, free of zod, so the browser can import them
 * (`@bloom/contracts/constants`) without loading the schema library.
 */
export const RESPONSE_MIN = 0;
export const RESPONSE_MAX = 4;
export const RESPONSE_LABELS = ['Rarely', 'Sometimes', 'Often', 'Usually', 'Very Often'] as const;

export const PREFER_NOT_TO_SAY = 'Prefer not to say';
export const AGE_NOT_STATED = -1;

/** The userName that marks a guest. */
export const GUEST_USER_NAME = 'Guest';

/** Longest coach-dashboard search the server takes, in characters (the search field's maxLength too). */
export const COACH_CLIENT_SEARCH_MAX = 100;

/** Header the web client sends on state-changing calls (CSRF defence). */
export const CSRF_HEADER = 'x-bloom-csrf';

/** Error codes of the account calls (GetAccount, ChangePassword, ChangeEmail, ResendVerificationEmail; account.ts), for the page to tell refusals apart. */
export const ACCOUNT_ERROR_CODES = {
  wrongPassword: 'wrong_password',
  weakPassword: 'weak_password',
  invalidEmail: 'invalid_email',
  sameEmail: 'same_email',
  emailTaken: 'email_taken',
  managedByProvider: 'managed_by_provider',
  alreadyVerified: 'already_verified',
  /** 409: a reset (or another change) landed while this change ran; nothing was changed (decision 0068). */
  passwordChangedMeanwhile: 'password_changed_meanwhile',
} as const;

/**
 * No spaces and none of RFC 5322's specials but the one @ and the dots: mail software reads
 * `a@example.com,b` or `a(x)@example.com` as a list, a group or a comment, and would deliver to
 * `a@example.com` what was meant for another account (decision 0068). No control characters
 * either (`\p{Cc}`): no address has one, and U+0000 cannot even be stored by PostgreSQL. Nor lone
 * surrogates (`\p{Cs}`, text.ts): stored as U+FFFD, two addresses would become one.
 */
const SENDABLE_ADDRESS = /^[^\s\p{Cc}\p{Cs}@<>()[\]\\,;:"]+@[^\s\p{Cc}\p{Cs}@<>()[\]\\,;:"]+\.[^\s\p{Cc}\p{Cs}@<>()[\]\\,;:"]+$/u;

/** An address Bloom sends mail to (sign-up, a new address, an invitation): as typed, trimmed by the caller; at most 254 characters. */
export const isSendableAddress = (address: string): boolean => address.length <= 254 && SENDABLE_ADDRESS.test(address);
