import type { CoachDashboardEntry } from '@bloom/contracts';
import type { Db } from '../db/handle';

/**
 * Coach-dashboard entries (spec 02 §7) for clients already chosen: each with their group and
 * organization, and their completed assessments newest first. One query for the clients' rows
 * and one for all their assessments, however many clients (never one per client).
 */
export async function dashboardEntries(db: Db, coachId: string, clientIds: readonly string[] | 'all'): Promise<CoachDashboardEntry[]> {
  if (clientIds !== 'all' && clientIds.length === 0) return [];
  let clientsQuery = db
    .selectFrom('users')
    .leftJoin('groups', 'groups.id', 'users.group_id')
    .leftJoin('organizations', (join) => join.onRef('organizations.id', '=', 'groups.organization_id').on('organizations.coach_id', '=', coachId))
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
    .orderBy('users.id');
  let assessmentsQuery = db
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
    .where('assessments.completed_at', 'is not', null);
  if (clientIds !== 'all') {
    clientsQuery = clientsQuery.where('users.id', 'in', clientIds);
    assessmentsQuery = assessmentsQuery.where('assessments.user_id', 'in', clientIds);
  }
  const [clients, assessments] = [await clientsQuery.execute(), await assessmentsQuery.execute()];

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
