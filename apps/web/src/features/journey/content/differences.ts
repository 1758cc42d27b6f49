/**
 * Texts of the Individual Differences screen. The intro stays true whoever is compared with:
 * a similar-life-situations group is only named, in the sentences below it, when one was used.
 */
export const DIFFERENCES_PAGE_TEXT = {
  title: 'How You Compare',
  intro: 'See how your well-being compares with others. The note below your results says exactly which group you were compared with.',
  loading: 'Benchmarking...',
  /** Too few answers for results (409 incomplete_assessment): the lotus page, next, says which module needs them. */
  notEnoughAnswers: 'There are not enough answers yet to compare you with others. The next page shows which questions still need answers.',
  overallTitle: 'Your overall well-being',
  provisionalLead: 'Provisional comparison.',
  provisional: 'These comparisons use a starting reference group until enough people have taken part to compare you with live results.',
} as const;

/**
 * The pieces the comparison sentences are built from (logic/differences.ts): "Your positive
 * experiences are slightly more frequent than the average person's."
 */
export const DIFFERENCES_WORDS = {
  average: "the average person's",
  similarPlural: 'those of people in similar life situations',
  similarSingular: 'that of people in similar life situations',
  aboutTheSame: 'about the same as',
  aboutAs: (adjective: string) => `about as ${adjective} as`,
  than: (words: string) => `${words} than`,
  is: 'is',
  are: 'are',
  overall: 'Your overall well-being',
  othersOverall: 'The overall well-being of people in similar life situations',
  areas: {
    experiences: { heading: 'Positive experiences', subject: 'Your positive experiences', plural: true, sameAdjective: 'frequent' },
    feelings: { heading: 'Positive feelings', subject: 'Your feelings', plural: true, sameAdjective: 'positive' },
    mindset: { heading: 'Mindset', subject: 'Your balance between caring for yourself and for others', plural: false },
    resilience: { heading: 'Resilience', subject: 'The breadth of your positive resources', plural: false },
  },
  people: (count: number) => (count === 1 ? 'person' : 'people'),
  /** Older payloads without the server's own sentence about the group. */
  comparedWithEveryone: (population: string, people: string) => `Your results were compared with ${population} ${people}.`,
  comparedWithGroup: (population: string, people: string, group: string, groupPeople: string) =>
    `Your results were compared with ${population} ${people} overall and ${group} ${groupPeople} in similar life situations.`,
} as const;
