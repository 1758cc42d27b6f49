import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The dashboard's first read (decision 0032): its sections and their client counts. Its key sits
 * under ['coach', 'dashboard'], so whatever refreshes the dashboard (an accepted invitation, a
 * client moved) refreshes it, and the sections' pages (useClientPages) with it.
 */
export const dashboardOutlineQuery = queryOptions({
  queryKey: ['coach', 'dashboard', 'outline'],
  queryFn: () => api.getDashboardOutline(),
  staleTime: 0,
});

export const useDashboardOutline = () => useQuery(dashboardOutlineQuery);
