import type { CoachDashboardEntry, CoachListItem, ClientUser } from '@bloom/contracts';
import type { Db } from '../db/database';
import type { UsersTable } from '../db/schema';
import { preGrantStatusOf } from '../consents/pre-grant-requests';
import { notFound } from '../http/errors';
import { dashboardEntries } from './dashboard-entries';

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

/**
 * The "Change coach" list: only the caller's own coach (issue 25 §4, decision 0030). Clients
 * no longer see every coach; they join another by that coach's invitation, and leave with
 * "No Coach" (UnassignCoachFromUser). Empty without a coach, or when the coach is no longer an
 * approved one. A coach who has not set the name shown to clients is listed with empty names.
 */
export async function listCoaches(db: Db, caller: Pick<UsersTable, 'id' | 'coach_id'>): Promise<CoachListItem[]> {
  if (!caller.coach_id || caller.coach_id === caller.id) return [];
  const row = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', '=', caller.coach_id)
    .where('coach_status', '=', 'approved')
    .where('is_guest', '=', 0)
    .executeTakeFirst();
  return row ? [{ id: row.id, firstName: row.first_name ?? '', lastName: row.last_name ?? '' }] : [];
}

export async function findApprovedCoach(db: Db, coachId: string): Promise<UsersTable | undefined> {
  if (!isUuid(coachId)) return undefined;
  return db.selectFrom('users').selectAll().where('id', '=', coachId).where('coach_status', '=', 'approved').where('is_guest', '=', 0).executeTakeFirst();
}

/**
 * The coach dashboard's whole list (GetAssessmentsByCoach): every client with their group and
 * organization, and their completed assessments newest first, in two queries. The dashboard
 * itself now reads pages (client-pages.ts); this stays for the spec's path and its callers.
 */
export async function coachDashboard(db: Db, coachId: string): Promise<CoachDashboardEntry[]> {
  return dashboardEntries(db, coachId, 'all');
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
