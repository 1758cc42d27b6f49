/**
 * Reads of the progress pages and the instrument page (DESIGN §13, §15), through the typed
 * client. Progress is personal and changes with each assessment: fetched fresh on every visit.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, apiUrl } from '../../../lib/api-client';

const perVisit = { staleTime: 0, gcTime: 0, retry: false } as const;

export const progressQuery = queryOptions({
  queryKey: ['progress', 'own'],
  queryFn: () => api.getProgress(),
  ...perVisit,
});

export const clientProgressQuery = (clientId: string) =>
  queryOptions({
    queryKey: ['progress', 'client', clientId],
    queryFn: () => api.getClientProgress({ clientId }),
    ...perVisit,
  });

export const instrumentStatisticsQuery = queryOptions({
  queryKey: ['progress', 'instrument-statistics'],
  queryFn: () => api.getInstrumentStatistics(),
  ...perVisit,
});

/** The research export's address: a plain link lets the browser stream the CSV to disk. */
export const researchExportUrl = (): string => apiUrl('exportResearchData');
