import {
  DEFAULT_GROUP_NAME,
  EXPIRED_INVITATION_LISTED_DAYS,
  INVITATION_ERROR_CODES,
  INVITATION_LIFETIME_DAYS,
  type AcceptedInvitation,
  type CoachInvitation,
  type InvitationPreview,
} from '@bloom/contracts';
import type { FastifyReply } from 'fastify';
import { INVITATIONS_PER_ADDRESS, invitationsToAddressKey } from '../api/rate-limits';
import { tooManyRequests } from '../auth/rate-limit';
import { hitSlidingRateLimit } from '../auth/sliding-rate-limit';
import type { Db } from '../db/handle';
import { onPostgres } from '../db/dialect';
import type { CoachInvitationsTable, UsersTable } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { newId, newToken, sha256 } from '../lib/crypto';
import { isoNow } from '../lib/time';
import { enqueueMail, forgetUnsentMail } from '../mail';
import { findApprovedCoach, isUuid } from './clients';
import { isDefaultGroupName, requireGroupOf, requireOrganizationOf } from './organizations';
import { moveClient } from './relationship';
import { withUserLock } from '../privacy/user-lock';

/**
 * Coach invitations (issue 25 §4, DESIGN.md §12, decision 0030).
 *
 * A coach invites a person by e-mail; the mail carries `/Client?invite={token}`. The token is
 * 256 random bits, shown once (in the mail) and stored only as its SHA-256, so neither the
 * coach's list nor a copy of the database yields a working link. It works for 14 days from the
 * latest mail and for one person: the first signed-in member to accept it becomes the coach's
 * client, placed in the invitation's organization and group. The token is the proof, as with
 * GitHub's invitations: the accepting account need not have the invited address (people sign
 * up with another address than the one their coach knows), and the row records who accepted.
 * A resend replaces the token (the old link stops working); a withdrawal deletes the row.
 * Either way, and when the coach's account is erased, the invitation's mail not yet sent is
 * forgotten (`forgetInvitationMail`), so no mail goes out naming a coach or a link that is gone.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const LIFETIME_MS = INVITATION_LIFETIME_DAYS * DAY_MS;
const LISTED_AFTER_EXPIRY_MS = EXPIRED_INVITATION_LISTED_DAYS * DAY_MS;

const isoAt = (ms: number) => new Date(ms).toISOString();

/** The path the mail links to; APP_ORIGIN makes it absolute when the mail is rendered. */
export const invitationLink = (token: string): string => `/Client?invite=${encodeURIComponent(token)}`;

const MESSAGES = {
  notFound: 'This invitation link does not work. It may have been withdrawn, or replaced by a newer invitation: ask your coach to send you a new one.',
  expired: `This invitation has expired. Invitations work for ${INVITATION_LIFETIME_DAYS} days: ask your coach to send you a new one.`,
  used: 'This invitation has already been accepted. Each invitation brings in one person: ask your coach for an invitation of your own.',
  usedForCoach: 'This invitation has already been accepted: the person who accepted it is now your client.',
  own: 'This is your own invitation: you cannot become your own client.',
  self: 'You cannot invite yourself.',
  coachNameMissing: 'Set the name shown to clients first: the invitation tells the person who invites them.',
  coachEmailUnconfirmed:
    'Confirm your e-mail address before inviting clients: follow the link Bloom e-mailed you when you signed up (your account page can send it again).',
  groupNotInOrganization: 'That group is not in that organization.',
  recipientLimited: `Bloom has sent this address ${INVITATIONS_PER_ADDRESS.limit} invitations in the last 24 hours, the most it sends to one address. Please try again later.`,
};

const invitationError = (status: number, code: keyof typeof INVITATION_ERROR_CODES, message: string) => new AppError(status, INVITATION_ERROR_CODES[code], message);

/**
 * Invitations go out from Bloom's sender with a name the coach typed: only a coach whose own address
 * is confirmed may send them (decision 0068), so a free account opened with any address cannot use
 * Bloom to mail strangers. `users.email` holds only an address the provider vouches for (users/roles.ts):
 * the embedded provider's once its link was followed, an external provider's when it says verified.
 */
function requireConfirmedAddress(coach: Pick<UsersTable, 'email'>): void {
  if (!coach.email) throw invitationError(403, 'coachEmailUnconfirmed', MESSAGES.coachEmailUnconfirmed);
}

