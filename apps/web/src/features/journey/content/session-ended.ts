/**
 * Texts of a question page whose answers can no longer be saved (components/SessionEnded, loaded
 * only then, so they stay out of the page's first paint), of the answers kept across the sign-in
 * that comes back to it (logic/keptAnswers, DESIGN.md §11), and of a results page read with no
 * session (components/ResultsSignedOut).
 */
export const SESSION_ENDED_TEXT = {
  /** A member whose session ended (a log-out elsewhere, the idle limit, a password reset). */
  memberSignedOut: 'Your session has ended, so answers on this page cannot be saved just now. The answers saved before are kept in your account.',
  comeBack: 'Log in to continue where you were: you come back to this page of the same assessment, and the answers not saved yet are saved then.',
  /** The same, when the browser refuses session storage, so the unsaved answers cannot wait for the sign-in. */
  comeBackChooseAgain:
    'Log in to continue where you were: you come back to this page of the same assessment. This browser does not let Bloom hold the answers not saved yet meanwhile, so choose those again there.',
  /** The same, on a page whose answers are not kept across the sign-in (Life Situations). */
  comeBackAnswerAgain: 'Log in to continue where you were: you come back to this page of the same assessment, to answer it again.',
  logIn: 'Log in to continue',
  /** A guest cannot sign back in to the guest whose session ended: nothing is promised of its answers. */
  guestSignedOut:
    'Your session has ended, so answers on this page can no longer be saved. Answers given without an account stay with the session that ended and cannot be continued. A new assessment starts from the beginning.',
  goToStart: 'Go to the start',
  /** Still signed in, but the assessment refused the answers (it is gone, or another one was started meanwhile). */
  notTaken: 'Answers on this page can no longer be saved: your assessment in progress does not take them.',
  goToDashboard: 'Go to your dashboard',
  /** Said on the page the sign-in came back to, once the answers kept across it are saved. */
  keptAnswersSaved: (count: number) =>
    count === 1 ? '1 answer that could not be saved before is saved now.' : `${count} answers that could not be saved before are saved now.`,
  /** A Professional question page opened with nobody signed in. */
  signInNeededTitle: 'Please sign in to continue',
  signInNeeded:
    'The Professional assessment keeps your answers in your account, and you are not signed in. If you have started it, log in to continue on this page with the answers you saved. To begin it, go to the start.',
  /** A Rapid question page opened with nobody signed in after the session of the member this tab's journey had signed in ended. */
  signInNeededMember: 'Your session has ended. Log in to continue on this page of your assessment: the answers you saved are kept in your account.',
  /** The same page after a guest's session ended: the text is guestSignedOut. */
  guestEndedTitle: 'Your session has ended',
  /** A Rapid question page opened with nobody signed in while answers wait for a sign-in (a sign-in that did not finish). */
  signInNeededRapid:
    'You are not signed in, and answers you chose on this page are waiting for you to log in. Log in to continue on this page of your assessment, and they are saved then.',
  /**
   * A results page whose reads the server refused for want of a session, for someone this tab does
   * not know (a new tab or browser): a member's results are in the account, a guest's went with its session.
   */
  resultsSignInNeeded:
    'You are not signed in, so there are no results to show. If you have an account, log in to see your results on this page. To begin an assessment, go to the start.',
  /** The same page after a guest's session ended (titled guestEndedTitle): its results went with it. */
  resultsGuestSignedOut:
    'Your session has ended, so its results can no longer be shown. Answers given without an account stay with the session that ended and cannot be continued. A new assessment starts from the beginning.',
} as const;
