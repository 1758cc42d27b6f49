import { useEffect, useState } from 'react';
import { startLogin, type LoginFlow, type LoginIntent } from '../lib/login';
import { useFocusBack } from './useFocusBack';

export interface SignInStarter {
  /**
   * Starts `flow`'s sign-in unless one is under way; on success the browser leaves the page. With
   * `returnHere` the finished sign-in comes back to this page (lib/login.ts `startLogin`).
   */
  start: (flow: LoginFlow, intent?: LoginIntent, returnHere?: boolean) => void;
  /** The flow being started, for its button's spinner: it stays until the browser has left. */
  busy: LoginFlow | null;
  /**
   * Why the latest start failed, cleared when the person tries again. Spec 01 §8 and 02 §8: a failed
   * call is logged only, so pages ignore it; only the report's access message and the upsell,
   * which always have, say that the sign-in could not start.
   */
  failed: Error | null;
}

/**
 * The one way a button starts a sign-in (lib/login.ts `startLogin`): busy until the browser
 * leaves; when asking the server for the provider's address fails, logged and idle again, with
 * focus back on the pressed button.
 */
export function useSignInStarter(): SignInStarter {
  const [busy, setBusy] = useState<LoginFlow | null>(null);
  const [failed, setFailed] = useState<Error | null>(null);
  // The pressed button loses focus while it is busy (disabled): a keyboard user gets it back on a failure.
  const focus = useFocusBack();

  // Coming "Back" from the provider restores the page from the back-forward cache, still busy: re-enable it.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setBusy(null);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const start = (flow: LoginFlow, intent?: LoginIntent, returnHere = false) => {
    if (busy) return;
    focus.remember();
    setBusy(flow);
    setFailed(null);
    startLogin(flow, intent, returnHere).catch((error: unknown) => {
      console.error(`Could not start the ${flow} sign-in`, error);
      setBusy(null);
      setFailed(error instanceof Error ? error : new Error(String(error)));
      focus.giveBack();
    });
  };

  return { start, busy, failed };
}
