import {
  createGroup,
  createOrganization,
  deleteGroup as removeGroup,
  deleteOrganization as removeOrganization,
  findJoinableGroup,
  joinableGroups,
  joinableOrganizations,
  requireOrganizationOf,
} from '../../coaching/organizations';
import { moveClient } from '../../coaching/relationship';
import { badRequest, notFound } from '../../http/errors';
import { closeCheckoutsNoLongerForSaleAfterCommit } from '../../payments/closing';
import type { Call, Output } from '../call';

/**
 * Organizations and groups (spec 02 §7; docs/decisions/0007-coach-access.md). Names arrive as
 * the last path segment; their entries match it with a wildcard so that a 100-character name
 * in a non-Latin script (up to 1,200 characters once URL-encoded) is not cut off by the
 * router's parameter length limit.
 */

/** The organizations of approved coaches, to join during onboarding (any member). */
export async function getNoCoachOrganizations({ caller, db }: Call<'getNoCoachOrganizations'>): Promise<Output<'getNoCoachOrganizations'>> {
  return joinableOrganizations(db, caller.user.id);
}

export async function getGroupsByOrganization({ caller, db }: Call<'getGroupsByOrganization'>): Promise<Output<'getGroupsByOrganization'>> {
  return joinableGroups(db, caller.user.id);
}

/** The caller joins; the organization's coach becomes their coach. The group is held FOR SHARE until then (organizations.ts RowLock). */
export async function assignGroupToUser({ app, params, caller, db, reply }: Call<'assignGroupToUser'>): Promise<Output<'assignGroupToUser'>> {
  const group = await findJoinableGroup(db, params.groupId);
  if (!group) throw notFound('Group not found.');
  if (group.coachId === caller.user.id) throw badRequest('You cannot join your own organization as a client.');
  await moveClient(db, caller.user.id, { coachId: group.coachId, groupId: group.groupId, actedBy: caller.user.id });
  // A new coach, as with AssignCoachToUser: checkouts of plans no longer for sale are closed once this has committed.
  closeCheckoutsNoLongerForSaleAfterCommit(app, reply, caller.user.id);
  return { groupGuid: group.groupId, coachGuid: group.coachId };
}

export async function addNewOrganization({ params, caller, db }: Call<'addNewOrganization'>): Promise<Output<'addNewOrganization'>> {
  return createOrganization(db, caller.user.id, params.name);
}

/** Held FOR SHARE: deleted at the same moment, the organization is found by one of the two only. */
export async function addNewGroup({ params, caller, db }: Call<'addNewGroup'>): Promise<Output<'addNewGroup'>> {
  const organization = await requireOrganizationOf(db, caller.user.id, params.organizationGuid, 'share');
  return createGroup(db, organization, params.groupName);
}

export async function deleteOrganization({ params, caller, db }: Call<'deleteOrganization'>): Promise<Output<'deleteOrganization'>> {
  return removeOrganization(db, caller.user.id, params.organizationGuid);
}

export async function deleteGroup({ params, caller, db }: Call<'deleteGroup'>): Promise<Output<'deleteGroup'>> {
  return removeGroup(db, caller.user.id, params.groupGuid);
}

export const organizationHandlers = {
  getNoCoachOrganizations,
  getGroupsByOrganization,
  assignGroupToUser,
  addNewOrganization,
  addNewGroup,
  deleteOrganization,
  deleteGroup,
};
