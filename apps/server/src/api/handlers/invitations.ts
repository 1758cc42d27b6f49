import { acceptInvitation as accept, inviteClient as invite, listInvitations, previewInvitation, resendInvitation as resend, withdrawInvitation as withdraw } from '../../coaching/invitations';
import { closeCheckoutsNoLongerForSaleAfterCommit } from '../../payments/closing';
import type { Call, Output } from '../call';

/**
 * Coach invitations (issue 25 §4, DESIGN.md §12, decision 0030; coaching/invitations.ts).
 * The coach's calls: approved coaches only (the entries' `caller`), another coach's invitation,
 * organization or group 404. The link's calls: the token is the proof.
 */

export async function inviteClient({ body, caller, db, reply }: Call<'inviteClient'>): Promise<Output<'inviteClient'>> {
  return invite(db, reply, caller.user, body);
}

export async function getInvitations({ caller, db }: Call<'getInvitations'>): Promise<Output<'getInvitations'>> {
  return listInvitations(db, caller.user.id);
}

export async function resendInvitation({ params, caller, db, reply }: Call<'resendInvitation'>): Promise<Output<'resendInvitation'>> {
  return resend(db, reply, caller.user, params.invitationId);
}

export async function withdrawInvitation({ params, caller, db }: Call<'withdrawInvitation'>): Promise<Output<'withdrawInvitation'>> {
  await withdraw(db, caller.user.id, params.invitationId);
  return { withdrawn: true };
}

/** Anyone holding the link: the coach's name and where they would be placed, nothing about the invited person. */
export async function getInvitation({ query, db }: Call<'getInvitation'>): Promise<Output<'getInvitation'>> {
  return previewInvitation(db, query.invite);
}

/** A signed-in member (after the onboarding screen) becomes the coach's client. */
export async function acceptInvitation({ app, body, caller, db, reply }: Call<'acceptInvitation'>): Promise<Output<'acceptInvitation'>> {
  const accepted = await accept(db, caller.user, body.invite);
  // A new coach, as with AssignCoachToUser: checkouts of plans no longer for sale are closed once this has committed.
  closeCheckoutsNoLongerForSaleAfterCommit(app, reply, caller.user.id);
  return accepted;
}

export const invitationHandlers = {
  inviteClient,
  getInvitations,
  resendInvitation,
  withdrawInvitation,
  getInvitation,
  acceptInvitation,
};
