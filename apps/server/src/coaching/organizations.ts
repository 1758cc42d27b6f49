import { inTransaction } from '../db/accelerator';
import { DEFAULT_GROUP_NAME, type GroupsByOrganization, type OrganizationListItem, type OrganizationWithGroups } from '@bloom/contracts';
import type { Db } from '../db/database';
import { onPostgres } from '../db/dialect';
import type { GroupsTable, OrganizationsTable } from '../db/schema';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { newId } from '../lib/crypto';
import { isoNow } from '../lib/time';
import { isUuid, presentClient } from './clients';
import { releaseGroupMembers } from './relationship';

/**
 * Organizations and groups belong to one coach (organizations.coach_id). A client is in an
 * organization only through one of its groups (users.group_id), so every organization is
 * created with a "No Group" group: clients placed in the organization without a particular
 * group go there. That group cannot be deleted; deleting the organization removes it.
 */
/** Names differing only in letter case are the same name (compared in JS: SQLite's lower() knows ASCII only). */
const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

export const isDefaultGroupName = (name: string): boolean => sameName(name, DEFAULT_GROUP_NAME);

/**
 * How a read that finds an organization or group holds its row until the transaction ends, on
 * PostgreSQL (SQLite runs one writing transaction at a time): `share` to place a client or
 * anything else in it, `update` to delete it. A placement and a deletion then take turns: the
 * deletion, reading the members after its lock, sees every client placed before it; a
 * placement waiting for a deletion finds nothing (404). Every path takes the organization
 * before its groups, and groups before a client's row (decision 0065).
 */
export type RowLock = 'share' | 'update';

