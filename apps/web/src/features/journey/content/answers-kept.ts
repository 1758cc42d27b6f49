/**
 * Texts of a journey page whose assessment's Positivity Plan was bought, so its answers and life
 * situations stay as they are (components/AnswersKept, loaded only then; decision 0074).
 */
export const ANSWERS_KEPT_TEXT = {
  /** A question page: the answer just chosen was refused and the saved one is shown again. */
  answers: 'Your Positivity Plan was made from these answers, so they stay as they are: nothing was changed.',
  /** The Life Situations page: Next or Skip All was refused. */
  lifeSituations: 'Your Positivity Plan was made from the answers and life situations of this assessment, so they stay as they are: nothing was changed.',
  howToAnswerAgain: 'To answer again, retake the assessment. That starts a new one, and this one and its plan are kept as they are.',
  retakeRapid: 'Retake Rapid Assessment',
  retakeProfessional: 'Retake Professional Assessment',
  viewPlan: 'View your Positivity Plan',
  /** When the assessment could not be looked up, the way to the plan is the dashboard. */
  goToDashboard: 'Go to your dashboard',
  retakeFailed: 'A new assessment could not be started just now. Please try again.',
} as const;
