import { COACH_CLIENTS_PAGE_SIZE, type CoachClientsPage, type coachClientsQuerySchema, type DashboardOutline, type DashboardOutlineGroup } from '@bloom/contracts';
import type { z } from 'zod';
import type { Db } from '../db/handle';
import { badRequest, notFound } from '../http/errors';
import { clientMatches, compareSortKeys, decodeCursor, encodeCursor, searchWords, sortKeyOf } from './client-search';
import { dashboardEntries, groupsOfCoach, type CoachGroups } from './dashboard-entries';
import { isDefaultGroupName, organizationRowsOf } from './organizations';

/**
 * The coach dashboard one page at a time (issue 27 part 3, decision 0032).
 *
 * A page reads the candidates of its scope (one group, the independent clients, or all) with
 * only the columns that order and search them, filters and orders them in JavaScript (so the
 * order and the case- and accent-blind search are the same on SQLite and PostgreSQL), then
 * reads the page's clients and their assessments. Three queries, whatever the page size and
 * scope: the coach's groups come first, since a group's page must be of one of them (404
 * otherwise) and the page's entries name their groups. The independent clients' page is two.
 */
type ClientsQuery = z.output<typeof coachClientsQuerySchema>;

const NO_GROUPS: CoachGroups = new Map();

export async function clientsPage(db: Db, coachId: string, query: ClientsQuery): Promise<CoachClientsPage> {
  if (query.groupId !== undefined && query.independent !== undefined) throw badRequest('Invalid query: give groupId or independent, not both.');
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !after) throw badRequest('Invalid query: cursor is not a cursor of this list.');
  const limit = query.limit === undefined ? COACH_CLIENTS_PAGE_SIZE : Number(query.limit);
  // Independent clients are in no group, so their page needs none of the coach's groups.
  const groups: CoachGroups = query.independent ? NO_GROUPS : await groupsOfCoach(db, coachId);
  const group = query.groupId === undefined ? null : groups.get(query.groupId);
  if (group === undefined) throw notFound('Group not found.');

  let candidatesQuery = db.selectFrom('users').select(['id', 'first_name', 'last_name', 'user_name', 'email']).where('coach_id', '=', coachId);
  if (group) candidatesQuery = candidatesQuery.where('group_id', '=', group.groupGuid);
  if (query.independent) candidatesQuery = candidatesQuery.where('group_id', 'is', null);
  const words = searchWords(query.search);
  const matching = (await candidatesQuery.execute()).filter((client) => words.length === 0 || clientMatches(client, words));

  const ordered = matching.map((client) => ({ id: client.id, key: sortKeyOf(client) })).sort((a, b) => compareSortKeys(a.key, b.key));
  const start = after ? ordered.findIndex((client) => compareSortKeys(client.key, after) > 0) : 0;
  const page = start < 0 ? [] : ordered.slice(start, start + limit);
  const hasMore = start >= 0 && start + limit < ordered.length;

  const entries = new Map((await dashboardEntries(db, coachId, page.map((client) => client.id), groups)).map((entry) => [entry.user.id, entry]));
  return {
    // A client who left between the two reads is simply not on the page.
    clients: page.flatMap((client) => entries.get(client.id) ?? []),
    total: ordered.length,
    nextCursor: hasMore ? encodeCursor(page.at(-1)!.key) : null,
  };
}

/** The dashboard's outline: organizations (by name) and their groups ("No Group" first, then by name), with client counts. Three queries (two without organizations). */
export async function dashboardOutline(db: Db, coachId: string): Promise<DashboardOutline> {
  const { organizations, groups } = await organizationRowsOf(db, coachId);
  const counts = await db
    .selectFrom('users')
    .select(['group_id', (eb) => eb.fn.countAll<number | string>().as('clients')])
    .where('coach_id', '=', coachId)
    .groupBy('group_id')
    .execute();
  // PostgreSQL answers count(*) as a string (bigint).
  const countOf = new Map(counts.map((row) => [row.group_id, Number(row.clients)]));
  const groupsOf = new Map<string, DashboardOutlineGroup[]>();
  for (const group of groups) {
    const list = groupsOf.get(group.organization_id) ?? [];
    list.push({ groupGuid: group.id, groupName: group.name, isDefault: isDefaultGroupName(group.name), clientCount: countOf.get(group.id) ?? 0 });
    groupsOf.set(group.organization_id, list);
  }
  let grouped = 0;
  const outlined = organizations.map((organization) => {
    const ofOrganization = (groupsOf.get(organization.id) ?? []).sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    const clientCount = ofOrganization.reduce((sum, group) => sum + group.clientCount, 0);
    grouped += clientCount;
    return { organizationGuid: organization.id, organizationName: organization.name, clientCount, groups: ofOrganization };
  });
  const totalClients = counts.reduce((sum, row) => sum + Number(row.clients), 0);
  return { totalClients, independentClients: totalClients - grouped, organizations: outlined };
}
