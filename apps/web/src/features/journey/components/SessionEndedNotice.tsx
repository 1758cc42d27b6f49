import { useCallback, useEffect, useState } from 'react';
import { Link } from '../../../lib/router';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useSignInStarter } from '../../../hooks/useSignInStarter';
import { api } from '../../../lib/api-client';
import { forgetThisTabsJourney, JOURNEY_PERSON_KEY, KEPT_ANSWERS_KEY, readSessionValue } from '../../../lib/session-storage';
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
 * Situations' lazy import of it leaves their first paint as it is (and the results pages' too,
 * which load the sign-in block below from here, ResultsSignInLoader).
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

/**
 * Who needs a sign-in:
 * - `Professional`: a Professional question page opened with nobody signed in.
 * - `Rapid`: a Rapid question page whose member's session ended (or whose answers wait for one).
 * - `guest`: a Rapid question page whose guest's session ended.
 * - `results`: a results page read with no session (ResultsSignedOut); who this tab had signed in
 *   (JOURNEY_PERSON_KEY) says which of the above it is like. It never starts a guest, whose new
 *   assessment would have no results.
 */
export type SignInNeededKind = 'Rapid' | 'Professional' | 'guest' | 'results';

/**
 * A journey page opened with nobody signed in (inside the page's frame, drawn by the page). Here
 * rather than in SessionEnded, which the question pages load, so that the results pages can load
 * it without the question pages' own modules (their first paint would then list those apart).
 * - `Professional`: the assessment keeps its answers in an account, so a member logs in and comes
 *   back to this page (decision 0069); a newcomer starts from the Professional page, whose sign-in
 *   creates the assessment.
 * - `Rapid`: a member's page whose session ended (answers of it waiting for the sign-in, or this
 *   tab's journey had the member signed in, hooks/useJourneySession): the same log-in back to it.
 * - `guest`: this tab's journey had a guest signed in, whose session ended: it cannot be continued,
 *   so the start, as the in-page block says to a guest.
 * - `results`: a member's results page is the `Rapid` case (log in, back to the results); a guest's
 *   results went with its session, so the start; someone this tab does not know (a new tab or
 *   browser) is told there are no results without a session, and offered both.
 * `level` 2: in place of a part of a page, under the page's own heading (a chart whose read found
 * no session).
 */
export function SignInNeeded({ startPath, kind, level = 1 }: { startPath: string; kind: SignInNeededKind; level?: 1 | 2 }) {
  const signIn = useSignInStarter();
  const focusOnAppear = useCallback((node: HTMLElement | null) => node?.focus(), []);
  const person = kind === 'results' ? readSessionValue(JOURNEY_PERSON_KEY) : null;
  const guest = kind === 'guest' || person === 'guest';
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <>
      <Heading ref={focusOnAppear} tabIndex={-1} className={level === 1 ? journey.title : journey.subtitle}>
        {guest ? T.guestEndedTitle : T.signInNeededTitle}
      </Heading>
      <p>{signInNeededText(kind, person)}</p>
      {/* Centred as the page's text is, also when the two wrap onto lines of their own (a phone). */}
      <div className="bloom-cluster" style={{ justifyContent: 'center' }}>
        {!guest && (
          <Button className={primaryClass} onClick={() => signIn.start('Beginning', 'log-in', true)} busy={signIn.busy !== null}>
            {T.logIn}
          </Button>
        )}
        <Link className={secondaryLinkClass()} to={startPath} onClick={forgetThisTabsJourney}>
          {T.goToStart}
        </Link>
      </div>
    </>
  );
}

/** What SignInNeeded says; `person` is who this tab had signed in, read for a results page only. */
function signInNeededText(kind: SignInNeededKind, person: string | null): string {
  if (kind === 'results') return person === 'guest' ? T.resultsGuestSignedOut : person === 'member' ? T.signInNeededMember : T.resultsSignInNeeded;
  if (kind === 'Professional') return T.signInNeeded;
  if (kind === 'guest') return T.guestSignedOut;
  return readSessionValue(KEPT_ANSWERS_KEY) !== null ? T.signInNeededRapid : T.signInNeededMember;
}

/**
 * A results page read with no session (components/ResultsSignedOut): the whole page, as a question
 * page draws SignInNeeded, or with `part` a part of it (a chart) under the page's own heading.
 */
export function ResultsSignInNeeded({ startPath, part }: { startPath: string; part: boolean }) {
  const block = (
    <div className={journey.status}>
      <SignInNeeded startPath={startPath} kind="results" level={part ? 2 : 1} />
    </div>
  );
  return part ? (
    block
  ) : (
    <Page stack={false} className={journey.page}>
      {block}
    </Page>
  );
}
