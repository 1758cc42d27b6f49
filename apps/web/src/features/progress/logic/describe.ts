/** The trend charts' text alternatives (issue 26): every value with its date, then the latest change. */
import { CHANGE_BADGE_TEXT, MEASURE_LABELS } from '../../../content/progress';
import type { ChangeBadgeKind, ProgressMeasure } from '../../../lib/progress-changes';
import { PROGRESS_TEXT as T } from '../content';
import { formatScore } from './measures';

export function chartDescription(measure: ProgressMeasure, values: readonly (number | null)[], labels: readonly string[], badge: ChangeBadgeKind | null): string {
  const parts = values.map((value, i) => (value === null ? T.chartNoValue(labels[i] ?? '') : T.chartValue(formatScore(value), labels[i] ?? '')));
  return T.chartDescription(MEASURE_LABELS[measure], parts.join('; '), badge ? CHANGE_BADGE_TEXT[badge] : null);
}
