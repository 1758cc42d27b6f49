/** Texts of the app shell (header, floating buttons, loading and error screens). */
export const SHELL_TEXT = {
  loading: 'Loading...',
  skipToContent: 'Skip to main content',
  signedInAs: 'Signed in as',
  progressLabel: 'Your progress',
  memberDashboard: 'Member Dashboard',
  scrollToTop: 'Scroll to Top',
  startupFailedTitle: 'Bloom could not start',
  startupFailedBody: 'We could not reach the Bloom service. Please check your connection and try again.',
  tryAgain: 'Try again',
  errorTitle: 'Unexpected Application Error!',
  errorBody: 'Something went wrong while showing this page.',
  backHome: 'Back to the Bloom home page',
} as const;
