import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api-client';
import { startLogin } from '../lib/login';
import { beginRapidAssessment } from '../lib/begin-rapid-assessment';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from './useCurrentUser';
import { useNavigateWhenShown } from './useNavigateWhenShown';

export type AssessmentKind = 'Rapid' | 'Professional';

export interface StartAssessment {
  /** Spec 01 §4 "Guest start": continues as a guest when nobody is signed in. */
  startRapid: () => Promise<void>;
  /** Members start at once; anyone else signs in first (the Professional callback creates the assessment). */
  startProfessional: () => Promise<void>;
  /** The kind being started, to show a busy button; null when idle. */
  pending: AssessmentKind | null;
}

export function useStartAssessment(): StartAssessment {
  const { user, isMember } = useCurrentUser();
  const navigate = useNavigateWhenShown();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<AssessmentKind | null>(null);

  async function run(kind: AssessmentKind, steps: () => Promise<void>): Promise<void> {
    if (pending) return;
    setPending(kind);
    try {
      await steps();
    } catch (error) {
      // Spec 01 §8: other call failures are logged only.
      console.error(`Could not start the ${kind} assessment`, error);
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

  const startProfessional = () =>
    run('Professional', async () => {
      // Members who are signed out use "Member Log In"; this button is for newcomers.
      if (!isMember) return startLogin('Professional', 'sign-up');
      await api.createNewAssessment({ type: 'Professional' });
      await navigate('/Pro/Experiences');
    });

  return { startRapid, startProfessional, pending };
}
