import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestServer, type TestClient, type TestServer } from './harness';
import { callback } from './auth-helpers';
import { EXTERNAL_CLIENT_ID, startExternalProvider, type ExternalProvider } from './support/external-provider';

/**
 * Issue 25 part 7: Bloom with an external OpenID provider (OIDC_ISSUER), here a second,
 * Bloom-free oidc-provider on its own port. Sign-in goes there; log-out ends the provider's
 * session too (RP-initiated logout with id_token_hint and Bloom's front page as
 * post_logout_redirect_uri); Bloom's own password pages and account changes are not offered.
 */
const APP_ORIGIN = 'http://127.0.0.1';

let external: ExternalProvider;
let server: TestServer;
beforeAll(async () => {
  external = await startExternalProvider(APP_ORIGIN);
  server = await startTestServer(external.environment);
});
afterAll(async () => {
  await server?.close();
  await external?.close();
});

const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, csrf: false });

/** Follows the provider's redirects until it sends the browser back to Bloom's callback page; returns that address. */
async function followProvider(client: TestClient, location: string): Promise<URL> {
  let next = new URL(location, external.issuer);
  for (let hop = 0; hop < 5 && next.origin === external.issuer; hop++) {
    const response = await client.get(next.href);
    expect(response.status, response.text).toBe(303);
    next = new URL(response.headers.get('location')!, external.issuer);
  }
  return next;
}

/** Asks Bloom for the provider's address and returns where the provider first sends the browser (its log-in form, or straight back). */
async function startAtProvider(client: TestClient, query = ''): Promise<{ authorizationUrl: URL; location: string }> {
  const started = await client.post<{ redirectUrl: string }>(`/api/auth/GetLoginUrlBeginning${query}`);
  expect(started.status, started.text).toBe(200);
  const authorizationUrl = new URL(started.body.redirectUrl);
  expect(authorizationUrl.origin).toBe(external.issuer);
  const authorize = await client.get(authorizationUrl.href);
  expect(authorize.status, authorize.text).toBe(303);
  return { authorizationUrl, location: authorize.headers.get('location')! };
}

