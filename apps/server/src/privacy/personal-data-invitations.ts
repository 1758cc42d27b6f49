import type { PersonalDataExport } from '@bloom/contracts';
import type { Db } from '../db/database';
import { invitationListQuery } from '../coaching/invitations';
import type { UserRow } from '../users/index';

type InvitationsExport = PersonalDataExport['invitations'];

/**
 * The coach invitations (decision 0030) that concern one person, in three reads whatever their
 * number: those they sent as a coach, those they accepted, and those not accepted that are
 * addressed to their confirmed e-mail (the invitation stores the address lower-cased). Never the
 * token hash; never who accepted a coach's invitation (that person's own data), only that and
 * when. Another coach's invitation shows that coach by the name they show to clients, as the
 * invitation itself did, never by their e-mail.
 */
export async function invitationsOf(db: Db, user: UserRow): Promise<InvitationsExport> {
  const [sent, accepted, addressedToYou] = await Promise.all([sentBy(db, user.id), acceptedBy(db, user.id), addressedTo(db, user)]);
  return { sent, accepted, addressedToYou };
}

async function sentBy(db: Db, coachId: string): Promise<InvitationsExport['sent']> {
  const rows = await invitationListQuery(db).where('coach_invitations.coach_id', '=', coachId).orderBy('coach_invitations.created_at').orderBy('coach_invitations.id').execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    organization: namedPlace(row.organization_id, row.organization_name),
    group: namedPlace(row.group_id, row.group_name),
    createdAt: row.created_at,
    sentAt: row.sent_at,
    expiresAt: row.expires_at,
    accepted: row.accepted_at !== null,
    acceptedAt: row.accepted_at,
  }));
}

/** Invitations with their coach's shown name, oldest mail first. */
function receivedQuery(db: Db) {
  return invitationListQuery(db)
    .innerJoin('users as coach', 'coach.id', 'coach_invitations.coach_id')
    .select(['coach.id as coach_id', 'coach.first_name as coach_first_name', 'coach.last_name as coach_last_name'])
    .orderBy('coach_invitations.sent_at')
    .orderBy('coach_invitations.id');
}

type ReceivedRow = Awaited<ReturnType<ReturnType<typeof receivedQuery>['execute']>>[number];

function received(row: ReceivedRow) {
  return {
    id: row.id,
    coach: { id: row.coach_id, firstName: row.coach_first_name, lastName: row.coach_last_name },
    addressedTo: { email: row.email, firstName: row.first_name, lastName: row.last_name },
    organizationName: row.organization_name,
    groupName: row.group_name,
    sentAt: row.sent_at,
  };
}

async function acceptedBy(db: Db, userId: string): Promise<InvitationsExport['accepted']> {
  const rows = await receivedQuery(db).where('coach_invitations.accepted_by', '=', userId).execute();
  // Accepting sets accepted_by and accepted_at in one statement, so every row has both.
  return rows.flatMap((row) => (row.accepted_at === null ? [] : [{ ...received(row), acceptedAt: row.accepted_at }]));
}

/** Only the confirmed address (users.email): an unconfirmed one may be someone else's (decision 0028). */
async function addressedTo(db: Db, user: UserRow): Promise<InvitationsExport['addressedToYou']> {
  const email = user.email?.trim().toLowerCase();
  if (!email) return [];
  const rows = await receivedQuery(db).where('coach_invitations.email', '=', email).where('coach_invitations.accepted_at', 'is', null).execute();
  return rows.map((row) => ({ ...received(row), expiresAt: row.expires_at }));
}

function namedPlace(id: string | null, name: string | null): { id: string; name: string } | null {
  return id !== null && name !== null ? { id, name } : null;
}
