import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailDispatcher, type MailLog } from '../src/mail/dispatcher';
import { createMailTransport } from '../src/mail/transport';
import { enqueueMail } from '../src/mail/outbox';
import { listMailTo } from '../src/mail/records';
import { newId } from '../src/lib/crypto';
import type { MailOutboxTable } from '../src/db/schema';
import { SmtpCatcher } from './mail-catcher';
import { startTestServer, type TestServer } from './harness';

/**
 * Mail the relay will never take does not stay queued (decision 0083), against a real SMTP server
 * in the test process (mail-catcher.ts): a 550 refusal is not retried, a message still failing
 * after its maximum age is given up, fresh mail goes out before retries, and rows given up leave
 * the queue metrics and are purged like sent ones.
 */
const TOKEN = 'metrics-token-for-the-mail-tests-0123456789';
let catcher: SmtpCatcher;
let server: TestServer;
beforeAll(async () => {
  catcher = await SmtpCatcher.start();
  server = await startTestServer({ SMTP_URL: catcher.url, METRICS_TOKEN: TOKEN });
  // The tests run dispatchers of their own.
  await server.app.mail.stop();
}, 60_000);
afterAll(async () => {
  await server?.close();
  await catcher?.stop();
});

const db = () => server.database.db;
const quiet: MailLog = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function dispatcher(options: { smtpUrl?: string; log?: MailLog; maxAgeMs?: number; keepSentMs?: number } = {}): MailDispatcher {
  return new MailDispatcher({
    db: db(),
    dialect: server.database.dialect,
    transport: createMailTransport({ smtpUrl: options.smtpUrl ?? catcher.url, dataDir: server.config.dataDir }),
    from: server.config.mail.from,
    appOrigin: server.config.appOrigin,
    supportEmail: undefined,
    log: options.log ?? quiet,
    pollIntervalMs: 50,
    retryDelaysMs: [100],
    ...(options.maxAgeMs ? { maxAgeMs: options.maxAgeMs } : {}),
    ...(options.keepSentMs ? { keepSentMs: options.keepSentMs } : {}),
  });
}

/** A row queued `ago` ms back, tried `attempts` times already and due now. */
function oldRow(recipient: string, ago: number, attempts: number): MailOutboxTable {
  const queued = new Date(Date.now() - ago).toISOString();
  return { id: newId(), recipient, template: 'verify-email', data: JSON.stringify({ name: 'x', link: '/Verify?token=old' }), created_at: queued, attempts, next_attempt_at: new Date(Date.now() - 1_000).toISOString(), sent_at: null, last_error: 'ECONNREFUSED' };
}

const row = (recipient: string) => db().selectFrom('mail_outbox').selectAll().where('recipient', '=', recipient).executeTakeFirstOrThrow();

async function queueDepth(): Promise<number> {
  const response = await server.client().get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  return Number(/^bloom_mail_queue_depth (\S+)$/m.exec(response.text)?.[1]);
}

describe('mail the SMTP server refuses for good', () => {
  it('is tried once, leaves the queue with its error, and the log masks the address', async () => {
    const warnings: object[] = [];
    const sender = dispatcher({ log: { ...quiet, warn: (details) => warnings.push(details) } });
    const to = 'no-such-mailbox@refused.test';
    catcher.refuse.add(to);
    try {
      const depthBefore = await queueDepth();
      await enqueueMail(db(), { to, template: 'password-reset', data: { link: '/Reset?token=tok-refused' } });
      expect(await sender.runOnce()).toBe(0);
      // Past the retry delay: nothing is due again.
      await sleep(200);
      await sender.runOnce();
      const refused = await row(to);
      expect(refused).toMatchObject({ attempts: 1, data: '{}' });
      expect(refused.sent_at).not.toBeNull();
      expect(refused.last_error).toMatch(/550/);
      // The person's data export calls it given up, not sent.
      expect(await listMailTo(db(), to)).toEqual([expect.objectContaining({ status: 'given-up', sentAt: null })]);
      expect(warnings).toHaveLength(1);
      expect(JSON.stringify(warnings)).toContain('n…@refused.test');
      expect(JSON.stringify(warnings)).not.toContain(to);
      expect(await queueDepth()).toBe(depthBefore);
    } finally {
      catcher.refuse.delete(to);
      await sender.stop();
    }
  });

  it('does not give up on a sign-in the server refuses: that is the configuration, kept and retried', async () => {
    const sender = dispatcher({ smtpUrl: catcher.url.replace('catcher-secret', 'wrong-secret') });
    const to = 'after-fixing-the-password@bloom.test';
    try {
      await enqueueMail(db(), { to, template: 'password-changed', data: {} });
      await sender.runOnce();
      const kept = await row(to);
      expect(kept).toMatchObject({ sent_at: null, attempts: 1 });
      expect(kept.last_error).toMatch(/535|Invalid/);
    } finally {
      await sender.stop();
      await db().deleteFrom('mail_outbox').where('recipient', '=', to).execute();
    }
  });
});

