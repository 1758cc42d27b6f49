import type { PersonName } from '@bloom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { api } from '../../lib/api-client';

/** Calls of client onboarding (spec 02 §7). */
export const coachesQuery = queryOptions({
  queryKey: ['onboarding', 'coaches'],
  queryFn: () => api.getCoachList(),
});

export const organizationsQuery = queryOptions({
  queryKey: ['onboarding', 'organizations'],
  queryFn: () => api.getNoCoachOrganizations(),
});

export const groupsQuery = queryOptions({
  queryKey: ['onboarding', 'groups'],
  queryFn: () => api.getGroupsByOrganization(),
});

export const saveClientName = (name: PersonName) => api.saveClientName({ body: name });
export const post = (path: string) => apiPost(path);
