/**
 * The reads behind organization insight (DESIGN §14; issue 27; decision 0029). The members of a
 * coach's organizations and every assessment they have shared with the coach, with its answers,
 * come in one query whatever the number of members: one row per assessment, its answers
 * aggregated in the database as one string `guid:answer,guid:answer,…` (SQLite `group_concat`,
 * PostgreSQL `string_agg`). Choosing each member's latest qualifying assessment needs the
 * coverage rule over the answers, so it is done on these rows (service.ts), not in SQL.
 */
import { aggregatedAnswers, parseAggregatedAnswers } from '../assessments/aggregated-answers';
import type { Db } from '../db/database';

/** One assessment a member of one of the coach's organizations has shared with the coach. */
export interface SharedAssessment {
  readonly assessmentId: string;
  readonly userId: string;
  readonly groupId: string;
  readonly organizationId: string;
  readonly isNinetyItem: boolean;
  /** When it was started (ISO 8601 UTC): what "latest" and "as of the quarter's end" go by, as in GetProgress. */
  readonly createdAt: string;
  readonly answers: Map<string, number>;
}

/**
 * Every assessment shared with `coachId` by a client of theirs who is in a group of one of their
 * organizations (only `organizationId`'s, when given). One query. Clients who shared nothing, and
 * assessments not shared, are not here: they are not counted.
 */
export async function sharedAssessmentsInOrganizations(db: Db, coachId: string, organizationId?: string): Promise<SharedAssessment[]> {
  let query = db
    .selectFrom('users')
    .innerJoin('groups', 'groups.id', 'users.group_id')
    .innerJoin('organizations', 'organizations.id', 'groups.organization_id')
    .innerJoin('assessments', 'assessments.user_id', 'users.id')
    .innerJoin('responses', 'responses.assessment_id', 'assessments.id')
    .where('organizations.coach_id', '=', coachId)
    .where('users.coach_id', '=', coachId)
    .where('users.merged_into', 'is', null)
    .where('assessments.coach_access_granted', '=', 1);
  if (organizationId !== undefined) query = query.where('organizations.id', '=', organizationId);
  const rows = await query
    // Grouped by the assessment alone; the rest are one value per assessment, taken as aggregates so both databases accept them.
    .select((eb) => [
      'assessments.id',
      eb.fn.max('users.id').as('user_id'),
      eb.fn.max('groups.id').as('group_id'),
      eb.fn.max('organizations.id').as('organization_id'),
      eb.fn.max('assessments.is_ninety_item').as('is_ninety_item'),
      eb.fn.max('assessments.created_at').as('created_at'),
      aggregatedAnswers(db).as('answers'),
    ])
    .groupBy('assessments.id')
    .execute();
  return rows.map((row) => ({
    assessmentId: row.id,
    userId: row.user_id as string,
    groupId: row.group_id as string,
    organizationId: row.organization_id as string,
    isNinetyItem: Number(row.is_ninety_item) === 1,
    createdAt: row.created_at as string,
    answers: parseAggregatedAnswers(row.answers),
  }));
}

/** The coach's organizations and their groups, by name ("No Group" placement is the caller's): one query. */
export async function organizationsAndGroups(db: Db, coachId: string): Promise<Array<{ organizationId: string; organizationName: string; groupId: string | null; groupName: string | null }>> {
  const rows = await db
    .selectFrom('organizations')
    .leftJoin('groups', 'groups.organization_id', 'organizations.id')
    .select(['organizations.id as organization_id', 'organizations.name as organization_name', 'groups.id as group_id', 'groups.name as group_name'])
    .where('organizations.coach_id', '=', coachId)
    .orderBy('organizations.name')
    .orderBy('organizations.id')
    .orderBy('groups.name')
    .orderBy('groups.id')
    .execute();
  return rows.map((row) => ({ organizationId: row.organization_id, organizationName: row.organization_name, groupId: row.group_id, groupName: row.group_name }));
}
