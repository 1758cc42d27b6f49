/**
 * Reads of the journey screens (spec 01 §7). Answers and results depend on the caller's latest
 * assessment, so those queries are fetched fresh on every visit (`perVisit`) rather than served
 * from a cache that may belong to an earlier assessment.
 */
import type { PreviousLifeData } from '@bloom/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import {
  eightPetalQuery,
  JOURNEY_QUERY_KEY,
  latestAssessmentQuery,
  moduleQuestionsQuery,
  perVisit,
  positivityPotentialQuery,
  resultsCoverageQuery,
  summaryTextQuery,
} from './arrival-reads';

export {
  eightPetalQuery,
  JOURNEY_QUERY_KEY,
  latestAssessmentQuery,
  moduleQuestionsQuery,
  positivityPotentialQuery,
  resultsCoverageQuery,
  startRapidPageRequests,
  startResultsPageRequests,
  summaryTextQuery,
} from './arrival-reads';

/** Content that is the same for everyone during a visit. */
const content = { staleTime: 5 * 60_000 } as const;

export const moduleDetailQuery = (moduleName: string) =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'module', moduleName.toLowerCase()],
    queryFn: () => api.getModuleByName({ name: moduleName }),
    ...content,
  });

export const petalQuestionsQuery = (petalName: string) =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'petalQuestions', petalName.toLowerCase()],
    queryFn: () => api.getPetalQuestions({ petal: petalName }),
    ...perVisit,
  });

export const petalResultsQuery = (petalName: string) =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'petalResults', petalName.toLowerCase()],
    queryFn: () => api.getPetalResults({ petal: petalName }),
    ...perVisit,
  });

export const moduleResultsQuery = (moduleName: string) =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'moduleResults', moduleName.toLowerCase()],
    queryFn: () => api.getModuleResults({ module: moduleName }),
    ...perVisit,
  });

export const fourPetalQuery = (isExperience: boolean) =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'fourPetal', isExperience],
    queryFn: () => api.getFourPetalData({ isExperience: isExperience ? 'true' : 'false' }),
    ...perVisit,
  });

export const lifeSituationsFormQuery = () =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'lifeSituationsForm'],
    queryFn: () => api.getLifeSituationsForm(),
    ...content,
  });

/** The person's last life situations, to prefill the form; a failed read only means no prefill. */
export const previousLifeDataQuery = () =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'previousLifeData'],
    queryFn: async (): Promise<PreviousLifeData> => {
      try {
        return await api.getPreviousLifeData();
      } catch (error) {
        console.error('Could not read the last life situations; the form starts empty.', error);
        return { lifeData: null, savedAt: null };
      }
    },
    ...perVisit,
  });

export const testimonialsQuery = () =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'testimonials'],
    queryFn: () => api.getTestimonials(),
    ...content,
  });

export const siteContentQuery = () =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'siteContent'],
    queryFn: () => api.getSiteContent(),
    ...content,
  });

export const individualDifferencesQuery = (assessmentId: string | undefined) =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, 'individualDifferences', assessmentId],
    queryFn: () => api.getIndividualDifferences({ assessmentId: assessmentId ?? '' }),
    enabled: assessmentId !== undefined,
    ...perVisit,
  });

export const useModuleQuestions = (moduleName: string) => useQuery(moduleQuestionsQuery(moduleName));
export const useModuleDetail = (moduleName: string) => useQuery(moduleDetailQuery(moduleName));
export const usePetalQuestions = (petalName: string) => useQuery(petalQuestionsQuery(petalName));
export const usePetalResults = (petalName: string) => useQuery(petalResultsQuery(petalName));
export const useModuleResults = (moduleName: string) => useQuery(moduleResultsQuery(moduleName));
export const useEightPetalData = () => useQuery(eightPetalQuery());
export const usePositivityPotential = () => useQuery(positivityPotentialQuery());
export const useSummaryText = () => useQuery(summaryTextQuery());
export const useLifeSituationsForm = () => useQuery(lifeSituationsFormQuery());
export const usePreviousLifeData = () => useQuery(previousLifeDataQuery());
/** `enabled: false` holds the read back (content far below the fold waits until the page above it is shown). */
export const useTestimonials = (enabled = true) => useQuery({ ...testimonialsQuery(), enabled });
export const useSiteContent = (enabled = true) => useQuery({ ...siteContentQuery(), enabled });
export const useLatestAssessment = () => useQuery(latestAssessmentQuery());
export const useResultsCoverage = () => useQuery(resultsCoverageQuery());
export const useIndividualDifferences = (assessmentId: string | undefined) => useQuery(individualDifferencesQuery(assessmentId));

/** Four-petal data for Experiences or Feelings; Energy has no four-petal chart. */
export function useFourPetalData(moduleName: string) {
  const name = moduleName.toLowerCase();
  return useQuery({ ...fourPetalQuery(name === 'experiences'), enabled: name === 'experiences' || name === 'feelings' });
}
