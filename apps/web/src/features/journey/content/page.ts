/** Texts every journey page shares: loading, a page that could not load, and the Next button. */
export const JOURNEY_PAGE_TEXT = {
  loading: 'Loading...',
  unavailable: 'This page could not be loaded just now.',
  retry: 'Try again',
  next: 'Next',
  continue: 'Continue',
} as const;
