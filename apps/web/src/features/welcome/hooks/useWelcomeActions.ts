import { useEffect, useState } from 'react';
import { useStartAssessment } from '../../../hooks/useStartAssessment';
import { startLogin, type LoginFlow, type LoginIntent } from '../../../lib/login';
import type { WelcomeAction } from '../../../content/welcome';

export interface WelcomeActions {
  runMain: () => void;
  mainBusy: boolean;
  logIn: () => void;
  logInBusy: boolean;
}

/** Wires a welcome page's buttons to spec 01 §4 "Guest start" and the sign-in hand-offs. */
export function useWelcomeActions(action: WelcomeAction): WelcomeActions {
  const { startRapid, startProfessional, pending } = useStartAssessment();
  const [loginPending, setLoginPending] = useState<LoginFlow | null>(null);

  // Coming "Back" from the sign-in page restores this page from the back-forward cache: re-enable the buttons.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setLoginPending(null);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const login = (flow: LoginFlow, intent: LoginIntent) => {
    if (loginPending) return;
    setLoginPending(flow);
    startLogin(flow, intent).catch((error: unknown) => {
      console.error(`Could not start the ${flow} sign-in`, error);
      setLoginPending(null);
    });
    // On success the browser leaves the page, so the button stays busy.
  };

  const runMain = () => {
    if (action === 'startRapid') void startRapid();
    else if (action === 'startProfessional') void startProfessional();
    // "Client Signup / Login": people arrive from their coach's link, mostly without an account.
    else login('Client', 'sign-up');
  };

  return {
    runMain,
    mainBusy: pending !== null || loginPending === 'Client' || loginPending === 'Professional',
    logIn: () => login('Beginning', 'log-in'),
    logInBusy: loginPending === 'Beginning',
  };
}
