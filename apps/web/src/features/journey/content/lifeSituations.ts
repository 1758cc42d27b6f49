/** Texts of the Life Situations page that are not part of the server's form content. */
export const LIFE_SITUATIONS_TEXT = {
  /** Used when the server's form content has no title or intro of its own. */
  defaultTitle: 'Your Life Situation',
  defaultIntro:
    'A few questions about your circumstances help us compare your results with people in similar situations. Every question is optional: choose "Prefer not to say" for any you would rather skip.',
  /** Shown above a form filled in from the person's last answers (issue 23 §6). */
  prefilled: (date: string) => `Filled in from your answers on ${date}. Check that each one is still right, then continue.`,
  hint: 'Answer each question, or choose "Prefer not to say", to continue.',
  skipAll: 'Skip All',
  chooseAnswer: 'Choose an answer',
  ageOutOfRange: (min: number, max: number, preferNotToSay: string) => `Enter an age from ${min} to ${max}, or choose "${preferNotToSay}".`,
  /** A save of the life situation that failed but may pass (offline, a busy server): the page stays, with the answers as chosen. */
  saveFailed: 'Your life situation could not be saved: Bloom could not be reached. Your answers are still here.',
  retry: 'Try again',
  retrying: 'Saving…',
  /** Said when Try again (or Next) failed again; the message above still stands. */
  stillNotSaved: 'Still not saved. Check your connection, then try again.',
} as const;
