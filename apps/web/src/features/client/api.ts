import type { CoachListItem, GroupsByOrganization, OrganizationListItem, PersonName } from '@bloom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';

/** Calls of client onboarding (spec 02 §7). */
export const coachesQuery = queryOptions({
  queryKey: ['onboarding', 'coaches'],
  queryFn: async () => (await apiGet<CoachListItem[]>('/api/coach/GetCoachList')) ?? [],
});

export const organizationsQuery = queryOptions({
  queryKey: ['onboarding', 'organizations'],
  queryFn: async () => (await apiGet<OrganizationListItem[]>('/api/organization/GetNoCoachOrganizations')) ?? [],
});

export const groupsQuery = queryOptions({
  queryKey: ['onboarding', 'groups'],
  queryFn: async () => (await apiGet<GroupsByOrganization>('/api/organization/GetGroupsByOrganization')) ?? {},
});

export const saveClientName = (name: PersonName) => apiPost('/api/user/SaveClientName', name);
export const post = (path: string) => apiPost(path);
