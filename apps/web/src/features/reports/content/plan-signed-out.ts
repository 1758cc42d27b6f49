/**
 * /PositivityPlan/{id} read with no session (components/PlanSignedOut, loaded only then, so these
 * stay out of the page's first paint). Never the upsell: a plan already bought must not be offered
 * for sale again, and a checkout started from here could not know which assessment is meant
 * (decision 0069). Who this tab had signed in (`bloom.journeyPerson`) chooses the words.
 */
export const PLAN_SIGNED_OUT_TEXT = {
  title: 'Please sign in to see this plan',
  /** This tab had a member signed in, whose session ended (a log-out elsewhere, the idle limit, a password reset). */
  member: 'Your session has ended. Log in to continue: you come back to this page, to the plan if you have unlocked it, and a plan you bought is kept in your account.',
  /** Someone this tab does not know: a new browser or device, a link opened from a receipt. */
  stranger:
    'You are not signed in. A Positivity Plan is kept in the account it belongs to: log in to see it on this page, and a plan you bought opens there. To begin an assessment, go to the start.',
  logIn: 'Log in to continue',
  /** This tab had a guest signed in, whose session ended: it cannot be signed in to again. */
  guestTitle: 'Your session has ended',
  guest:
    'Your session has ended, so this plan can no longer be shown. Answers given without an account stay with the session that ended and cannot be continued. A new assessment starts from the beginning.',
  goToStart: 'Go to the start',
  signInFailed: 'We could not reach the sign-in page. Please try again.',
} as const;
