/**
 * Writes of the journey screens (spec 01 §7) other than answers and life situations
 * (api/save-responses.ts, api/save-life-data.ts, which their pages take without these hooks and
 * TanStack's useMutation). They are logged only (spec 01 §8): each hook resolves even when the
 * call fails, and the caller simply moves on.
 */
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

/** `saveResearchOptIn` (true or false). */
export function useSaveResearchOptIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optIn: boolean) => logFailure('Saving the research choice', () => api.saveResearchOptIn({ value: optIn ? 'true' : 'false' })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}

/** `setCoachAccessGranted` for an assessment; resolves to whether it succeeded. */
export function useSendResultsToCoach() {
  return useMutation({
    mutationFn: (assessmentId: string) =>
      logFailure('Sending results to the coach', () => api.setCoachAccessGranted({ assessmentId })),
  });
}
