import { useCallback, useEffect, useState } from 'react';
import { Link } from '../../../lib/router';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useSignInStarter } from '../../../hooks/useSignInStarter';
import { api } from '../../../lib/api-client';
import { SESSION_ENDED_TEXT as T } from '../content/session-ended';
import journey from '../Journey.module.css';
import styles from './SessionEndedNotice.module.css';

// The journey's buttons (JourneyButton) drawn with the kit's Button and the journey's classes: that
// module's chunk, and the chunks it needs, would each be named in the question page's first paint,
// which loads this one lazily (SessionEndedLazy, docs/performance.md).
export const primaryClass = `${journey.button} ${journey.raised}`;
export const secondaryLinkClass = () => buttonClassName('outline', 'medium', journey.button);

interface SessionEndedNoticeProps {
  /** Where a guest, who cannot sign in again, starts over. */
  startPath: string;
  /** Keeps the page's answers for the member's sign-in, once the session is known to have ended. */
  keep?: (userId: string) => void;
  /** What the sign-in comes back to; by default the page, to be answered again. */
  comeBack?: string;
}

/**
 * What a journey page says when a save of its answers was refused for good (DESIGN.md §11): by a
 * question page (SessionEnded, which keeps its answers for the sign-in) and by Life Situations
 * (whose answers are given again on return). Loaded only then, so no page's first paint carries it,
 * nor the sign-in it starts; it imports nothing of the question pages' own code, so that Life
 * Situations' lazy import of it leaves their first paint as it is.
 *
 * It asks the server whether anybody is still signed in: the page's own answer predates the
 * failure, and is kept on purpose (a Rapid page with nobody signed in would start a guest).
 * - Nobody, and the page was a member's: "Log in to continue" starts a sign-in that comes back to
 *   this page (decision 0069).
 * - Nobody, and the page was a guest's: that guest cannot be signed in to again; the start.
 * - Still signed in: the assessment refused the answers (it is gone, or another one was started
 *   meanwhile); a member's way on is their dashboard, a guest's the start.
 */
export function SessionEndedNotice({ startPath, keep, comeBack = T.comeBackAnswerAgain }: SessionEndedNoticeProps) {
  const { user, isMember } = useCurrentUser();
  const signIn = useSignInStarter();
  const [signedOut, setSignedOut] = useState<boolean | null>(null);
  // Takes the focus: the control that had it is disabled now, and this is the way on.
  const focusOnAppear = useCallback((node: HTMLElement | null) => node?.focus(), []);

  useEffect(() => {
    let current = true;
    api
      .getCurrentUser()
      .then((now) => current && setSignedOut(now === null))
      // No answer says nothing new: the save's refusal stands for the session's end.
      .catch(() => current && setSignedOut(true));
    return () => {
      current = false;
    };
  }, []);

  const keepFor = signedOut && isMember && user ? user.id : null;
  useEffect(() => {
    if (keepFor !== null) keep?.(keepFor);
  }, [keepFor, keep]);

  if (signedOut === null) return null;

  if (signedOut && isMember && user) {
    const logIn = () => {
      keep?.(user.id);
      signIn.start('Beginning', 'log-in', true);
    };
    return (
      <div ref={focusOnAppear} tabIndex={-1} className={styles.problem} role="alert">
        <p>
          {T.memberSignedOut} {comeBack}
        </p>
        <Button className={primaryClass} onClick={logIn} busy={signIn.busy !== null}>
          {T.logIn}
        </Button>
      </div>
    );
  }

  const member = isMember && !signedOut;
  return (
    <div ref={focusOnAppear} tabIndex={-1} className={styles.problem} role="alert">
      <p>{signedOut ? T.guestSignedOut : T.notTaken}</p>
      <Link className={secondaryLinkClass()} to={member ? '/Dashboard' : startPath}>
        {member ? T.goToDashboard : T.goToStart}
      </Link>
    </div>
  );
}
