import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Stripe from 'stripe';
import { formatLongDate } from '@bloom/domain/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/accelerator';
import { person } from './coach-fixtures';
import { DEFAULT_RETRY_DELAYS_MS, MailDispatcher, maskAddress, retryDelayMs, type MailLog } from '../src/mail/dispatcher';
import { enqueueMail, forgetMailTo, MAIL_TEMPLATES, renderMail } from '../src/mail/index';
import { createMailTransport } from '../src/mail/transport';
import { newId } from '../src/lib/crypto';
import { createStripeClient, StripePaymentProvider } from '../src/payments/stripe';
import { CATCHER_PASSWORD, CATCHER_USER } from './mail-catcher';
import { serverWithMailCatcher } from './support/mail-server';
import { startTestServer, type TestServer } from './harness';
import { buyWithSandbox, memberWithAssessment } from './reports-fixtures';

/**
 * Outgoing mail (issue 25 §1, §5; DESIGN.md §12; docs/mail.md) against a real SMTP server in the
 * test process (mail-catcher.ts): the queue sends after the commit and never for a rolled-back
 * transaction; an SMTP outage delays mail without failing the request and delivers once the
 * server is back; without SMTP_URL messages become .eml files; a paid plan sends one receipt.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(25);
  }
}

const quiet: MailLog = { info() {}, warn() {}, error() {} };

const outboxRows = (server: TestServer, recipient: string) =>
  server.database.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', recipient).orderBy('created_at').execute();

/** A dispatcher of the test's own on the server's database (the app's is stopped first), with short waits. */
function fastDispatcher(server: TestServer, options: { smtpUrl?: string; log?: MailLog; retryDelaysMs?: number[] } = {}): MailDispatcher {
  return new MailDispatcher({
    db: server.database.db,
    dialect: server.database.dialect,
    transport: createMailTransport({ smtpUrl: options.smtpUrl, dataDir: server.config.dataDir }),
    from: server.config.mail.from,
    appOrigin: server.config.appOrigin,
    supportEmail: server.config.supportEmail,
    log: options.log ?? quiet,
    pollIntervalMs: 50,
    retryDelaysMs: options.retryDelaysMs ?? [150, 300, 600],
  });
}

