import { coachDashboard, findApprovedCoach, independentClients, isUuid, listCoaches, requireClientOf } from '../../coaching/clients';
import { requireCoachRole } from '../../coaching/guards';
import { organizationsOfCoach, requireGroupOf } from '../../coaching/organizations';
import { moveClient } from '../../coaching/relationship';
import { revokeApproval, vetCoach } from '../../coaching/vetting';
import { requestPreGrant, withdrawPreGrantAsCoach } from '../../consents/pre-grant-requests';
import type { Db } from '../../db/handle';
import { badRequest, notFound } from '../../http/errors';
import { closeCheckoutsNoLongerForSaleAfterCommit } from '../../payments/closing';
import { isoNow } from '../../lib/time';
import { saveDisplayName } from '../../users';
import type { Call, Output } from '../call';

/**
 * The coach calls (spec 02 §7) and the admin approval of coaches (DESIGN.md §5).
 * Rules (docs/decisions/0007-coach-access.md): guests 401; members who are not coaches,
 * and coaches awaiting approval, 403 (the entries' `caller`); a coach naming a client, group
 * or organization that is not theirs 404 (the guards below).
 */

/** Only the caller's own coach (decision 0030): others are joined by invitation. */
export async function getCoachList({ caller, db }: Call<'getCoachList'>): Promise<Output<'getCoachList'>> {
  return listCoaches(db, caller.user);
}

export async function getAssessmentsByCoach({ caller, db }: Call<'getAssessmentsByCoach'>): Promise<Output<'getAssessmentsByCoach'>> {
  return coachDashboard(db, caller.user.id);
}

export async function getOrganizationsByCoach({ caller, db }: Call<'getOrganizationsByCoach'>): Promise<Output<'getOrganizationsByCoach'>> {
  return organizationsOfCoach(db, caller.user.id);
}

export async function getClientsWithNoOrg({ caller, db }: Call<'getClientsWithNoOrg'>): Promise<Output<'getClientsWithNoOrg'>> {
  return independentClients(db, caller.user.id);
}

export async function setCoachName({ body, caller, db }: Call<'setCoachName'>): Promise<Output<'setCoachName'>> {
  await saveDisplayName(db, caller.user.id, body);
  return body;
}

export async function assignCoachToUser({ app, params, caller, db, reply }: Call<'assignCoachToUser'>): Promise<Output<'assignCoachToUser'>> {
  const coach = await findApprovedCoach(db, params.coachId);
  if (!coach) throw notFound('Coach not found.');
  if (coach.id === caller.user.id) throw badRequest('You cannot be your own coach.');
  // Same coach again: keep the client's group. A new coach starts them as an independent client.
  // Read under the client's lock, not from the session: the group may have been deleted since.
  await moveClient(db, caller.user.id, { coachId: coach.id, groupId: null, keepsGroup: true, actedBy: caller.user.id });
  // Professional results now wait for the coach (or the coach's release includes the plan): the
  // checkouts opened for them are closed at the provider once this call has committed (payments/closing.ts).
  closeCheckoutsNoLongerForSaleAfterCommit(app, reply, caller.user.id);
  return { coachGuid: coach.id };
}

/** The caller leaves their coach; anyone else named must be a client of the calling (approved) coach. */
export async function unassignCoachFromUser({ params, caller, db }: Call<'unassignCoachFromUser'>): Promise<Output<'unassignCoachFromUser'>> {
  const { userId } = params;
  if (userId === caller.user.id) {
    await moveClient(db, caller.user.id, { coachId: null, groupId: null, actedBy: caller.user.id });
    return { ok: true };
  }
  requireCoachRole(caller);
  const client = await requireClientOf(db, caller.user.id, userId);
  // Checked again under the client's lock: they may have switched coach since (decision 0065).
  const moved = await moveClient(db, client.id, { coachId: null, groupId: null, actedBy: caller.user.id, whileCoachIs: caller.user.id });
  if (!moved) throw notFound('Client not found.');
  return { ok: true };
}

