/** Texts shared by /Progress and the member dashboard's glance at the latest change (issue 26). */
import type { ChangeBadgeKind, ProgressMeasure } from '../lib/progress-changes';

export const CHANGE_BADGE_TEXT: Record<ChangeBadgeKind, string> = {
  improved: 'improved',
  declined: 'declined',
  'no-reliable-change': 'no reliable change',
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
