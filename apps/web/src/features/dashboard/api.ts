import type { Assessment, CoachAccount, CoachListItem, PendingPreGrantRequest, PreGrantAnswer, SiteLinks } from '@bloom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';

/** Calls of the member dashboard (spec 02 §7). */
const segment = (value: string) => encodeURIComponent(value);

async function list<T>(path: string): Promise<T[]> {
  return (await apiGet<T[]>(path)) ?? [];
}

export const assessmentsQuery = queryOptions({
  queryKey: ['dashboard', 'assessments'],
  queryFn: () => list<Assessment>('/api/user/GetAllAssessments'),
  staleTime: 0,
});

export const siteLinksQuery = queryOptions({
  queryKey: ['dashboard', 'site-links'],
  queryFn: () => apiGet<SiteLinks>('/api/data/GetSiteLinks'),
  staleTime: 5 * 60_000,
});

export const coachListQuery = queryOptions({
  queryKey: ['dashboard', 'coaches'],
  queryFn: () => list<CoachListItem>('/api/coach/GetCoachList'),
  staleTime: 60_000,
});

/** Every coach account, with whether an admin has approved (vetted) it: admins only. */
export const coachAccountsQuery = queryOptions({
  queryKey: ['dashboard', 'coach-accounts'],
  queryFn: () => list<CoachAccount>('/api/admin/Coaches'),
  staleTime: 0,
});

/** The coach's open "Grant all?" request, for the client to confirm or decline (decision 0020). */
export const preGrantRequestQuery = queryOptions({
  queryKey: ['dashboard', 'pre-grant-request'],
  queryFn: async () => (await apiGet<PendingPreGrantRequest>('/api/user/GetPreGrantRequest'))?.request ?? null,
  staleTime: 0,
});
export const answerPreGrantRequest = (requestId: string, confirm: boolean) =>
  apiPost<PreGrantAnswer>(`/api/user/${confirm ? 'Confirm' : 'Decline'}PreGrantRequest/${segment(requestId)}`);

export const grantCoachAccess = (assessmentId: string) => apiPost<Assessment>(`/api/user/SetCoachAccessGranted/${segment(assessmentId)}`);
export const assignCoach = (coachId: string) => apiPost(`/api/coach/AssignCoachToUser/${segment(coachId)}`);
export const unassignCoach = (userId: string) => apiPost(`/api/coach/UnassignCoachFromUser/${segment(userId)}`);
export const approveCoach = (userId: string) => apiPost(`/api/admin/ApproveCoach/${segment(userId)}`);
export const revokeCoachApproval = (userId: string) => apiPost(`/api/admin/RevokeCoachApproval/${segment(userId)}`);

/**
 * Downloads the admin export and saves it as data.csv. The browser holds the file only
 * while handing it to the save dialog; the object URL is released straight after.
 */
export async function downloadExport(fileName: string): Promise<void> {
  const response = await fetch('/api/data/ExportCsv', { credentials: 'same-origin', headers: { accept: 'text/csv' } });
  if (!response.ok) throw new Error(`Export failed with status ${response.status}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
