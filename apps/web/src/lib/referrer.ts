import { keepSessionValue, readSessionValue } from './session-storage';

/** Spec 01 §3: the referrer is a string kept in session storage under this key. */
export const REFERRER_KEY = 'referrer';
const MAX_REFERRER_LENGTH = 500;

/** The referrer this tab kept; none without storage (private mode, strict settings). */
export const getStoredReferrer = (): string | null => readSessionValue(REFERRER_KEY);

/** The pages a sign-in provider or the store sends people back to: their document referrer is that provider, not a referrer. */
const RETURN_PAGE = /^\/(login-callback-[a-z]+|purchase-[a-z]+-callback)$/i;

/**
 * Where this visit came from, in spec 01 §7's order ("the query, session storage or the document
 * referrer"): the `?referrer=` query wins; a referrer the tab already keeps stays (null: nothing
 * new); otherwise the document referrer when it is another site (our own pages are not a
 * referrer), except on the pages a sign-in provider or Stripe sends people back to, whose
 * document referrer is that provider (a review found it replacing the site that sent them).
 */
export function referrerFromVisit(search: string, documentReferrer: string, ownOrigin: string, visit: { stored?: string | null; pathname?: string } = {}): string | null {
  const fromQuery = new URLSearchParams(search).get('referrer')?.trim();
  if (fromQuery) return fromQuery.slice(0, MAX_REFERRER_LENGTH);
  if (!documentReferrer || visit.stored || RETURN_PAGE.test(visit.pathname ?? '')) return null;
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
  const { search, origin, pathname } = window.location;
  const referrer = referrerFromVisit(search, document.referrer, origin, { stored: getStoredReferrer(), pathname });
  if (referrer) keepSessionValue(REFERRER_KEY, referrer);
  return referrer;
}
