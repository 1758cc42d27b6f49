import type { CoachDashboardEntry } from '@bloom/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/handle';
import { onPostgres } from '../db/dialect';
import { coverageOf } from '../reports/access';

type DashboardAssessment = CoachDashboardEntry['assessments'][number];
type CoachDashboardGroup = NonNullable<CoachDashboardEntry['user']['group']>;

/**
 * Coach-dashboard entries (spec 02 §7) for clients already chosen, or for all of the coach's:
 * each with their group and organization, and their assessments with results newest first.
 *
 * An assessment has results by the coverage rule (DESIGN.md §11, as GetAllAssessments'
 * `hasResults` says): one with every question answered (`completed_at`) meets it unread; an
 * unfinished one is judged from its answers, which come with its row (as one JSON object) and
 * are read for unfinished assessments only. One without results is not listed.
 *
 * Two queries, however many clients: the coach's groups (unless the caller has read them:
 * `groupOf`), then the clients by name, each joined to their assessments (a client with three
 * assessments is three rows in a row). Migration 0013's index on clients and 0017's on
 * assessments give SQLite the second without a sort or a visit to either table; the groups are
 * a handful, so they are matched here rather than joined to every client's row.
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
    .leftJoin('assessments', 'assessments.user_id', 'users.id')
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
      unfinishedAnswers(db).as('unfinished_answers'),
      releasedBy(coachId).as('released_by_coach'),
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
    const answers = answersOf(row.unfinished_answers);
    if (answers && !coverageOf({ is_ninety_item: row.is_ninety_item! }, answers).hasResults) continue;
    assessments.push({
      id: row.assessment_id,
      date: row.created_at!,
      isNinetyItem: row.is_ninety_item === 1,
      coachAccessGranted: row.coach_access_granted === 1,
      clientAccessGranted: row.client_access_granted === 1,
      releasedByThisCoach: row.released_by_coach === 1,
    });
  }
  // Newest first within each client (a handful each: cheaper than ordering every row in the query).
  for (const entry of entries) if (entry.assessments.length > 1) entry.assessments.sort(newestFirst);
  return entries;
}

/**
 * An unfinished assessment's answers, question → response, as one JSON object (PostgreSQL's
 * json, SQLite's text); null for a completed one, whose answers are not read, and for a client
 * without assessments.
 */
function unfinishedAnswers(db: Db): RawBuilder<Record<string, number> | string | null> {
  return onPostgres(db)
    ? sql<Record<string, number> | null>`case when assessments.id is not null and assessments.completed_at is null then coalesce((select json_object_agg(question_guid, response) from responses where responses.assessment_id = assessments.id), '{}') end`
    : sql<string | null>`case when assessments.id is not null and assessments.completed_at is null then (select json_group_object(question_guid, response) from responses where responses.assessment_id = assessments.id) end`;
}

function answersOf(value: Record<string, number> | string | null): Map<string, number> | null {
  if (value === null) return null;
  return new Map(Object.entries(typeof value === 'string' ? (JSON.parse(value) as Record<string, number>) : value));
}

/**
 * Whether the results' open release to the client is this coach's (decision 0056): an open
 * `client_access` record of the assessment names them. Looked up only for released assessments;
 * one released by a former coach (or before releases named their coach) is not, and this coach
 * may release it again.
 */
function releasedBy(coachId: string) {
  return sql<number>`case when assessments.client_access_granted = 1 then case when exists (select 1 from consents where consents.user_id = users.id and consents.kind = 'client_access' and consents.subject_id = assessments.id and consents.revoked_at is null and consents.granted_by = ${coachId}) then 1 else 0 end else 0 end`;
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