describe('templates', () => {
  it('render every template with a text and an HTML part, with or without values, ignoring unknown ones', () => {
    for (const template of MAIL_TEMPLATES) {
      for (const data of [{}, { name: 'Ada', link: '/x', coachName: 'Coach Carter', amount: '$9.99', surprise: 'ignored' }]) {
        const mail = renderMail(template, data, { appOrigin: 'https://bloom.example' });
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.text).not.toMatch(/\{|\}|undefined|null/);
        expect(mail.html).toMatch(/^<!DOCTYPE html>/);
        expect(mail.html).not.toContain('ignored');
      }
    }
  });

  it('escape every value in the HTML part and make links absolute from APP_ORIGIN', () => {
    const mail = renderMail('coach-invitation', { name: '<b>Ada</b>', coachName: 'Carter "&" Sons', link: '/Client?invite=t0k&x=<1>' }, { appOrigin: 'https://bloom.example' });
    expect(mail.html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Ada');
    expect(mail.html).toContain('Carter &quot;&amp;&quot; Sons');
    expect(mail.html).toContain('href="https://bloom.example/Client?invite=t0k&amp;x=%3C1%3E"');
    expect(mail.text).toContain('https://bloom.example/Client?invite=t0k&x=%3C1%3E');
    expect(mail.subject).toBe('Carter "&" Sons invites you to Bloom');
    // Bloom's look: tokens.css colours and fonts, inline.
    expect(mail.html).toContain('#2f6fad');
    expect(mail.html).toContain('Iowan Old Style');
  });

  it('drop a link that is not http(s) and fall back to neutral words', () => {
    const mail = renderMail('password-reset', { link: 'javascript:alert(1)' }, { appOrigin: 'https://bloom.example' });
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).toContain('Hello there,');
    expect(mail.text).not.toContain('Choose a new password:');
  });

  it('name the support address from the configuration only, and speak without one when none is set (decision 0072)', () => {
    const options = { appOrigin: 'https://bloom.example', supportEmail: 'help@bloom.example' };
    const changed = renderMail('email-changed', { newEmail: 'new@bloom.example', supportEmail: 'evil@attacker.example' }, options);
    expect(changed.text).toContain('If you did not make this change, please write to help@bloom.example right away.');
    expect(changed.text).toContain('Questions? Reply to this e-mail or write to help@bloom.example.');
    expect(changed.html).toContain('Questions? Reply to this e-mail or write to help@bloom.example.');
    expect(changed.text + changed.html).not.toContain('attacker');

    const without = renderMail('email-changed', { supportEmail: 'evil@attacker.example' }, { appOrigin: 'https://bloom.example' });
    expect(without.text).toContain('If you did not make this change, please write to us right away.');
    expect(without.text + without.html).not.toContain('Questions?');
    expect(without.text + without.html).not.toContain('attacker');
  });

  it("say why the mail came: an invitation goes to an address with no Bloom account, every other mail is the account's", () => {
    const options = { appOrigin: 'https://bloom.example' };
    const invitation = renderMail('coach-invitation', { coachName: 'Coach Carter', link: '/Client?invite=t0k' }, options);
    const why = 'You are receiving this e-mail because Coach Carter invited this address to Bloom at https://bloom.example.';
    expect(invitation.text).toContain(`Bloom: ${why}`);
    expect(invitation.html).toContain(why);
    expect(invitation.text + invitation.html).not.toContain('your Bloom account');
    expect(renderMail('coach-invitation', {}, options).text).toContain('because a coach invited this address to Bloom at https://bloom.example.');
    for (const template of MAIL_TEMPLATES.filter((name) => name !== 'coach-invitation')) {
      expect(renderMail(template, { coachName: 'Coach Carter' }, options).text, template).toContain('You are receiving this e-mail because of your Bloom account at https://bloom.example.');
    }
  });

  it('mask addresses where logs show them', () => {
    expect(maskAddress('ada.lovelace@bloom.example')).toBe('a…@bloom.example');
    expect(maskAddress('nobody')).toBe('…');
  });

  it('back off 5 s, 30 s, 2 min, 10 min, 30 min, then hourly (until the message is 3 days old)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 100].map((attempts) => retryDelayMs(attempts))).toEqual([5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3_600_000, 3_600_000]);
    expect(DEFAULT_RETRY_DELAYS_MS.at(-1)).toBe(3_600_000);
  });
});

