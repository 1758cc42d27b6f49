import type { CoachDashboardEntry } from '@bloom/contracts';
import type { Db } from '../db/handle';

type DashboardAssessment = CoachDashboardEntry['assessments'][number];
type CoachDashboardGroup = NonNullable<CoachDashboardEntry['user']['group']>;

/**
 * Coach-dashboard entries (spec 02 §7) for clients already chosen, or for all of the coach's:
 * each with their group and organization, and their completed assessments newest first.
 *
 * Two queries, however many clients: the coach's groups (unless the caller has read them:
 * `groupOf`), then the clients by name, each joined to their completed assessments (a client
 * with three assessments is three rows in a row).
 * Migration 0013's indexes give SQLite the second without a sort or a visit to either table;
 * the groups are a handful, so they are matched here rather than joined to every client's row.
 */
export async function dashboardEntries(
  db: Db,
  coachId: string,
  clientIds: readonly string[] | 'all',
  groupOf?: CoachGroups,
): Promise<CoachDashboardEntry[]> {
  if (clientIds !== 'all' && clientIds.length === 0) return [];
  groupOf ??= await groupsOfCoach(db, coachId);
  let query = db
    .selectFrom('users')
    .leftJoin('assessments', (join) => join.onRef('assessments.user_id', '=', 'users.id').on('assessments.completed_at', 'is not', null))
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.user_name',
      'users.group_id',
      'users.coach_id',
      'assessments.id as assessment_id',
      'assessments.created_at',
      'assessments.is_ninety_item',
      'assessments.coach_access_granted',
      'assessments.client_access_granted',
    ])
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('users.id');
  // Chosen clients are found by id and kept only if still this coach's (a page's clients may
  // have left since they were listed): asked as `coach_id = ?` too, SQLite would read every
  // client of the coach to find them.
  query = clientIds === 'all' ? query.where('users.coach_id', '=', coachId) : query.where('users.id', 'in', clientIds);

  const entries: CoachDashboardEntry[] = [];
  let assessments: DashboardAssessment[] = [];
  for (const row of await query.execute()) {
    if (row.coach_id !== coachId) continue;
    if (entries.at(-1)?.user.id !== row.id) {
      assessments = [];
      entries.push({
        user: { id: row.id, firstName: row.first_name, lastName: row.last_name, userName: row.user_name, group: row.group_id === null ? null : (groupOf.get(row.group_id) ?? null) },
        assessments,
      });
    }
    if (row.assessment_id === null) continue;
    assessments.push({
      id: row.assessment_id,
      date: row.created_at!,
      isNinetyItem: row.is_ninety_item === 1,
      coachAccessGranted: row.coach_access_granted === 1,
      clientAccessGranted: row.client_access_granted === 1,
    });
  }
  // Newest first within each client (a handful each: cheaper than ordering every row in the query).
  for (const entry of entries) if (entry.assessments.length > 1) entry.assessments.sort(newestFirst);
  return entries;
}

function newestFirst(a: DashboardAssessment, b: DashboardAssessment): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : a.id < b.id ? 1 : -1;
}

/** A coach's groups with their organizations, by group id. */
export type CoachGroups = ReadonlyMap<string, CoachDashboardGroup>;

/** The coach's groups. A client in a group of no organization of this coach shows no group. */
export async function groupsOfCoach(db: Db, coachId: string): Promise<CoachGroups> {
  const rows = await db
    .selectFrom('groups')
    .innerJoin('organizations', 'organizations.id', 'groups.organization_id')
    .select(['groups.id', 'groups.name', 'organizations.id as organization_id', 'organizations.name as organization_name'])
    .where('organizations.coach_id', '=', coachId)
    .execute();
  return new Map(
    rows.map((row) => [row.id, { groupGuid: row.id, groupName: row.name, organization: { organizationGuid: row.organization_id, organizationName: row.organization_name } }]),
  );
}
