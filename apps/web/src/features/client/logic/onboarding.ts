/** Client onboarding rules (spec 02 §4 "Onboarding", §5). */
export interface OnboardingState {
  firstName: string;
  lastName: string;
  /** null until Yes or No is chosen. */
  withCoach: boolean | null;
  coachId: string;
  organizationId: string;
  groupId: string;
}

export const EMPTY_ONBOARDING: OnboardingState = { firstName: '', lastName: '', withCoach: null, coachId: '', organizationId: '', groupId: '' };

/** Continue appears when both names are non-empty after trimming and a coach, or an organization and a group, are chosen. */
export function canContinue(state: OnboardingState): boolean {
  if (!state.firstName.trim() || !state.lastName.trim()) return false;
  if (state.withCoach === true) return state.coachId !== '';
  if (state.withCoach === false) return state.organizationId !== '' && state.groupId !== '';
  return false;
}

/** Changing the organization clears the chosen group. */
export function chooseOrganization(state: OnboardingState, organizationId: string): OnboardingState {
  return { ...state, organizationId, groupId: organizationId === state.organizationId ? state.groupId : '' };
}

export interface OnboardingPlan {
  /** Whom the client joins after saving the name: a coach, or an organization's group. */
  join: { coachId: string } | { groupId: string };
  assessmentType: 'Professional' | 'Rapid';
  /** Where the assessment starts. */
  route: string;
}

/** A coach leads to a Professional assessment; an organization and group to a Rapid one. */
export function onboardingPlan(state: OnboardingState): OnboardingPlan {
  if (state.withCoach) {
    return { join: { coachId: state.coachId }, assessmentType: 'Professional', route: '/Pro/Experiences' };
  }
  return { join: { groupId: state.groupId }, assessmentType: 'Rapid', route: '/Rapid/Experiences' };
}
