import { keepSessionValue, readSessionValue } from './session-storage';

/** Spec 01 §3: the referrer is a string kept in session storage under this key. */
export const REFERRER_KEY = 'referrer';
const MAX_REFERRER_LENGTH = 500;

/** The referrer this tab kept; none without storage (private mode, strict settings). */
export const getStoredReferrer = (): string | null => readSessionValue(REFERRER_KEY);

/**
 * Where this visit came from: the `?referrer=` query wins, then the document
 * referrer when it is another site (our own pages are not a referrer).
 */
export function referrerFromVisit(search: string, documentReferrer: string, ownOrigin: string): string | null {
  const fromQuery = new URLSearchParams(search).get('referrer')?.trim();
  if (fromQuery) return fromQuery.slice(0, MAX_REFERRER_LENGTH);
  if (!documentReferrer) return null;
  try {
    const url = new URL(documentReferrer);
    if (url.origin === ownOrigin) return null;
    // Keep the site, not the full address: a referring page's path and query may be personal.
    return url.origin.slice(0, MAX_REFERRER_LENGTH);
  } catch {
    return null;
  }
}

/** Reads this visit's referrer and keeps it in session storage; returns it when there was one. */
export function captureReferrer(): string | null {
  const referrer = referrerFromVisit(window.location.search, document.referrer, window.location.origin);
  if (referrer) keepSessionValue(REFERRER_KEY, referrer);
  return referrer;
}
