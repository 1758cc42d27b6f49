import { api } from './api-client';
import { getStoredReferrer } from './referrer';

/**
 * Spec 01 §4 "Guest start": continues as a guest when nobody is signed in, then creates a Rapid
 * assessment. Used by the start buttons (useStartAssessment) and by a Rapid question page opened
 * with no session (DESIGN.md §11), which needs nothing else of those buttons (their sign-in).
 */
export async function beginRapidAssessment(signedIn: boolean): Promise<void> {
  if (!signedIn) await api.continueAsGuest({ body: { referrer: getStoredReferrer() } });
  await api.createNewAssessment({ type: 'Rapid' });
}
