import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SmtpCatcher } from '../apps/server/test/mail-catcher';

/**
 * Global setup of the browser tests (issue 25 "Done when"): a real SMTP server in the test
 * process, the same `smtp-server` catcher the API tests use, on the port playwright.config.ts
 * names in the server's SMTP_URL. Bloom's nodemailer signs in to it and sends over TCP, as it
 * would to a real mail server.
 *
 * Playwright starts the webServer before global setup, so the catcher comes up second; nothing
 * is mailed before the first test, and mail queued while it was away would be retried anyway.
 * The catcher lives in the runner's process while tests run in workers: each message it accepts
 * is written as JSON to BLOOM_E2E_MAILBOX (renamed into place, so a reader never sees half a
 * file), where tests/support/account-mail.ts reads it.
 */
export default async function startMailCatcher(): Promise<() => Promise<void>> {
  const port = Number(process.env.BLOOM_E2E_SMTP_PORT);
  const mailbox = process.env.BLOOM_E2E_MAILBOX;
  if (!port || !mailbox) throw new Error('playwright.config.ts sets BLOOM_E2E_SMTP_PORT and BLOOM_E2E_MAILBOX');
  rmSync(mailbox, { recursive: true, force: true });
  mkdirSync(mailbox, { recursive: true });
  const catcher = await SmtpCatcher.start(port);
  let received = 0;
  catcher.onMessage = (message) => {
    received += 1;
    const name = `${String(received).padStart(6, '0')}.json`;
    const { from, to, subject, text, html } = message;
    writeFileSync(path.join(mailbox, `.${name}`), JSON.stringify({ from, to, subject, text, html }));
    renameSync(path.join(mailbox, `.${name}`), path.join(mailbox, name));
  };
  return async () => {
    await catcher.stop();
    rmSync(mailbox, { recursive: true, force: true });
  };
}
