import { keepSessionValue, readSessionValue } from './session-storage';

/** Spec 01 §3: the referrer is a string kept in session storage under this key. */
export const REFERRER_KEY = 'referrer';
const MAX_REFERRER_LENGTH = 500;

/** The referrer this tab kept; none without storage (private mode, strict settings). */
export const getStoredReferrer = (): string | null => readSessionValue(REFERRER_KEY);

/** Set at a tab's first page load: later loads come back from a sign-in provider or a store, whose address is not a referrer. */
const TAB_ARRIVED_KEY = 'referrer-checked';

/**
 * Where this visit came from (spec 01 §7: "the query, session storage or the document referrer"):
 * the `?referrer=` query wins; the document referrer counts only at the tab's first load (when
 * another site sent the person here) and only when it is another site (our own pages are not a
 * referrer). A later load's document referrer is the sign-in provider or the store the person
 * comes back from, which must not replace the referrer the tab already keeps.
 */
export function referrerFromVisit(search: string, documentReferrer: string, ownOrigin: string, tabArrivedBefore = false): string | null {
  const fromQuery = new URLSearchParams(search).get('referrer')?.trim();
  if (fromQuery) return fromQuery.slice(0, MAX_REFERRER_LENGTH);
  if (!documentReferrer || tabArrivedBefore) return null;
  try {
    const url = new URL(documentReferrer);
    if (url.origin === ownOrigin) return null;
    // Keep the site, not the full address: a referring page's path and query may be personal.
    return url.origin.slice(0, MAX_REFERRER_LENGTH);
  } catch {
    return null;
  }
}

/** Reads this visit's referrer and keeps it in session storage; returns it when there was a new one. */
export function captureReferrer(): string | null {
  const referrer = referrerFromVisit(window.location.search, document.referrer, window.location.origin, readSessionValue(TAB_ARRIVED_KEY) !== null);
  keepSessionValue(TAB_ARRIVED_KEY, '1');
  if (referrer) keepSessionValue(REFERRER_KEY, referrer);
  return referrer;
}
