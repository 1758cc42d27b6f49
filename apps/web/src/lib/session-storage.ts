/**
 * This tab's session storage, where the browser allows it (private modes and strict settings may
 * refuse it): a value that cannot be read is absent, and one that cannot be kept is not kept.
 */
export function readSessionValue(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`, or forgets the key when `value` is null. */
export function keepSessionValue(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Not kept: whoever reads it later finds nothing, as after a new tab.
  }
}

/** A question page's answers kept across the sign-in that comes back to it (features/journey/logic/keptAnswers.ts); log-out forgets them. */
export const KEPT_ANSWERS_KEY = 'bloom.answersKeptAtSignIn';

/**
 * A coach's invitation link kept across the sign-in round trip (lib/invitation-link.ts), and whose
 * sign-in it is kept for (lib/invitation-owner.ts); log-out forgets both.
 */
export const INVITE_KEY = 'bloom.invite';
export const INVITE_OWNER_KEY = 'bloom.invite.for';

/**
 * `member` or `guest`: whoever this tab last had signed in (kept by every current-user lookup,
 * hooks/useCurrentUser), so that a Rapid page opened after their session ended does not start a
 * guest (features/journey/hooks/useJourneySession).
 */
export const JOURNEY_PERSON_KEY = 'bloom.journeyPerson';

/**
 * What this tab keeps for the person signed in (kept answers, a kept invitation and whose it is,
 * who the journey had signed in): not for whoever uses the browser next. Log-out and account
 * deletion forget it.
 */
export function forgetThisPersonsTabState(): void {
  forgetThisTabsJourney();
  for (const key of [INVITE_KEY, INVITE_OWNER_KEY]) keepSessionValue(key, null);
}

/**
 * The journey this tab had under way (answers kept for a sign-in, who it had signed in), given up
 * by going to the start from a sign-in block: a new assessment, a guest's included, may begin there.
 */
export function forgetThisTabsJourney(): void {
  keepSessionValue(KEPT_ANSWERS_KEY, null);
  keepSessionValue(JOURNEY_PERSON_KEY, null);
}
