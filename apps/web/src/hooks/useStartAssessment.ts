import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api-client';
import { beginRapidAssessment } from '../lib/begin-rapid-assessment';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from './useCurrentUser';
import { useFocusBack } from './useFocusBack';
import { useNavigateWhenShown } from './useNavigateWhenShown';
import { useSignInStarter, type SignInStarter } from './useSignInStarter';

export type AssessmentKind = 'Rapid' | 'Professional';

export interface StartAssessment {
  /** Spec 01 §4 "Guest start": continues as a guest when nobody is signed in. */
  startRapid: () => Promise<void>;
  /** Members start at once; anyone else signs in first (the Professional callback creates the assessment). */
  startProfessional: () => Promise<void>;
  /** The kind being started (a newcomer's Professional while its sign-in starts too), to show a busy button; null when idle. */
  pending: AssessmentKind | null;
  /** The sign-in a newcomer's Professional start hands over to; the page starts its own sign-ins with it too, one at a time. */
  signIn: SignInStarter;
}

export function useStartAssessment(): StartAssessment {
  const { user, isMember } = useCurrentUser();
  const navigate = useNavigateWhenShown();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<AssessmentKind | null>(null);
  const signIn = useSignInStarter();
  // The pressed Start button is disabled while busy: a keyboard user gets its focus back on a failure.
  const focus = useFocusBack();

  async function run(kind: AssessmentKind, steps: () => Promise<void>): Promise<void> {
    if (pending) return;
    focus.remember();
    setPending(kind);
    try {
      await steps();
    } catch (error) {
      // Spec 01 §8: other call failures are logged only.
      console.error(`Could not start the ${kind} assessment`, error);
      focus.giveBack();
    } finally {
      setPending(null);
    }
  }

  const startRapid = () =>
    run('Rapid', async () => {
      await beginRapidAssessment(user !== null);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      await navigate('/Rapid/Experiences');
    });

  const startProfessional = async () => {
    // Members who are signed out use "Member Log In"; this button is for newcomers. The starter
    // logs a failure (spec 01 §8) and gives the pressed button back its focus.
    if (!isMember) {
      if (!pending) signIn.start('Professional', 'sign-up');
      return;
    }
    await run('Professional', async () => {
      await api.createNewAssessment({ type: 'Professional' });
      await navigate('/Pro/Experiences');
    });
  };

  return { startRapid, startProfessional, pending: pending ?? (signIn.busy === 'Professional' ? 'Professional' : null), signIn };
}