describe('mail over SMTP', () => {
  const setup = serverWithMailCatcher({ MAIL_FROM: 'Bloom <hello@bloom.test>', SUPPORT_EMAIL: 'help@bloom.test' });

  it('sends a message once its transaction commits, and nothing from one that rolled back', async () => {
    const to = 'committed@bloom.test';
    await inTransaction(setup.server.database.db, async (trx) => {
      await enqueueMail(trx, { to, template: 'verify-email', data: { name: 'Ada', link: '/Verify?token=tok-commit', unknownKey: 'x' } });
      // The dispatcher was woken, but the row is not committed yet.
      await sleep(300);
      expect(setup.catcher.to(to)).toHaveLength(0);
    });
    const mail = await setup.catcher.waitFor((message) => message.to.includes(to));
    expect(mail.subject).toBe('Confirm your e-mail address for Bloom');
    expect(mail.headers.from).toBe('Bloom <hello@bloom.test>');
    expect(mail.from).toBe('hello@bloom.test');
    // A reply reaches a person, not the no-reply sender (SUPPORT_EMAIL, decision 0072).
    expect(mail.headers['reply-to']).toBe('help@bloom.test');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('http://127.0.0.1/Verify?token=tok-commit');
    expect(mail.html).toContain('href="http://127.0.0.1/Verify?token=tok-commit"');
    expect(setup.catcher.logins).toContain(`${CATCHER_USER}:${CATCHER_PASSWORD}`);
    const [row] = await until(async () => {
      const rows = await outboxRows(setup.server, to);
      return rows[0]?.sent_at ? rows : undefined;
    });
    // Sent: the values (with the link's token) are gone; the record stays.
    expect(row).toMatchObject({ template: 'verify-email', data: '{}', attempts: 1, last_error: null });

    const rolledBack = 'rolled-back@bloom.test';
    await expect(
      inTransaction(setup.server.database.db, async (trx) => {
        await enqueueMail(trx, { to: rolledBack, template: 'password-reset', data: { link: '/Reset?token=tok-rollback' } });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    await sleep(1_200);
    await setup.server.app.mail.runOnce();
    expect(setup.catcher.to(rolledBack)).toHaveLength(0);
    expect(await outboxRows(setup.server, rolledBack)).toHaveLength(0);
  });

  it('sends one receipt for a paid plan, with the amount, the assessment date and the link, however often it is confirmed', async () => {
    const member = await memberWithAssessment(setup.server, { firstName: 'Rosa' });
    const { session, callback } = await buyWithSandbox(member);
    expect(callback.status).toBe(200);
    expect(callback.body).toEqual({ unlocked: true, status: 'unlocked', assessmentId: member.assessmentId, supportEmail: null });
    const { email } = await setup.server.database.db.selectFrom('users').select('email').where('id', '=', member.userId).executeTakeFirstOrThrow();
    const assessment = await setup.server.database.db.selectFrom('assessments').selectAll().where('id', '=', member.assessmentId).executeTakeFirstOrThrow();

    const receipt = await setup.catcher.waitFor((message) => message.to.includes(email!));
    expect(receipt.subject).toBe('Your Bloom receipt: Positivity Plan');
    expect(receipt.text).toContain('Hello Rosa,');
    expect(receipt.text).toContain('Amount paid: $9.99');
    expect(receipt.text).toContain(`your assessment of ${formatLongDate(assessment.created_at)}`);
    expect(receipt.text).toContain(`http://127.0.0.1/PositivityPlan/${member.assessmentId}`);
    expect(receipt.html).toContain(`href="http://127.0.0.1/PositivityPlan/${member.assessmentId}"`);

    // The return is confirmed again (a reload, a second tab): still one receipt.
    const again = await member.client.get(`/api/user/PurchaseSuccessCallback?session=${encodeURIComponent(session)}`);
    expect(again.status).toBe(200);
    await sleep(300);
    await setup.server.app.mail.runOnce();
    expect(setup.catcher.to(email!)).toHaveLength(1);
    expect(await outboxRows(setup.server, email!)).toHaveLength(1);
  });

  it('gives up a refused message at once and keeps the address out of the log (decision 0083)', async () => {
    await setup.server.app.mail.stop();
    const warnings: object[] = [];
    const dispatcher = fastDispatcher(setup.server, { smtpUrl: setup.catcher.url, log: { ...quiet, warn: (details) => warnings.push(details) }, retryDelaysMs: [60_000] });
    const to = 'no-such-mailbox@bloom.test';
    setup.catcher.refuse.add(to);
    try {
      await enqueueMail(setup.server.database.db, { to, template: 'password-changed', data: {} });
      expect(await dispatcher.runOnce()).toBe(0);
      const [row] = await outboxRows(setup.server, to);
      expect(row).toMatchObject({ attempts: 1, data: '{}' });
      expect(row!.sent_at).not.toBeNull();
      expect(row!.last_error).toContain(to);
      expect(warnings).toHaveLength(1);
      expect(JSON.stringify(warnings)).toContain('n…@bloom.test');
      expect(JSON.stringify(warnings)).not.toContain(to);
    } finally {
      setup.catcher.refuse.delete(to);
      await forgetMailTo(setup.server.database.db, to);
      await dispatcher.stop();
      setup.server.app.mail.start();
    }
  });

  it('forgets every message to an address, sent or queued, whatever its case', async () => {
    await setup.server.app.mail.stop();
    try {
      const db = setup.server.database.db;
      await enqueueMail(db, { to: 'Forget.Me@bloom.test', template: 'password-changed', data: {} });
      await enqueueMail(db, { to: 'forget.me@bloom.test', template: 'email-changed', data: {} });
      await enqueueMail(db, { to: 'keep.me@bloom.test', template: 'email-changed', data: {} });
      await forgetMailTo(db, 'FORGET.me@bloom.test');
      const left = await db.selectFrom('mail_outbox').select('recipient').where('recipient', 'like', '%.me@bloom.test').execute();
      expect(left).toEqual([{ recipient: 'keep.me@bloom.test' }]);
      await forgetMailTo(db, 'keep.me@bloom.test');
    } finally {
      setup.server.app.mail.start();
    }
  });

  it('forgets the mail of a person who deletes their account', async () => {
    const member = await person(setup.server, { email: 'leaving@bloom.test' });
    const db = setup.server.database.db;
    await setup.server.app.mail.stop();
    try {
      await enqueueMail(db, { to: 'leaving@bloom.test', template: 'password-changed', data: { name: 'Robin' } });
      expect((await member.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);
      expect(await db.selectFrom('mail_outbox').select('id').where('recipient', '=', 'leaving@bloom.test').execute()).toEqual([]);
    } finally {
      setup.server.app.mail.start();
    }
  });

  it('keeps sending while mail is queued faster than its wake-up delay', async () => {
    // Each message queued wakes the dispatcher 20 ms later; a stream of them must not keep
    // moving that wake-up back until the stream ends.
    const recipients: string[] = [];
    const streamEnds = Date.now() + 1_500;
    let sentDuringStream = 0;
    for (let index = 0; Date.now() < streamEnds; index++) {
      const to = `stream-${index}-${Date.now()}@bloom.test`;
      recipients.push(to);
      await enqueueMail(setup.server.database.db, { to, template: 'verify-email', data: { name: 'Sam', link: '/Verify?token=tok-stream' } });
      sentDuringStream = recipients.filter((recipient) => setup.catcher.to(recipient).length > 0).length;
      await sleep(5);
    }
    expect(recipients.length).toBeGreaterThan(50);
    expect(sentDuringStream).toBeGreaterThan(0);
    // And the rest right after, so the queue is empty for the next test.
    await until(async () => recipients.every((recipient) => setup.catcher.to(recipient).length === 1));
  });

  it('lets several dispatchers share the queue without sending a message twice', async () => {
    await setup.server.app.mail.stop();
    const dispatchers = [fastDispatcher(setup.server, { smtpUrl: setup.catcher.url }), fastDispatcher(setup.server, { smtpUrl: setup.catcher.url }), fastDispatcher(setup.server, { smtpUrl: setup.catcher.url })];
    try {
      const recipients = Array.from({ length: 24 }, (_, index) => `shared-${index}@bloom.test`);
      await inTransaction(setup.server.database.db, async (trx) => {
        for (const to of recipients) await enqueueMail(trx, { to, template: 'password-changed', data: {} });
      });
      const sent = await Promise.all(dispatchers.map((dispatcher) => dispatcher.runOnce()));
      expect(sent.reduce((sum, count) => sum + count, 0)).toBe(recipients.length);
      for (const to of recipients) expect(setup.catcher.to(to)).toHaveLength(1);
    } finally {
      for (const dispatcher of dispatchers) await dispatcher.stop();
      setup.server.app.mail.start();
    }
  });
});

describe('a Stripe purchase confirmed by the webhook and the success callback at once', () => {
  const WEBHOOK_SECRET = 'whsec_test_mail_receipts';
  const setup = serverWithMailCatcher({ STRIPE_SECRET_KEY: 'sk_test_mail', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  let stripeStandIn: Server;
  beforeAll(async () => {
    // Stripe's API on loopback: every checkout session it is asked about is paid, 999 usd.
    stripeStandIn = createServer((request, response) => {
      const id = /\/v1\/checkout\/sessions\/([^/?]+)/.exec(request.url ?? '')?.[1];
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ id, object: 'checkout.session', payment_status: 'paid', amount_total: 999, currency: 'usd' }));
    });
    await new Promise<void>((resolve) => stripeStandIn.listen(0, '127.0.0.1', resolve));
    const { port } = stripeStandIn.address() as AddressInfo;
    setup.server.app.payments = new StripePaymentProvider(await createStripeClient('sk_test_mail', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }), 'checkout.stripe.test');
  });
  afterAll(async () => {
    await new Promise((resolve) => stripeStandIn?.close(resolve));
  });

  it('sends one receipt', async () => {
    const member = await memberWithAssessment(setup.server);
    const ref = `cs_test_${newId().replace(/-/g, '')}`;
    await setup.server.database.db
      .insertInto('purchases')
      .values({ id: newId(), assessment_id: member.assessmentId, user_id: member.userId, provider: 'stripe', provider_ref: ref, amount_cents: 999, currency: 'usd', status: 'pending', created_at: new Date().toISOString(), fulfilled_at: null })
      .execute();
    const payload = JSON.stringify({
      id: `evt_${newId().replace(/-/g, '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: ref, object: 'checkout.session', payment_status: 'paid', amount_total: 999, currency: 'usd' } },
    });
    const webhook = () =>
      setup.server.client().request('POST', '/api/payments/stripe/webhook', {
        body: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
        csrf: false,
      });
    const answers = await Promise.all([
      webhook(),
      member.client.get(`/api/user/PurchaseSuccessCallback?session=${ref}`),
      webhook(),
      member.client.get(`/api/user/PurchaseSuccessCallback?session=${ref}`),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.outcome === 'fulfilled').length).toBeLessThanOrEqual(1);
    expect([answers[1]!.body.unlocked, answers[3]!.body.unlocked]).toEqual([true, true]);
    const { email } = await setup.server.database.db.selectFrom('users').select('email').where('id', '=', member.userId).executeTakeFirstOrThrow();
    await setup.catcher.waitFor((message) => message.to.includes(email!));
    await sleep(300);
    await setup.server.app.mail.runOnce();
    expect(setup.catcher.to(email!)).toHaveLength(1);
    expect(await outboxRows(setup.server, email!)).toHaveLength(1);
  });
});

describe('an SMTP outage', () => {
  const setup = serverWithMailCatcher({}, { smtp: 'down' });
  let dispatcher: MailDispatcher | undefined;
  afterAll(async () => {
    await dispatcher?.stop();
  });

  it('keeps mail queued with its error while the server is down, and delivers it once it is back', async () => {
    // The app's own dispatcher: the purchase succeeds, its receipt waits 5 s for the next attempt.
    const first = await memberWithAssessment(setup.server);
    const { callback } = await buyWithSandbox(first);
    expect(callback.status).toBe(200);
    expect(callback.body.unlocked).toBe(true);
    const firstEmail = (await setup.server.database.db.selectFrom('users').select('email').where('id', '=', first.userId).executeTakeFirstOrThrow()).email!;
    const [failed] = await until(async () => {
      const rows = await outboxRows(setup.server, firstEmail);
      return rows[0]?.last_error ? rows : undefined;
    });
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, template: 'plan-receipt' });
    expect(failed!.last_error).toMatch(/ECONNREFUSED/);
    const waitMs = Date.parse(failed!.next_attempt_at) - Date.now();
    expect(waitMs).toBeGreaterThan(3_000);
    expect(waitMs).toBeLessThanOrEqual(5_000);

    // From here a dispatcher with short waits, so the retries can be watched.
    await setup.server.app.mail.stop();
    dispatcher = fastDispatcher(setup.server, { smtpUrl: setup.catcher.url });
    dispatcher.start();
    const second = 'outage@bloom.test';
    await inTransaction(setup.server.database.db, (trx) => enqueueMail(trx, { to: second, template: 'password-reset', data: { link: '/Reset?token=tok-outage' } }));
    const [retried] = await until(async () => {
      const rows = await outboxRows(setup.server, second);
      return rows[0] && rows[0].attempts >= 3 ? rows : undefined;
    });
    expect(retried).toMatchObject({ sent_at: null });
    expect(retried!.last_error).toMatch(/ECONNREFUSED/);
    expect(setup.catcher.messages).toHaveLength(0);

    await setup.catcher.listen();
    const reset = await setup.catcher.waitFor((message) => message.to.includes(second));
    expect(reset.text).toContain('http://127.0.0.1/Reset?token=tok-outage');
    // The receipt queued before the outage arrives too, once its 5 s wait is over.
    const receipt = await setup.catcher.waitFor((message) => message.to.includes(firstEmail), 8_000);
    expect(receipt.text).toContain('Amount paid: $9.99');
    const rows = await until(async () => {
      const all = await setup.server.database.db.selectFrom('mail_outbox').selectAll().execute();
      return all.every((row) => row.sent_at) ? all : undefined;
    });
    expect(rows.map((row) => row.last_error)).toEqual([null, null]);
    expect(setup.catcher.messages).toHaveLength(2);
  }, 20_000);
});

describe('the .eml outbox (no SMTP_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const outboxFolder = () => path.join(server.config.dataDir, 'outbox');
  const emlFiles = () => {
    try {
      return readdirSync(outboxFolder()).filter((name) => name.endsWith('.eml'));
    } catch {
      return [];
    }
  };

  it('writes each message as an .eml file in DATA_DIR/outbox', async () => {
    expect(server.app.mail.transportKind).toBe('outbox');
    await inTransaction(server.database.db, (trx) => enqueueMail(trx, { to: 'eml@bloom.test', template: 'password-reset', data: { name: 'Eve', link: '/Reset?token=tok-eml' } }));
    const [file] = await until(async () => (emlFiles().length > 0 ? emlFiles() : undefined));
    const eml = readFileSync(path.join(outboxFolder(), file!), 'utf8');
    expect(eml).toMatch(/^To: eml@bloom\.test\r$/m);
    expect(eml).toMatch(/^Subject: Reset your Bloom password\r$/m);
    expect(eml).toMatch(/^From: Bloom <no-reply@localhost>\r$/m);
    expect(eml).toContain('multipart/alternative');
    // Quoted-printable: soft line breaks joined, '=' written as =3D.
    expect(eml.replace(/=\r\n/g, '')).toContain('http://127.0.0.1/Reset?token=3Dtok-eml');
    // The row is marked sent right after the file is written.
    await until(async () => (await outboxRows(server, 'eml@bloom.test'))[0]?.sent_at);
  });

  it('logs the recipient (masked), the subject and the file, never the address, the message or its link', async () => {
    await server.app.mail.stop();
    const lines: Array<{ level: string; details: object; message: string }> = [];
    const log: MailLog = {
      info: (details, message) => lines.push({ level: 'info', details, message }),
      warn: (details, message) => lines.push({ level: 'warn', details, message }),
      error: (details, message) => lines.push({ level: 'error', details, message }),
    };
    const dispatcher = fastDispatcher(server, { log });
    try {
      await inTransaction(server.database.db, (trx) => enqueueMail(trx, { to: 'logged@bloom.test', template: 'verify-email', data: { link: '/Verify?token=tok-secret-link' } }));
      expect(await dispatcher.runOnce()).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 'info', details: { to: 'l…@bloom.test', subject: 'Confirm your e-mail address for Bloom' } });
      const file = (lines[0]!.details as { file: string }).file;
      expect(path.dirname(file)).toBe(outboxFolder());
      expect(readFileSync(file, 'utf8')).toContain('tok-secret-link');
      expect(JSON.stringify(lines)).not.toContain('tok-secret-link');
      expect(JSON.stringify(lines)).not.toContain('logged@bloom.test');
    } finally {
      await dispatcher.stop();
      server.app.mail.start();
    }
  });
});
