import type { PersonName } from '@bloom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, apiUrl, type ApiResult } from '../../lib/api-client';
import { coachDashboardKey } from '../../lib/coach-dashboard-key';
import { inTaskOfItsOwn } from '../../lib/in-task-of-its-own';

/** Calls of the coach screens (spec 02 §7). */

/**
 * Issue 27: an organization's or a group's figures, asked for only once its section is on screen;
 * each in a task of its own, since a dashboard's sections ask for theirs together (inTaskOfItsOwn).
 * Under coachDashboardKey, as the outline and the clients' pages: what refreshes the dashboard (an
 * accepted invitation, clients moved or deleted in Client Management) asks for them afresh, so a
 * group that fell below five never keeps its old figure for the minute they are otherwise kept.
 */
const insightOptions = { staleTime: 60_000, retry: false } as const;
export const organizationInsightQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [...coachDashboardKey, 'insight', 'organization', organizationId],
    queryFn: () => inTaskOfItsOwn(() => api.getOrganizationInsight({ organizationId })),
    ...insightOptions,
  });
export const groupInsightQuery = (groupId: string) =>
  queryOptions({
    queryKey: [...coachDashboardKey, 'insight', 'group', groupId],
    queryFn: () => inTaskOfItsOwn(() => api.getGroupInsight({ groupId })),
    ...insightOptions,
  });
/** bloom-groups.csv: every organization and group by the same suppression rule (a download link). */
export const insightCsvUrl = (): string => apiUrl('exportInsightCsv');

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

/** Issue 25 §4: the coach's invitations not yet accepted, and the organizations and groups to place a person in. */
export const invitationsQuery = queryOptions({ queryKey: ['coach', 'invitations'], queryFn: () => api.getInvitations(), staleTime: 0 });
export const placementOptionsQuery = queryOptions({ queryKey: ['coach', 'organizations'], queryFn: () => api.getOrganizationsByCoach() });
export type CoachInvitationView = ApiResult<'getInvitations'>[number];
export type InviteClientInput = { email: string; firstName?: string; lastName?: string; organizationId?: string; groupId?: string };
export const inviteClient = (body: InviteClientInput) => api.inviteClient({ body });
export const resendInvitation = (invitationId: string) => api.resendInvitation({ invitationId });
export const withdrawInvitation = (invitationId: string) => api.withdrawInvitation({ invitationId });
