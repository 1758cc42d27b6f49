import type { CurrentUser } from '@bloom/contracts';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { ApiError } from '../lib/api';
import { api } from '../lib/api-client';
import { shouldSaveProgress } from '../lib/progress-save';
import { whenIdle } from '../lib/when-idle';

/** Spec 01 §2: every route change starts at the top; focus moves to the new page for screen readers. */
export function useScrollToTopOnRouteChange(pathname: string, mainRef: RefObject<HTMLElement | null>): void {
  const firstRender = useRef(true);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}

/**
 * Spec 01 §4 "Progress saving": record each route for a signed-in user (guests have a user record
 * too). The save waits for the browser's first idle moment (at most a second), so it never
 * competes with the page's own reads and first paint; once due, it is sent even if the person
 * has moved on, since the route was visited.
 */
export function useSaveProgress(pathname: string, user: CurrentUser | null): void {
  const lastSaved = useRef<string | null>(null);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!userId || !shouldSaveProgress(pathname)) return;
    const key = `${userId} ${pathname}`;
    if (lastSaved.current === key) return;
    lastSaved.current = key;
    whenIdle(
      () => {
        api.saveUserProgress({ body: { route: pathname } }).catch((error: unknown) => {
          console.error('Failed to save progress', error instanceof ApiError ? error.status : error);
        });
      },
      1000,
      0,
    );
  }, [pathname, userId]);
}

/** Spec 01 §7: a referrer captured at start is saved for a signed-in user, once. */
export function useSaveReferrer(referrer: string | null, user: CurrentUser | null): void {
  const saved = useRef(false);
  const signedIn = user !== null;
  useEffect(() => {
    if (saved.current || !referrer || !signedIn) return;
    saved.current = true;
    api.saveReferrer({ referrer }).catch((error: unknown) => {
      console.error('Failed to save the referrer', error);
    });
  }, [referrer, signedIn]);
}
