import { useCallback, useLayoutEffect } from 'react';
import { useLocation, useNavigate, type NavigateOptions, type To } from 'react-router';

/** Callers waiting for the page they moved to to be on screen. */
const waiting: Array<() => void> = [];

/** Rendered once under the router: settles the waiting moves when a new location is on screen. */
export function LocationShownSignal(): null {
  const { key } = useLocation();
  useLayoutEffect(() => {
    for (const resolve of waiting.splice(0)) resolve();
  }, [key]);
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
