import type { SignInFailure } from '../lib/login';

/**
 * What a sign-in button says under itself when the provider's address could not be fetched
 * (components/layout/SignInFailedAlert): a 429 means waiting helps, anything else that the
 * person (or Bloom) is unreachable and trying again will.
 */
export const SIGN_IN_FAILED_TEXT: Record<SignInFailure, string> = {
  'too-many-attempts': 'Too many sign-in attempts from here. Please wait a few minutes and try again.',
  unreachable: 'We could not reach Bloom. Check your connection and try again.',
};
