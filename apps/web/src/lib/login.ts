import type { RedirectResponse } from '@bloom/contracts';
import { apiPost } from './api';

/** The sign-in hand-offs of spec 01 §7; each answers with the provider address to go to. */
export type LoginFlow = 'Beginning' | 'Professional' | 'End' | 'Coach' | 'Client' | 'Purchase';

const LOGIN_URL_PATHS: Record<LoginFlow, string> = {
  Beginning: '/api/auth/GetLoginUrlBeginning',
  Professional: '/api/auth/GetLoginUrlProfessional',
  End: '/api/auth/GetLoginUrlEnd',
  Coach: '/api/auth/GetLoginUrlCoach',
  Client: '/api/auth/GetLoginUrlClient',
  Purchase: '/api/user/GetLoginUrlPurchase',
};

/** Sends the browser to the address in a `{redirectUrl}` answer, refusing anything but http(s) or a path of ours. */
export function followRedirect(response: RedirectResponse | null): void {
  const target = response?.redirectUrl;
  if (!target) throw new Error('The server did not return a redirect address.');
  const url = new URL(target, window.location.origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('Refusing to follow a non-web redirect address.');
  window.location.assign(url.href);
}

/** Asks the server where to sign in for `flow` and goes there. Rejects (and stays) when that fails. */
export async function startLogin(flow: LoginFlow): Promise<void> {
  followRedirect(await apiPost<RedirectResponse>(LOGIN_URL_PATHS[flow]));
}
