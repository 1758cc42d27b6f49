import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/crypto';
import { createMailTransport } from '../src/mail/transport';
import { formAction, getLoginUrl, newPerson, onServer, openProviderLogin, postForm, signIn } from './auth-helpers';
import { signInAs, startTestServer, type TestServer } from './harness';
import { SmtpCatcher } from './mail-catcher';

/**
 * An address that mail software reads as several (`victim@example.com,1`), as a group
 * (`g:victim@example.com;`) or with a comment (`victim(x)@example.com`) would be one account to
 * Bloom and deliver its mail to victim@example.com (decision 0068). Every address check refuses
 * them (sign-up, a new address, an invitation), and the transport hands nodemailer the recipient
 * as one address, never a string it parses. SQLite and PostgreSQL.
 */
const VICTIM = 'victim@bloom.test';
const TRICKS = [`${VICTIM},1`, `${VICTIM};1`, `g:${VICTIM};`, `victim(x)@bloom.test`, `victim@bloom.test(x)`];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('address checks', () => {
  it('sign-up refuses an address that is a list, a group or has a comment', async () => {
    for (const email of TRICKS) {
      const browser = server.client();
      const { interactionPath } = await openProviderLogin(server, browser, await getLoginUrl(browser, 'beginning'));
      const signupPage = await browser.get(onServer(server, `${interactionPath}/signup`));
      const response = await postForm(server, browser, formAction(signupPage.text), { ...newPerson(), email });
      expect(response.status, email).toBe(400);
      expect(response.text).toContain('Enter an e-mail address like name@example.com.');
    }
    expect(await server.database.db.selectFrom('identity_accounts').select('email').where('email', 'like', '%victim%').execute()).toEqual([]);
  });

  it('a new address from the account page is refused the same way', async () => {
    const browser = server.client();
    const { person } = await signIn(server, browser);
    for (const newEmail of TRICKS) {
      const asked = await browser.post('/api/user/ChangeEmail', { currentPassword: person.password, newEmail });
      expect(asked.status, newEmail).toBe(400);
      expect(asked.body.error.code).toBe('invalid_email');
    }
  });

  it('an invitation is refused the same way', async () => {
    const coach = server.client();
    await signInAs(server, coach, { coachStatus: 'approved', firstName: 'Casey', lastName: 'Coach' });
    for (const email of TRICKS) {
      const invited = await coach.post('/api/coach/InviteClient', { email });
      expect(invited.status, email).toBe(400);
      expect(invited.text).toContain('Enter an e-mail address like name@example.com.');
    }
    expect((await coach.post('/api/coach/InviteClient', { email: 'fine.person@bloom.test' })).status).toBe(201);
  });
});

describe('the transport', () => {
  it('sends to the one address it was given, never to part of it (an account made before the checks)', async () => {
    const catcher = await SmtpCatcher.start();
    const transport = createMailTransport({ smtpUrl: catcher.url, dataDir: server.config.dataDir });
    try {
      for (const to of TRICKS) {
        await transport.send({ id: newId(), from: 'Bloom <bloom@bloom.test>', to, subject: 'Reset your Bloom password', text: 'link', html: '<p>link</p>' }).catch(() => undefined);
      }
      await transport.send({ id: newId(), from: 'Bloom <bloom@bloom.test>', to: 'someone@bloom.test', subject: 'Hello', text: 'hi', html: '<p>hi</p>' });
      const recipients = catcher.messages.flatMap((mail) => mail.to);
      expect(recipients).toContain('someone@bloom.test');
      // Whatever the SMTP server made of the others (refused, or a mailbox of that exact name), none reached the victim.
      expect(recipients).not.toContain(VICTIM);
      // Nor does a To header name the victim as an address of its own (a list member, or <…>).
      for (const mail of catcher.messages) expect(mail.headers.to ?? '').not.toMatch(/(^|[\s<,;:])victim@bloom\.test($|[\s>,;])/);
    } finally {
      transport.close();
      await catcher.stop();
    }
  });
});
