import { keepPreviousData, queryOptions, useQuery, type QueryObserverResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CurrentUser } from '@bloom/contracts';
import { useLocation } from '../lib/router';
import { api } from '../lib/api-client';
import { JOURNEY_PERSON_KEY, keepSessionValue } from '../lib/session-storage';

/** Prefix of every current-user query; invalidate it after sign-in, guest start or log-out. */
export const CURRENT_USER_QUERY_KEY = ['currentUser'] as const;
export const GUEST_USER_NAME = 'Guest';

export interface CurrentUserState {
  /** The signed-in user (a guest included), or null when nobody is signed in or the lookup failed. */
  user: CurrentUser | null;
  /** Signed in with an account (not a guest). */
  isMember: boolean;
  isGuest: boolean;
  /** True only until the first answer arrives. */
  isLoading: boolean;
  /**
   * The lookup failed, so `user` is null without anybody having said nobody is signed in. The
   * header and the like show that as signed out (spec 01 §7); nothing may start or replace a
   * session on it (a guest's start would leave the person's answers in their old assessment).
   */
  lookupFailed: boolean;
  /** Asking again after a failed lookup, until it answers. */
  lookingUp: boolean;
  /** Asks the server again; resolves to whether it answered this time. */
  lookUpAgain: () => Promise<boolean>;
}

/** A failed lookup is logged (spec 01 §7); the query keeps it apart from the server's "nobody" (204, null). */
async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const user = await api.getCurrentUser();
    // Whoever any page of this tab last had signed in, so that a Rapid page opened after their
    // session ended (from the dashboard's "Continue assessment" too) asks for the log-in instead
    // of starting a guest (features/journey/hooks/useJourneySession).
    if (user) keepSessionValue(JOURNEY_PERSON_KEY, user.userName === GUEST_USER_NAME ? 'guest' : 'member');
    return user;
  } catch (error) {
    console.error('Could not load the current user; showing the page as signed out.', error);
    throw error;
  }
}

/**
 * The current user's query at a path, looked up again on every route change (spec 01 §7): the
 * query is keyed by the path, and the previous answer stays on screen while the new one loads so
 * nothing flickers. Within one visit to a path the answer holds (a page asking too does not ask
 * the server again); it is dropped as soon as the path is left, so the next visit asks afresh.
 */
export const currentUserQuery = (pathname: string) =>
  queryOptions({
    queryKey: [...CURRENT_USER_QUERY_KEY, pathname.toLowerCase()],
    queryFn: fetchCurrentUser,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 0,
    // A failed lookup is asked again when the person says so (lookUpAgain), not by every part of
    // the page that starts using it: the shell shows the page once the lookup has answered, the
    // page's own use would ask again, and while a server keeps failing the two would take turns.
    retryOnMount: false,
  });

type LookupResult = Pick<QueryObserverResult<CurrentUser | null>, 'data' | 'errorUpdateCount' | 'isError' | 'isFetching' | 'isPending' | 'isPlaceholderData'>;

/** What the query's result says about who is signed in. */
export function readLookup(query: LookupResult): Pick<CurrentUserState, 'user' | 'isLoading' | 'lookupFailed' | 'lookingUp'> {
  // Asking again after a failure puts a lookup with no answer back to pending, where
  // keepPreviousData fills it with the previous page's user: that is still the failure (no
  // "nobody" from the server, nor anybody for this page) until the retry answers, and not the
  // first load, which holds the whole shell back.
  const failedBefore = query.errorUpdateCount > 0;
  const lookupFailed = query.isError || (failedBefore && (query.isPending || query.isPlaceholderData));
  return {
    // A failed lookup reads as "nobody" here, as spec 01 §7 has the header and buttons treat it.
    user: lookupFailed ? null : (query.data ?? null),
    isLoading: query.isPending && !failedBefore,
    lookupFailed,
    lookingUp: lookupFailed && query.isFetching,
  };
}

/** The current user (`currentUserQuery` at the page's path). */
export function useCurrentUser(): CurrentUserState {
  const { pathname } = useLocation();
  const query = useQuery(currentUserQuery(pathname));
  const lookup = readLookup(query);
  const isGuest = lookup.user?.userName === GUEST_USER_NAME;
  const { refetch } = query;
  const lookUpAgain = useCallback(async () => !(await refetch()).isError, [refetch]);
  return { ...lookup, isGuest, isMember: lookup.user !== null && !isGuest, lookUpAgain };
}
