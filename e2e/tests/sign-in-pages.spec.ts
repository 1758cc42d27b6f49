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

/** The log-in page, from "Member Log In". */
async function openLogIn(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Member Log In' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: LOG_IN_HEADING })).toBeVisible({ timeout: 20_000 });
}

/**
 * WCAG 3.3.7 Redundant Entry: after a failed log-in, "Forgot password?", "Back to log in", "Create
 * your account" and "Log in" each open their form with the address already in its box, Back and
 * Forward too, and the address never shows in the page's URL. `check` looks at each page on the
 * way (axe at both widths).
 */
async function walkWithTheAddress(page: Page, email: string, check: (heading: string) => Promise<void> = async () => undefined): Promise<void> {
  const address = page.getByLabel('E-mail address');
  const holdsIt = async (heading: string) => {
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(address).toHaveValue(email);
    expect(page.url()).not.toContain(email.split('@')[0]);
    await check(heading);
  };
  await address.fill(email);
  await page.getByLabel('Password').fill('not-the-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('The e-mail address or password is not right.');
  await holdsIt(LOG_IN_HEADING);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await holdsIt('Reset your password');
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await holdsIt(LOG_IN_HEADING);
  // The address is there already: the password is what is left to type.
  await expect(page.getByLabel('Password')).toBeFocused();

  await page.getByRole('link', { name: 'Create your account' }).click();
  await holdsIt(SIGN_UP_HEADING);
  // Pages, not answers to a form: Back and Forward show them again, without asking to send anything.
  await page.goBack();
  await holdsIt(LOG_IN_HEADING);
  await page.goForward();
  await holdsIt(SIGN_UP_HEADING);
  await page.getByRole('link', { name: 'Log in' }).click();
  await holdsIt(LOG_IN_HEADING);
}

test('the address typed on "Log in" goes along to "Forgot password?", back, and to "Create your account" (WCAG 3.3.7)', async ({ page }) => {
  test.setTimeout(90_000);
  await openLogIn(page);
  await checkPage(page, LOG_IN_HEADING);
  await walkWithTheAddress(page, newPerson('Kai', 'Keep').email, (heading) => checkAtBothWidths(page, heading));
  // Enter in the password box still logs in (the form's first submit button), not "Forgot password?".
  await page.getByLabel('Password').fill('not-the-password-2');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('alert')).toContainText('The e-mail address or password is not right.');
  await expect(page.getByRole('heading', { level: 1, name: LOG_IN_HEADING })).toBeVisible();
});

test('the address goes along without JavaScript too', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await openLogIn(page);
  // The same sign-in page (its cookies), in a browser with scripts off.
  const noScripts = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    const plain = await noScripts.newPage();
    await plain.goto(page.url());
    await expect(plain.getByRole('heading', { level: 1, name: LOG_IN_HEADING })).toBeVisible();
    await walkWithTheAddress(plain, newPerson('Nia', 'Noscript').email);
  } finally {
    await noScripts.close();
  }
});
