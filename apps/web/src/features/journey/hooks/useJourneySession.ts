import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../../../hooks/useCurrentUser';
import { beginRapidAssessment } from '../../../lib/begin-rapid-assessment';
import { readSessionValue } from '../../../lib/session-storage';
import { JOURNEY_PERSON_KEY, KEPT_ANSWERS_KEY } from '../logic/answerSaver';

/**
 * A question page never takes answers it cannot keep (DESIGN.md §11). Opened with no session, a
 * Rapid page starts a guest assessment first, as the Rapid start button does; a Professional page
 * needs an account, so it sends the person to its start instead. Only the server's own "nobody is
 * signed in" counts as no session: a lookup that failed says nothing, and a new assessment started
 * on it would strand the person's answers in the one they had, so the page fails and asks again.
 *
 * Nor does a Rapid page start a guest for someone whose session ended (a log-out in another tab, a
 * password reset, the idle limit): the guest's assessment would take the journey's next pages, and
 * the member's next sign-in would merge it in as their newest, splitting one journey across two
 * unfinished assessments (a review's find, 2026-11-27). So the tab remembers who its pages last
 * had signed in (JOURNEY_PERSON_KEY): a member gone is asked to sign in, back to this page
 * (`sign-in-needed`, decision 0069); a guest gone, who cannot be signed in to again, is told so and
 * sent to the start (`guest-ended`).
 */
export type JourneySessionState = 'checking' | 'starting' | 'ready' | 'sign-in-needed' | 'guest-ended' | 'failed';

export function useJourneySession(kind: 'Rapid' | 'Professional'): { state: JourneySessionState; retry: () => void } {
  const { user, isLoading, lookupFailed, lookingUp, lookUpAgain } = useCurrentUser();
  const queryClient = useQueryClient();
  const [start, setStart] = useState<'idle' | 'starting' | 'started' | 'failed'>('idle');
  // Also set synchronously: a strict-mode double effect runs before `start` re-renders as 'starting'.
  const starting = useRef(false);

  // Answers kept for a member's sign-in that did not finish (cancelled at the provider, timed out):
  // a guest started here would take the page, and the answers would be dropped as someone else's.
  const awaitsSignIn = kind === 'Rapid' && readSessionValue(KEPT_ANSWERS_KEY) !== null;
  // Kept by every current-user lookup of this tab (hooks/useCurrentUser).
  const before = readSessionValue(JOURNEY_PERSON_KEY);
  const needsGuest = kind === 'Rapid' && !awaitsSignIn && !before && !isLoading && !lookupFailed && user === null && start === 'idle';
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
  if (kind === 'Professional' || awaitsSignIn || before === 'member') return { state: 'sign-in-needed', retry };
  if (before) return { state: 'guest-ended', retry };
  return { state: start === 'failed' ? 'failed' : 'starting', retry };
}
