import { questionsForTrack } from '@bloom/domain';
import type { UsersTable } from '../../src/db/schema';
import { newId, newToken, sha256 } from '../../src/lib/crypto';
import { createSession } from '../../src/sessions/sessions';
import { NEW_USER_STATE } from '../../src/users/users';
import type { TestServer } from '../harness';

/**
 * A small, complete population for the security tests, written straight into the
 * database (fast: no HTTP, no sign-in), with a session for every kind of caller:
 *
 * - owner: a member whose data everyone else attacks. Coached by `coach`, in a named group
 *   of the coach's organization, opted into research, pre-granted access. Two assessments:
 *   a Professional one (older) and a finished Rapid one with life data (the latest), plus
 *   a pending sandbox checkout for the Rapid one.
 * - coach: the owner's coach. Whether the Rapid assessment is shared with them depends on
 *   `coachAccessGranted` (the matrix's "coach with grant" and "coach without grant").
 * - otherMember, guest: people with a finished Rapid assessment of their own.
 * - otherCoach: an approved coach with an organization of their own and no link to the owner.
 * - admin: a member named in ADMIN_EMAILS (ADMIN_EMAIL below).
 * - pendingCoach: someone awaiting coach approval (the target of ApproveCoach).
 * - an invitation from `coach` to a new address, into the owner's group, still pending: its id
 *   for Resend and Withdraw, its link's token for GetInvitation and AcceptInvitation.
 */
export const ADMIN_EMAIL = 'admin@bloom.test';

export const CALLER_KINDS = ['anonymous', 'guest', 'owner', 'otherMember', 'coachNoGrant', 'coachWithGrant', 'otherCoach', 'admin'] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export const LIFE_DATA = {
  relationshipStatus: 'Married or domestic partnership',
  parentingStatus: 'Two-parent household',
  employmentStatus: 'Employed full time',
  age: 41,
  gender: 'Female',
  income: '$75,000 to $100,000',
  stressfulEvents: 'No',
};

export interface World {
  ownerId: string;
  ownerEmail: string;
  ownerLastName: string;
  /** The owner's latest assessment: Rapid, finished, with life data. */
  assessmentId: string;
  /** The owner's older Professional assessment. */
  proAssessmentId: string;
  purchaseRef: string;
  researchConsentId: string;
  /** An open "Grant all?" request from the owner's coach, for the owner to confirm or decline (decision 0020). */
  preGrantRequestId: string;
  coachId: string;
  organizationId: string;
  defaultGroupId: string;
  groupId: string;
  otherCoachId: string;
  otherCoachOrganizationId: string;
  pendingCoachId: string;
  /** The coach's pending invitation (decision 0030), the token its link carries, and the address it goes to. */
  invitationId: string;
  inviteToken: string;
  inviteeEmail: string;
  coachAccessGranted: boolean;
  /** Session cookie values by caller (null: no cookie). */
  tokens: Record<CallerKind, string | null>;
  /** A client address of its own, so rate limits of one world never touch another (TRUST_PROXY=true). */
  forwardedFor: string;
  /** Strings that identify the owner or their records: none may reach a caller who is not entitled to them. */
  ownerMarkers: string[];
}

let worldCounter = 0;

/** A users row with a new account's defaults (signed in unless `is_guest`), created and updated at `at`. */
export function userRow(values: Partial<UsersTable> & { id: string }, at: string): UsersTable {
  return {
    issuer: values.is_guest ? null : 'test-issuer',
    subject: values.is_guest ? null : values.id,
    user_name: values.email ?? 'Guest',
    email: null,
    first_name: null,
    last_name: null,
    is_guest: 0,
    ...NEW_USER_STATE,
    referrer: null,
    created_at: at,
    updated_at: at,
    ...values,
  };
}

