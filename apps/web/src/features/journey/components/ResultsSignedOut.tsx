import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { ApiError } from '../../../lib/api';

/**
 * The server's "Please sign in first." (401): the read needs a session and this browser has none
 * (it ended elsewhere, by a password reset or the idle limit, or there never was one). Asking again
 * gets the same answer, so it is not a failure to retry, as no answer or a 5xx is.
 */
export const isSignedOut = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/**
 * The server's own "nobody is signed in" (204) to the page's current-user look-up, which the shell
 * has before it shows the page; not a look-up that failed, which says nothing. Some results reads
 * answer anyone (a module's or a petal's results, with no score for nobody), so the page asks this.
 */
export function useNobodySignedIn(): boolean {
  const { user, isLoading, lookupFailed } = useCurrentUser();
  return user === null && !isLoading && !lookupFailed;
}

/*
 * The journey's sign-in block (SessionEndedNotice's SignInNeeded, as the question pages show it),
 * loaded only when a read found no session, through ResultsSignInLoader, so the results pages'
 * first paint names one small chunk for it (docs/performance.md). This module is imported by the
 * three results pages that draw a chart, and by nothing else, so that it shares their chart frame's
 * chunk rather than adding one to their first paint (Individual Differences loads the block itself,
 * EnergySummary is given it by its page).
 */
const Block = lazy(async () => ({ default: (await import('./ResultsSignInLoader')).ResultsSignInLoader }));

/**
 * A results page read with no session (DESIGN.md §11): it says so and leads on, never starting a
 * guest, whose new assessment would have no results. A member whose session ended logs in and comes
 * back to this page (decision 0069); a guest's results went with its session, so the start; someone
 * this tab does not know is offered both (SessionEndedNotice's SignInNeeded, kind `results`).
 * `startPath`: where a guest, or someone with no account, begins (`/`, or `/Pro` for the
 * Professional results); `part`: in place of a part of the page (a chart), under the page's own
 * heading, rather than the whole page.
 */
export function ResultsSignedOut({ startPath, part = false }: { startPath: string; part?: boolean }) {
  return (
    <Suspense>
      <Block startPath={startPath} part={part} />
    </Suspense>
  );
}
