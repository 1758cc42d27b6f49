/**
 * Writes of the journey screens (spec 01 §7). Spec 01 §8: a failed save of responses is ignored
 * and the flow continues; other failures are logged only. Each hook therefore resolves even when
 * the call fails, and the caller simply moves on.
 */
import type { LifeData, SavedResponse } from '@bloom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { CURRENT_USER_QUERY_KEY } from '../../../hooks/useCurrentUser';
import { JOURNEY_QUERY_KEY } from './queries';

async function logFailure(what: string, call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    console.error(`${what} failed`, error);
    return false;
  }
}

/** POST /api/user/SaveQuestionResponse with the page's answers. */
export function useSaveResponses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (responses: SavedResponse[]) =>
      responses.length === 0
        ? Promise.resolve(true)
        : logFailure('Saving responses', () => apiPost('/api/user/SaveQuestionResponse', responses)),
    // Results and charts are computed from the answers just saved: mark them stale, but do not
    // refetch the page being left.
    onSettled: () => queryClient.invalidateQueries({ queryKey: JOURNEY_QUERY_KEY, refetchType: 'none' }),
  });
}

/** POST /api/user/SaveResearchOptIn/{true|false}. */
export function useSaveResearchOptIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optIn: boolean) => logFailure('Saving the research choice', () => apiPost(`/api/user/SaveResearchOptIn/${optIn}`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}

/** POST /api/user/SaveLifeData. */
export function useSaveLifeData() {
  return useMutation({
    mutationFn: (data: LifeData) => logFailure('Saving life situations', () => apiPost('/api/user/SaveLifeData', data)),
  });
}

/** POST /api/user/SetCoachAccessGranted/{assessmentId}; resolves to whether it succeeded. */
export function useSendResultsToCoach() {
  return useMutation({
    mutationFn: (assessmentId: string) =>
      logFailure('Sending results to the coach', () => apiPost(`/api/user/SetCoachAccessGranted/${encodeURIComponent(assessmentId)}`)),
  });
}
