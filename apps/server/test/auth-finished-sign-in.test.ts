import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { LOGIN_TRANSACTION_TTL_MS } from '../src/auth/login-transactions';
import { INTERACTION_TTL_SECONDS } from '../src/idp/provider';
import { sha256 } from '../src/lib/crypto';
import { callback, followToCallbackPage, formAction, newPerson, onServer, openProviderLogin, postForm } from './auth-helpers';

/**
 * Issue 23 part 6: pressing Back after signing in reloads the provider's sign-in page, whose
 * interaction is finished. It must send the person back into Bloom (the dashboard when now
 * signed in, else the page the sign-in started from) instead of "This sign-in page has expired",
 * and the remembered page must never lead off the site.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function startSignIn(client: TestClient, returnPath?: string) {
  const query = returnPath === undefined ? '' : `?returnPath=${encodeURIComponent(returnPath)}`;
  const response = await client.post<{ redirectUrl: string }>(`/api/auth/GetLoginUrlBeginning${query}`);
  expect(response.status, response.text).toBe(200);
  return openProviderLogin(server, client, response.body.redirectUrl);
}

async function revisit(client: TestClient, path: string): Promise<{ status: number; location: string | null; text: string }> {
  const response = await client.get(onServer(server, path));
  return { status: response.status, location: response.headers.get('location'), text: response.text };
}

describe('a finished sign-in page revisited (the browser Back button)', () => {
  it('sends someone who just signed in to the dashboard, from the log-in and the sign-up page alike', async () => {
    const client = server.client();
    const { interactionPath } = await startSignIn(client, '/Coach');
    const signupPage = await client.get(onServer(server, `${interactionPath}/signup`));
    const { code, state } = await followToCallbackPage(server, client, await postForm(server, client, formAction(signupPage.text), { ...newPerson() }));
    expect((await callback(client, 'beginning', code, state)).status).toBe(200);

    for (const path of [interactionPath, `${interactionPath}/signup`]) {
      const back = await revisit(client, path);
      expect(back.status).toBe(303);
      expect(back.location).toBe('/Dashboard');
      expect(back.text).not.toMatch(/expired/i);
    }
  });

  it('sends someone not signed in back to the page the sign-in started from', async () => {
    const client = server.client();
    await startSignIn(client, '/Coach');
    const back = await revisit(client, '/idp/interaction/finished-or-unknown');
    expect(back.status).toBe(303);
    expect(back.location).toBe('/Coach');
  });

  it('treats a guest as not signed in: back to where the sign-in started, not the dashboard', async () => {
    const client = server.client();
    expect((await client.post('/api/user/ContinueAsGuest', {})).status).toBe(200);
    await startSignIn(client, '/YourLifeLotus');
    expect((await revisit(client, '/idp/interaction/finished-or-unknown')).location).toBe('/YourLifeLotus');
  });

  it('never leaves the site: an unsafe or missing start page means the welcome page', async () => {
    for (const unsafe of ['//evil.example/phish', '/\\evil.example', 'https://evil.example/', '/idp/interaction/x', undefined]) {
      const client = server.client();
      await startSignIn(client, unsafe);
      const back = await revisit(client, '/idp/interaction/finished-or-unknown');
      expect(back.status, String(unsafe)).toBe(303);
      expect(back.location, String(unsafe)).toBe('/');
    }
  });

  it('a newer sign-in without a start page forgets the older one', async () => {
    const client = server.client();
    await startSignIn(client, '/Coach');
    await startSignIn(client);
    expect((await revisit(client, '/idp/interaction/finished-or-unknown')).location).toBe('/');
  });

  it('a form posted to a finished sign-in still explains itself rather than redirecting silently', async () => {
    const client = server.client();
    const { page } = await startSignIn(client, '/Coach');
    const action = formAction(page).replace(/interaction\/[^/]+/, 'interaction/finished-or-unknown');
    const response = await postForm(server, client, action, { email: 'nobody@bloom.test', password: 'whatever it is' });
    expect(response.status).toBe(400);
    expect(response.text).toContain('This sign-in page has expired');
  });
});

describe('how long a sign-in page lives', () => {
  it('no longer than Bloom\'s login transaction, so nobody signs up or in at the provider only to have the callback refused', async () => {
    expect(INTERACTION_TTL_SECONDS * 1000).toBeLessThanOrEqual(LOGIN_TRANSACTION_TTL_MS);

    const client = server.client();
    const started = await client.post<{ redirectUrl: string }>('/api/auth/GetLoginUrlBeginning');
    const { interactionPath } = await openProviderLogin(server, client, started.body.redirectUrl);
    const db = server.database.db;
    const state = new URL(started.body.redirectUrl, server.config.appOrigin).searchParams.get('state')!;
    const transaction = await db.selectFrom('login_transactions').select('expires_at').where('id', '=', sha256(state)).executeTakeFirstOrThrow();
    const interaction = await db
      .selectFrom('oidc_store')
      .select('expires_at')
      .where('model', '=', 'Interaction')
      .where('id', '=', interactionPath.split('/').at(-1)!)
      .executeTakeFirstOrThrow();
    // The provider's interaction is made a moment after the transaction, so it may end that moment later: never minutes.
    expect(Date.parse(interaction.expires_at!) - Date.parse(transaction.expires_at)).toBeLessThan(5_000);
  });

  it('and the expired page says how long that is', async () => {
    const client = server.client();
    const { page } = await startSignIn(client);
    const action = formAction(page).replace(/interaction\/[^/]+/, 'interaction/finished-or-unknown');
    const response = await postForm(server, client, action, { email: 'nobody@bloom.test', password: 'whatever it is' });
    expect(response.status).toBe(400);
    expect(response.text).toContain(`Sign-in pages are valid for ${LOGIN_TRANSACTION_TTL_MS / 60_000} minutes`);
  });
});
