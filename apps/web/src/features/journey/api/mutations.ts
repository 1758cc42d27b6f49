/**
 * Writes of the journey screens (spec 01 §7). Answers are the exception to spec 01 §8's "a failed
 * save is ignored": DESIGN.md §11 never lets one be lost silently. The other writes are logged
 * only: each of those hooks resolves even when the call fails, and the caller simply moves on.
 */
import type { LifeData, SavedResponse } from '@bloom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CURRENT_USER_QUERY_KEY } from '../../../hooks/useCurrentUser';

async function logFailure(what: string, call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    console.error(`${what} failed`, error);
    return false;
  }
}

/**
 * `saveQuestionResponse`. Unlike the calls below, a failure is thrown: the page keeps
 * the answer and offers a retry (DESIGN.md §11). Sent with keepalive, so a save on its way when the
 * page is reloaded or left still arrives.
 */
export async function saveResponses(responses: SavedResponse[]): Promise<void> {
  await api.saveQuestionResponse({ body: responses }, { keepalive: true });
}

/** `saveResearchOptIn` (true or false). */
export function useSaveResearchOptIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optIn: boolean) => logFailure('Saving the research choice', () => api.saveResearchOptIn({ value: optIn ? 'true' : 'false' })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}

/** `saveLifeData`. */
export function useSaveLifeData() {
  return useMutation({
    mutationFn: (data: LifeData) => logFailure('Saving life situations', () => api.saveLifeData({ body: data })),
  });
}

/** `setCoachAccessGranted` for an assessment; resolves to whether it succeeded. */
export function useSendResultsToCoach() {
  return useMutation({
    mutationFn: (assessmentId: string) =>
      logFailure('Sending results to the coach', () => api.setCoachAccessGranted({ assessmentId })),
  });
}
