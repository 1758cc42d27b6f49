/**
 * Reads of the report pages. Reports are personal and change with the assessment, so they are
 * fetched fresh on every visit and dropped when the page unmounts.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getRequired, startEarly } from '../../../lib/early-requests';

const perVisit = { staleTime: Infinity, gcTime: 0, retry: false } as const;

export const profileReportQuery = (assessmentId: string) =>
  queryOptions({
    queryKey: ['reports', 'profile', assessmentId],
    queryFn: () => getRequired('getBloomProfileReport', { assessmentId }),
    ...perVisit,
  });

/** Called when navigation to a profile report begins: asks for it while the page's code downloads, unless it is cached or under way. */
export function startProfileReportRequest(queryClient: QueryClient, assessmentId: string): void {
  if (queryClient.getQueryState(profileReportQuery(assessmentId).queryKey) === undefined) startEarly('getBloomProfileReport', { assessmentId });
}

export const positivityPlanQuery = (assessmentId: string) =>
  queryOptions({
    queryKey: ['reports', 'plan', assessmentId],
    queryFn: () => api.getPositivityPlan({ assessmentId }),
    ...perVisit,
  });

export const assessmentQuery = (assessmentId: string) =>
  queryOptions({
    queryKey: ['reports', 'assessment', assessmentId],
    queryFn: () => api.getAssessmentById({ assessmentId }),
    ...perVisit,
  });

export const planPricingQuery = () =>
  queryOptions({
    queryKey: ['reports', 'pricing'],
    queryFn: () => api.getPlanPricing(),
    staleTime: 5 * 60_000,
  });
