import type { PersonName } from '@bloom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Calls of the coach screens (spec 02 §7). The web app may not import the domain package, so the shapes it renders are restated here. */

export const coachDashboardQuery = queryOptions({
  queryKey: ['coach', 'dashboard'],
  queryFn: () => api.getAssessmentsByCoach(),
  staleTime: 0,
});

export const saveCoachName = (name: PersonName) => api.setCoachName({ body: name });
export const grantClientAccess = (assessmentId: string) => api.setClientAccessGranted({ assessmentId });

export interface LifeDataView {
  gender: string;
  age: number;
  relationshipStatus: string;
  parentingStatus: string;
  employmentStatus: string;
  income: string;
  stressfulEvents: string;
}

export interface ScoreRowView {
  category: string;
  scoreType: string;
  score: number | null;
}

export interface OverviewItem {
  wellspringEnergy: string;
  wellspringName: string;
  responseText: string;
  average: number | null;
}

export interface CoachOverview {
  activity: OverviewItem[];
  excitement: OverviewItem[];
  experiences: OverviewItem[];
  feelings: OverviewItem[];
}

export interface ComprehensivePetal {
  displayName: string;
  average: number | null;
  wellsprings: {
    wellspringName: string;
    averageText: string;
    average: number | null;
    questions: { description: string; responseText: string; response: number | null }[];
  }[];
}

export interface CoachComprehensive {
  experiences: ComprehensivePetal[];
  feelings: ComprehensivePetal[];
}

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
