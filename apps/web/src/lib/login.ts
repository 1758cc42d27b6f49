import type { RedirectResponse } from '@bloom/contracts';
import { api } from './api-client';
import { isSafeAppPath } from './paths';

/** The sign-in hand-offs of spec 01 §7; each answers with the provider address to go to. */
export type LoginFlow = 'Beginning' | 'Professional' | 'End' | 'Coach' | 'Client' | 'Purchase';

/** Each flow's hand-off: the provider address to go to, with the page to come back to. */
const LOGIN_URLS: Record<LoginFlow, (returnPath: string) => Promise<RedirectResponse>> = {
  Beginning: (returnPath) => api.getLoginUrlBeginning({ returnPath }),
  Professional: (returnPath) => api.getLoginUrlProfessional({ returnPath }),
  End: (returnPath) => api.getLoginUrlEnd({ returnPath }),
  Coach: (returnPath) => api.getLoginUrlCoach({ returnPath }),
  Client: (returnPath) => api.getLoginUrlClient({ returnPath }),
  Purchase: (returnPath) => api.getLoginUrlPurchase({ returnPath }),
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

/** The page the latest sign-in in this tab started from, when it is one of ours. */
export function signInStartPath(): string | null {
  try {
    const stored = sessionStorage.getItem(SIGN_IN_START_KEY);
    return isSafeAppPath(stored) ? stored : null;
  } catch {
    return null; // storage disabled: the way back is the welcome page
  }
}

function rememberSignInStart(path: string): void {
  try {
    sessionStorage.setItem(SIGN_IN_START_KEY, path);
  } catch {
    // Without storage the way back is simply the welcome page.
  }
}

/**
 * Asks the server where to sign in for `flow` and goes there. Rejects (and stays) when that fails.
 * The current page travels along (`returnPath`) so that pressing Back onto a finished sign-in
 * page, or a callback that cannot finish, leads back here.
 */
export async function startLogin(flow: LoginFlow): Promise<void> {
  const here = `${window.location.pathname}${window.location.search}`;
  rememberSignInStart(here);
  followRedirect(await LOGIN_URLS[flow](here));
}
