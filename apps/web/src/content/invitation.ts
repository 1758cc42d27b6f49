import type { InvitationProblem } from '../lib/invitation-link';

/** Where an invitation places the person, as the pages name it: "Acme, Team A", "Acme", or nothing (independent). */
export function invitationPlace(organizationName: string | null, groupName: string | null): string | null {
  if (!organizationName) return null;
  return groupName ? `${organizationName}, ${groupName}` : organizationName;
}

/**
 * Texts of a coach's invitation link as the invited person meets it (issue 25 §4): on the /Client
 * welcome page and on /Client/Onboarding. Refusals are said calmly, with what to do next; the page
 * then goes on as it would without the invitation.
 */
export const INVITATION_TEXT = {
  checking: 'Checking your invitation…',
  invitedBy: (coach: string) => `${coach} invites you to Bloom`,
  joinAs: (coach: string, place: string | null) => (place ? `You will join as ${coach}’s client, in ${place}.` : `You will join as ${coach}’s client.`),
  howToJoin: 'Sign up or log in below. After you tell us your name, you become their client.',
  signedInHowToJoin: 'You are signed in. Tell us your name on the next page to become their client.',
  accept: 'Accept the invitation',
  problemTitle: 'About your invitation',
  problems: {
    notFound: 'This invitation link no longer works. It may have been withdrawn, or replaced by a newer invitation. Ask your coach to send you a new one.',
    expired: 'This invitation has expired: invitations work for 14 days. Ask your coach to send you a new one.',
    used: 'This invitation has already been accepted. Each invitation is for one person: ask your coach to send you one of your own.',
    own: 'This is an invitation you sent: you cannot become your own client.',
    failed: 'We could not check this invitation just now. Please reload the page to try again.',
  } satisfies Record<InvitationProblem, string>,
  /** After a refusal: the page goes on without the invitation. */
  withoutInvitation: 'You can still sign up or log in and use Bloom without it.',
} as const;
