import { personNamePayloadSchema, type CoachAccount, type CoachDashboardEntry, type CoachListItem, type ClientUser, type OrganizationWithGroups, type PendingCoach, type PreGrantChange } from '@bloom/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { acceptEmptyJsonBodies } from '../auth/empty-json-body';
import { coachDashboard, findApprovedCoach, independentClients, isUuid, listCoaches, requireClientOf } from '../coaching/clients';
import { requireAdmin, requireCoachAccount, requireCoachOrApplicant } from '../coaching/guards';
import { organizationsOfCoach, requireGroupOf } from '../coaching/organizations';
import { moveClient } from '../coaching/relationship';
import { unvetCoach, vetCoach } from '../coaching/vetting';
import { requestPreGrant, withdrawPreGrantAsCoach } from '../consents/pre-grant-requests';
import { badRequest, notFound, parseInput } from '../http/errors';
import { isoNow } from '../lib/time';
import { saveDisplayName } from '../users';
import { requireMember } from '../sessions/plugin';

const booleanSegment = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * The coach calls (spec 02 §7) and the admin approval of coaches (DESIGN.md §5).
 * Rules (docs/decisions/0007-coach-access.md): guests 401; members who are not coaches,
 * and coaches awaiting approval, 403; a coach naming a client, group or organization that
 * is not theirs 404.
 *
 * - GET  /api/coach/GetCoachList → CoachListItem[] (any member)
 * - GET  /api/coach/GetAssessmentsByCoach → CoachDashboardEntry[]
 * - GET  /api/coach/GetOrganizationsByCoach → OrganizationWithGroups[]
 * - GET  /api/coach/GetClientsWithNoOrg → ClientUser[]
 * - POST /api/coach/SetCoachName {firstName,lastName} → {firstName,lastName} (pending coaches too)
 * - POST /api/coach/AssignCoachToUser/{coachId} → {coachGuid} (the caller picks a coach)
 * - POST /api/coach/UnassignCoachFromUser/{userId} → {ok} (the caller themselves, or a coach's client)
 * - POST /api/coach/AssignUserToNewGroup/{userId}[/{groupGuid}] → {ok}
 * - POST /api/coach/SetUserAccessPreGranted/{userId}/{true|false} → {accessPreGranted, preGrantStatus} (true: a request to the client)
 * - GET  /api/admin/PendingCoaches → PendingCoach[]; POST /api/admin/ApproveCoach/{userId} → {id, coachStatus}
 */
export async function coachRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const { db } = app.database;
  acceptEmptyJsonBodies(app);

  app.get('/api/coach/GetCoachList', async (request): Promise<CoachListItem[]> => {
    const session = requireMember(request);
    return listCoaches(db, session.user.id);
  });

  app.get('/api/coach/GetAssessmentsByCoach', async (request): Promise<CoachDashboardEntry[]> => {
    const session = requireCoachAccount(request);
    return coachDashboard(db, session.user.id);
  });

  app.get('/api/coach/GetOrganizationsByCoach', async (request): Promise<OrganizationWithGroups[]> => {
    const session = requireCoachAccount(request);
    return organizationsOfCoach(db, session.user.id);
  });

  app.get('/api/coach/GetClientsWithNoOrg', async (request): Promise<ClientUser[]> => {
    const session = requireCoachAccount(request);
    return independentClients(db, session.user.id);
  });

  app.post('/api/coach/SetCoachName', async (request) => {
    const session = requireCoachOrApplicant(request);
    const name = parseInput(personNamePayloadSchema, request.body, 'name');
    await saveDisplayName(db, session.user.id, name);
    return name;
  });

  app.post<{ Params: { coachId: string } }>('/api/coach/AssignCoachToUser/:coachId', async (request) => {
    const session = requireMember(request);
    const coach = await findApprovedCoach(db, request.params.coachId);
    if (!coach) throw notFound('Coach not found.');
    if (coach.id === session.user.id) throw badRequest('You cannot be your own coach.');
    // Same coach again: keep the client's group. A new coach starts them as an independent client.
    const groupId = coach.id === session.user.coach_id ? session.user.group_id : null;
    await moveClient(db, session.user.id, { coachId: coach.id, groupId, actedBy: session.user.id });
    return { coachGuid: coach.id };
  });

  app.post<{ Params: { userId: string } }>('/api/coach/UnassignCoachFromUser/:userId', async (request) => {
    const session = requireMember(request);
    const { userId } = request.params;
    if (userId === session.user.id) {
      await moveClient(db, session.user.id, { coachId: null, groupId: null, actedBy: session.user.id });
      return { ok: true };
    }
    requireCoachAccount(request);
    const client = await requireClientOf(db, session.user.id, userId);
    await moveClient(db, client.id, { coachId: null, groupId: null, actedBy: session.user.id });
    return { ok: true };
  });

  const assignToGroup = async (coachId: string, userId: string, groupId: string | undefined) => {
    const client = await requireClientOf(db, coachId, userId);
    const group = groupId === undefined ? null : await requireGroupOf(db, coachId, groupId);
    await moveClient(db, client.id, { coachId, groupId: group?.id ?? null, actedBy: coachId });
    return { ok: true, groupGuid: group?.id ?? null };
  };
  app.post<{ Params: { userId: string } }>('/api/coach/AssignUserToNewGroup/:userId', async (request) => {
    const session = requireCoachAccount(request);
    return assignToGroup(session.user.id, request.params.userId, undefined);
  });
  app.post<{ Params: { userId: string; groupGuid: string } }>('/api/coach/AssignUserToNewGroup/:userId/:groupGuid', async (request) => {
    const session = requireCoachAccount(request);
    return assignToGroup(session.user.id, request.params.userId, request.params.groupGuid);
  });

  app.post<{ Params: { userId: string; value: string } }>('/api/coach/SetUserAccessPreGranted/:userId/:value', async (request): Promise<PreGrantChange> => {
    const session = requireCoachAccount(request);
    const client = await requireClientOf(db, session.user.id, request.params.userId);
    const wanted = parseInput(booleanSegment, request.params.value, 'pre-grant choice');
    // Consent stays with the client (decision 0020): true asks them, false withdraws the ask or ends the pre-grant.
    // Under the client's lock, and only while they are still this coach's client.
    const status = wanted ? await requestPreGrant(db, session.user.id, client.id) : await withdrawPreGrantAsCoach(db, session.user.id, client.id);
    if (!status) throw notFound('Client not found.');
    return { accessPreGranted: status === 'granted', preGrantStatus: status };
  });

  app.get('/api/admin/PendingCoaches', async (request): Promise<PendingCoach[]> => {
    requireAdmin(config, request);
    const rows = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'user_name', 'created_at'])
      .where('coach_status', '=', 'pending')
      .where('is_guest', '=', 0)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name, userName: row.user_name, signedUpAt: row.created_at }));
  });

  app.post<{ Params: { userId: string } }>('/api/admin/ApproveCoach/:userId', async (request) => {
    const admin = requireAdmin(config, request);
    const { userId } = request.params;
    if (!isUuid(userId)) throw notFound('Coach not found.');
    const result = await db
      .updateTable('users')
      .set({ coach_status: 'approved', updated_at: isoNow() })
      .where('id', '=', userId)
      .where('coach_status', 'in', ['pending', 'approved'])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('Coach not found.');
    // An admin's approval is also the vetting that lets coaching include clients' plans.
    await vetCoach(db, userId, admin.user.id);
    return { id: userId, coachStatus: 'approved' as const };
  });

  app.get('/api/admin/Coaches', async (request): Promise<CoachAccount[]> => {
    requireAdmin(config, request);
    const rows = await db
      .selectFrom('users')
      .leftJoin('coach_vettings', 'coach_vettings.coach_id', 'users.id')
      .select(['users.id', 'users.first_name', 'users.last_name', 'users.user_name', 'users.created_at', 'users.coach_status', 'coach_vettings.vetted_at'])
      .where('users.coach_status', 'in', ['pending', 'approved'])
      .where('users.is_guest', '=', 0)
      .orderBy('users.created_at')
      .orderBy('users.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      userName: row.user_name,
      signedUpAt: row.created_at,
      coachStatus: row.coach_status === 'pending' ? 'pending' : 'approved',
      vetted: row.vetted_at !== null,
    }));
  });

  /** Withdraws an admin's vetting: the coach keeps coaching, but no longer includes clients' plans. */
  app.post<{ Params: { userId: string } }>('/api/admin/RevokeCoachApproval/:userId', async (request) => {
    requireAdmin(config, request);
    const { userId } = request.params;
    const coach = isUuid(userId)
      ? await db.selectFrom('users').select('id').where('id', '=', userId).where('coach_status', 'in', ['pending', 'approved']).executeTakeFirst()
      : undefined;
    if (!coach) throw notFound('Coach not found.');
    await unvetCoach(db, coach.id);
    return { id: coach.id, vetted: false };
  });
}
