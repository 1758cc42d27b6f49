import type { CurrentUser } from '@bloom/contracts';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../lib/router';
import { pathEquals } from '../lib/paths';
import { isRestorableRoute } from '../lib/progress-save';

/** Where the app was opened, before any navigation. */
const OPENED_AT = window.location.pathname;

/**
 * Spec 01 §4: someone who opens the app at "/" goes back to the last route their
 * user record remembers. Returns true until that is decided (and while the jump
 * is under way), so the shell keeps showing "Loading..." instead of flashing the welcome page.
 */
export function useRestoreLastRoute(pathname: string, user: CurrentUser | null, userKnown: boolean): boolean {
  const navigate = useNavigate();
  // Decided once, the first time the user is known; later changes (sign-in, log-out) never redirect.
  const target = useRef<string | null | undefined>(undefined);
  if (userKnown && target.current === undefined) {
    const route = user?.lastVisitedRoute;
    target.current = pathEquals(OPENED_AT, '/') && pathEquals(pathname, '/') && isRestorableRoute(route) ? route : null;
  }
  const started = useRef(false);
  // Done once the app shows the remembered route, that is, once the location it was opened at has
  // been replaced: the move is a transition that waits for the page's code, and until it lands
  // the shell keeps "Loading..." up.
  const { key } = useLocation();
  const openedKey = useRef(key);
  const arrived = key !== openedKey.current;

  useEffect(() => {
    if (!userKnown || started.current) return;
    started.current = true;
    if (target.current) void navigate(target.current, { replace: true });
  }, [userKnown, navigate]);

  return !userKnown || (Boolean(target.current) && !arrived);
}
