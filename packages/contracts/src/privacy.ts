import { z } from 'zod';

/**
 * Privacy calls (GDPR Art. 7, 15, 17, 20; docs/security.md):
 * - GET  /api/user/ExportMyData → a JSON attachment (`personalDataExportSchema`)
 * - POST /api/user/DeleteAccount {confirm: "DELETE"} → `{ deleted: true }`
 * - GET  /api/user/GetMyConsents → ConsentRecord[] (newest first)
 * - POST /api/user/RevokeConsent/{consentId} [{pastAssessments}] → ConsentRecord
 * - POST /api/user/RevokeCoachAccess/{assessmentId} → Assessment
 * - GET  /api/user/GetPreGrantRequest → { request: PreGrantRequest | null }
 * - POST /api/user/ConfirmPreGrantRequest/{requestId}, DeclinePreGrantRequest/{requestId} → PreGrantAnswer
 */

/** The word the person types to confirm that their account and data should be erased. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

export const deleteAccountSchema = z.object({ confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION) }).strict();
export type DeleteAccountRequest = z.infer<typeof deleteAccountSchema>;

export const consentKindSchema = z.enum(['research', 'coach_access', 'client_access', 'pre_grant']);
export type ConsentKind = z.infer<typeof consentKindSchema>;

/** Who gave or withdrew a consent: the owner themselves (`isYou`), or someone else such as their coach. */
export const consentActorSchema = z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(), isYou: z.boolean() });
export type ConsentActor = z.infer<typeof consentActorSchema>;

/** One entry of the consent log, as its owner sees it. */
export const consentRecordSchema = z.object({
  id: z.string(),
  kind: consentKindSchema,
  grantedAt: z.string(),
  revokedAt: z.string().nullable(),
  /** coach_access and client_access concern one assessment. */
  assessment: z.object({ id: z.string(), date: z.string(), isNinetyItem: z.boolean() }).nullable(),
  /** The coach a coach_access or pre_grant consent is given to, when still known. */
  coach: z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  /** Whether the owner can withdraw it now (open research, coach_access and pre_grant consents). */
  revocable: z.boolean(),
  /** Who gave it; null when that was not recorded (before decision 0020) or the account is gone. */
  grantedBy: consentActorSchema.nullable(),
  /** Who withdrew it; null while open, or when it ended without anyone acting (or was not recorded). */
  revokedBy: consentActorSchema.nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/**
 * Body of POST /api/user/RevokeConsent/{id}. Withdrawing a pre-grant needs the choice: keep the
 * assessments already shared with the coach shared (each keeps its own record, withdrawable one
 * by one), or stop sharing them all. Other kinds take no body.
 */
export const revokeConsentSchema = z.object({ pastAssessments: z.enum(['keep', 'stop']) }).strict();
export type RevokeConsentRequest = z.infer<typeof revokeConsentSchema>;

/** A coach's request that the client share every future assessment with them (decision 0020). */
export const preGrantRequestSchema = z.object({
  id: z.string(),
  requestedAt: z.string(),
  coach: z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }),
});
export type PreGrantRequest = z.infer<typeof preGrantRequestSchema>;

export const pendingPreGrantRequestSchema = z.object({ request: preGrantRequestSchema.nullable() });
export type PendingPreGrantRequest = z.infer<typeof pendingPreGrantRequestSchema>;

export const preGrantAnswerSchema = z.object({ accessPreGranted: z.boolean() });
export type PreGrantAnswer = z.infer<typeof preGrantAnswerSchema>;

const answerExportSchema = z.object({ questionGuid: z.string(), response: z.number(), order: z.number(), updatedAt: z.string() });

const lifeDataExportSchema = z.object({
  relationshipStatus: z.string(),
  parentingStatus: z.string(),
  employmentStatus: z.string(),
  age: z.number(),
  gender: z.string(),
  income: z.string(),
  stressfulEvents: z.string(),
  updatedAt: z.string(),
});

const coachAsShownSchema = z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() });
const namedPlaceSchema = z.object({ id: z.string(), name: z.string() });
/** Whom an invitation was addressed to, as the coach typed it (the address lower-cased). */
const invitedPersonSchema = z.object({ email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() });

/** An invitation a coach sent the person: who, whom they addressed, where it places them. */
const receivedInvitationSchema = z.object({
  id: z.string(),
  coach: coachAsShownSchema,
  addressedTo: invitedPersonSchema,
  organizationName: z.string().nullable(),
  groupName: z.string().nullable(),
  sentAt: z.string(),
});

/** Coach invitations (decision 0030) that concern the person; never a link or its token hash. */
const invitationsExportSchema = z.object({
  /** A coach's own invitations, as their Client Management lists them, accepted ones too (never who accepted: that is the client's data). */
  sent: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      /** Null when none was chosen, or it was deleted since. */
      organization: namedPlaceSchema.nullable(),
      group: namedPlaceSchema.nullable(),
      createdAt: z.string(),
      sentAt: z.string(),
      expiresAt: z.string(),
      accepted: z.boolean(),
      acceptedAt: z.string().nullable(),
    }),
  ),
  /** The invitations the person accepted: which coach, and where it placed them. */
  accepted: z.array(receivedInvitationSchema.extend({ acceptedAt: z.string() })),
  /** Invitations nobody has accepted that are addressed to the person's confirmed e-mail (pending, or expired and not yet deleted). */
  addressedToYou: z.array(receivedInvitationSchema.extend({ expiresAt: z.string() })),
});

