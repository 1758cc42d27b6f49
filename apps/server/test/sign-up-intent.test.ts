import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { callback, followToCallbackPage, formAction, newPerson, onServer, postForm } from './auth-helpers';

/**
 * Issue 25 part 6: someone who came to sign up lands on "Create your account". The web app asks
 * GetLoginUrl{Flow}?intent=sign-up; Bloom sends prompt=create (OpenID Connect "Initiating User
 * Registration") because the provider's discovery lists it, and the embedded provider opens the
 * interaction on its sign-up form. Log-in buttons still open "Log in".
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function openProvider(client: ReturnType<TestServer['client']>, query: string) {
  const started = await client.post<{ redirectUrl: string }>(`/api/auth/GetLoginUrlClient${query}`);
  expect(started.status, started.text).toBe(200);
  const authorize = await client.get(onServer(server, started.body.redirectUrl));
  expect(authorize.status, authorize.text).toBe(303);
  const interactionPath = new URL(authorize.headers.get('location')!, server.config.appOrigin).pathname;
  const page = await client.get(onServer(server, interactionPath));
  expect(page.status).toBe(200);
  return { redirectUrl: new URL(started.body.redirectUrl), interactionPath, page: page.text };
}

describe('sign-up intent', () => {
  it('the embedded provider advertises prompt=create in its discovery document', async () => {
    const discovery = await server.client().get('/idp/.well-known/openid-configuration');
    expect(discovery.body.prompt_values_supported).toEqual(expect.arrayContaining(['create', 'login']));
  });

  it('opens on "Create your account" with intent=sign-up, and the account it makes is signed in', async () => {
    const client = server.client();
    const { redirectUrl, interactionPath, page } = await openProvider(client, '?intent=sign-up');
    expect(redirectUrl.searchParams.get('prompt')?.split(' ').sort()).toEqual(['create', 'login']);
    expect(page).toContain('<h1>Create your Bloom account</h1>');
    expect(page).toContain(`formaction="${interactionPath}/open/login" formmethod="post" formnovalidate form="signup-form">Log in</button>`);
    const person = newPerson();
    const posted = await postForm(server, client, formAction(page), { ...person });
    const { code, state } = await followToCallbackPage(server, client, posted);
    const signedIn = await callback(client, 'client', code, state);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.user.userName).toBe(person.email);
  });

  it('lets someone who came to sign up log in instead, from the link under the form', async () => {
    const person = newPerson();
    const first = server.client();
    const { page } = await openProvider(first, '?intent=sign-up');
    await followToCallbackPage(server, first, await postForm(server, first, formAction(page), { ...person }));

    const client = server.client();
    const { interactionPath } = await openProvider(client, '?intent=sign-up');
    const login = await client.get(onServer(server, `${interactionPath}/login`));
    expect(login.text).toContain('<h1>Log in to Bloom</h1>');
    expect(login.text).toContain(`formaction="${interactionPath}/open/signup" formmethod="post" formnovalidate form="login-form">Create your account</button>`);
    const posted = await postForm(server, client, formAction(login.text), { email: person.email, password: person.password });
    const { code, state } = await followToCallbackPage(server, client, posted);
    const signedIn = await callback(client, 'client', code, state);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.user.userName).toBe(person.email);
  });

  it('opens on "Log in" without an intent and with intent=log-in, asking only for a fresh log-in', async () => {
    for (const query of ['', '?intent=log-in']) {
      const { redirectUrl, page } = await openProvider(server.client(), query);
      expect(redirectUrl.searchParams.get('prompt')).toBe('login');
      expect(page).toContain('<h1>Log in to Bloom</h1>');
    }
  });

  it('answers 400 for an intent it does not know', async () => {
    const response = await server.client().post('/api/auth/GetLoginUrlClient?intent=register');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBeTruthy();
  });
});
