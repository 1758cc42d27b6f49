import type { Assessment, CoachDashboardEntry, PersonName } from '@bloom/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { EnergyChartItem } from '../../components/charts';
import { apiGet, apiPost } from '../../lib/api';

/** Calls of the coach screens (spec 02 §7). The web app may not import the domain package, so the shapes it renders are restated here. */
const segment = (value: string) => encodeURIComponent(value);

async function required<T>(path: string): Promise<T> {
  const data = await apiGet<T>(path);
  if (data === null) throw new Error(`${path} returned no data`);
  return data;
}

export const coachDashboardQuery = queryOptions({
  queryKey: ['coach', 'dashboard'],
  queryFn: async () => (await apiGet<CoachDashboardEntry[]>('/api/coach/GetAssessmentsByCoach')) ?? [],
  staleTime: 0,
});

export const saveCoachName = (name: PersonName) => apiPost<PersonName>('/api/coach/SetCoachName', name);
export const grantClientAccess = (assessmentId: string) => apiPost(`/api/user/SetClientAccessGranted/${segment(assessmentId)}`);

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
const report = <T>(name: string, path: (id: string) => string) => (assessmentId: string) =>
  queryOptions({ queryKey: ['coach', 'supplement', name, assessmentId], queryFn: () => required<T>(path(segment(assessmentId))), ...perVisit });

export const supplementQueries = {
  assessment: report<Assessment>('assessment', (id) => `/api/user/GetAssessmentById/${id}`),
  lifeData: report<LifeDataView>('life-data', (id) => `/api/user/LifeDataByAssessment/${id}`),
  scores: report<ScoreRowView[]>('scores', (id) => `/api/data/GetAssessmentScores/${id}`),
  energy: report<EnergyChartItem[]>('energy', (id) => `/api/data/GetEnergyChartData/${id}`),
  overview: report<CoachOverview>('overview', (id) => `/api/data/GetCoachAssessmentOverview/${id}`),
  comprehensive: report<CoachComprehensive>('comprehensive', (id) => `/api/data/GetCoachComprehensive/${id}`),
};
