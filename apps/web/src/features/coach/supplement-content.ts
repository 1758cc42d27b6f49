import { COACH_TEXT } from './content';

/** Texts of the coach supplement report (spec 02 §2 "Coach Supplement Report", §8, §9). */
export const SUPPLEMENT_TEXT = {
  title: 'Coach Supplement Report',
  loading: 'Loading report...',
  notAvailable: 'This report is not available. It opens once your client grants you access to the assessment.',
  sectionFailed: 'There was an error while creating the report.',
  /** Energy below the coverage rule: no bars of default values. */
  energyNotEnough: 'Not enough Energy questions were answered for an energy range.',
  back: 'Back to the Coach Dashboard',
  clientInfo: 'Client information',
  clientName: 'Client name',
  email: 'E-mail',
  gender: 'Gender',
  age: 'Age',
  assessment: 'Assessment',
  /**
   * The assessment's type, named as on the dashboard. Taken from the coach texts here, in the
   * page's first paint, not in its lazy sections: that keeps the coach texts and styles imported
   * by the same pages, so the build keeps them in one file (one fewer on the dashboard's first paint).
   */
  professional: COACH_TEXT.dashboard.professional,
  rapid: COACH_TEXT.dashboard.rapid,
  ageNotStated: 'Prefer not to say',
  lifeSituations: 'Life situations',
  relationshipStatus: 'Relationship status',
  parentingStatus: 'Parenting status',
  employmentStatus: 'Employment status',
  income: 'Income',
  stressfulEvents: 'Stressful events',
  scores: 'Scores',
  /** Names the scores table's box while it scrolls sideways (the section is already "Scores"). */
  scoresTable: 'Table of scores',
  scoreCategory: 'Score',
  scoreValue: 'Value',
  energyRange: 'Energy range',
  itemOverview: 'Wellspring overview',
  comprehensive: 'Item responses',
  wellspring: 'Wellspring',
  energyLevel: 'Energy',
  response: 'Typical response',
  average: 'Average',
  question: 'Question',
  answer: 'Response',
  activity: 'Activity',
  excitement: 'Excitement',
  experiences: 'Positive Experiences',
  feelings: 'Positive Feelings',
  notAnswered: 'Not answered',
  petalAverage: (average: string) => `Petal average: ${average}`,
} as const;

/** Row labels of the scores table, in the order DESIGN.md §3 lists them. */
export const SCORE_LABELS: Record<string, Record<string, string>> = {
  WellBeing: { Overall: 'Overall well-being', Experiences: 'Positive experiences', Feelings: 'Positive feelings' },
  Mindset: { Overall: 'Mindset balance', Self: 'Mindset: self', Others: 'Mindset: others' },
  Resilience: { Overall: 'Resilience', Experiences: 'Resilience: experiences', Feelings: 'Resilience: feelings' },
  Active: { Overall: 'Active energy' },
  Aware: { Overall: 'Aware energy' },
  Calm: { Overall: 'Calm energy' },
};
