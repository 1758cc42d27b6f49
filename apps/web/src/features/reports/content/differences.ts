/** The "Individual Differences" table and the closing advice, shown in the report and the plan (spec 02 §2, §9). */

export const DIFFERENCES_TEXT = {
  title: 'Individual Differences',
  intro: 'How your results compare with others. Words like “slightly”, “somewhat” and “significantly” describe the size of the difference.',
  caption: 'Your results compared with others',
  measureHeader: 'Measure',
  averageHeader: 'You compared with the average',
  othersHeader: 'You compared with people in similar circumstances',
  othersVsAverageHeader: 'People in similar circumstances compared with the average',
  rows: [
    { key: 'overall', label: 'Overall well-being' },
    { key: 'experiences', label: 'Positive experiences' },
    { key: 'feelings', label: 'Positive feelings' },
    { key: 'mindset', label: 'Mindset balance' },
    { key: 'resilience', label: 'Resilience' },
  ],
  provisionalLabel: 'Provisional',
  /** DESIGN §4 / docs/instrument.md: the baseline is simulated, and we say so. */
  provisionalGroup: (size: string) =>
    `Compared with a provisional reference group of ${size} simulated profiles. Until enough people have taken part, the comparison with people in similar circumstances uses the same reference group.`,
  liveGroup: (groupSize: string, populationSize: string) =>
    `Compared with ${groupSize} people in similar life circumstances, out of ${populationSize} people who share their results for research.`,
  notSignificance: 'These are sizes of difference, not medical or statistical verdicts.',
} as const;

/** Closing advice (spec 02 §9: retake every 1–3 months during active change, yearly when life is full; habits take 4 to 16 weeks). */
export const RETAKE_ADVICE = {
  title: 'When to retake',
  points: [
    'Every 1 to 3 months while you are actively working on a change.',
    'Once a year when life feels full and steady.',
    'New habits usually take 4 to 16 weeks to settle, so give a practice time before you judge it.',
  ],
} as const;
