import { expect } from 'vitest';
import type { TestClient, TestResponse, TestServer } from './harness';

/**
 * Drives a sign-in through the embedded identity provider over HTTP, the way a browser
 * would: follow each redirect by hand, read the form, post it. Other API tests can use
 * `signIn()` to get a signed-in member.
 *
 * The provider builds absolute URLs on APP_ORIGIN (http://127.0.0.1 in tests) while the
 * test server listens on a random port, so `onServer()` swaps the origin before each hop.
 */
export type Flow = 'beginning' | 'professional' | 'end' | 'coach' | 'client' | 'purchase';

export const FLOW_PATHS: Record<Flow, { loginUrl: string; callback: string }> = {
  beginning: { loginUrl: '/api/auth/GetLoginUrlBeginning', callback: '/api/auth/LoginCallbackBeginning' },
  professional: { loginUrl: '/api/auth/GetLoginUrlProfessional', callback: '/api/auth/LoginCallbackProfessional' },
  end: { loginUrl: '/api/auth/GetLoginUrlEnd', callback: '/api/auth/LoginCallbackEnd' },
  coach: { loginUrl: '/api/auth/GetLoginUrlCoach', callback: '/api/auth/LoginCallbackCoach' },
  client: { loginUrl: '/api/auth/GetLoginUrlClient', callback: '/api/auth/LoginCallbackClient' },
  purchase: { loginUrl: '/api/user/GetLoginUrlPurchase', callback: '/api/user/LoginCallbackPurchase' },
};

export interface Person {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let counter = 0;
export function newPerson(overrides: Partial<Person> = {}): Person {
  counter += 1;
  return {
    email: `person${counter}.${Math.random().toString(36).slice(2, 8)}@bloom.test`,
    password: 'a fine long password',
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
}

export function onServer(server: TestServer, url: string): string {
  const parsed = new URL(url, server.config.appOrigin);
  return `${server.baseUrl}${parsed.pathname}${parsed.search}`;
}

/** POSTs a form as a browser on APP_ORIGIN would (Origin and Sec-Fetch-Site set). */
export function postForm(server: TestServer, client: TestClient, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const allHeaders: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', origin: server.config.appOrigin, 'sec-fetch-site': 'same-origin', ...headers };
  // An empty value means "this browser does not send the header".
  for (const [name, value] of Object.entries(allHeaders)) if (value === '') delete allHeaders[name];
  return client.request('POST', onServer(server, path), { body: new URLSearchParams(fields).toString(), headers: allHeaders, csrf: false });
}

export function formAction(page: string): string {
  const match = /<form method="post" action="([^"]+)"/.exec(page);
  if (!match) throw new Error(`no form on page:\n${page.slice(0, 500)}`);
  return match[1]!.replace(/&amp;/g, '&');
}

export async function getLoginUrl(client: TestClient, flow: Flow): Promise<string> {
  const response = await client.post<{ redirectUrl: string }>(FLOW_PATHS[flow].loginUrl);
  expect(response.status, response.text).toBe(200);
  return response.body.redirectUrl;
}

/** Follows the authorization URL to the provider's "Log in" page and returns its path and HTML. */
export async function openProviderLogin(server: TestServer, client: TestClient, redirectUrl: string): Promise<{ interactionPath: string; page: string }> {
  const authorize = await client.get(onServer(server, redirectUrl));
  expect(authorize.status, authorize.text).toBe(303);
  const interactionPath = new URL(authorize.headers.get('location')!, server.config.appOrigin).pathname;
  const page = await client.get(onServer(server, interactionPath));
  expect(page.status).toBe(200);
  return { interactionPath, page: page.text };
}

/** After a successful form post: follow the provider's resume redirect to the SPA callback page and read code and state from its hash. */
export async function followToCallbackPage(server: TestServer, client: TestClient, formResponse: TestResponse): Promise<{ callbackPage: URL; code: string; state: string }> {
  expect(formResponse.status, formResponse.text).toBe(303);
  const resume = await client.get(onServer(server, formResponse.headers.get('location')!));
  expect(resume.status, resume.text).toBe(303);
  const callbackPage = new URL(resume.headers.get('location')!);
  const hash = new URLSearchParams(callbackPage.hash.slice(1));
  return { callbackPage, code: hash.get('code') ?? '', state: hash.get('state') ?? '' };
}

/** Sign-up (or log-in, when `existing`) through the provider; stops before the callback API call. */
export async function authorizeAtProvider(
  server: TestServer,
  client: TestClient,
  flow: Flow,
  person: Person,
  options: { existing?: boolean } = {},
): Promise<{ callbackPage: URL; code: string; state: string }> {
  const redirectUrl = await getLoginUrl(client, flow);
  const { interactionPath, page } = await openProviderLogin(server, client, redirectUrl);
  let response: TestResponse;
  if (options.existing) {
    response = await postForm(server, client, formAction(page), { email: person.email, password: person.password });
  } else {
    const signupPage = await client.get(onServer(server, `${interactionPath}/signup`));
    response = await postForm(server, client, formAction(signupPage.text), { ...person });
  }
  return followToCallbackPage(server, client, response);
}

export function callback(client: TestClient, flow: Flow, code: string, state: string) {
  return client.get(`${FLOW_PATHS[flow].callback}/${encodeURIComponent(code)}/${encodeURIComponent(state)}`);
}

/** A complete sign-in: provider sign-up (or log-in) and the callback call. Returns the callback's answer. */
export async function signIn(server: TestServer, client: TestClient, options: { flow?: Flow; person?: Person; existing?: boolean } = {}) {
  const flow = options.flow ?? 'beginning';
  const person = options.person ?? newPerson();
  const { code, state } = await authorizeAtProvider(server, client, flow, person, { existing: options.existing });
  const response = await callback(client, flow, code, state);
  expect(response.status, response.text).toBe(200);
  return { person, response };
}
