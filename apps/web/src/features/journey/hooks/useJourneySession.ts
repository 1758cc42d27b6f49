import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../../../hooks/useCurrentUser';
import { beginRapidAssessment } from '../../../lib/begin-rapid-assessment';
import { readSessionValue } from '../../../lib/session-storage';
import { KEPT_ANSWERS_KEY } from '../logic/answerSaver';

/**
 * A question page never takes answers it cannot keep (DESIGN.md §11). Opened with no session, a
 * Rapid page starts a guest assessment first, as the Rapid start button does; a Professional page
 * needs an account, so it sends the person to its start instead. Only the server's own "nobody is
 * signed in" counts as no session: a lookup that failed says nothing, and a new assessment started
 * on it would strand the person's answers in the one they had, so the page fails and asks again.
 */
export type JourneySessionState = 'checking' | 'starting' | 'ready' | 'sign-in-needed' | 'failed';

export function useJourneySession(kind: 'Rapid' | 'Professional'): { state: JourneySessionState; retry: () => void } {
  const { user, isLoading, lookupFailed, lookingUp, lookUpAgain } = useCurrentUser();
  const queryClient = useQueryClient();
  const [start, setStart] = useState<'idle' | 'starting' | 'started' | 'failed'>('idle');
  // Also set synchronously: a strict-mode double effect runs before `start` re-renders as 'starting'.
  const starting = useRef(false);

  // Answers kept for a member's sign-in that did not finish (cancelled at the provider, timed out):
  // a guest started here would take the page, and the answers would be dropped as someone else's.
  const awaitsSignIn = kind === 'Rapid' && readSessionValue(KEPT_ANSWERS_KEY) !== null;
  const needsGuest = kind === 'Rapid' && !awaitsSignIn && !isLoading && !lookupFailed && user === null && start === 'idle';
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

  // Once the page has a session, a later lookup that fails does not take it away (its answers'
  // saves say so if the session really ended).
  const wasReady = useRef(false);
  const retry = () => (lookupFailed ? lookUpAgain() : setStart('idle'));
  if (user !== null || start === 'started' || (lookupFailed && wasReady.current)) {
    wasReady.current = true;
    return { state: 'ready', retry };
  }
  if (isLoading || lookingUp) return { state: 'checking', retry };
  if (lookupFailed) return { state: 'failed', retry };
  if (kind === 'Professional' || awaitsSignIn) return { state: 'sign-in-needed', retry };
  return { state: start === 'failed' ? 'failed' : 'starting', retry };
}