async function assignToGroup(db: Db, coachId: string, userId: string, groupId: string | undefined) {
  const client = await requireClientOf(db, coachId, userId);
  // Held FOR SHARE, then the client's lock, under which "still my client" is checked again (decision 0065).
  const group = groupId === undefined ? null : await requireGroupOf(db, coachId, groupId, 'share');
  const moved = await moveClient(db, client.id, { coachId, groupId: group?.id ?? null, actedBy: coachId, whileCoachIs: coachId });
  if (!moved) throw notFound('Client not found.');
  return { ok: true as const, groupGuid: group?.id ?? null };
}

/** Spec 02: without the group segment the client becomes independent. */
export async function makeClientIndependent({ params, caller, db }: Call<'makeClientIndependent'>): Promise<Output<'makeClientIndependent'>> {
  return assignToGroup(db, caller.user.id, params.userId, undefined);
}

export async function assignUserToNewGroup({ params, caller, db }: Call<'assignUserToNewGroup'>): Promise<Output<'assignUserToNewGroup'>> {
  return assignToGroup(db, caller.user.id, params.userId, params.groupGuid);
}

export async function setUserAccessPreGranted({ params, caller, db }: Call<'setUserAccessPreGranted'>): Promise<Output<'setUserAccessPreGranted'>> {
  const client = await requireClientOf(db, caller.user.id, params.userId);
  const wanted = params.value === 'true';
  // Consent stays with the client (decision 0020): true asks them, false withdraws the ask or ends the pre-grant.
  // Under the client's lock, and only while they are still this coach's client.
  const status = wanted ? await requestPreGrant(db, caller.user.id, client.id) : await withdrawPreGrantAsCoach(db, caller.user.id, client.id);
  if (!status) throw notFound('Client not found.');
  return { accessPreGranted: status === 'granted', preGrantStatus: status };
}

export async function pendingCoaches({ db }: Call<'pendingCoaches'>): Promise<Output<'pendingCoaches'>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'user_name', 'created_at'])
    .where('coach_status', '=', 'pending')
    .where('is_guest', '=', 0)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name, userName: row.user_name, signedUpAt: row.created_at }));
}

export async function approveCoach({ params, caller, db }: Call<'approveCoach'>): Promise<Output<'approveCoach'>> {
  const { userId } = params;
  if (!isUuid(userId)) throw notFound('Coach not found.');
  const result = await db
    .updateTable('users')
    .set({ coach_status: 'approved', updated_at: isoNow() })
    .where('id', '=', userId)
    .where('coach_status', 'in', ['pending', 'approved'])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('Coach not found.');
  // An admin's approval is also the vetting that lets coaching include clients' plans.
  await vetCoach(db, userId, caller.user.id);
  return { id: userId, coachStatus: 'approved' };
}

export async function coaches({ app, db }: Call<'coaches'>): Promise<Output<'coaches'>> {
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
    coachStatus: row.coach_status === 'pending' ? ('pending' as const) : ('approved' as const),
    vetted: row.vetted_at !== null,
    revocable: row.vetted_at !== null || (app.config.coachSignup === 'approval' && row.coach_status === 'approved'),
  }));
}

/**
 * Withdraws an admin's approval: the coach no longer includes clients' plans, and under
 * COACH_SIGNUP=approval they also wait for approval again, so they stop coaching (decision 0019).
 */
export async function revokeCoachApproval({ app, params, db }: Call<'revokeCoachApproval'>): Promise<Output<'revokeCoachApproval'>> {
  const { userId } = params;
  const coach = isUuid(userId)
    ? await db.selectFrom('users').select('id').where('id', '=', userId).where('coach_status', 'in', ['pending', 'approved']).executeTakeFirst()
    : undefined;
  if (!coach) throw notFound('Coach not found.');
  await revokeApproval(db, app.config, coach.id);
  return { id: coach.id, vetted: false };
}

export const coachHandlers = {
  getCoachList,
  getAssessmentsByCoach,
  getOrganizationsByCoach,
  getClientsWithNoOrg,
  setCoachName,
  assignCoachToUser,
  unassignCoachFromUser,
  makeClientIndependent,
  assignUserToNewGroup,
  setUserAccessPreGranted,
  pendingCoaches,
  approveCoach,
  coaches,
  revokeCoachApproval,
};
