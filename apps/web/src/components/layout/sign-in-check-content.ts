/**
 * Texts of SignInCheckFailed, the state every gated page shows when the current-user lookup
 * failed (a 503, a 429, no connection): the shell's kit carries them, not each feature.
 */
export const SIGN_IN_CHECK_TEXT = {
  title: 'We could not check your sign-in',
  body: 'Bloom did not answer just now, so we cannot tell whether you are signed in. Please check your connection and try again.',
  tryAgain: 'Try again',
  stillFailing: 'Still no answer from Bloom. Please wait a moment and try again.',
} as const;
