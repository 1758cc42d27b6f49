/** Texts of the results pages when the coverage rule is not met (DESIGN.md §11). */
export const COVERAGE_TEXT = {
  title: 'A few more answers, then your lotus',
  intro:
    'Your Life Lotus is drawn from your answers. Too few questions are answered yet for a result we could stand behind, so nothing is shown rather than a guess.',
  moduleNeeds: (displayName: string, answered: number, total: number, required: number) =>
    `${displayName}: ${answered} of ${total} questions answered. At least ${required} are needed.`,
  goBack: (displayName: string) => `Answer ${displayName}`,
  /** A Professional module's or petal's results page (decision 0064). */
  resultsTitle: 'A few more answers, then your results',
  resultsIntro:
    'These results are drawn from your answers. Too few questions are answered yet for a result we could stand behind, so nothing is shown rather than a guess.',
} as const;