export async function requireOrganizationOf(db: Db, coachId: string, organizationId: string, lock?: RowLock): Promise<OrganizationsTable> {
  if (!isUuid(organizationId)) throw notFound('Organization not found.');
  const row = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', organizationId)
    .where('coach_id', '=', coachId)
    .$if(lock === 'share' && onPostgres(db), (query) => query.forShare())
    .$if(lock === 'update' && onPostgres(db), (query) => query.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound('Organization not found.');
  return row;
}

export async function requireGroupOf(db: Db, coachId: string, groupId: string, lock?: RowLock): Promise<GroupsTable> {
  if (!isUuid(groupId)) throw notFound('Group not found.');
  const row = await db
    .selectFrom('groups')
    .innerJoin('organizations', 'organizations.id', 'groups.organization_id')
    .selectAll('groups')
    .where('groups.id', '=', groupId)
    .where('organizations.coach_id', '=', coachId)
    .$if(lock === 'share' && onPostgres(db), (query) => query.forShare('groups'))
    .$if(lock === 'update' && onPostgres(db), (query) => query.forUpdate('groups'))
    .executeTakeFirst();
  if (!row) throw notFound('Group not found.');
  return row;
}

/** A group any member may join (GetNoCoachOrganizations lists its organization), with its coach; held FOR SHARE to place the caller in it. */
export async function findJoinableGroup(db: Db, groupId: string): Promise<{ groupId: string; coachId: string } | undefined> {
  if (!isUuid(groupId)) return undefined;
  const row = await db
    .selectFrom('groups')
    .innerJoin('organizations', 'organizations.id', 'groups.organization_id')
    .innerJoin('users', 'users.id', 'organizations.coach_id')
    .select(['groups.id as group_id', 'organizations.coach_id'])
    .where('groups.id', '=', groupId)
    .where('users.coach_status', '=', 'approved')
    .$if(onPostgres(db), (query) => query.forShare('groups'))
    .executeTakeFirst();
  return row ? { groupId: row.group_id, coachId: row.coach_id } : undefined;
}

/**
 * Holds the coach's user row until the transaction ends, on PostgreSQL (SQLite runs one writing
 * transaction at a time), so that one coach's creations of organizations and groups take turns:
 * each reads the names only after the one before it committed, and a name sent twice at once
 * (a double click, two instances) is created once and answered 409 the second time (decision
 * 0007). FOR NO KEY UPDATE, so placements of clients with this coach (whose `users.coach_id`
 * foreign key takes FOR KEY SHARE) do not wait for it. The order is the one inviteClient keeps:
 * an organization held FOR SHARE, then the coach's row.
 */
async function holdCoachForNewNames(trx: Db, coachId: string): Promise<void> {
  if (!onPostgres(trx)) return;
  await trx.selectFrom('users').select('id').where('id', '=', coachId).forNoKeyUpdate().execute();
}

/**
 * How many organizations one coach may have, and groups one organization (besides its "No Group"),
 * decision 0082: every member's onboarding downloads every approved coach's organizations and
 * groups (GetNoCoachOrganizations, GetGroupsByOrganization), so one coach's script could make
 * each onboarding download megabytes. Far above a practice's needs.
 */
export const MAX_ORGANIZATIONS_PER_COACH = 100;
export const MAX_GROUPS_PER_ORGANIZATION = 100;

export async function createOrganization(db: Db, coachId: string, name: string): Promise<OrganizationWithGroups> {
  const now = isoNow();
  const organization = { id: newId(), coach_id: coachId, name, created_at: now };
  const defaultGroup = { id: newId(), organization_id: organization.id, name: DEFAULT_GROUP_NAME, created_at: now };
  await inTransaction(db, async (trx) => {
    await holdCoachForNewNames(trx, coachId);
    const existing = await trx.selectFrom('organizations').select('name').where('coach_id', '=', coachId).execute();
    if (existing.some((row) => sameName(row.name, name))) throw conflict(`You already have an organization named "${name}".`);
    if (existing.length >= MAX_ORGANIZATIONS_PER_COACH) {
      throw new AppError(409, 'too_many_organizations', `You already have ${MAX_ORGANIZATIONS_PER_COACH} organizations, the most one coach can have. Delete one you no longer use to add another.`);
    }
    await trx.insertInto('organizations').values(organization).execute();
    await trx.insertInto('groups').values(defaultGroup).execute();
  });
  return {
    organizationGuid: organization.id,
    organizationName: organization.name,
    groups: [{ groupGuid: defaultGroup.id, groupName: defaultGroup.name, isDefault: true, users: [] }],
  };
}

/** `organization` as read by requireOrganizationOf (held FOR SHARE by the caller's transaction, on PostgreSQL). */
export async function createGroup(db: Db, organization: OrganizationsTable, name: string): Promise<{ groupGuid: string; groupName: string }> {
  const group = { id: newId(), organization_id: organization.id, name, created_at: isoNow() };
  await inTransaction(db, async (trx) => {
    await holdCoachForNewNames(trx, organization.coach_id);
    const existing = await trx.selectFrom('groups').select('name').where('organization_id', '=', organization.id).execute();
    if (isDefaultGroupName(name) || existing.some((row) => sameName(row.name, name))) throw conflict(`"${organization.name}" already has a group named "${name}".`);
    if (existing.filter((row) => !isDefaultGroupName(row.name)).length >= MAX_GROUPS_PER_ORGANIZATION) {
      throw new AppError(409, 'too_many_groups', `"${organization.name}" already has ${MAX_GROUPS_PER_ORGANIZATION} groups, the most one organization can have. Delete one you no longer use to add another.`);
    }
    await trx.insertInto('groups').values(group).execute();
  });
  return { groupGuid: group.id, groupName: group.name };
}

/**
 * Deletes a group; its clients leave the coach's list (the confirmation says so). The read that
 * finds the group locks it, so its members are read after any placement into it (RowLock).
 */
export async function deleteGroup(db: Db, coachId: string, groupId: string): Promise<{ releasedClients: number }> {
  return inTransaction(db, async (trx) => {
    const group = await requireGroupOf(trx, coachId, groupId, 'update');
    if (isDefaultGroupName(group.name)) throw badRequest(`The "${DEFAULT_GROUP_NAME}" group cannot be deleted; delete the organization instead.`);
    const releasedClients = await releaseGroupMembers(trx, coachId, [group.id]);
    await trx.deleteFrom('groups').where('id', '=', group.id).execute();
    return { releasedClients };
  });
}

/**
 * Deletes an organization with its groups; their clients leave the coach's list. The organization
 * is locked by the read that finds it, its groups by their deletion, both before the members are
 * read (RowLock).
 */
export async function deleteOrganization(db: Db, coachId: string, organizationId: string): Promise<{ releasedClients: number }> {
  return inTransaction(db, async (trx) => {
    const organization = await requireOrganizationOf(trx, coachId, organizationId, 'update');
    const groups = await trx.deleteFrom('groups').where('organization_id', '=', organization.id).returning('id').execute();
    const releasedClients = await releaseGroupMembers(trx, coachId, groups.map((group) => group.id));
    await trx.deleteFrom('organizations').where('id', '=', organization.id).execute();
    return { releasedClients };
  });
}

/** All the groups of the coach's organizations, by name then id, each naming its organization. */
export function groupRowsOfCoach(db: Db, coachId: string) {
  return db
    .selectFrom('groups')
    .innerJoin('organizations', 'organizations.id', 'groups.organization_id')
    .select(['groups.id', 'groups.name', 'groups.organization_id'])
    .where('organizations.coach_id', '=', coachId)
    .orderBy('groups.name')
    .orderBy('groups.id')
    .execute();
}

/** The coach's organizations and all their groups, each by name then id: two queries (one without organizations). */
export async function organizationRowsOf(db: Db, coachId: string) {
  const organizations = await db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('coach_id', '=', coachId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  if (organizations.length === 0) return { organizations, groups: [] };
  const groups = await groupRowsOfCoach(db, coachId);
  return { organizations, groups };
}

/**
 * Client management's view: the coach's organizations (by name), each with its groups
 * ("No Group" first, then by name) and their clients. Three queries in all.
 */
export async function organizationsOfCoach(db: Db, coachId: string): Promise<OrganizationWithGroups[]> {
  const { organizations, groups } = await organizationRowsOf(db, coachId);
  if (organizations.length === 0) return [];
  const clients = await db
    .selectFrom('users')
    .leftJoin('pre_grant_requests', (join) => join.onRef('pre_grant_requests.client_id', '=', 'users.id').on('pre_grant_requests.coach_id', '=', coachId))
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.user_name', 'users.access_pre_granted', 'users.group_id', 'pre_grant_requests.status as pre_grant_request_status'])
    .where('users.coach_id', '=', coachId)
    .where('users.group_id', 'is not', null)
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('users.id')
    .execute();

  const usersByGroup = new Map<string, ReturnType<typeof presentClient>[]>();
  for (const client of clients) {
    const list = usersByGroup.get(client.group_id!) ?? [];
    list.push(presentClient(client));
    usersByGroup.set(client.group_id!, list);
  }
  const groupsByOrganization = new Map<string, OrganizationWithGroups['groups']>();
  for (const group of groups) {
    const list = groupsByOrganization.get(group.organization_id) ?? [];
    list.push({ groupGuid: group.id, groupName: group.name, isDefault: isDefaultGroupName(group.name), users: usersByGroup.get(group.id) ?? [] });
    groupsByOrganization.set(group.organization_id, list);
  }
  return organizations.map((organization) => ({
    organizationGuid: organization.id,
    organizationName: organization.name,
    groups: (groupsByOrganization.get(organization.id) ?? []).sort((a, b) => Number(b.isDefault) - Number(a.isDefault)),
  }));
}

/**
 * Organizations a member may join during onboarding without choosing a coach: every
 * organization of an approved coach (joining one makes its coach the member's coach), with that
 * coach's name ("" when they have given none), so the member sees whose client they become and
 * can tell two coaches' organizations of the same name apart (decision 0007).
 */
export async function joinableOrganizations(db: Db, exceptCoachId: string): Promise<OrganizationListItem[]> {
  const rows = await db
    .selectFrom('organizations')
    .innerJoin('users', 'users.id', 'organizations.coach_id')
    .select(['organizations.id', 'organizations.name', 'users.first_name', 'users.last_name'])
    .where('users.coach_status', '=', 'approved')
    .where('organizations.coach_id', '!=', exceptCoachId)
    .orderBy('organizations.name')
    .orderBy('organizations.id')
    .execute();
  // The coach's name as the invitation names them (decision 0030): joining makes them the member's coach.
  const coachName = (row: { first_name: string | null; last_name: string | null }) => [row.first_name, row.last_name].map((part) => part?.trim()).filter(Boolean).join(' ');
  return rows.map((row) => ({ organizationGuid: row.id, organizationName: row.name, coachName: coachName(row) }));
}

export async function joinableGroups(db: Db, exceptCoachId: string): Promise<GroupsByOrganization> {
  const rows = await db
    .selectFrom('groups')
    .innerJoin('organizations', 'organizations.id', 'groups.organization_id')
    .innerJoin('users', 'users.id', 'organizations.coach_id')
    .select(['groups.id', 'groups.name', 'groups.organization_id'])
    .where('users.coach_status', '=', 'approved')
    .where('organizations.coach_id', '!=', exceptCoachId)
    .orderBy('groups.name')
    .orderBy('groups.id')
    .execute();
  const map: GroupsByOrganization = {};
  for (const row of rows) {
    const list = (map[row.organization_id] ??= []);
    const item = { groupGuid: row.id, groupName: row.name };
    if (isDefaultGroupName(row.name)) list.unshift(item);
    else list.push(item);
  }
  return map;
}
