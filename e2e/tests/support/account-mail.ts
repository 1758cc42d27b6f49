import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * Mail the e2e server sends. It runs without SMTP_URL, so each message is an .eml file in
 * DATA_DIR/outbox (apps/server/src/mail/transport.ts); playwright.config.ts names that folder in
 * BLOOM_E2E_DATA_DIR for the workers. Links are read from the files as a person reads their inbox.
 */
const outbox = () => path.join(process.env.BLOOM_E2E_DATA_DIR ?? '', 'outbox');

/** Just enough MIME: quoted-printable soft breaks and escapes, which is how nodemailer writes the text part. */
function decode(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const LINKS = {
  verify: /https?:\/\/[^/\s]+(\/idp\/verify\?token=[A-Za-z0-9_-]{43})/,
  reset: /https?:\/\/[^/\s]+(\/idp\/reset\?token=[A-Za-z0-9_-]{43})/,
  /** A coach's invitation (issue 25 §4). */
  invite: /https?:\/\/[^/\s]+(\/Client\?invite=[A-Za-z0-9_-]{43})/,
};

/** The messages to `to`, oldest first (file names start with the time they were written). */
async function messagesTo(to: string): Promise<string[]> {
  let files: string[];
  try {
    files = (await readdir(outbox())).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const texts = await Promise.all(files.map(async (name) => decode(await readFile(path.join(outbox(), name), 'utf8'))));
  const recipient = new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'im');
  return texts.filter((text) => recipient.test(text));
}

/** The path of the newest link of this kind mailed to `to`, waiting for the mail to arrive; `skip` leaves out links already used. */
export async function linkMailedTo(to: string, kind: keyof typeof LINKS, skip: readonly string[] = []): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const links = (await messagesTo(to.toLowerCase())).map((text) => LINKS[kind].exec(text)?.[1]).filter((link): link is string => Boolean(link) && !skip.includes(link!));
        found = links.at(-1) ?? '';
        return found;
      },
      { message: `a ${kind} link mailed to ${to}`, timeout: 15_000 },
    )
    .not.toBe('');
  return found;
}

/** Subjects of the mail sent to `to` so far, oldest first. */
export async function subjectsMailedTo(to: string): Promise<string[]> {
  return (await messagesTo(to.toLowerCase())).map((text) => /^Subject: (.*)$/im.exec(text)?.[1]?.trim() ?? '');
}

/** Follows sign-up's confirmation link in `page`, confirms the address (an admin's rights wait for it) and goes back to Bloom's dashboard. */
export async function confirmAddress(page: Page, email: string): Promise<void> {
  // Sign-up's callback may still be exchanging its code: leaving the page now would abort it and
  // leave the browser without a session (layout.spec's admin was once found logged out).
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/user/getCurrentUser');
        return response.status() === 200 && (await response.json()).userName !== 'Guest';
      },
      { message: 'the signed-in session of the new account', timeout: 20_000 },
    )
    .toBe(true);
  await page.goto(await linkMailedTo(email, 'verify'));
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Bloom' }).click();
  await expect(page).toHaveURL(/\/Dashboard$/);
}
