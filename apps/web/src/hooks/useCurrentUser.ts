import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@bloom/contracts';
import { useLocation } from '../lib/router';
import { api } from '../lib/api-client';

/** Prefix of every current-user query; invalidate it after sign-in, guest start or log-out. */
export const CURRENT_USER_QUERY_KEY = ['currentUser'] as const;
export const GUEST_USER_NAME = 'Guest';

export interface CurrentUserState {
  /** The signed-in user (a guest included), or null when nobody is signed in. */
  user: CurrentUser | null;
  /** Signed in with an account (not a guest). */
  isMember: boolean;
  isGuest: boolean;
  /** True only until the first answer arrives. */
  isLoading: boolean;
}

/** Spec 01 §7: a failed lookup is logged and treated as "nobody is signed in". */
async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.getCurrentUser();
  } catch (error) {
    console.error('Could not load the current user; continuing as signed out.', error);
    return null;
  }
}

/**
 * The current user, looked up again on every route change (spec 01 §7): the
 * query is keyed by the path, and the previous answer stays on screen while
 * the new one loads so nothing flickers. Within one visit to a path the answer
 * holds (a page asking too does not ask the server again); it is dropped as
 * soon as the path is left, so the next visit asks afresh.
 */
export function useCurrentUser(): CurrentUserState {
  const { pathname } = useLocation();
  const query = useQuery({
    queryKey: [...CURRENT_USER_QUERY_KEY, pathname.toLowerCase()],
    queryFn: fetchCurrentUser,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 0,
  });
  const user = query.data ?? null;
  const isGuest = user?.userName === GUEST_USER_NAME;
  return { user, isGuest, isMember: user !== null && !isGuest, isLoading: query.isPending };
}
