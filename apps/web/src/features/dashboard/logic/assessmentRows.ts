import type { MemberAssessment, ResumePoint } from '@bloom/contracts';
import { petalQuestionsPath, proModulePath, rapidModulePath } from '../../../lib/journey-paths';

/* Used only by the lazily loaded list (components/PastAssessments), so it stays out of the page's first paint. */

/**
 * What one past assessment row offers (spec 02 §4 "Coach access (member side)"; DESIGN.md §11):
 * - reports: Profile and Positivity Plan;
 * - pending: "Pending coach approval" instead (a coached client's unreleased Professional results);
 * - continue: no results yet, and the journey can take its answers: Continue where it was left;
 * - unfinished: no results, and a newer assessment is the one the journey answers: "Not finished".
 */
export type AssessmentRowResults = 'reports' | 'pending' | 'continue' | 'unfinished';

export interface AssessmentRowActions {
  results: AssessmentRowResults;
  /** none: no coach; grant: "Grant coach access"; granted: disabled "Coach access granted". */
  coachAccess: 'none' | 'grant' | 'granted';
}

type RowFields = Pick<MemberAssessment, 'isNinetyItem' | 'clientAccessGranted' | 'coachAccessGranted' | 'hasResults' | 'continueAt'>;

function rowResults(assessment: RowFields, hasCoach: boolean): AssessmentRowResults {
  // Nothing to approve or report before there are results: finishing comes first.
  if (!assessment.hasResults) return assessment.continueAt ? 'continue' : 'unfinished';
  return hasCoach && assessment.isNinetyItem && !assessment.clientAccessGranted ? 'pending' : 'reports';
}

export function assessmentRowActions(assessment: RowFields, hasCoach: boolean): AssessmentRowActions {
  return {
    results: rowResults(assessment, hasCoach),
    coachAccess: !hasCoach ? 'none' : assessment.coachAccessGranted ? 'granted' : 'grant',
  };
}

/**
 * The journey page an unfinished assessment continues on (spec 01 §2): a Rapid module page, a
 * Professional petal's questions, or the module's intro when no petal is named.
 */
export function continuePath({ moduleName, petalName }: ResumePoint, isNinetyItem: boolean): string {
  if (!isNinetyItem) return rapidModulePath(moduleName);
  return petalName ? petalQuestionsPath(moduleName, petalName) : proModulePath(moduleName);
}
