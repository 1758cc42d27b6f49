import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSendableAddress } from '@bloom/contracts';
import { formAction, getLoginUrl, newPerson, onServer, openProviderLogin, postForm } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';

/**
 * The sign-in pages' forms (/idp, outside the API's input guard) check the e-mail address they
 * were given before they count an attempt or look anything up: an address with a control
 * character (U+0000 above all, which PostgreSQL text cannot hold) gets the form again with a
 * 400 and a message at the field, never a 500. SQLite and PostgreSQL.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

let addressCounter = 0;
const ownAddress = () => ({ 'x-forwarded-for': `192.0.2.${++addressCounter}` });
const BAD_ADDRESSES = ['a\u0000b@example.com', 'a@exam\u0001ple.com', 'a\u007fb@example.com', 'a\u0085b@example.com'];
const MESSAGE = 'Enter an e-mail address like name@example.com.';

async function providerForm(kind: 'login' | 'signup') {
  const browser = server.client();
  const { interactionPath, page } = await openProviderLogin(server, browser, await getLoginUrl(browser, 'beginning'));
  const html = kind === 'login' ? page : (await browser.get(onServer(server, `${interactionPath}/signup`))).text;
  return { browser, action: formAction(html) };
}

describe('addresses with control characters on the sign-in pages', () => {
  it('are not sendable addresses', () => {
    for (const address of BAD_ADDRESSES) expect(isSendableAddress(address), JSON.stringify(address)).toBe(false);
    expect(isSendableAddress('ada.lovelace+bloom@example.co.uk')).toBe(true);
  });

  it.each(BAD_ADDRESSES)('"Forgot password?" answers 400 with the form (%j)', async (email) => {
    const response = await postForm(server, server.client(), '/idp/forgot', { email }, ownAddress());
    expect(response.status, response.text.slice(0, 300)).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.text).toContain(MESSAGE);
  });

  it.each(BAD_ADDRESSES)('the log-in form answers 400 with the form, before counting or checking (%j)', async (email) => {
    const { browser, action } = await providerForm('login');
    const response = await postForm(server, browser, action, { email, password: 'a fine long password' }, ownAddress());
    expect(response.status, response.text.slice(0, 300)).toBe(400);
    expect(response.text).toContain(MESSAGE);
    expect(await server.database.db.selectFrom('rate_limits').select('key').where('key', 'like', 'idp-attempt:email:%').where('key', 'like', `%${email.slice(2, 6)}%`).execute()).toEqual([]);
  });

  it.each(BAD_ADDRESSES)('the sign-up form answers 400 with the form (%j)', async (email) => {
    const { browser, action } = await providerForm('signup');
    const response = await postForm(server, browser, action, { ...newPerson(), email }, ownAddress());
    expect(response.status, response.text.slice(0, 300)).toBe(400);
    expect(response.text).toContain(MESSAGE);
  });

  it('an ordinary wrong address still gets the usual answers', async () => {
    const { browser, action } = await providerForm('login');
    const response = await postForm(server, browser, action, { email: 'nobody@example.com', password: 'a fine long password' }, ownAddress());
    expect(response.status).toBe(401);
    expect((await postForm(server, server.client(), '/idp/forgot', { email: 'nobody@example.com' }, ownAddress())).status).toBe(200);
  });
});

/**
 * The provider's own endpoints look an unknown id up in its store (decision 0004's adapter): an id
 * with U+0000, which PostgreSQL text cannot hold, is simply not found, as any unknown id is, not a
 * 500 (a review's find).
 */
describe('provider ids with a NUL', () => {
  it('are not found, never a server error', async () => {
    const client = server.client();
    const authorize = await client.get(onServer(server, '/idp/auth?client_id=a%00b&response_type=code&scope=openid'));
    expect(authorize.status).toBeGreaterThanOrEqual(400);
    expect(authorize.status).toBeLessThan(500);
    const userinfo = await client.request('POST', onServer(server, '/idp/me'), {
      csrf: false,
      body: 'access_token=a%00b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(userinfo.status).toBe(401);
    const token = await client.request('POST', onServer(server, '/idp/token'), {
      csrf: false,
      body: 'client_id=a%00b&client_secret=x&grant_type=authorization_code&code=a%00b&redirect_uri=http%3A%2F%2Fx',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(token.status).toBeGreaterThanOrEqual(400);
    expect(token.status).toBeLessThan(500);
  });
});
