import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { followRedirect } from '../lib/login';
import { forgetThisPersonsTabState } from '../lib/session-storage';
import { CURRENT_USER_QUERY_KEY, currentUserQuery } from './useCurrentUser';
import { modulesQueryOptions } from './useModules';
import { useNavigateWhenShown } from './useNavigateWhenShown';

/** Reads the same for everyone, never forgotten: who is signed in, and the modules list the shell cannot draw without. */
const SHARED_READS: unknown[] = [CURRENT_USER_QUERY_KEY[0], modulesQueryOptions.queryKey[0]];

/**
 * Forgets the reads of the tab (the log-out and the account's deletion): what the person's pages
 * read is theirs, not for whoever uses the browser next, who would see it drawn again by Back
 * until the page's read answered. Only reads no page is watching, unless `watchedToo`: a watched
 * one taken from under the page showing it (the shell, the welcome page) would be asked again.
 */
export const forgetThisPersonsReads = (client: QueryClient, watchedToo = false) =>
  client.removeQueries({ predicate: (query) => !SHARED_READS.includes(query.queryKey[0]) && (watchedToo || !query.getObserversCount()) });

export interface Logout {
  /** Resolves once the log-out has succeeded or failed; a failure is in `isError` and `error`, never thrown. */
  logOut: () => Promise<void>;
  isPending: boolean;
  /**
   * The latest log-out failed (offline, a timeout, a server fault): the person is still logged in,
   * and the page offering Log out says so beside the button, which stays there to try again.
   * Cleared when Log out is pressed again.
   */
  isError: boolean;
  error: Error | null;
}

/**
 * Spec 02 "Log out": POST /api/auth/LogOut, then back to the welcome page. With an external
 * provider the answer names its end-session address instead: the browser goes there, the
 * provider ends its own session and sends it back to the welcome page (decision 0033).
 *
 * The page being left keeps its user until it is gone: told "nobody" first, a members-only page
 * would say "Please log in to see your dashboard" (or "This page is for coaches") while the
 * browser moves on. So the welcome page is told nobody is signed in, the browser goes there,
 * and only then does every other path forget the user.
 *
 * A failure is the page's to show (`isError`): offline, calls fail at once rather than wait for the
 * connection (networkMode 'always', lib/query-client.ts), and a press that only logged its failure
 * would leave someone who walks away from a shared computer logged in without being told.
 */
export function useLogout(): Logout {
  const navigate = useNavigateWhenShown();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => api.logOut(),
    onSuccess: async (result) => {
      // Answers a question page kept for a sign-in, and a coach's invitation link kept for one, are this
      // person's: not for whoever uses the browser next (the next sign-up through "Client Signup / Login"
      // would accept the link, and use it up for the person it was sent to).
      // A journey page opened next in this tab then starts a guest, as after a new tab.
      forgetThisPersonsTabState();
      if (result?.redirectUrl) {
        // Brought back from the back-forward cache after leaving for the provider: nobody is signed in any more.
        const forget = (event: PageTransitionEvent) => {
          if (event.persisted) void queryClient.resetQueries({ queryKey: CURRENT_USER_QUERY_KEY });
        };
        window.addEventListener('pageshow', forget, { once: true });
        return followRedirect({ redirectUrl: result.redirectUrl });
      }
      queryClient.setQueryData(currentUserQuery('/').queryKey, null);
      await navigate('/');
      forgetThisPersonsReads(queryClient);
      queryClient.setQueriesData({ queryKey: CURRENT_USER_QUERY_KEY }, null);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      // The page left has let go of its reads by now (its effects run after the next page is shown).
      forgetThisPersonsReads(queryClient);
    },
    onError: (error) => console.error('Log out failed', error),
  });
  return {
    logOut: async () => {
      await mutation.mutateAsync().catch(() => undefined);
    },
    isPending: mutation.isPending,
    isError: mutation.isError,
    error: mutation.error,
  };
}