/** A full sign-in at the provider's development log-in form, then Bloom's callback. */
async function signInExternally(client: TestClient, accountName: string) {
  const { location } = await startAtProvider(client);
  const interaction = new URL(location, external.issuer);
  expect(interaction.pathname).toMatch(/^\/interaction\//);
  const login = await client.request('POST', interaction.href, form({ prompt: 'login', login: accountName, password: 'anything' }));
  expect(login.status, login.text).toBe(303);
  const callbackPage = await followProvider(client, login.headers.get('location')!);
  const hash = new URLSearchParams(callbackPage.hash.slice(1));
  const response = await callback(client, 'beginning', hash.get('code') ?? '', hash.get('state') ?? '');
  expect(response.status, response.text).toBe(200);
  return response;
}

describe('an external OpenID provider', () => {
  it('signs people in through the provider, with its verified address', async () => {
    const client = server.client();
    const response = await signInExternally(client, 'ada');
    expect(response.body.user.userName).toBe('ada@external.test');
    expect(response.body.user.firstName).toBe('Ext');
    // The ID token is kept for log-out only, in a cookie no other call receives.
    const hint = response.headers.getSetCookie().find((cookie) => cookie.startsWith('bloom_logout_hint='));
    expect(hint).toMatch(/; Path=\/api\/auth\/LogOut;/i);
    expect(hint).toMatch(/HttpOnly/i);
  });

  it('log-out ends the provider’s session too: its end_session_endpoint, with id_token_hint, returning to Bloom', async () => {
    const client = server.client();
    await signInExternally(client, 'grace');
    const idToken = client.cookies.get('bloom_logout_hint');
    expect(idToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // While the provider's session lives, a new sign-in at it needs no password: straight back to Bloom.
    const silent = await startAtProvider(client);
    expect(silent.location).toMatch(new RegExp(`^${APP_ORIGIN}/login-callback-beginning#code=`));

    const loggedOut = await client.post<{ ok: true; redirectUrl?: string }>('/api/auth/LogOut');
    expect(loggedOut.status).toBe(200);
    const endSession = new URL(loggedOut.body.redirectUrl!);
    const discovery = (await (await fetch(`${external.issuer}/.well-known/openid-configuration`)).json()) as { end_session_endpoint: string };
    expect(`${endSession.origin}${endSession.pathname}`).toBe(discovery.end_session_endpoint);
    expect(endSession.searchParams.get('id_token_hint')).toBe(idToken);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${APP_ORIGIN}/`);
    expect(endSession.searchParams.get('client_id')).toBe(EXTERNAL_CLIENT_ID);
    // Bloom's session has ended already, and the hint cookie with it.
    expect((await client.get('/api/user/getCurrentUser')).status).toBe(204);
    expect(client.cookies.has('bloom_logout_hint')).toBe(false);

    // The browser follows it: the provider asks to confirm, ends its session and returns to Bloom.
    const confirmPage = await client.get(endSession.href);
    expect(confirmPage.status, confirmPage.text).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirmPage.text)?.[1];
    const confirmed = await client.request('POST', `${external.issuer}/session/end/confirm`, form({ xsrf: xsrf!, logout: 'yes' }));
    expect(confirmed.status, confirmed.text).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${APP_ORIGIN}/`);

    // Signing in again now asks for the password at the provider.
    const again = await startAtProvider(client);
    expect(new URL(again.location, external.issuer).pathname).toMatch(/^\/interaction\//);
  });

  it('after deleting the account, the log-out the web app sends next still ends the provider’s session (review of 2026-11-27)', async () => {
    const client = server.client();
    await signInExternally(client, 'erin');
    const idToken = client.cookies.get('bloom_logout_hint');
    expect((await client.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);
    // Only the log-out call carries the provider's ID token (its cookie's path), so the web app
    // sends one after the deletion (privacy/api.ts useDeleteAccount) and follows its address.
    const loggedOut = await client.post<{ ok: true; redirectUrl?: string }>('/api/auth/LogOut');
    expect(loggedOut.status).toBe(200);
    const endSession = new URL(loggedOut.body.redirectUrl!);
    expect(endSession.searchParams.get('id_token_hint')).toBe(idToken);
    expect(client.cookies.has('bloom_logout_hint')).toBe(false);
    const confirmPage = await client.get(endSession.href);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirmPage.text)?.[1];
    expect((await client.request('POST', `${external.issuer}/session/end/confirm`, form({ xsrf: xsrf!, logout: 'yes' }))).status).toBe(303);
    // The next person on this browser is asked for a password, not signed back in as the erased account.
    const next = await startAtProvider(client);
    expect(new URL(next.location, external.issuer).pathname).toMatch(/^\/interaction\//);
  });

  it('opens the provider’s default page for a sign-up when its discovery does not list prompt=create', async () => {
    const { authorizationUrl } = await startAtProvider(server.client(), '?intent=sign-up');
    expect(authorizationUrl.searchParams.has('prompt')).toBe(false);
  });

  it('asks for prompt=create when the provider lists it, and nothing more for a log-in', async () => {
    const offering = await startExternalProvider(APP_ORIGIN, { promptValues: ['none', 'login', 'consent', 'create'] });
    const other = await startTestServer(offering.environment);
    try {
      const signUp = await other.client().post<{ redirectUrl: string }>('/api/auth/GetLoginUrlBeginning?intent=sign-up');
      expect(new URL(signUp.body.redirectUrl).searchParams.get('prompt')).toBe('create');
      const logIn = await other.client().post<{ redirectUrl: string }>('/api/auth/GetLoginUrlBeginning?intent=log-in');
      expect(new URL(logIn.body.redirectUrl).searchParams.has('prompt')).toBe(false);
    } finally {
      await other.close();
      await offering.close();
    }
  });

  it('offers none of Bloom’s own password pages, and the account calls say the provider manages the account', async () => {
    for (const path of ['/idp/forgot', '/idp/reset?token=x', '/idp/verify?token=x', '/idp/assets/bloom.css']) {
      expect((await server.client().get(path)).status, path).toBe(404);
    }
    const client = server.client();
    await signInExternally(client, 'mary');
    expect((await client.get('/api/user/GetAccount')).body).toEqual({ email: 'mary@external.test', emailVerified: true, pendingEmail: null, managedBy: 'provider' });
    const changes = [
      client.post('/api/user/ChangePassword', { currentPassword: 'a fine long password', newPassword: 'another fine long password' }),
      client.post('/api/user/ChangeEmail', { currentPassword: 'a fine long password', newEmail: 'someone.new@bloom.test' }),
      client.post('/api/user/ResendVerificationEmail'),
    ];
    for (const response of await Promise.all(changes)) {
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('managed_by_provider');
      expect(response.body.error.message).toMatch(/managed by the service you sign in with/);
    }
  });
});

describe('log-out while the external provider is unreachable', () => {
  it('still ends Bloom’s session, and answers no provider address', async () => {
    const unreachable = await startTestServer({ OIDC_ISSUER: 'http://127.0.0.1:9/realms/bloom', OIDC_CLIENT_ID: 'bloom', OIDC_CLIENT_SECRET: 'secret' });
    try {
      const client = unreachable.client();
      await signInAs(unreachable, client);
      const loggedOut = await client.post('/api/auth/LogOut');
      expect(loggedOut.status).toBe(200);
      expect(loggedOut.body).toEqual({ ok: true });
      expect((await client.get('/api/user/getCurrentUser')).status).toBe(204);
    } finally {
      await unreachable.close();
    }
  });
});
