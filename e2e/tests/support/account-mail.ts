import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { createAccount, LOG_IN_HEADING, type TestPerson } from './sign-up';

/**
 * Mail the e2e server sends, as a real SMTP server received it: the server's SMTP_URL points at
 * the catcher of the test run (e2e/mail-catcher.ts), which writes each message it accepts to the
 * mailbox folder playwright.config.ts names in BLOOM_E2E_MAILBOX. Links are read from the plain-text
 * part, as a person reads their inbox.
 */
export interface ReceivedMail {
  /** The SMTP envelope's sender and recipients. */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

const mailbox = () => process.env.BLOOM_E2E_MAILBOX ?? '';

const LINKS = {
  verify: /https?:\/\/[^/\s]+(\/idp\/verify\?token=[A-Za-z0-9_-]{43})/,
  reset: /https?:\/\/[^/\s]+(\/idp\/reset\?token=[A-Za-z0-9_-]{43})/,
  plan: /https?:\/\/[^/\s]+(\/PositivityPlan\/[A-Za-z0-9_-]+)/,
  /** A coach's invitation (issue 25 §4). */
  invite: /https?:\/\/[^/\s]+(\/Client\?invite=[A-Za-z0-9_-]{43})/,
};

/** The messages to `to`, oldest first (the catcher numbers them as they arrive). */
async function messagesTo(to: string): Promise<ReceivedMail[]> {
  let files: string[];
  try {
    files = (await readdir(mailbox())).filter((name) => /^\d+\.json$/.test(name)).sort();
  } catch {
    return [];
  }
  const messages = await Promise.all(files.map(async (name) => JSON.parse(await readFile(path.join(mailbox(), name), 'utf8')) as ReceivedMail));
  return messages.filter((message) => message.to.includes(to));
}

/** The newest message to `to` whose subject is `subject`, waiting for it to arrive. */
export async function mailTo(to: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesTo(to.toLowerCase())).filter((message) => message.subject === subject).at(-1);
        return found !== undefined;
      },
      { message: `a mail "${subject}" to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The path of the newest link of this kind mailed to `to`, waiting for the mail to arrive; `skip` leaves out links already used. */
export async function linkMailedTo(to: string, kind: keyof typeof LINKS, skip: readonly string[] = []): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const links = (await messagesTo(to.toLowerCase())).map((message) => LINKS[kind].exec(message.text)?.[1]).filter((link): link is string => Boolean(link) && !skip.includes(link!));
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
  return (await messagesTo(to.toLowerCase())).map((message) => message.subject);
}

/** Follows sign-up's confirmation link in `page`, confirms the address and goes back to Bloom's dashboard (an admin's address: confirmAdminAddress). */
export async function confirmAddress(page: Page, email: string): Promise<void> {
  await untilSignedIn(page);
  await page.goto(await linkMailedTo(email, 'verify'));
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Bloom' }).click();
  await expect(page).toHaveURL(/\/Dashboard$/);
}

/**
 * Confirms an address in ADMIN_EMAILS, which also asks for a new password and signs the account
 * out everywhere (decision 0059); then logs back in with it. The owner keeps the password they
 * chose at sign-up, so later log-ins of `person` still work.
 */
export async function confirmAdminAddress(page: Page, person: TestPerson): Promise<void> {
  await untilSignedIn(page);
  await page.goto(await linkMailedTo(person.email, 'verify'));
  await page.getByLabel('New password').fill(person.password);
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('signed out of Bloom everywhere');
  await page.goto('/');
  await page.getByRole('button', { name: 'Member Log In' }).first().click();
  await expect(page.getByRole('heading', { name: LOG_IN_HEADING })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('E-mail address').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/idp\//, { timeout: 20_000 });
  // The callback page is still exchanging its code: leaving it now would leave no session.
  await untilSignedIn(page);
}

/**
 * Signs in as an admin the e2e server names in ADMIN_EMAILS (e2e/playwright.config.ts): logs in
 * when the account exists (a retried test finds it there), otherwise signs up and confirms the
 * address with its password (decision 0059). Ends signed in, off the provider's pages.
 */
export async function signInAsAdmin(page: Page, admin: TestPerson): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Member Log In' }).first().click();
  await expect(page).toHaveURL(/\/idp\//, { timeout: 20_000 });
  await page.getByLabel('E-mail address').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const noAccountYet = page.getByText('The e-mail address or password is not right.').first();
  const outcome = await Promise.race([
    page.waitForURL((url) => !url.pathname.startsWith('/idp/'), { timeout: 20_000 }).then(() => 'signed in', () => 'timed out'),
    noAccountYet.waitFor({ timeout: 20_000 }).then(() => 'no account yet', () => 'timed out'),
  ]);
  if (outcome === 'no account yet') {
    await createAccount(page, admin);
    await expect(page).not.toHaveURL(/\/idp\//, { timeout: 20_000 });
    await confirmAdminAddress(page, admin);
  }
  await expect(page).not.toHaveURL(/\/idp\//, { timeout: 20_000 });
  await untilSignedIn(page);
}

/**
 * Sign-up's callback may still be exchanging its code: leaving the page now would abort it and
 * leave the browser without a session (layout.spec's admin was once found logged out).
 */
async function untilSignedIn(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/user/getCurrentUser');
        return response.status() === 200 && (await response.json()).userName !== 'Guest';
      },
      { message: 'the signed-in session of the new account', timeout: 20_000 },
    )
    .toBe(true);
}
