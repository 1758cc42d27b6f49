import type { CoachClientsQuery } from '@bloom/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { coachDashboardKey } from './useDashboardOutline';
import { inTaskOfItsOwn } from '../../../lib/in-task-of-its-own';
import { clientsPageQuery, loadedClients, type ClientScope } from '../logic/client-pages';

/**
 * The loaded pages of one list (a section's clients or a search's), asked for only once `enabled`
 * (decision 0032). Keys sit under coachDashboardKey, as the outline's (useDashboardOutline),
 * so whatever refreshes the dashboard (an accepted invitation, a client moved) refreshes these.
 */
export function useClientPages(scope: ClientScope, search: string, enabled: boolean) {
  const pages = useInfiniteQuery({
    queryKey: [...coachDashboardKey, 'clients', scope, search],
    // Each in a task of its own: a dashboard's sections ask for their first pages together (inTaskOfItsOwn).
    queryFn: ({ pageParam }) => inTaskOfItsOwn(() => api.getClientsPage(clientsPageQuery(scope, search, pageParam) as CoachClientsQuery)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: 0,
    retry: false,
  });
  return { ...pages, ...loadedClients(pages.data?.pages) };
}