/** The coach's name as the mail and the /Client page show it; 409 when the coach has not set it. */
function coachDisplayName(coach: Pick<UsersTable, 'first_name' | 'last_name'>): { firstName: string; lastName: string } {
  const firstName = coach.first_name?.trim() ?? '';
  const lastName = coach.last_name?.trim() ?? '';
  if (!firstName || !lastName) throw invitationError(409, 'coachNameMissing', MESSAGES.coachNameMissing);
  return { firstName, lastName };
}

export interface InvitationInput {
  email: string;
  firstName?: string;
  lastName?: string;
  organizationId?: string;
  groupId?: string;
}

/**
 * Where the invitation places the person, from the coach's choice: a group (of the organization
 * when both are named), an organization alone (its "No Group" group), or neither (an
 * independent client). Anything not the coach's answers 404, like an unknown id. Each is held
 * FOR SHARE (organizations.ts RowLock), so one deleted at the same moment answers 404 rather
 * than the invitation naming it failing its foreign key.
 */
async function chosenPlacement(db: Db, coachId: string, input: InvitationInput): Promise<{ organizationId: string | null; groupId: string | null }> {
  const organization = input.organizationId === undefined ? null : await requireOrganizationOf(db, coachId, input.organizationId, 'share');
  const group = input.groupId === undefined ? null : await requireGroupOf(db, coachId, input.groupId, 'share');
  if (organization && group && group.organization_id !== organization.id) throw invitationError(400, 'groupNotInOrganization', MESSAGES.groupNotInOrganization);
  if (group) return { organizationId: group.organization_id, groupId: group.id };
  if (organization) return { organizationId: organization.id, groupId: (await defaultGroupOf(db, organization.id, true))?.id ?? null };
  return { organizationId: null, groupId: null };
}

/** The organization's "No Group" group; `placing`: held FOR SHARE on PostgreSQL, as a group a person is about to be placed in. */
async function defaultGroupOf(db: Db, organizationId: string, placing = false): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('groups')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('name', '=', DEFAULT_GROUP_NAME)
    .orderBy('created_at')
    .$if(placing && onPostgres(db), (query) => query.forShare())
    .executeTakeFirst();
}

/** Creates an invitation and queues its mail in the call's transaction. */
export async function inviteClient(db: Db, reply: FastifyReply, coach: UsersTable, input: InvitationInput): Promise<CoachInvitation> {
  requireConfirmedAddress(coach);
  const coachName = coachDisplayName(coach);
  const email = input.email.trim().toLowerCase();
  if (coach.email && coach.email.trim().toLowerCase() === email) throw invitationError(400, 'selfInvite', MESSAGES.self);
  const placement = await chosenPlacement(db, coach.id, input);

  const now = Date.now();
  const nowIso = isoAt(now);
  // Under the coach's row lock, so that two invitations to one address sent at once (a double
  // click, two tabs) cannot both find none working and both be made (PostgreSQL reads committed).
  const invitationId = await withUserLock(db, coach.id, async (trx) => {
    const earlier = await trx
      .selectFrom('coach_invitations')
      .select(['id', 'expires_at'])
      .where('coach_id', '=', coach.id)
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .execute();
    if (earlier.some((row) => row.expires_at > nowIso)) {
      throw invitationError(409, 'alreadyInvited', `You have already invited ${email}, and that invitation still works. Resend it, or withdraw it first to invite them elsewhere.`);
    }
    // An expired invitation to the same address gives way to the new one.
    if (earlier.length > 0) await trx.deleteFrom('coach_invitations').where('id', 'in', earlier.map((row) => row.id)).execute();

    const token = newToken();
    const row: CoachInvitationsTable = {
      id: newId(),
      coach_id: coach.id,
      token_hash: sha256(token),
      email,
      first_name: input.firstName ?? null,
      last_name: input.lastName ?? null,
      organization_id: placement.organizationId,
      group_id: placement.groupId,
      created_at: nowIso,
      sent_at: nowIso,
      expires_at: isoAt(now + LIFETIME_MS),
      accepted_at: null,
      accepted_by: null,
    };
    await trx.insertInto('coach_invitations').values(row).execute();
    await mailInvitation(trx, reply, row, coachName, token);
    return row.id;
  });
  if (invitationId === undefined) throw notFound('Coach not found.');
  return (await presentOne(db, invitationId, now))!;
}

/**
 * Queues the invitation's mail, once the address's count allows it (decision 0084): at most five
 * invitation mails to one address in any 24 hours, from every coach together, so a stranger's
 * inbox is not at the mercy of any coach's daily 200. Counted in the call's transaction: a call
 * refused or failing after this writes nothing, the count included. Past it, 429 with Retry-After.
 */
