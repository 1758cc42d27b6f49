import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { coachDashboardKey } from '../../../lib/coach-dashboard-key';

/**
 * Every read of the coach dashboard (its outline, its sections' pages and their figures, decision
 * 0032) sits under this key, so one invalidation refreshes them all (Client Management's too).
 */
export { coachDashboardKey };

/**
 * The dashboard's first read (decision 0032): its sections and their client counts. Its key sits
 * under coachDashboardKey, so whatever refreshes the dashboard (an accepted invitation, a
 * client moved) refreshes it, and the sections' pages (useClientPages) with it.
 */
export const dashboardOutlineQuery = queryOptions({
  queryKey: [...coachDashboardKey, 'outline'],
  queryFn: () => api.getDashboardOutline(),
  staleTime: 0,
});

export const useDashboardOutline = () => useQuery(dashboardOutlineQuery);
