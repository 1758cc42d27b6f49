/**
 * Texts of the dialog before leaving an assessment page for the member dashboard (spec 01 §8).
 * Apart from the shell's texts: only the dialog, loaded on the button's press, needs them.
 */
export const LEAVE_ASSESSMENT_TEXT = {
  question: 'Are you sure you want to go to your member dashboard?',
  warning: 'You will lose any current assessment progress.',
  yes: 'Yes',
  no: 'No',
} as const;
