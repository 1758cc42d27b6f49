import type { ClientUser, OrganizationWithGroups } from '@bloom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import type { ClientBoard } from './logic/zones';

/** Calls of client management (spec 02 §7). */
const segment = (value: string) => encodeURIComponent(value);

export const clientBoardQuery = queryOptions({
  queryKey: ['client-management', 'board'],
  queryFn: async (): Promise<ClientBoard> => {
    const [organizations, independent] = await Promise.all([
      apiGet<OrganizationWithGroups[]>('/api/coach/GetOrganizationsByCoach'),
      apiGet<ClientUser[]>('/api/coach/GetClientsWithNoOrg'),
    ]);
    return { organizations: organizations ?? [], independent: independent ?? [] };
  },
  staleTime: 0,
});

/** Without a group the client becomes independent (spec 02 §7). */
export const assignToGroup = (userId: string, groupGuid: string | null) =>
  apiPost(`/api/coach/AssignUserToNewGroup/${segment(userId)}${groupGuid ? `/${segment(groupGuid)}` : ''}`);
export const setAccessPreGranted = (userId: string, granted: boolean) => apiPost(`/api/coach/SetUserAccessPreGranted/${segment(userId)}/${granted}`);
export const removeClient = (userId: string) => apiPost(`/api/coach/UnassignCoachFromUser/${segment(userId)}`);
export const addOrganization = (name: string) => apiPost(`/api/organization/AddNewOrganization/${segment(name.trim())}`);
export const addGroup = (organizationGuid: string, name: string) => apiPost(`/api/organization/AddNewGroup/${segment(organizationGuid)}/${segment(name.trim())}`);
export const deleteOrganization = (organizationGuid: string) => apiPost(`/api/organization/DeleteOrganization/${segment(organizationGuid)}`);
export const deleteGroup = (groupGuid: string) => apiPost(`/api/organization/DeleteGroup/${segment(groupGuid)}`);
