/**
 * Reading the change rows of GetProgress / GetClientProgress (DESIGN §13): which change is the
 * latest for a measure and which badge it earns. Shared by /Progress (a member's and a coach's)
 * and the member dashboard's progress panel; pure, so it is unit-tested without a browser.
 */
import type { ApiResult } from './api-client';

export type ProgressView = ApiResult<'getProgress'>;
export type ProgressAssessment = ProgressView['assessments'][number];
export type ProgressChange = ProgressView['changes'][number];
export type ProgressMeasure = ProgressChange['measure'];
export type ChangeDirection = ProgressChange['direction'];
export type Form = keyof ProgressView['reliability'];

/** The badges: a reliable rise, a reliable fall, or a change within the instrument's noise. */
export type ChangeBadgeKind = 'improved' | 'declined' | 'no-reliable-change';

/**
 * The badge for one change row: its direction, or none when there is no row (a single
 * assessment), a score is missing on either side, or the change has no RCI (a score resting on
 * only some of the measure's items, or no usable σ and α): nothing was tested, so nothing is
 * claimed, not even "no reliable change".
 */
export function changeBadgeKind(change: ProgressChange | null | undefined): ChangeBadgeKind | null {
  if (!change || change.difference === null || change.rci === null) return null;
  if (change.direction === 'improved' && change.reliable) return 'improved';
  if (change.direction === 'declined' && change.reliable) return 'declined';
  return 'no-reliable-change';
}

/**
 * What a measure's latest change says: its badge; "not judged" when both scores are there but
 * the change has no RCI (a score on only some of its questions, decision 0061); "not compared"
 * when there is a pair of assessments but a score is missing on either side. Null before there
 * is a pair to compare.
 */
export type ChangeVerdict = ChangeBadgeKind | 'not-judged' | 'not-compared';

export function changeVerdict(latest: LatestComparison | null, measure: ProgressMeasure): ChangeVerdict | null {
  if (!latest) return null;
  const change = latest.changes.get(measure);
  const badge = changeBadgeKind(change);
  if (badge) return badge;
  return change && change.difference !== null ? 'not-judged' : 'not-compared';
}

/** Whether a verdict is one of the badges (improved, declined, no reliable change). */
export const isBadge = (verdict: ChangeVerdict): verdict is ChangeBadgeKind => verdict !== 'not-judged' && verdict !== 'not-compared';

/** The change rows between the latest assessment and the one before it, by measure. */
export interface LatestComparison {
  from: ProgressAssessment;
  to: ProgressAssessment;
  changes: ReadonlyMap<ProgressMeasure, ProgressChange>;
}

/** The latest pair of assessments and its change rows; null with fewer than two assessments. */
export function latestComparison(progress: Pick<ProgressView, 'assessments' | 'changes'>): LatestComparison | null {
  const { assessments } = progress;
  if (assessments.length < 2) return null;
  const to = assessments[assessments.length - 1];
  const from = assessments[assessments.length - 2];
  if (!to || !from) return null;
  const changes = new Map<ProgressMeasure, ProgressChange>();
  for (const change of progress.changes) if (change.fromId === from.id && change.toId === to.id) changes.set(change.measure, change);
  return { from, to, changes };
}

/** The forms (Rapid, Professional) of the assessments shown, in that order. */
export function formsUsed(assessments: readonly Pick<ProgressAssessment, 'isNinetyItem'>[]): Form[] {
  const forms: Form[] = [];
  if (assessments.some((a) => !a.isNinetyItem)) forms.push('Rapid');
  if (assessments.some((a) => a.isNinetyItem)) forms.push('Professional');
  return forms;
}

/**
 * Whether the verdicts shown rest on provisional figures: the bundled (synthetic) reliability
 * and SD for some measure of a form of the latest pair, the only change the pages judge, until
 * enough real assessments replace them. An older assessment of the other form does not count.
 */
export function usesProvisionalFigures(progress: Pick<ProgressView, 'assessments' | 'reliability'>): boolean {
  const latestPair = progress.assessments.slice(-2);
  if (latestPair.length < 2) return false;
  return formsUsed(latestPair).some((form) => progress.reliability[form].source !== 'live');
}