async function mailInvitation(db: Db, reply: FastifyReply, row: CoachInvitationsTable, coach: { firstName: string; lastName: string }, token: string): Promise<void> {
  const hit = await hitSlidingRateLimit(db, invitationsToAddressKey(row.email), INVITATIONS_PER_ADDRESS);
  if (!hit.allowed) throw tooManyRequests(reply, hit, MESSAGES.recipientLimited, INVITATION_ERROR_CODES.recipientLimited);
  await enqueueMail(db, {
    to: row.email,
    template: 'coach-invitation',
    data: { ...(row.first_name ? { name: row.first_name } : {}), coachName: `${coach.firstName} ${coach.lastName}`, link: invitationLink(token) },
  });
}

/** The token an invitation mail's link carries (`invitationLink`), or undefined. */
function tokenInLink(link: string | undefined): string | undefined {
  const match = link === undefined ? null : /[?&]invite=([^&#]+)/.exec(link);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/**
 * Forgets the mail of these invitations that has not gone out yet. The outbox row carries the
 * link, and so the token whose hash the invitation keeps: a mail is matched to its invitation
 * exactly, never to another coach's invitation to the same address. Call it before the token
 * changes or the row goes (a resend forgets the mail with the replaced link).
 */
export async function forgetInvitationMail(db: Db, invitations: readonly Pick<CoachInvitationsTable, 'email' | 'token_hash'>[]): Promise<void> {
  const hashesByAddress = new Map<string, Set<string>>();
  for (const { email, token_hash } of invitations) {
    const hashes = hashesByAddress.get(email) ?? new Set<string>();
    hashes.add(token_hash);
    hashesByAddress.set(email, hashes);
  }
  for (const [email, hashes] of hashesByAddress) {
    await forgetUnsentMail(db, email, 'coach-invitation', (data) => {
      const token = tokenInLink(data.link);
      return token !== undefined && hashes.has(sha256(token));
    });
  }
}

/** The coach's invitation by id, or 404 for anyone else's, an unknown or a malformed id. */
async function requireInvitationOf(db: Db, coachId: string, invitationId: string): Promise<CoachInvitationsTable> {
  if (!isUuid(invitationId)) throw notFound('Invitation not found.');
  const row = await db.selectFrom('coach_invitations').selectAll().where('id', '=', invitationId).where('coach_id', '=', coachId).executeTakeFirst();
  if (!row) throw notFound('Invitation not found.');
  return row;
}

/** A new token and 14 more days, mailed again; the old link stops working. */
export async function resendInvitation(db: Db, reply: FastifyReply, coach: UsersTable, invitationId: string): Promise<CoachInvitation> {
  const row = await requireInvitationOf(db, coach.id, invitationId);
  if (row.accepted_at !== null) throw invitationError(409, 'used', MESSAGES.usedForCoach);
  requireConfirmedAddress(coach);
  const coachName = coachDisplayName(coach);
  const now = Date.now();
  const token = newToken();
  const changed = { token_hash: sha256(token), sent_at: isoAt(now), expires_at: isoAt(now + LIFETIME_MS) };
  const result = await db.updateTable('coach_invitations').set(changed).where('id', '=', row.id).where('accepted_at', 'is', null).executeTakeFirst();
  // Accepted in the meantime (PostgreSQL: the accepting transaction committed first).
  if (Number(result.numUpdatedRows) === 0) throw invitationError(409, 'used', MESSAGES.usedForCoach);
  // The mail with the replaced link, if still queued, would only carry a link that no longer works.
  await forgetInvitationMail(db, [row]);
  await mailInvitation(db, reply, { ...row, ...changed }, coachName, token);
  return (await presentOne(db, row.id, now))!;
}

/** The link stops working and the invitation (with the address) is forgotten. */
export async function withdrawInvitation(db: Db, coachId: string, invitationId: string): Promise<void> {
  const row = await requireInvitationOf(db, coachId, invitationId);
  if (row.accepted_at !== null) throw invitationError(409, 'used', MESSAGES.usedForCoach);
  // The row as deleted: a resend that committed since the read above changed its token.
  const deleted = await db.deleteFrom('coach_invitations').where('id', '=', row.id).where('accepted_at', 'is', null).returning(['email', 'token_hash']).execute();
  if (deleted.length === 0) throw invitationError(409, 'used', MESSAGES.usedForCoach);
  await forgetInvitationMail(db, deleted);
}

/** Invitations with their placement's ids and names (never the token hash): the coach's list, and the personal-data export. */
export function invitationListQuery(db: Db) {
  return db
    .selectFrom('coach_invitations')
    .leftJoin('organizations', 'organizations.id', 'coach_invitations.organization_id')
    .leftJoin('groups', 'groups.id', 'coach_invitations.group_id')
    .select([
      'coach_invitations.id',
      'coach_invitations.email',
      'coach_invitations.first_name',
      'coach_invitations.last_name',
      'coach_invitations.created_at',
      'coach_invitations.sent_at',
      'coach_invitations.expires_at',
      'coach_invitations.accepted_at',
      'organizations.id as organization_id',
      'organizations.name as organization_name',
      'groups.id as group_id',
      'groups.name as group_name',
    ]);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof invitationListQuery>['execute']>>[number];

function present(row: ListRow, now: number): CoachInvitation {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    organization: row.organization_id && row.organization_name !== null ? { organizationGuid: row.organization_id, organizationName: row.organization_name } : null,
    group: row.group_id && row.group_name !== null ? { groupGuid: row.group_id, groupName: row.group_name, isDefault: isDefaultGroupName(row.group_name) } : null,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    expiresAt: row.expires_at,
    status: row.expires_at > isoAt(now) ? 'pending' : 'expired',
  };
}

async function presentOne(db: Db, invitationId: string, now: number): Promise<CoachInvitation | undefined> {
  const row = await invitationListQuery(db).where('coach_invitations.id', '=', invitationId).executeTakeFirst();
  return row && present(row, now);
}

/** The coach's invitations not yet accepted: pending, and expired in the last 30 days (to resend); latest mail first. */
export async function listInvitations(db: Db, coachId: string): Promise<CoachInvitation[]> {
  const now = Date.now();
  const rows = await invitationListQuery(db)
    .where('coach_invitations.coach_id', '=', coachId)
    .where('coach_invitations.accepted_at', 'is', null)
    .where('coach_invitations.expires_at', '>', isoAt(now - LISTED_AFTER_EXPIRY_MS))
    .orderBy('coach_invitations.sent_at', 'desc')
    .orderBy('coach_invitations.id', 'desc')
    .execute();
  return rows.map((row) => present(row, now));
}

type LinkState =
  | { state: 'valid'; row: CoachInvitationsTable; coach: UsersTable }
  | { state: 'used'; row: CoachInvitationsTable }
  | { state: 'expired' | 'unknown' };

/** What a link names right now. The token is looked up only by its hash. */
async function readLink(db: Db, token: string): Promise<LinkState> {
  const row = await db.selectFrom('coach_invitations').selectAll().where('token_hash', '=', sha256(token.trim())).executeTakeFirst();
  if (!row) return { state: 'unknown' };
  if (row.accepted_at !== null) return { state: 'used', row };
  if (row.expires_at <= isoNow()) return { state: 'expired' };
  // A coach who is no longer one (or whose account is going) invites nobody.
  const coach = await findApprovedCoach(db, row.coach_id);
  if (!coach) return { state: 'unknown' };
  return { state: 'valid', row, coach };
}

function refuseLink(state: 'unknown' | 'expired' | 'used', usedStatus: 404 | 409): never {
  if (state === 'expired') throw invitationError(404, 'expired', MESSAGES.expired);
  if (state === 'used') throw invitationError(usedStatus, 'used', MESSAGES.used);
  throw invitationError(404, 'notFound', MESSAGES.notFound);
}

/** For the /Client page: who invites, to what; nothing about the invited person. 404 for a link that does not work. */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const link = await readLink(db, token);
  if (link.state !== 'valid') refuseLink(link.state, 404);
  const placement = await placementOf(db, link.row);
  const coach = { firstName: link.coach.first_name?.trim() ?? '', lastName: link.coach.last_name?.trim() ?? '' };
  return {
    coach,
    organizationName: placement.organizationName,
    groupName: placement.groupName !== null && !isDefaultGroupName(placement.groupName) ? placement.groupName : null,
  };
}

/**
 * Where accepting places the person now: the invitation's group while it is still one of the
 * coach's; the organization's "No Group" group when only the organization remains; otherwise
 * an independent client (the organization was deleted since). `placing`: the group found is
 * held FOR SHARE on PostgreSQL until the person is in it (organizations.ts RowLock).
 */
async function placementOf(
  db: Db,
  row: Pick<CoachInvitationsTable, 'coach_id' | 'organization_id' | 'group_id'>,
  placing = false,
): Promise<{ organizationId: string | null; organizationName: string | null; groupId: string | null; groupName: string | null }> {
  if (row.group_id) {
    const group = await db
      .selectFrom('groups')
      .innerJoin('organizations', 'organizations.id', 'groups.organization_id')
      .select(['groups.id', 'groups.name', 'organizations.id as organization_id', 'organizations.name as organization_name'])
      .where('groups.id', '=', row.group_id)
      .where('organizations.coach_id', '=', row.coach_id)
      .$if(placing && onPostgres(db), (query) => query.forShare('groups'))
      .executeTakeFirst();
    if (group) return { organizationId: group.organization_id, organizationName: group.organization_name, groupId: group.id, groupName: group.name };
  }
  if (row.organization_id) {
    const organization = await db.selectFrom('organizations').select(['id', 'name']).where('id', '=', row.organization_id).where('coach_id', '=', row.coach_id).executeTakeFirst();
    if (organization) {
      const group = await defaultGroupOf(db, organization.id, placing);
      if (group) return { organizationId: organization.id, organizationName: organization.name, groupId: group.id, groupName: DEFAULT_GROUP_NAME };
    }
  }
  return { organizationId: null, organizationName: null, groupId: null, groupName: null };
}

/**
 * The caller accepts: they become the coach's client in the invitation's group (moveClient
 * ends whatever they shared with a previous coach), and the invitation is used. Accepting
 * again with the same account answers the same (a double click, a reload, or several at once);
 * anyone else gets 409. A coach cannot accept their own invitation (400).
 */
export async function acceptInvitation(db: Db, user: UsersTable, token: string): Promise<AcceptedInvitation> {
  const link = await readLink(db, token);
  if (link.state === 'used') {
    const again = await acceptedAgain(db, user.id, link.row);
    if (again) return again;
  }
  if (link.state !== 'valid') refuseLink(link.state, 409);
  const { row } = link;
  if (row.coach_id === user.id) throw invitationError(400, 'ownInvitation', MESSAGES.own);

  // The group first, held until the person is in it: a deletion of it takes the group and then
  // the invitation (its foreign key), so claiming the invitation first could deadlock with it.
  const placement = await placementOf(db, row, true);
  // Then claim it: of two people accepting at once, exactly one changes the row.
  const now = isoNow();
  const claimed = await db
    .updateTable('coach_invitations')
    .set({ accepted_at: now, accepted_by: user.id })
    .where('id', '=', row.id)
    .where('token_hash', '=', row.token_hash)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    // Claimed meanwhile (PostgreSQL: the claim waited for that transaction and then found the row
    // taken): by this same account, accepting at once in another request, it is the same answer.
    const current = await readLink(db, token);
    if (current.state === 'used') {
      const again = await acceptedAgain(db, user.id, current.row);
      if (again) return again;
    }
    refuseLink(current.state === 'valid' ? 'unknown' : current.state, 409);
  }

  await moveClient(db, user.id, { coachId: row.coach_id, groupId: placement.groupId, actedBy: user.id });
  return { coachGuid: row.coach_id, organizationGuid: placement.organizationId, groupGuid: placement.groupId };
}

/**
 * The answer to the account that accepted this invitation, accepting it again: where it is now,
 * read in this call's transaction (the caller's session holds the row as it was before the call,
 * which may be before the accepting request committed). Undefined when the invitation was
 * another account's, or the person has since left that coach (then it is simply used: 409).
 */
async function acceptedAgain(db: Db, userId: string, row: CoachInvitationsTable): Promise<AcceptedInvitation | undefined> {
  if (row.accepted_by !== userId) return undefined;
  const user = await db.selectFrom('users').select(['coach_id', 'group_id']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.coach_id !== row.coach_id) return undefined;
  return { coachGuid: row.coach_id, organizationGuid: await organizationOfGroup(db, user.group_id), groupGuid: user.group_id };
}

async function organizationOfGroup(db: Db, groupId: string | null): Promise<string | null> {
  if (!groupId) return null;
  const group = await db.selectFrom('groups').select('organization_id').where('id', '=', groupId).executeTakeFirst();
  return group?.organization_id ?? null;
}

/**
 * Housekeeping: forgets invitations nobody accepted, 30 days after they expired (the coach's
 * list stops showing them then). Accepted ones stay as the record of who accepted; they go
 * with the coach's or the accepting person's account.
 */
export async function deleteOldInvitations(db: Db, now: number = Date.now()): Promise<void> {
  await db.deleteFrom('coach_invitations').where('accepted_at', 'is', null).where('expires_at', '<', isoAt(now - LISTED_AFTER_EXPIRY_MS)).execute();
}
