import { useStartAssessment } from '../../../hooks/useStartAssessment';
import type { WelcomeAction } from '../../../content/welcome';

export interface WelcomeActions {
  runMain: () => void;
  mainBusy: boolean;
  logIn: () => void;
  logInBusy: boolean;
}

/** Wires a welcome page's buttons to spec 01 §4 "Guest start" and the sign-in hand-offs. */
export function useWelcomeActions(action: WelcomeAction): WelcomeActions {
  // One sign-in starter for the whole page, shared with the newcomer's Professional start.
  const { startRapid, startProfessional, pending, signIn } = useStartAssessment();

  const runMain = () => {
    if (action === 'startRapid') void startRapid();
    else if (action === 'startProfessional') void startProfessional();
    // "Client Signup / Login": people arrive from their coach's link, mostly without an account.
    else signIn.start('Client', 'sign-up');
  };

  return {
    runMain,
    mainBusy: pending !== null || signIn.busy === 'Client',
    logIn: () => signIn.start('Beginning', 'log-in'),
    logInBusy: signIn.busy === 'Beginning',
  };
}
