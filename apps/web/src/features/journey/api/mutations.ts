/**
 * Writes of the journey screens (spec 01 §7) other than answers (api/save-responses.ts, which the
 * question pages take without these hooks and TanStack's useMutation). They are logged only
 * (spec 01 §8): each hook resolves even when the call fails, and the caller simply moves on (but
 * for life situations the server keeps as they are, useSaveLifeData).
 */
import type { LifeData } from '@bloom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
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

/**
 * `saveLifeData`: resolves to `locked` when the assessment's plan was bought, so its life
 * situations stay as they are (409 answers_locked, decision 0074): the page says so instead of
 * moving on as if they were saved. Any other failure is logged only, as the hooks above do.
 */
export function useSaveLifeData() {
  return useMutation({
    mutationFn: async (data: LifeData): Promise<'saved' | 'locked' | 'failed'> => {
      try {
        await api.saveLifeData({ body: data });
        return 'saved';
      } catch (error) {
        if (error instanceof ApiError && error.code === 'answers_locked') return 'locked';
        console.error('Saving life situations failed', error);
        return 'failed';
      }
    },
  });
}

/** `setCoachAccessGranted` for an assessment; resolves to whether it succeeded. */
export function useSendResultsToCoach() {
  return useMutation({
    mutationFn: (assessmentId: string) =>
      logFailure('Sending results to the coach', () => api.setCoachAccessGranted({ assessmentId })),
  });
}
