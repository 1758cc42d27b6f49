/**
 * Texts shared by /Progress, a coach's view of a client's progress and the member dashboard's
 * progress panel (issue 26, DESIGN §13): the badges, the measures' names and the trend charts'
 * words. A change is described as a change in answers, never as a diagnosis.
 */
import type { ChangeBadgeKind, ChangeVerdict, ProgressMeasure } from '../lib/progress-changes';

export const CHANGE_BADGE_TEXT: Record<ChangeBadgeKind, string> = {
  improved: 'improved',
  declined: 'declined',
  'no-reliable-change': 'no reliable change',
};

/**
 * A latest change without a badge: a score on only some of its questions ("not judged",
 * decision 0061), or a score missing on either side ("not compared").
 */
export const CHANGE_VERDICT_TEXT: Record<Exclude<ChangeVerdict, ChangeBadgeKind>, string> = {
  'not-judged': 'not judged',
  'not-compared': 'not compared',
};

/** The measures' names, as the reports call them. */
export const MEASURE_LABELS: Record<ProgressMeasure, string> = {
  overall: 'Overall wellbeing',
  experiences: 'Positive experiences',
  feelings: 'Positive feelings',
  Body: 'Body',
  Mind: 'Mind',
  Connection: 'Connection',
  Purpose: 'Purpose',
  Openness: 'Openness',
  Wellness: 'Wellness',
  Significance: 'Significance',
  Efficacy: 'Efficacy',
};

/** The trend charts: a card's "Latest" score and each chart's text alternative (its values by date). */
export const TREND_CHART_TEXT = {
  latest: 'Latest',
  description: (measure: string, values: string, change: string | null) =>
    `${measure}, from 0 (Rarely) to 4 (Very Often), oldest first: ${values}.${change ? ` Latest change: ${change}.` : ''}`,
  value: (value: string, when: string) => `${value} on ${when}`,
  noValue: (when: string) => `no score on ${when}`,
} as const;
