import type { CoachDashboardEntry, CoachListItem, ClientUser } from '@bloom/contracts';
import type { Db } from '../db/database';
import type { UsersTable } from '../db/schema';
import { preGrantStatusOf } from '../consents/pre-grant-requests';
import { notFound } from '../http/errors';

/** Ids in paths are UUIDs; anything else cannot name a record, so it is "not found" like someone else's. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string | undefined): value is string => typeof value === 'string' && UUID.test(value);

/** A client of this coach, or 404 for anyone else (no existence leak). */
export async function requireClientOf(db: Db, coachId: string, userId: string): Promise<UsersTable> {
  if (!isUuid(userId)) throw notFound('Client not found.');
  const client = await db.selectFrom('users').selectAll().where('id', '=', userId).where('coach_id', '=', coachId).executeTakeFirst();
  if (!client) throw notFound('Client not found.');
  return client;
}

/** Approved coaches who have set the name shown to clients, by last then first name. */
export async function listCoaches(db: Db, exceptUserId: string): Promise<CoachListItem[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('coach_status', '=', 'approved')
    .where('is_guest', '=', 0)
    .where('first_name', 'is not', null)
    .where('last_name', 'is not', null)
    .where('id', '!=', exceptUserId)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, firstName: row.first_name ?? '', lastName: row.last_name ?? '' }));
}

export async function findApprovedCoach(db: Db, coachId: string): Promise<UsersTable | undefined> {
  if (!isUuid(coachId)) return undefined;
  return db.selectFrom('users').selectAll().where('id', '=', coachId).where('coach_status', '=', 'approved').where('is_guest', '=', 0).executeTakeFirst();
}

/**
 * The coach dashboard: every client with their group and organization, and their completed
 * assessments newest first. Two indexed queries however many clients there are
 * (users.coach_id, then assessments by user_id), never one per client.
 */
export async function coachDashboard(db: Db, coachId: string): Promise<CoachDashboardEntry[]> {
  const clients = await db
    .selectFrom('users')
    .leftJoin('groups', 'groups.id', 'users.group_id')
    .leftJoin('organizations', (join) =>
      join.onRef('organizations.id', '=', 'groups.organization_id').on('organizations.coach_id', '=', coachId),
    )
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.user_name',
      'groups.id as group_id',
      'groups.name as group_name',
      'organizations.id as organization_id',
      'organizations.name as organization_name',
    ])
    .where('users.coach_id', '=', coachId)
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('users.id')
    .execute();

  const assessments = await db
    .selectFrom('assessments')
    .innerJoin('users', 'users.id', 'assessments.user_id')
    .select([
      'assessments.id',
      'assessments.user_id',
      'assessments.created_at',
      'assessments.is_ninety_item',
      'assessments.coach_access_granted',
      'assessments.client_access_granted',
    ])
    .where('users.coach_id', '=', coachId)
    .where('assessments.completed_at', 'is not', null)
    .execute();

  const byClient = new Map<string, CoachDashboardEntry['assessments'][number][]>();
  for (const row of assessments) {
    let list = byClient.get(row.user_id);
    if (!list) byClient.set(row.user_id, (list = []));
    list.push({
      id: row.id,
      date: row.created_at,
      isNinetyItem: row.is_ninety_item === 1,
      coachAccessGranted: row.coach_access_granted === 1,
      clientAccessGranted: row.client_access_granted === 1,
    });
  }

  // Newest first within each client (sorting a handful per client beats one database sort of all of them).
  for (const list of byClient.values()) list.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.id < b.id ? 1 : -1));
  return clients.map((client) => ({
    user: {
      id: client.id,
      firstName: client.first_name,
      lastName: client.last_name,
      userName: client.user_name,
      group:
        client.group_id && client.group_name !== null && client.organization_id && client.organization_name !== null
          ? {
              groupGuid: client.group_id,
              groupName: client.group_name,
              organization: { organizationGuid: client.organization_id, organizationName: client.organization_name },
            }
          : null,
    },
    assessments: byClient.get(client.id) ?? [],
  }));
}

/** Clients of this coach who are in no organization ("Independent Clients"). */
export async function independentClients(db: Db, coachId: string): Promise<ClientUser[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('pre_grant_requests', (join) => join.onRef('pre_grant_requests.client_id', '=', 'users.id').on('pre_grant_requests.coach_id', '=', coachId))
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.user_name', 'users.access_pre_granted', 'pre_grant_requests.status as pre_grant_request_status'])
    .where('users.coach_id', '=', coachId)
    .where('users.group_id', 'is', null)
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('users.id')
    .execute();
  return rows.map(presentClient);
}

export type ClientRow = Pick<UsersTable, 'id' | 'first_name' | 'last_name' | 'user_name' | 'access_pre_granted'> & { pre_grant_request_status: string | null };

export function presentClient(row: ClientRow): ClientUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    userName: row.user_name,
    accessPreGranted: row.access_pre_granted === 1,
    preGrantStatus: preGrantStatusOf(row.access_pre_granted, row.pre_grant_request_status),
  };
}
