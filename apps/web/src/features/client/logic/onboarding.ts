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

export type NameField = 'firstName' | 'lastName';
/** An answer of the form that can be missing. */
export type OnboardingField = NameField | 'withCoach' | 'coachId' | 'organizationId' | 'groupId';

/** The names still empty after trimming, first name first. */
export function missingNames(name: Record<NameField, string>): NameField[] {
  return (['firstName', 'lastName'] as const).filter((field) => !name[field].trim());
}

/**
 * What is still missing, in the form's order: the names, then Yes or No, then the coach, or the
 * organization and, once it is chosen (its groups are listed only then), the group. While
 * anything is, the page shows what instead of Continue (WCAG 3.3.2).
 */
export function missingFields(state: OnboardingState): OnboardingField[] {
  const missing: OnboardingField[] = missingNames(state);
  if (state.withCoach === null) missing.push('withCoach');
  else if (state.withCoach) {
    if (!state.coachId) missing.push('coachId');
  } else if (!state.organizationId) missing.push('organizationId');
  else if (!state.groupId) missing.push('groupId');
  return missing;
}

/**
 * Spec 02 §5: Continue appears only when both names are non-empty after trimming and a coach, or
 * an organization and a group, are chosen; that is, when nothing is missing.
 */
export function canContinue(state: OnboardingState): boolean {
  return missingFields(state).length === 0;
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

export interface JoinableOrganization {
  organizationGuid: string;
  organizationName: string;
  coachName: string;
}

/** Names of organizations are unique per coach only (decision 0007); compared as the server compares them, ignoring case. */
const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * The organization list's options: an organization whose name another in the list also has
 * carries its coach's name (`label(name, coach)`), so that a look-alike cannot pass for another
 * coach's (decision 0030); a unique name stands alone.
 */
export function organizationOptions(
  organizations: readonly JoinableOrganization[],
  label: (name: string, coach: string) => string,
): { value: string; label: string }[] {
  const counts = new Map<string, number>();
  for (const { organizationName } of organizations) counts.set(nameKey(organizationName), (counts.get(nameKey(organizationName)) ?? 0) + 1);
  return organizations.map(({ organizationGuid, organizationName, coachName }) => ({
    value: organizationGuid,
    label: (counts.get(nameKey(organizationName)) ?? 0) > 1 && coachName ? label(organizationName, coachName) : organizationName,
  }));
}
