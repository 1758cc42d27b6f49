import { lazy, Suspense, useCallback } from 'react';
import { useLocation } from '../../../lib/router';
import { Page } from '../../../components/ui/Page';
import { SESSION_ENDED_TEXT as T } from '../content/session-ended';
import type { Answers } from '../logic/answers';
import { canKeepAnswers, keepAnswers } from '../logic/keptAnswers';
import journey from '../Journey.module.css';
import { SessionEndedNotice, SignInNeeded } from './SessionEndedNotice';

export { restoreKeptAnswers } from '../logic/keptAnswers';

// Loaded from here rather than named by the question form, whose first paint would then list its
// chunks too: a save refused because the plan was bought is rarer still than a session's end.
const AnswersKept = lazy(async () => ({ default: (await import('./AnswersKept')).AnswersKept }));

/**
 * What a question page says when its answers can no longer be saved (DESIGN.md §11). Loaded only
 * then (SessionEndedLazy), so the page's first paint does not carry it, nor the sign-in it starts.
 *
 * - The session ended, or the assessment refused the answers: the block of SessionEndedNotice, with
 *   the page's answers kept at once for a member's sign-in (logic/keptAnswers), which comes back to
 *   this page (decision 0069) on the same latest assessment: the Beginning callback creates no
 *   assessment when it returns to a page.
 * - `locked`: the assessment's plan was bought, so its answers stay as they are (AnswersKept).
 */
export function SessionEnded({ answers, startPath, locked }: { answers: Answers; startPath: string; locked: boolean }) {
  // Refused because the assessment's plan was bought (decision 0074): the session is fine, and the
  // answers stay as they are, so nothing is kept for a sign-in.
  return locked ? (
    <Suspense>
      <AnswersKept />
    </Suspense>
  ) : (
    <SessionEndedBlock answers={answers} startPath={startPath} />
  );
}

function SessionEndedBlock({ answers, startPath }: { answers: Answers; startPath: string }) {
  const { pathname } = useLocation();
  // Kept as soon as the block says the session ended, not only when "Log in to continue" is
  // pressed: a reload (or a closed and reopened tab) before that finds them, and the Rapid page
  // asks for the log-in again instead of starting a guest whose merge would strand them.
  const keep = useCallback((userId: string) => keepAnswers(pathname, userId, answers), [pathname, answers]);
  return <SessionEndedNotice startPath={startPath} keep={keep} comeBack={canKeepAnswers() ? T.comeBack : T.comeBackChooseAgain} />;
}

/** A question page that needs a sign-in before it can take answers, as the page draws it. */
export function SignInNeededPage(props: { startPath: string; kind: 'Rapid' | 'Professional' | 'guest' }) {
  return (
    <Page stack={false} className={journey.page}>
      <div className={journey.status}>
        <SignInNeeded {...props} />
      </div>
    </Page>
  );
}