describe('a backlog of retries', () => {
  it('does not hold up fresh mail: never-tried rows are claimed first', async () => {
    const sender = dispatcher();
    const backlog = Array.from({ length: 30 }, (_, index) => oldRow(`waited-${index}@bloom.test`, 60 * 60_000, 5));
    await db().insertInto('mail_outbox').values(backlog).execute();
    const fresh = 'fresh-reset@bloom.test';
    await enqueueMail(db(), { to: fresh, template: 'password-reset', data: { link: '/Reset?token=tok-fresh' } });
    const first = catcher.messages.length;
    try {
      // A dispatcher not started sends one batch per call.
      await sender.runOnce();
      // One claim takes one batch, on PostgreSQL too (its locking subquery once took 29 for 10).
      expect(catcher.messages.length - first).toBe(10);
      for (let round = 0; round < 3; round++) await sender.runOnce();
      const order = catcher.messages.slice(first).map((message) => message.to[0]);
      expect(order).toHaveLength(31);
      // Claimed in the first batch of ten (sent at once, so in any order within it).
      expect(order.indexOf(fresh)).toBeLessThan(10);
    } finally {
      await sender.stop();
      await db().deleteFrom('mail_outbox').where('recipient', 'in', [fresh, ...backlog.map((entry) => entry.recipient)]).execute();
    }
  });

  it('gives up a message its recipient’s server still defers after its maximum age, and keeps a younger one queued', async () => {
    const sender = dispatcher({ maxAgeMs: 3 * 24 * 60 * 60_000 });
    const tooOld = oldRow('four-days@deferred.test', 4 * 24 * 60 * 60_000, 40);
    const young = oldRow('one-day@deferred.test', 24 * 60 * 60_000, 20);
    for (const entry of [tooOld, young]) catcher.defer.add(entry.recipient);
    await db().insertInto('mail_outbox').values([tooOld, young]).execute();
    try {
      await sender.runOnce();
      const old = await row(tooOld.recipient);
      expect(old.sent_at).not.toBeNull();
      expect(old).toMatchObject({ attempts: 41, data: '{}' });
      expect(old.last_error).toMatch(/450|busy/);
      expect(await row(young.recipient)).toMatchObject({ sent_at: null, attempts: 21 });
    } finally {
      for (const entry of [tooOld, young]) catcher.defer.delete(entry.recipient);
      await sender.stop();
      await db().deleteFrom('mail_outbox').where('recipient', 'in', [tooOld.recipient, young.recipient]).execute();
    }
  });

  it('never gives up a message because Bloom’s own SMTP server is down, however long: it is sent once the server is back (DESIGN §12)', async () => {
    const down = await SmtpCatcher.down();
    const whileDown = dispatcher({ smtpUrl: down.url, maxAgeMs: 3 * 24 * 60 * 60_000 });
    const receipt = { ...oldRow('a-week-of-outage@bloom.test', 7 * 24 * 60 * 60_000, 160), template: 'verify-email' };
    await db().insertInto('mail_outbox').values(receipt).execute();
    const afterwards = dispatcher({ maxAgeMs: 3 * 24 * 60 * 60_000 });
    try {
      await whileDown.runOnce();
      const kept = await row(receipt.recipient);
      expect(kept).toMatchObject({ sent_at: null, attempts: 161 });
      expect(kept.data).not.toBe('{}');
      expect(kept.last_error).toMatch(/ECONNREFUSED/);
      // The server is back: the row is due again after its retry delay.
      await db().updateTable('mail_outbox').set({ next_attempt_at: new Date(Date.now() - 1_000).toISOString() }).where('id', '=', receipt.id).execute();
      const before = catcher.messages.length;
      await afterwards.runOnce();
      expect(catcher.messages.slice(before).map((message) => message.to[0])).toEqual([receipt.recipient]);
      expect(await row(receipt.recipient)).toMatchObject({ last_error: null });
    } finally {
      await whileDown.stop();
      await afterwards.stop();
      await db().deleteFrom('mail_outbox').where('recipient', '=', receipt.recipient).execute();
    }
  });

  it('purges rows given up like sent ones, after the same time', async () => {
    const longAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000).toISOString();
    const givenUp = { ...oldRow('given-up-long-ago@bloom.test', 10 * 24 * 60 * 60_000, 1), sent_at: longAgo, data: '{}', last_error: '550 no such mailbox' };
    const recent = { ...oldRow('given-up-yesterday@bloom.test', 2 * 24 * 60 * 60_000, 1), sent_at: new Date(Date.now() - 86_400_000).toISOString(), data: '{}', last_error: '550 no such mailbox' };
    await db().insertInto('mail_outbox').values([givenUp, recent]).execute();
    const sender = dispatcher();
    try {
      await sender.runOnce();
      const left = await db().selectFrom('mail_outbox').select('recipient').where('recipient', 'in', [givenUp.recipient, recent.recipient]).execute();
      expect(left.map((entry) => entry.recipient)).toEqual([recent.recipient]);
    } finally {
      await sender.stop();
    }
  });
});
