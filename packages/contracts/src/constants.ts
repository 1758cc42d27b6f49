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
} as const;
