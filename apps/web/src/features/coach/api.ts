import type { PersonName } from '@bloom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, type ApiResult } from '../../lib/api-client';

/** Calls of the coach screens (spec 02 §7). */

export const coachDashboardQuery = queryOptions({
  queryKey: ['coach', 'dashboard'],
  queryFn: () => api.getAssessmentsByCoach(),
  staleTime: 0,
});

export const saveCoachName = (name: PersonName) => api.setCoachName({ body: name });
export const grantClientAccess = (assessmentId: string) => api.setClientAccessGranted({ assessmentId });

/** Parts of the supplement's answers that its sections take; every shape is the endpoint table's. */
export type LifeDataView = ApiResult<'lifeDataByAssessment'>;
export type ScoreRowView = ApiResult<'getAssessmentScores'>[number];
export type CoachOverview = ApiResult<'getCoachAssessmentOverview'>;
export type OverviewItem = CoachOverview['activity'][number];
export type CoachComprehensive = ApiResult<'getCoachComprehensive'>;
export type ComprehensivePetal = CoachComprehensive['experiences'][number];

const perVisit = { staleTime: Infinity, gcTime: 0, retry: false } as const;
/** One read of the supplement, per assessment, fetched fresh on every visit. */
const report =
  <T>(name: string, read: (assessmentId: string) => Promise<T>) =>
  (assessmentId: string) =>
    queryOptions({ queryKey: ['coach', 'supplement', name, assessmentId], queryFn: () => read(assessmentId), ...perVisit });

export const supplementQueries = {
  assessment: report('assessment', (assessmentId) => api.getAssessmentById({ assessmentId })),
  lifeData: report('life-data', (assessmentId) => api.lifeDataByAssessment({ assessmentId })),
  scores: report('scores', (assessmentId) => api.getAssessmentScores({ assessmentId })),
  energy: report('energy', (assessmentId) => api.getEnergyChartData({ assessmentId })),
  overview: report('overview', (assessmentId) => api.getCoachAssessmentOverview({ assessmentId })),
  comprehensive: report('comprehensive', (assessmentId) => api.getCoachComprehensive({ assessmentId })),
};
