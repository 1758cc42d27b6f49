import { z } from 'zod';
import { displayNameSchema } from './coach';
import { isSendableAddress } from './constants';

/**
 * Coach invitations (issue 25 §4, DESIGN.md §12, decision 0030). A coach invites a person by
 * e-mail; the link `/Client?invite={token}` makes whoever signs up or logs in through it that
 * coach's client, in the named organization and group, after the onboarding screen.
 * - POST /api/coach/InviteClient {email, firstName?, lastName?, organizationId?, groupId?} → 201 CoachInvitation
 * - GET  /api/coach/GetInvitations → CoachInvitation[] (pending and expired in the last 30 days, newest first)
 * - POST /api/coach/ResendInvitation/{invitationId} → CoachInvitation (new link, new 14 days; the old link stops working)
 * - POST /api/coach/WithdrawInvitation/{invitationId} → { withdrawn: true } (the link stops working)
 * - GET  /api/user/GetInvitation?invite={token} → InvitationPreview (anyone holding the link)
 * - POST /api/user/AcceptInvitation {invite} → AcceptedInvitation (a signed-in member)
 */

/** How long a link works after it was (re)sent. */
export const INVITATION_LIFETIME_DAYS = 14;
/** How long an expired invitation stays on the coach's list (to resend it), and in the database. */
export const EXPIRED_INVITATION_LISTED_DAYS = 30;
/** Invitations and resends one coach may send in a day (UTC). */
export const INVITATIONS_PER_COACH_PER_DAY = 200;

/** Error codes of the invitation calls, for the pages to tell refusals apart (the message says it in words too). */
export const INVITATION_ERROR_CODES = {
  /** 404: no such link: never issued, withdrawn, or replaced by a resend. */
  notFound: 'invitation_not_found',
  /** 404 (GetInvitation, AcceptInvitation): the link is older than 14 days. */
  expired: 'invitation_expired',
  /** 404 (GetInvitation), 409 (AcceptInvitation by someone else, ResendInvitation, WithdrawInvitation): already accepted. */
  used: 'invitation_used',
  /** 400: a coach's own link. */
  ownInvitation: 'own_invitation',
  /** 400: the coach's own address. */
  selfInvite: 'self_invitation',
  /** 409: a pending invitation of this coach already goes to that address (resend it instead). */
  alreadyInvited: 'already_invited',
  /** 403 (InviteClient, ResendInvitation): the coach's e-mail address is not confirmed yet; Bloom mails for confirmed coaches only. */
  coachEmailUnconfirmed: 'coach_email_unconfirmed',
  /** 409: the coach has not set the name shown to clients (the mail and the page name the coach). */
  coachNameMissing: 'coach_name_missing',
  /** 400: the group is not one of the organization's. */
  groupNotInOrganization: 'group_not_in_organization',
  /** 429 (InviteClient, ResendInvitation), with Retry-After: the address has had the most invitation mail Bloom sends one address in 24 hours, from every coach together. */
  recipientLimited: 'recipient_rate_limited',
} as const;

/** An address to send to: trimmed, at most 254 characters, one @ and a dot in the domain, no spaces, brackets, quotes or list separators (`,;:`). */
export const invitationEmailSchema = z
  .string()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .refine((value) => value.length > 0, 'Enter the e-mail address of the person to invite.')
      .refine(isSendableAddress, 'Enter an e-mail address like name@example.com.'),
  );

/** A name the coach may give; empty, blank or absent means none. */
const optionalName = (what: string) =>
  z
    .string()
    .nullable()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(displayNameSchema(what).optional());

/** An id of the coach's; empty or absent means none. Any other string is looked up (a malformed one answers 404 like someone else's). */
const optionalId = z
  .string()
  .nullable()
  .optional()
  .transform((value) => value || undefined);

export const inviteClientSchema = z.object({
  email: invitationEmailSchema,
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  /** One of the coach's organizations (else 404). Left out with a group: the group's organization. */
  organizationId: optionalId,
  /** One of the coach's groups (else 404), of `organizationId` when both are given (else 400). Left out with an organization: its "No Group" group. */
  groupId: optionalId,
});
export type InviteClientRequest = z.input<typeof inviteClientSchema>;

/** An invitation on the coach's list. Never the token: the coach resends to get a new link mailed. */
export const coachInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Null: the person joins as an independent client. */
  organization: z.object({ organizationGuid: z.string(), organizationName: z.string() }).nullable(),
  /** Null with an organization: its "No Group" group (`isDefault`) was chosen or the group was deleted. */
  group: z.object({ groupGuid: z.string(), groupName: z.string(), isDefault: z.boolean() }).nullable(),
  createdAt: z.string(),
  /** The latest mail; a resend moves it and `expiresAt`. */
  sentAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(['pending', 'expired']),
});
export type CoachInvitation = z.infer<typeof coachInvitationSchema>;

export const withdrawnInvitationSchema = z.object({ withdrawn: z.literal(true) });

/** The token from `/Client?invite=…`. */
export const inviteTokenSchema = z.string().trim().min(1, 'The invitation link is incomplete.').max(200, 'The invitation link is not valid.');

/** GET /api/user/GetInvitation: what the /Client page shows ("Casey Coach invited you to Acme, Team A"); nothing about the invited person. */
export const invitationPreviewSchema = z.object({
  coach: z.object({ firstName: z.string(), lastName: z.string() }),
  /** Null: as an independent client. */
  organizationName: z.string().nullable(),
  /** Null when no group in particular (the organization's "No Group" group, or no organization). */
  groupName: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationSchema = z.object({ invite: inviteTokenSchema });
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationSchema>;

/** The caller is now this coach's client, in this group (null: independent). */
export const acceptedInvitationSchema = z.object({
  coachGuid: z.string(),
  organizationGuid: z.string().nullable(),
  groupGuid: z.string().nullable(),
});
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;