export async function buildWorld(server: TestServer, options: { coachAccessGranted: boolean }): Promise<World> {
  const db = server.database.db;
  worldCounter += 1;
  const tag = `${worldCounter}-${newToken().slice(0, 6)}`;
  const now = Date.now();
  const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();

  const user = (values: Partial<UsersTable> & { id: string }) => userRow(values, at(-60_000));

  const ids = {
    owner: newId(),
    coach: newId(),
    otherMember: newId(),
    guest: newId(),
    otherCoach: newId(),
    admin: newId(),
    pendingCoach: newId(),
  };
  const organizationId = newId();
  const defaultGroupId = newId();
  const groupId = newId();
  const otherCoachOrganizationId = newId();
  const ownerEmail = `owner-${tag}@bloom.test`;
  const ownerLastName = `Ownerly${tag.replace(/[^a-z0-9]/gi, '')}`;

  await db
    .insertInto('users')
    .values([
      user({ id: ids.coach, email: `coach-${tag}@bloom.test`, first_name: 'Casey', last_name: `Coach${tag}`, coach_status: 'approved' }),
      user({ id: ids.otherCoach, email: `other-coach-${tag}@bloom.test`, first_name: 'Olive', last_name: `Othercoach${tag}`, coach_status: 'approved' }),
      user({ id: ids.pendingCoach, email: `pending-${tag}@bloom.test`, first_name: 'Pat', last_name: 'Pending', coach_status: 'pending' }),
      user({ id: ids.otherMember, email: `other-${tag}@bloom.test`, first_name: 'Mo', last_name: `Member${tag}` }),
      user({ id: ids.guest, is_guest: 1 }),
      user({ id: ids.admin, email: ADMIN_EMAIL, first_name: 'Ada', last_name: 'Admin' }),
    ])
    .execute();
  await db.insertInto('organizations').values([
    { id: organizationId, coach_id: ids.coach, name: `Org ${tag}`, created_at: at(-50_000) },
    { id: otherCoachOrganizationId, coach_id: ids.otherCoach, name: `Other org ${tag}`, created_at: at(-50_000) },
  ]).execute();
  await db.insertInto('groups').values([
    { id: defaultGroupId, organization_id: organizationId, name: 'No Group', created_at: at(-50_000) },
    { id: groupId, organization_id: organizationId, name: `Team ${tag}`, created_at: at(-50_000) },
    { id: newId(), organization_id: otherCoachOrganizationId, name: 'No Group', created_at: at(-50_000) },
  ]).execute();
  await db
    .insertInto('users')
    .values(
      user({
        id: ids.owner,
        email: ownerEmail,
        first_name: 'Olivia',
        last_name: ownerLastName,
        coach_id: ids.coach,
        group_id: groupId,
        research_opt_in: 1,
        access_pre_granted: 1,
      }),
    )
    .execute();

  const proAssessmentId = await insertAssessment(server, ids.owner, { professional: true, createdAt: at(-40_000), finished: false, coachAccess: options.coachAccessGranted });
  const assessmentId = await insertAssessment(server, ids.owner, { professional: false, createdAt: at(-30_000), finished: true, coachAccess: options.coachAccessGranted, answer: 4 });
  await insertAssessment(server, ids.otherMember, { professional: false, createdAt: at(-30_000), finished: true, coachAccess: false, answer: 0 });
  await insertAssessment(server, ids.guest, { professional: false, createdAt: at(-30_000), finished: true, coachAccess: false, answer: 0 });
  await db.insertInto('life_data').values({
    assessment_id: assessmentId,
    relationship_status: LIFE_DATA.relationshipStatus,
    parenting_status: LIFE_DATA.parentingStatus,
    employment_status: LIFE_DATA.employmentStatus,
    age: LIFE_DATA.age,
    gender: LIFE_DATA.gender,
    income: LIFE_DATA.income,
    stressful_events: LIFE_DATA.stressfulEvents,
    updated_at: at(-20_000),
  }).execute();

  const researchConsentId = newId();
  await db.insertInto('consents').values([
    { id: researchConsentId, user_id: ids.owner, kind: 'research', subject_id: null, granted_at: at(-25_000), revoked_at: null },
    { id: newId(), user_id: ids.owner, kind: 'pre_grant', subject_id: ids.coach, granted_at: at(-45_000), revoked_at: null, granted_by: ids.owner },
    ...(options.coachAccessGranted
      ? [{ id: newId(), user_id: ids.owner, kind: 'coach_access', subject_id: assessmentId, granted_at: at(-20_000), revoked_at: null }]
      : []),
  ]).execute();

  // The coach asked again (as a coach may after a pre-grant): a request the matrix can aim Confirm and Decline at.
  const preGrantRequestId = newId();
  await db.insertInto('pre_grant_requests').values({ id: preGrantRequestId, client_id: ids.owner, coach_id: ids.coach, status: 'requested', requested_at: at(-15_000), answered_at: null }).execute();

  const invitationId = newId();
  const inviteToken = newToken();
  const inviteeEmail = `invitee-${tag}@bloom.test`;
  await db.insertInto('coach_invitations').values({
    id: invitationId,
    coach_id: ids.coach,
    token_hash: sha256(inviteToken),
    email: inviteeEmail,
    first_name: 'Ivy',
    last_name: null,
    organization_id: organizationId,
    group_id: groupId,
    created_at: at(-12_000),
    sent_at: at(-12_000),
    expires_at: at(14 * 24 * 60 * 60 * 1000),
    accepted_at: null,
    accepted_by: null,
  }).execute();

  const purchaseRef = `sbx_${newToken()}`;
  await db.insertInto('purchases').values({
    id: newId(),
    assessment_id: assessmentId,
    user_id: ids.owner,
    provider: 'sandbox',
    provider_ref: purchaseRef,
    amount_cents: 999,
    currency: 'usd',
    status: 'pending',
    created_at: at(-10_000),
    fulfilled_at: null,
  }).execute();

  const session = (id: string) => createSession(db, id);
  const coachToken = await session(ids.coach);
  const tokens: Record<CallerKind, string | null> = {
    anonymous: null,
    guest: await session(ids.guest),
    owner: await session(ids.owner),
    otherMember: await session(ids.otherMember),
    coachNoGrant: coachToken,
    coachWithGrant: coachToken,
    otherCoach: await session(ids.otherCoach),
    admin: await session(ids.admin),
  };
  return {
    ownerId: ids.owner,
    ownerEmail,
    ownerLastName,
    assessmentId,
    proAssessmentId,
    purchaseRef,
    researchConsentId,
    preGrantRequestId,
    coachId: ids.coach,
    organizationId,
    defaultGroupId,
    groupId,
    otherCoachId: ids.otherCoach,
    otherCoachOrganizationId,
    pendingCoachId: ids.pendingCoach,
    invitationId,
    inviteToken,
    inviteeEmail,
    coachAccessGranted: options.coachAccessGranted,
    tokens,
    forwardedFor: `10.${(worldCounter >> 8) & 255}.${worldCounter & 255}.${1 + Math.floor(Math.random() * 250)}`,
    // The invited address and the token's hash belong to the coach's invitation: neither may reach anyone else either.
    ownerMarkers: [ids.owner, ownerEmail, ownerLastName, assessmentId, proAssessmentId, purchaseRef, preGrantRequestId, inviteeEmail, sha256(inviteToken)],
  };
}

/** An assessment row with every question of its track answered (`answer` each) when finished. */
export async function insertAssessment(
  server: TestServer,
  userId: string,
  options: { professional: boolean; createdAt: string; finished: boolean; coachAccess: boolean; answer?: number },
): Promise<string> {
  const db = server.database.db;
  const id = newId();
  await db.insertInto('assessments').values({
    id,
    user_id: userId,
    is_ninety_item: options.professional ? 1 : 0,
    coach_access_granted: options.coachAccess ? 1 : 0,
    client_access_granted: 0,
    created_at: options.createdAt,
    completed_at: options.finished ? options.createdAt : null,
  }).execute();
  if (options.finished) {
    const questions = questionsForTrack(options.professional ? 'Professional' : 'Rapid');
    await db
      .insertInto('responses')
      .values(questions.map((q) => ({ assessment_id: id, question_guid: q.questionGuid, response: options.answer ?? 2, order_index: q.order, updated_at: options.createdAt })))
      .execute();
  }
  return id;
}
