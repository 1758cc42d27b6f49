import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../../../hooks/useCurrentUser';
import { beginRapidAssessment } from '../../../lib/begin-rapid-assessment';

/**
 * A question page never takes answers it cannot keep (DESIGN.md §11). Opened with no session, a
 * Rapid page starts a guest assessment first, as the Rapid start button does; a Professional page
 * needs an account, so it sends the person to its start instead.
 */
export type JourneySessionState = 'checking' | 'starting' | 'ready' | 'sign-in-needed' | 'failed';

export function useJourneySession(kind: 'Rapid' | 'Professional'): { state: JourneySessionState; retry: () => void } {
  const { user, isLoading } = useCurrentUser();
  const queryClient = useQueryClient();
  const [start, setStart] = useState<'idle' | 'starting' | 'started' | 'failed'>('idle');
  // Also set synchronously: a strict-mode double effect runs before `start` re-renders as 'starting'.
  const starting = useRef(false);

  const needsGuest = kind === 'Rapid' && !isLoading && user === null && start === 'idle';
  useEffect(() => {
    if (!needsGuest || starting.current) return;
    starting.current = true;
    setStart('starting');
    beginRapidAssessment(false)
      .then(async () => {
        setStart('started');
        await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      })
      .catch((error: unknown) => {
        console.error('Could not start a guest assessment', error);
        setStart('failed');
      })
      .finally(() => {
        starting.current = false;
      });
  }, [needsGuest, queryClient]);

  const retry = () => setStart('idle');
  if (user !== null || start === 'started') return { state: 'ready', retry };
  if (isLoading) return { state: 'checking', retry };
  if (kind === 'Professional') return { state: 'sign-in-needed', retry };
  return { state: start === 'failed' ? 'failed' : 'starting', retry };
}
