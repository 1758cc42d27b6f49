import { z } from 'zod';
import {
  acceptedInvitationSchema,
  acceptInvitationSchema,
  coachInvitationSchema,
  invitationPreviewSchema,
  inviteClientSchema,
  inviteTokenSchema,
  withdrawnInvitationSchema,
} from '../invitations';
import { endpoint, json } from './define';

/**
 * Coach invitations (issue 25 §4, DESIGN.md §12, decision 0030; api/handlers/invitations.ts).
 * The coach's calls answer 404 for another coach's invitation, organization or group, like an
 * unknown id. The link's calls take the token, the only proof: whoever holds it may see whose
 * invitation it is, and a signed-in member may accept it once.
 */
const id = z.string().min(1);

export const invitationEndpoints = {
  /** Mails `/Client?invite={token}`; 403 coach_email_unconfirmed, 404 for an organization or group not the coach's, 409 already_invited / coach_name_missing, 429 after 200 invitations and resends in a day. */
  inviteClient: endpoint({
    method: 'POST',
    path: '/api/coach/InviteClient',
    body: inviteClientSchema,
    response: json(coachInvitationSchema, { status: 201 }),
    caller: 'coach',
    rateLimit: 'coach-invite',
    writes: true,
    cache: 'no-store',
  }),
  /** The coach's own invitations not yet accepted: pending, and expired in the last 30 days; newest first. */
  getInvitations: endpoint({
    method: 'GET',
    path: '/api/coach/GetInvitations',
    response: json(z.array(coachInvitationSchema)),
    caller: 'coach',
    writes: false,
    cache: 'private',
  }),
  /** A new link and 14 more days, mailed again; the old link stops working. 403 coach_email_unconfirmed; 409 invitation_used once accepted. */
  resendInvitation: endpoint({
    method: 'POST',
    path: '/api/coach/ResendInvitation/{invitationId}',
    params: z.object({ invitationId: id }),
    response: json(coachInvitationSchema),
    caller: 'coach',
    owns: { invitationId: 'coachOwn' },
    rateLimit: 'coach-invite',
    writes: true,
    cache: 'no-store',
  }),
  /** The link stops working and the invitation is forgotten. 409 invitation_used once accepted. */
  withdrawInvitation: endpoint({
    method: 'POST',
    path: '/api/coach/WithdrawInvitation/{invitationId}',
    params: z.object({ invitationId: id }),
    response: json(withdrawnInvitationSchema),
    caller: 'coach',
    owns: { invitationId: 'coachOwn' },
    writes: true,
    cache: 'no-store',
  }),
  /** Who invites, to what organization and group; 404 invitation_not_found / invitation_expired / invitation_used. */
  getInvitation: endpoint({
    method: 'GET',
    path: '/api/user/GetInvitation',
    query: z.object({ invite: inviteTokenSchema }),
    response: json(invitationPreviewSchema),
    caller: 'anyone',
    writes: false,
    cache: 'no-store',
  }),
  /**
   * The caller becomes the coach's client in the named group (ending what they shared with a
   * previous coach). 404 invitation_not_found / invitation_expired; 409 invitation_used when
   * someone else accepted it (the same caller again gets the same answer); 400 own_invitation.
   */
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/api/user/AcceptInvitation',
    body: acceptInvitationSchema,
    response: json(acceptedInvitationSchema),
    caller: 'member',
    writes: true,
    cache: 'no-store',
  }),
};
