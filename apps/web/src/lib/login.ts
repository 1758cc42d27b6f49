import type { RedirectResponse } from '@bloom/contracts';
import { api } from './api-client';
import { isSafeAppPath } from './paths';
import { keepSessionValue, readSessionValue } from './session-storage';

/** The sign-in hand-offs of spec 01 §7; each answers with the provider address to go to. */
export type LoginFlow = 'Beginning' | 'Professional' | 'End' | 'Coach' | 'Client' | 'Purchase';

/**
 * Why the person is signing in: `sign-up` when they came to create an account (a guest saving
 * results, a new client or professional), so the provider opens on its sign-up form; `log-in` otherwise.
 */
export type LoginIntent = 'sign-up' | 'log-in';

interface LoginUrlQuery {
  returnPath: string;
  intent: LoginIntent;
}

/** Each flow's hand-off: the provider address to go to, with the page to come back to. */
const LOGIN_URLS: Record<LoginFlow, (query: LoginUrlQuery) => Promise<RedirectResponse>> = {
  Beginning: (query) => api.getLoginUrlBeginning(query),
  Professional: (query) => api.getLoginUrlProfessional(query),
  End: (query) => api.getLoginUrlEnd(query),
  Coach: (query) => api.getLoginUrlCoach(query),
  Client: (query) => api.getLoginUrlClient(query),
  Purchase: (query) => api.getLoginUrlPurchase(query),
};

/** Sends the browser to the address in a `{redirectUrl}` answer, refusing anything but http(s) or a path of ours. */
export function followRedirect(response: RedirectResponse | null): void {
  const target = response?.redirectUrl;
  if (!target) throw new Error('The server did not return a redirect address.');
  const url = new URL(target, window.location.origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('Refusing to follow a non-web redirect address.');
  window.location.assign(url.href);
}

/** Session storage key of the page a sign-in started from, for the callback page's way back. */
const SIGN_IN_START_KEY = 'bloom.signInStartedFrom';

/** The page the latest sign-in in this tab started from, when it is one of ours (none without storage: the way back is the welcome page). */
export function signInStartPath(): string | null {
  const stored = readSessionValue(SIGN_IN_START_KEY);
  return isSafeAppPath(stored) ? stored : null;
}

/**
 * Session storage key of the page a finished sign-in returns to, set only by sign-ins started
 * with `returnHere` (the sign-in prompt of a page of Bloom's own, decision 0069). Every other
 * sign-in clears it, so its callback keeps spec 01 §4's destination.
 */
const SIGN_IN_RETURN_KEY = 'bloom.signInReturnsTo';

/** The page the sign-in now finishing was started to return to, read once: later sign-ins do not inherit it. */
export function takeSignInReturnPath(): string | null {
  const stored = readSessionValue(SIGN_IN_RETURN_KEY);
  keepSessionValue(SIGN_IN_RETURN_KEY, null);
  return isSafeAppPath(stored) ? stored : null;
}

/**
 * Asks the server where to sign in for `flow` and goes there. Rejects (and stays) when that fails.
 * The current page travels along (`returnPath`) so that pressing Back onto a finished sign-in
 * page, or a callback that cannot finish, leads back here. With `returnHere` the finished sign-in
 * comes back here too, instead of going where the flow goes (takeSignInReturnPath).
 */
export async function startLogin(flow: LoginFlow, intent: LoginIntent = 'log-in', returnHere = false): Promise<void> {
  const here = `${window.location.pathname}${window.location.search}`;
  keepSessionValue(SIGN_IN_START_KEY, here);
  keepSessionValue(SIGN_IN_RETURN_KEY, returnHere ? here : null);
  followRedirect(await LOGIN_URLS[flow]({ returnPath: here, intent }));
}
