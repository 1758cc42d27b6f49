/** Texts of the question pages about keeping answers (DESIGN.md §11). */
export const SAVING_TEXT = {
  allAnswered: (total: number) => `All ${total} questions answered.`,
  answeredOfRequired: (answered: number, total: number) => `${answered} of ${total} answered. Answer every question to continue.`,
  answeredOf: (answered: number, total: number) => `${answered} of ${total} answered.`,
  unansweredQuestion: (count: number) =>
    count === 1 ? '1 question is unanswered. Answer it, or continue?' : `${count} questions are unanswered. Answer them, or continue?`,
  answerThem: (count: number) => (count === 1 ? 'Answer it' : 'Answer them'),
  continueAnyway: 'Continue',
  saveFailed: 'Your latest answers could not be saved: Bloom could not be reached. They are still selected here.',
  retry: 'Try again',
  retrying: 'Saving…',
  /** Said once a retry (or Next) has saved what had failed. */
  savedAfterRetry: 'Your answers are saved.',
  /** Said when a retry failed again; the message above still stands. */
  stillNotSaved: 'Still not saved. Check your connection, then try again.',
  /** Asked (the browser's confirm) before the app leaves a page whose answers are not saved yet. */
  leaveWithUnsaved: 'Some of your answers on this page are not saved yet. Leave the page anyway?',
  startingGuest: 'Starting your assessment…',
} as const;
