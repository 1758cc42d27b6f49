import { ApiError } from '../../../lib/api';

/**
 * What a failed report call means for the page (server codes in docs/decisions/0006-payments.md):
 * sign in first (401), the coach has not released it yet, the plan is not bought yet, too few
 * answers for any result (409, DESIGN.md §11), not yours or
 * not there (404), or anything else (the spec's "There was an error while creating the report.").
 */
export type ReportProblem = 'sign-in' | 'pending-coach-approval' | 'plan-locked' | 'incomplete' | 'not-found' | 'failed';

export function reportProblemOf(error: unknown): ReportProblem {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 401) return 'sign-in';
  if (error.status === 404) return 'not-found';
  if (error.status === 403 && error.code === 'pending_coach_approval') return 'pending-coach-approval';
  if (error.status === 403 && error.code === 'plan_locked') return 'plan-locked';
  if (error.status === 409 && error.code === 'incomplete_assessment') return 'incomplete';
  return 'failed';
}
