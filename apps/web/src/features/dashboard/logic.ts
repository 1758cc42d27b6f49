import type { Assessment, CurrentUser, MemberAssessment, ResumePoint } from '@bloom/contracts';

/** Which dashboard buttons a user sees (spec 02 §2 "Member Dashboard"). */
export interface DashboardButtons {
  coachDashboard: boolean;
  changeCoach: boolean;
  retakeRapid: boolean;
  retakeProfessional: boolean;
  exportCsv: boolean;
  coachApprovals: boolean;
}

export function dashboardButtons(user: Pick<CurrentUser, 'userRoles' | 'coachGuid'>, assessments: readonly Pick<Assessment, 'isNinetyItem'>[]): DashboardButtons {
  const isAdmin = user.userRoles.includes('Admin');
  return {
    coachDashboard: user.userRoles.includes('Coach'),
    changeCoach: Boolean(user.coachGuid),
    retakeRapid: assessments.some((a) => !a.isNinetyItem),
    retakeProfessional: assessments.some((a) => a.isNinetyItem),
    // DESIGN.md §5: admins (configured on the server) replace the spec's three fixed user names.
    exportCsv: isAdmin,
    coachApprovals: isAdmin,
  };
}

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
export function continuePath(continueAt: ResumePoint, isNinetyItem: boolean): string {
  const moduleName = encodeURIComponent(continueAt.moduleName);
  if (!isNinetyItem) return `/Rapid/${moduleName}`;
  return continueAt.petalName ? `/Pro/${moduleName}/${encodeURIComponent(continueAt.petalName)}/Questions` : `/Pro/${moduleName}`;
}

/** Whether the member has been here before with a finished assessment: only then "Welcome back". */
export const isReturningMember = (assessments: readonly Pick<MemberAssessment, 'hasResults'>[]): boolean => assessments.some((a) => a.hasResults);

export const fullName = (first: string | null | undefined, last: string | null | undefined): string =>
  [first, last].map((part) => part?.trim()).filter(Boolean).join(' ');

/** The choice in the Change/Remove Coach dialog: '' until one is made, NO_COACH to unassign. */
export const NO_COACH = 'no-coach';
export const canSaveCoachChoice = (choice: string): boolean => choice !== '';
