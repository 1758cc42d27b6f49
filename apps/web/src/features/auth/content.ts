/** Texts of the sign-in callback pages when a sign-in cannot be finished (issue 23 part 6). */
export const SIGN_IN_CALLBACK_TEXT = {
  errorTitle: 'We could not finish signing you in',
  missingCode: 'This page finishes a sign-in, but it was opened without the sign-in details it needs. Nothing has changed in your account.',
  providerError: 'The sign-in was cancelled or refused before it came back to Bloom. Nothing has changed in your account.',
  refused: 'This sign-in can no longer be used: it may have been used already, be more than ten minutes old, or have been started in another browser.',
  timedOut: 'Bloom did not answer in time while finishing the sign-in. Your connection or our service may be slow right now.',
  failed: 'Something went wrong while finishing the sign-in.',
  nextStep: 'Go back and start signing in again.',
  backToBloom: 'Back to Bloom',
} as const;