/**
 * A message queued for or kept as sent to the person's address (docs/mail.md): which template,
 * its subject and when. Never its text or values: those carry links whose tokens are bearer
 * secrets. A sent message keeps no values, so its subject shows the template's neutral words
 * ("Your coach invites you" where the mail named the coach).
 */
const mailExportSchema = z.object({
  id: z.string(),
  to: z.string(),
  template: z.string(),
  /** Null for a template this version of Bloom no longer knows. */
  subject: z.string().nullable(),
  /**
   * queued: waiting to be sent; retrying: an attempt failed and it will be tried again; sent: the
   * mail server took it; given-up: refused for good, or still deferred after 3 days, and not sent
   * (docs/mail.md; `sentAt` null).
   */
  status: z.enum(['queued', 'retrying', 'sent', 'given-up']),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
});

/**
 * GET /api/user/ExportMyData: everything Bloom holds about the caller, and nothing about anyone else.
 * `version` stays 1 while fields are only added (invitations, mail, merged visits, coach vetting and
 * the sign-in account's confirmation time came later): a reader of an earlier file finds every
 * field it knew, with the same meaning; it changes when one is removed or changes meaning.
 */
export const personalDataExportSchema = z.object({
  format: z.literal('bloom-personal-data'),
  version: z.literal(1),
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    userName: z.string(),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    isGuest: z.boolean(),
    coachStatus: z.string(),
    researchOptIn: z.boolean(),
    accessPreGranted: z.boolean(),
    lastVisitedRoute: z.string().nullable(),
    referrer: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  /**
   * The embedded provider's sign-in account (never the password hash); null with an external provider.
   * `emailVerifiedAt`: when the address was confirmed by the link mailed to it; null until then.
   */
  signInAccount: z.object({ email: z.string(), firstName: z.string(), lastName: z.string(), createdAt: z.string(), emailVerifiedAt: z.string().nullable() }).nullable(),
  /**
   * The person's earlier visits as a guest, merged into the account at sign-in: each guest record
   * stays (its consents are listed under `consents`), with when it began, where it came from, the
   * last page it was on and its research choice. Oldest first.
   */
  mergedVisits: z.array(
    z.object({ id: z.string(), createdAt: z.string(), referrer: z.string().nullable(), lastVisitedRoute: z.string().nullable(), researchOptIn: z.boolean() }),
  ),
  /** A coach's approval by an administrator (decision 0019): when; never which administrator. Null when not approved. */
  coachVetting: z.object({ vettedAt: z.string() }).nullable(),
  coach: coachAsShownSchema.nullable(),
  group: z.object({ id: z.string(), name: z.string(), organizationName: z.string() }).nullable(),
  assessments: z.array(
    z.object({
      id: z.string(),
      type: z.enum(['Rapid', 'Professional']),
      createdAt: z.string(),
      completedAt: z.string().nullable(),
      coachAccessGranted: z.boolean(),
      clientAccessGranted: z.boolean(),
      answers: z.array(answerExportSchema),
      lifeData: lifeDataExportSchema.nullable(),
    }),
  ),
  consents: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      subjectId: z.string().nullable(),
      grantedAt: z.string(),
      revokedAt: z.string().nullable(),
      /** Ids of who acted (the person, or their coach); null when not recorded. */
      grantedBy: z.string().nullable(),
      revokedBy: z.string().nullable(),
      /** A shared assessment: the id of the coach it was shared with; null for other kinds, or not recorded. */
      coachId: z.string().nullable(),
    }),
  ),
  /** A coach's open or declined request to pre-grant access (decision 0020). */
  preGrantRequests: z.array(z.object({ coachId: z.string(), status: z.string(), requestedAt: z.string(), answeredAt: z.string().nullable() })),
  purchases: z.array(
    z.object({
      id: z.string(),
      assessmentId: z.string().nullable(),
      provider: z.string(),
      amountCents: z.number(),
      currency: z.string(),
      status: z.string(),
      createdAt: z.string(),
      fulfilledAt: z.string().nullable(),
      /** The time zone the checkout's browser reported, which the receipt was dated in; null when not known. */
      timeZone: z.string().nullable(),
    }),
  ),
  /** When and how long each signed-in browser has been active (never the session's id or token). */
  sessions: z.array(z.object({ createdAt: z.string(), lastSeenAt: z.string() })),
  /** A coach's own organizations and groups (their clients' data belongs to the clients). */
  organizations: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string(), groups: z.array(z.object({ id: z.string(), name: z.string() })), clientCount: z.number() })),
  invitations: invitationsExportSchema,
  /** Mail to the person's confirmed address; with Bloom's own sign-in, also the mail about the account to its address while not confirmed (someone else may own it). */
  mail: z.array(mailExportSchema),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

export const deleteAccountResultSchema = z.object({ deleted: z.literal(true) });
export type DeleteAccountResult = z.infer<typeof deleteAccountResultSchema>;
