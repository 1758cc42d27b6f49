import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formAction, getLoginUrl, newPerson, onServer, openProviderLogin, postForm, signIn } from './auth-helpers';
import { startTestServer, type TestClient, type TestServer } from './harness';

/**
 * "Use a new address" mails a link to an address nobody has shown to be theirs, in a mail that
 * greets the person by the name they typed at sign-up (decision 0073). Counted per account only,
 * any number of fresh accounts could send a stranger mail with text of their choosing: now the
 * new address is counted too, three links an hour whichever account asks, and sign-up refuses
 * in names what display names refuse. SQLite and PostgreSQL.
 */
let server: TestServer;
beforeAll(async () => {
  // TRUST_PROXY: each account signs up from an address of its own, as strangers' accounts would.
  server = await startTestServer({ TRUST_PROXY: 'true' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

let addressCounter = 0;
const ownAddress = () => ({ 'x-forwarded-for': `203.0.113.${++addressCounter}` });

async function freshMember(): Promise<{ browser: TestClient; password: string }> {
  const browser = server.client();
  const { person } = await signIn(server, browser);
  return { browser, password: person.password };
}

const linksTo = async (address: string) =>
  (await server.database.db.selectFrom('mail_outbox').select('id').where('recipient', '=', address.toLowerCase()).execute()).length;

describe('ChangeEmail counts the new address', () => {
  it('sends a stranger at most three links an hour, however many accounts ask: then 429 with Retry-After', async () => {
    const stranger = `stranger.${Date.now()}@example.com`;
    for (let index = 0; index < 3; index++) {
      const { browser, password } = await freshMember();
      // The address as typed: any case counts as the one address it is.
      const newEmail = index === 1 ? stranger.toUpperCase() : stranger;
      const asked = await browser.post('/api/user/ChangeEmail', { currentPassword: password, newEmail });
      expect(asked.status, asked.text).toBe(200);
      // Erasing an account that asked forgets the counters of its own addresses, not this one's.
      if (index === 2) expect((await browser.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);
    }
    const { browser, password } = await freshMember();
    const queued = await linksTo(stranger);
    const refused = await browser.post('/api/user/ChangeEmail', { currentPassword: password, newEmail: ` ${stranger} ` });
    expect(refused.status, refused.text).toBe(429);
    expect(refused.body.error).toEqual({ code: 'rate_limited', message: expect.stringMatching(/several e-mails to this address/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await linksTo(stranger)).toBe(queued);
    // Another address is not held up, from the same account.
    const other = await browser.post('/api/user/ChangeEmail', { currentPassword: password, newEmail: `other.${Date.now()}@example.com` });
    expect(other.status, other.text).toBe(200);
  });
});

describe('sign-up names', () => {
  it.each([
    ['a line separator', 'Ada\u2028Click here'],
    ['a paragraph separator', 'Ada\u2029Lovelace'],
    ['a right-to-left override', 'Ada\u202Emoc.live'],
    ['a directional isolate', '\u2066Ada\u2069'],
    ['a C1 control', 'Ada\u0085'],
    ['only invisible characters', '\u200B\u2060'],
  ])('refuses %s in the first name, on the form (400)', async (_what, firstName) => {
    const browser = server.client();
    const { interactionPath } = await openProviderLogin(server, browser, await getLoginUrl(browser, 'beginning'));
    const signup = await browser.get(onServer(server, `${interactionPath}/signup`));
    const person = newPerson({ firstName });
    const response = await postForm(server, browser, formAction(signup.text), { ...person }, ownAddress());
    expect(response.status, response.text.slice(0, 300)).toBe(400);
    expect(response.text).toContain('Your first name contains characters that are not allowed.');
    expect(await server.database.db.selectFrom('identity_accounts').select('id').where('email', '=', person.email.toLowerCase()).execute()).toEqual([]);
  });
});
