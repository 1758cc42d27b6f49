import type { NameField, OnboardingField } from './logic/onboarding';

/** A choice still missing, as the instruction shown in Continue's place asks for it. */
const CHOICE_NEEDED: Record<Exclude<OnboardingField, NameField>, string> = {
  withCoach: 'say whether you are working with a coach',
  coachId: 'choose your coach',
  organizationId: 'choose your organization',
  groupId: 'choose your group',
};

/** What is still needed, in the form's order: the names together ("enter your first and last name"), then the choice. */
function neededParts(missing: readonly OnboardingField[]): string[] {
  const names = (['firstName', 'lastName'] as const).filter((field) => missing.includes(field));
  const parts = names.length === 0 ? [] : [`enter your ${names.map((field) => (field === 'firstName' ? 'first' : 'last')).join(' and ')} name`];
  for (const field of missing) if (field !== 'firstName' && field !== 'lastName') parts.push(CHOICE_NEEDED[field]);
  return parts;
}

/** Texts of client onboarding (spec 02 §2 "Client Onboarding", §4, §5). */
export const ONBOARDING_TEXT = {
  title: 'Welcome to Bloom',
  intro: 'Tell us your name and who you are working with, then start your assessment.',
  firstName: 'First name',
  lastName: 'Last name',
  workingWithCoach: 'Are you working with a coach?',
  yes: 'Yes',
  no: 'No',
  coach: 'Your coach',
  organization: 'Your organization',
  group: 'Your group',
  choose: 'Choose…',
  loading: 'Loading…',
  /** The list holds only the person's own coach (decision 0030): others are joined by their invitation. */
  noCoaches: 'Your coach invites you by e-mail: open the link in their invitation to join them.',
  noOrganizations: 'No organizations are available yet.',
  noGroups: 'This organization has no groups yet.',
  /** A list whose read failed (offline, a server error), said at the list in place of the lines above, with Try again. */
  coachesFailed: 'The coach list could not be loaded just now.',
  organizationsFailed: 'The organizations could not be loaded just now.',
  groupsFailed: 'The groups could not be loaded just now.',
  tryAgain: 'Try again',
  /** An organization whose name another coach's organization in the list also has (decision 0030). */
  organizationOf: (organization: string, coach: string) => `${organization} (${coach})`,
  /** Under the chosen organization: joining it makes its coach the member's coach (decision 0007). */
  clientOf: (coach: string, organization: string) => (coach ? `You will be a client of ${coach}.` : `You will be a client of the coach of ${organization}.`),
  continue: 'Continue',
  /** Said at each name still missing when Join is pressed. */
  missing: {
    firstName: 'Enter your first name.',
    lastName: 'Enter your last name.',
  },
  /**
   * Shown in Continue's place while it is hidden (spec 02 §5), in a polite status line: what is
   * still needed, in the form's order (logic/onboarding.ts missingFields), in one sentence.
   */
  toContinue: (missing: readonly OnboardingField[]) => `To continue, ${neededParts(missing).join(' and ')}.`,
  continueFailed: 'That did not work, so your assessment has not started. Please press Continue again.',
  signedOutTitle: 'Please sign up or log in first',
  signedOutBody: 'Your assessment and reports are kept in your Bloom account.',
  signIn: 'Client Signup / Login',
} as const;

/** Texts of onboarding through a coach's invitation (issue 25 §4): the same screen, with the coach and group already known. */
export const INVITED_ONBOARDING_TEXT = {
  intro: 'Tell us your name, then join your coach.',
  join: 'Join',
  acceptFailed: 'We could not accept the invitation just now. Please try again.',
  joinedTitle: (coach: string) => `You are now a client of ${coach}`,
  joinedPlace: (place: string) => `You joined ${place}.`,
  privacy: 'Your coach sees an assessment of yours only once you share it with them.',
  start: 'Start your assessment',
  startFailed: 'Your assessment could not be started just now. Please try again.',
  dashboard: 'Go to your dashboard',
} as const;
