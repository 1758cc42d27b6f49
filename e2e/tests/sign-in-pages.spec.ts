import { expect, test, type Page } from '@playwright/test';
import { linkMailedTo } from './support/account-mail';
import { LOG_IN_HEADING, SIGN_UP_HEADING, createAccount, newPerson } from './support/sign-up';
import { checkAtBothWidths } from './support/widths';

/**
 * Issue 25 part 6, in the browser: the provider's pages wear Bloom's header (the lotus mark and
 * the wordmark, leading home) and look, at 390 and 1280 px without sideways scroll and axe clean;
 * a newcomer's button opens "Create your account", a log-in button opens "Log in".
 */
async function checkPage(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const home = page.getByRole('banner').getByRole('link', { name: 'Bloom home' });
  await expect(home).toBeVisible();
  // The mark is the web app's own image, and it loads (the heading can be up before the image is).
  await expect.poll(() => home.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await checkAtBothWidths(page, heading);
}

test('a newcomer’s button opens "Create your account"; from there "Log in" and "Forgot password?" look like Bloom too', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/Client');
  await page.getByRole('button', { name: 'Client Signup / Login' }).first().click();
  await expect(page).toHaveURL(/\/idp\/interaction\/[^/]+$/, { timeout: 20_000 });
  await checkPage(page, SIGN_UP_HEADING);

  await page.getByRole('link', { name: 'Log in' }).click();
  await checkPage(page, LOG_IN_HEADING);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await checkPage(page, 'Reset your password');
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: LOG_IN_HEADING })).toBeVisible();

  // The header leads home, to Bloom's welcome page.
  await page.getByRole('banner').getByRole('link', { name: 'Bloom home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('"Member Log In" opens "Log in"; the reset form behind a mailed link looks like Bloom', async ({ page }) => {
  test.setTimeout(60_000);
  const person = newPerson('Lena', 'Look');
  await page.goto('/');
  await page.getByRole('button', { name: 'Member Log In' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: LOG_IN_HEADING })).toBeVisible({ timeout: 20_000 });
  await createAccount(page, person);
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i, { timeout: 20_000 });

  await page.goto('/idp/forgot');
  await page.getByLabel('E-mail address').fill(person.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await checkPage(page, 'Check your e-mail');
  await page.goto(await linkMailedTo(person.email, 'reset'));
  await checkPage(page, 'Choose a new password');
});
