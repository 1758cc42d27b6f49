import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { ClientBoard } from './logic/zones';

/** Calls of client management (spec 02 §7). */

/** The board as the server has it now. */
export const readBoard = async (): Promise<ClientBoard> => {
  const [organizations, independent] = await Promise.all([api.getOrganizationsByCoach(), api.getClientsWithNoOrg()]);
  return { organizations, independent };
};

export const clientBoardQuery = queryOptions({
  queryKey: ['client-management', 'board'],
  queryFn: readBoard,
  staleTime: 0,
});

/** Without a group the client becomes independent (spec 02 §7). */
export const assignToGroup = (userId: string, groupGuid: string | null) =>
  groupGuid ? api.assignUserToNewGroup({ userId, groupGuid }) : api.makeClientIndependent({ userId });
export const setAccessPreGranted = (userId: string, granted: boolean) => api.setUserAccessPreGranted({ userId, value: granted ? 'true' : 'false' });
export const removeClient = (userId: string) => api.unassignCoachFromUser({ userId });
export const addOrganization = (name: string) => api.addNewOrganization({ name: name.trim() });
export const addGroup = (organizationGuid: string, name: string) => api.addNewGroup({ organizationGuid, groupName: name.trim() });
export const deleteOrganization = (organizationGuid: string) => api.deleteOrganization({ organizationGuid });
export const deleteGroup = (groupGuid: string) => api.deleteGroup({ groupGuid });
