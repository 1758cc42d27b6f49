import { queryOptions } from '@tanstack/react-query';
import { api, apiUrl } from '../../lib/api-client';

/** Calls of the member dashboard (spec 02 §7). */

/**
 * The person's assessments and progress change with each assessment: read on every visit and
 * dropped when the page is left (`gcTime: 0`, lib/query-client.ts), so the dashboard reached by
 * Back after a retake never draws the list or the change from before it.
 */
const perVisit = { staleTime: 0, gcTime: 0 } as const;

export const assessmentsQuery = queryOptions({
  queryKey: ['dashboard', 'assessments'],
  queryFn: () => api.getAllAssessments(),
  ...perVisit,
});

export const siteLinksQuery = queryOptions({
  queryKey: ['dashboard', 'site-links'],
  queryFn: () => api.getSiteLinks(),
  staleTime: 5 * 60_000,
});

/** The member's progress over time (DESIGN §13), for the glance at the latest change. */
export const progressQuery = queryOptions({
  queryKey: ['dashboard', 'progress'],
  queryFn: () => api.getProgress(),
  ...perVisit,
  retry: false,
});

export const coachListQuery = queryOptions({
  queryKey: ['dashboard', 'coaches'],
  queryFn: () => api.getCoachList(),
  staleTime: 60_000,
});

/** Every coach account, with whether an admin has approved (vetted) it: admins only. */
export const coachAccountsQuery = queryOptions({
  queryKey: ['dashboard', 'coach-accounts'],
  queryFn: () => api.coaches(),
  staleTime: 0,
});

/** The coach's open "Grant all?" request, for the client to confirm or decline (decision 0020). */
export const preGrantRequestQuery = queryOptions({
  queryKey: ['dashboard', 'pre-grant-request'],
  queryFn: async () => (await api.getPreGrantRequest()).request,
  staleTime: 0,
});
export const answerPreGrantRequest = (requestId: string, confirm: boolean) =>
  confirm ? api.confirmPreGrantRequest({ requestId }) : api.declinePreGrantRequest({ requestId });

export const grantCoachAccess = (assessmentId: string) => api.setCoachAccessGranted({ assessmentId });
/** Choosing a coach or "No Coach": the dialog needs only to know it worked. */
export async function assignCoach(coachId: string): Promise<void> {
  await api.assignCoachToUser({ coachId });
}
export async function unassignCoach(userId: string): Promise<void> {
  await api.unassignCoachFromUser({ userId });
}
export const approveCoach = (userId: string) => api.approveCoach({ userId });
export const revokeCoachApproval = (userId: string) => api.revokeCoachApproval({ userId });

/**
 * Downloads the admin export and saves it as data.csv. The browser holds the file only
 * while handing it to the save dialog; the object URL is released straight after.
 */
export async function downloadExport(fileName: string): Promise<void> {
  const response = await fetch(apiUrl('exportCsv'), { credentials: 'same-origin', headers: { accept: 'text/csv' } });
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
