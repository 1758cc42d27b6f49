import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';

/**
 * Changing the password from the account page is limited per account (decision 0068): each change
 * mails a notice and withdraws the account's reset links, so a session holder must not repeat it
 * at will. A right current password does not clear the count, and the notices count against the
 * account's mail. Runs on SQLite and PostgreSQL.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const passwords = ['first long password here', 'second long password here', 'third long password here', 'fourth long password here'];

async function member() {
  const browser = server.client();
  const { person } = await signIn(server, browser);
  return { browser, person };
}

describe('changing the password from the account page', () => {
  it('allows three changes an hour, each with the right current password, then answers 429 with a message', async () => {
    const { browser, person } = await member();
    let current = person.password;
    for (const next of passwords.slice(0, 3)) {
      const changed = await browser.post('/api/user/ChangePassword', { currentPassword: current, newPassword: next });
      expect(changed.status, changed.text).toBe(200);
      current = next;
    }
    const refused = await browser.post('/api/user/ChangePassword', { currentPassword: current, newPassword: passwords[3] });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'rate_limited', message: expect.stringMatching(/changed your password several times/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing changed, and no fourth notice was queued.
    const notices = await server.database.db.selectFrom('mail_outbox').select('id').where('recipient', '=', person.email.toLowerCase()).where('template', '=', 'password-changed').execute();
    expect(notices).toHaveLength(3);
  });

  it('counts each notice against the account mail limit of five an hour', async () => {
    const { browser, person } = await member();
    let current = person.password;
    for (const next of passwords.slice(0, 3)) {
      expect((await browser.post('/api/user/ChangePassword', { currentPassword: current, newPassword: next })).status).toBe(200);
      current = next;
    }
    // Three notices sent: two more mails from the account page, not five.
    expect((await browser.post('/api/user/ResendVerificationEmail')).status).toBe(200);
    expect((await browser.post('/api/user/ResendVerificationEmail')).status).toBe(200);
    const refused = await browser.post('/api/user/ResendVerificationEmail');
    expect(refused.status).toBe(429);
  });

  it('refuses a change when the account mail limit is used up, since its notice could not go', async () => {
    const { browser, person } = await member();
    for (let index = 0; index < 5; index++) expect((await browser.post('/api/user/ResendVerificationEmail')).status).toBe(200);
    const refused = await browser.post('/api/user/ChangePassword', { currentPassword: person.password, newPassword: passwords[0] });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
  });
});
