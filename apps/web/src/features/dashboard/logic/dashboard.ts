import type { Assessment, CurrentUser, MemberAssessment } from '@bloom/contracts';

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

/** Whether the member has been here before with a finished assessment: only then "Welcome back". */
export const isReturningMember = (assessments: readonly Pick<MemberAssessment, 'hasResults'>[]): boolean => assessments.some((a) => a.hasResults);

export const fullName = (first: string | null | undefined, last: string | null | undefined): string =>
  [first, last].map((part) => part?.trim()).filter(Boolean).join(' ');

/** The choice in the Change/Remove Coach dialog: '' until one is made, NO_COACH to unassign. */
export const NO_COACH = 'no-coach';
export const canSaveCoachChoice = (choice: string): boolean => choice !== '';
