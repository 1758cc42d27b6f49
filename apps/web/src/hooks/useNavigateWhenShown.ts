import { useCallback, useLayoutEffect } from 'react';
import { useLocation, useNavigate, type NavigateOptions, type To } from '../lib/router';

/** Callers waiting for the page they moved to to be on screen. */
const waiting: Array<() => void> = [];

/**
 * Rendered once under the router: settles the waiting moves when a new location is on screen.
 * Keyed on the location itself, not its key: Back pressed while the next page is still coming in
 * returns to the entry already on screen (same key), and the move it abandoned must settle too,
 * or the page's Next button would stay busy.
 */
export function LocationShownSignal(): null {
  const location = useLocation();
  useLayoutEffect(() => {
    for (const resolve of waiting.splice(0)) resolve();
  }, [location]);
  return null;
}

/**
 * `navigate` that settles once the next page is on screen. The router shows it in a transition,
 * after its code has downloaded; the button that started the move stays busy until then instead
 * of inviting a second click (a second assessment, a second save).
 */
export function useNavigateWhenShown(): (to: To, options?: NavigateOptions) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    (to, options) => {
      const shown = new Promise<void>((resolve) => waiting.push(resolve));
      void navigate(to, options);
      return shown;
    },
    [navigate],
  );
}
