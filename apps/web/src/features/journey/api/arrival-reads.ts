/**
 * The journey reads that the route map starts as navigation to a page begins (before the page's
 * code has arrived), with the query options they share with the pages. Apart from queries.ts so
 * that the entry, which holds the route map, carries only these and not every journey query.
 */
import type { EndpointName } from '@bloom/contracts';
import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import type { ApiResult } from '../../../lib/api-client';
import { answeredEarly, getEarly, getRequired, startEarly } from '../../../lib/early-requests';
import { findModule } from '../logic/navigation';
import { RESULTS_PAGE_READS, type ResultsPageRead } from './early-reads';
import type { ModuleSummary } from './types';

/** Prefix of every journey query, so a save can refresh them all. */
export const JOURNEY_QUERY_KEY = ['journey'] as const;

/** Fetched once per page visit, dropped when the page unmounts. */
export const perVisit = { staleTime: Infinity, gcTime: 0 } as const;

/**
 * A query's `initialData`: the answer of the read the route started on arrival, if it is already
 * here, in the shape the query's own `queryFn` gives (undefined: the query asks as usual). The
 * results page then draws its summary in its first render rather than a loading line first.
 */
const arrivedEarly =
  <N extends EndpointName, T>(name: N, shape: (value: ApiResult<N>) => T | undefined) =>
  (): T | undefined => {
    const answer = answeredEarly(name);
    return answer && shape(answer.value);
  };
const asData = <T>(value: T | null): T | undefined => value ?? undefined;

export const moduleQuestionsQuery = (moduleName: string) =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'moduleQuestions', moduleName.toLowerCase()],
    queryFn: () => getRequired('getModuleQuestions', { module: moduleName }),
    ...perVisit,
  });

export const eightPetalQuery = () =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'eightPetal'],
    queryFn: () => getRequired('getEightPetalData'),
    initialData: arrivedEarly('getEightPetalData', asData),
    ...perVisit,
  });

export const positivityPotentialQuery = () =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'positivityPotential'],
    queryFn: () => getRequired('getPositivityPotential'),
    initialData: arrivedEarly('getPositivityPotential', asData),
    ...perVisit,
  });

const summaryOf = (text: ApiResult<'getSummaryText'>) => String(text ?? '');
export const summaryTextQuery = () =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'summaryText'],
    queryFn: async () => summaryOf(await getEarly('getSummaryText')),
    initialData: arrivedEarly('getSummaryText', summaryOf),
    ...perVisit,
  });

/** Whether the latest assessment has results under the coverage rule, and what it still needs. */
export const resultsCoverageQuery = () =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'resultsCoverage'],
    queryFn: () => getEarly('getResultsCoverage'),
    initialData: arrivedEarly('getResultsCoverage', (coverage) => coverage),
    ...perVisit,
  });

/** The caller's newest assessment, or null when there is none (the server answers 404). */
export const latestAssessmentQuery = () =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'latestAssessment'],
    queryFn: async () => {
      try {
        return await getEarly('getLatestAssessment');
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return null;
        throw error;
      }
    },
    initialData: arrivedEarly('getLatestAssessment', (assessment) => assessment),
    ...perVisit,
  });

/** Whether the read is being asked now (the page will join it rather than ask again). */
const underWay = (queryClient: QueryClient, queryKey: QueryKey) => queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching';

/**
 * Called when navigation to /YourLifeLotus begins: starts the results page's per-visit reads
 * (the ones it always makes) while its code downloads. A per-visit read the page before left
 * cached is not the page's to use (lib/query-client.ts drops it when the page asks, decision
 * 0088), so only a read under way is left to the page, as is the shared content (testimonials,
 * site content, cached for minutes): the page makes exactly the calls it would have made.
 */
export function startResultsPageRequests(queryClient: QueryClient): void {
  const queryKeyOf: Record<ResultsPageRead, QueryKey> = {
    getSummaryText: summaryTextQuery().queryKey,
    getEightPetalData: eightPetalQuery().queryKey,
    getPositivityPotential: positivityPotentialQuery().queryKey,
    getLatestAssessment: latestAssessmentQuery().queryKey,
    getResultsCoverage: resultsCoverageQuery().queryKey,
  };
  for (const name of RESULTS_PAGE_READS) if (!underWay(queryClient, queryKeyOf[name])) startEarly(name);
}

/**
 * Called when navigation to a Rapid question page begins: starts its questions read while its
 * code downloads, for a module the modules list names (spelt as the list spells it, as the page
 * asks), unless that read is under way.
 */
export function startRapidPageRequests(queryClient: QueryClient, modules: readonly ModuleSummary[], moduleName: string | undefined): void {
  const module = findModule(modules, moduleName);
  if (module && !underWay(queryClient, moduleQuestionsQuery(module.moduleName).queryKey)) startEarly('getModuleQuestions', { module: module.moduleName });
}
