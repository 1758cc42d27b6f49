/**
 * Texts of the member dashboard's progress panel (issue 26, DESIGN §13): apart from the page's
 * own texts (content.ts) because only the panel's lazily loaded code uses them, so they stay out
 * of the dashboard's first paint (decision 0041). The badges', measures' and charts' words are
 * shared with /Progress (src/content/progress.ts). A change is a change in answers, never a
 * diagnosis.
 */
export const PROGRESS_PANEL_TEXT = {
  title: 'Your progress',
  one: 'Take another assessment to see how your scores change over time.',
  lead: (from: string, to: string) =>
    `Each chart shows one score from 0 (Rarely) to 4 (Very Often), one point per assessment, oldest on the left. Each badge tells the change from ${from} to ${to}.`,
  meaning: 'A change counts as reliable only when it is larger than the questionnaire’s measurement noise. Your progress page lists every score and explains what the changes mean.',
  link: 'See your progress',
} as const;
