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

/**
 * What the row says beside its date: "Not finished" (DASHBOARD_TEXT.notFinished) without results;
 * "Some questions unanswered" (questionsLeft) beside results that rest on questions left
 * unanswered and that can still be answered (decision 0044).
 */
export type AssessmentRowNote = 'not-finished' | 'questions-left' | null;

export interface AssessmentRowActions {
  results: AssessmentRowResults;
  /**
   * Where "Continue assessment" (DASHBOARD_TEXT.continueAssessment) leads, or null: the latest
   * assessment while not every question is answered, with results (beside Profile and Plan, or
   * "Pending coach approval") or without.
   */
  continueTo: string | null;
  note: AssessmentRowNote;
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
  const { continueAt, hasResults } = assessment;
  return {
    results: rowResults(assessment, hasCoach),
    continueTo: continueAt ? continuePath(continueAt, assessment.isNinetyItem) : null,
    note: !hasResults ? 'not-finished' : continueAt ? 'questions-left' : null,
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
