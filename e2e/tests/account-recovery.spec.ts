import { expect, test } from '@playwright/test';
import { linkMailedTo, subjectsMailedTo } from './support/account-mail';
import { newPerson, signUpAsMember } from './support/sign-up';
import { checkAtBothWidths } from './support/widths';

/**
 * Issue 25 §2–3 (DESIGN.md §12, decision 0028), in the browser: sign up → the confirmation mail →
 * confirm; "Forgot password?" → the reset mail → a new password → the browser that was signed in
 * is signed out; the account page changes the password. The mail is read as the SMTP server of
 * the test run received it (e2e/mail-catcher.ts), as a person would open it. Each page at 390 px
 * and 1280 px, without sideways scroll and axe clean.
 */
test('sign up, confirm the address from the mail, and see it confirmed on the account page', async ({ page }) => {
  test.setTimeout(90_000);
  const person = newPerson('Vera', 'Verified');
  await signUpAsMember(page, person);

  // The account works before the address is confirmed; the dashboard leads to the account page.
  await page.goto('/Dashboard');
  await page.getByRole('link', { name: 'E-mail and password' }).click();
  await expect(page).toHaveURL(/\/Account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  const emailSection = page.getByRole('region', { name: 'E-mail address' });
  await expect(emailSection.getByText(person.email)).toBeVisible();
  await expect(emailSection.getByText('Not confirmed yet')).toBeVisible();
  await checkAtBothWidths(page, 'account page, unconfirmed');

  const link = await linkMailedTo(person.email, 'verify');
  expect(await subjectsMailedTo(person.email)).toContain('Confirm your e-mail address for Bloom');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(page.getByText(person.email.toLowerCase())).toBeVisible();
  await checkAtBothWidths(page, 'confirm page');
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
  await checkAtBothWidths(page, 'confirmed page');

  // The same link a second time: used.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await checkAtBothWidths(page, 'used link page');

  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(emailSection.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(emailSection.getByText('Not confirmed yet')).toHaveCount(0);
});

test('forget the password, reset it from the mail, and the browser that was signed in is signed out', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const person = newPerson('Rosa', 'Reset');
  await signUpAsMember(page, person);
  await page.goto('/Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Member Dashboard' })).toBeVisible();

  // Another browser, where the person cannot remember the password.
  const other = await (await browser.newContext()).newPage();
  await other.goto('/');
  await other.getByRole('button', { name: 'Member Log In' }).first().click();
  await expect(other).toHaveURL(/\/idp\/interaction\//, { timeout: 20_000 });
  await other.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(other.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await checkAtBothWidths(other, 'forgot page');
  await other.getByLabel('E-mail address').fill(person.email);
  await other.getByRole('button', { name: 'Send me a link' }).click();
  await expect(other.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(other.getByText(`If an account exists for ${person.email}, we have sent a link`)).toBeVisible();
  await checkAtBothWidths(other, 'link sent page');

  await other.goto(await linkMailedTo(person.email, 'reset'));
  await expect(other.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await checkAtBothWidths(other, 'reset form');
  // The sign-up rules hold: a common password is refused, with the reason next to the field.
  await other.getByLabel('New password').fill('password123');
  await other.getByRole('button', { name: 'Save the new password' }).click();
  await expect(other.getByText(/Error: This password is one of the most commonly used/)).toBeVisible();
  await expect(other.getByLabel('New password')).toBeFocused();
  await checkAtBothWidths(other, 'reset form with an error');
  await other.getByLabel('New password').fill('quiet-harbour-maple-17');
  await other.getByRole('button', { name: 'Save the new password' }).click();
  await expect(other.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
  await checkAtBothWidths(other, 'password changed page');
  await expect.poll(() => subjectsMailedTo(person.email)).toContain('Your Bloom password was changed');

  // The first browser's session ended with the reset.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Please log in to see your dashboard' })).toBeVisible();

  // The new password opens the account; the old one does not.
  await other.getByRole('link', { name: 'Go to Bloom and log in' }).click();
  await other.getByRole('button', { name: 'Member Log In' }).first().click();
  await expect(other).toHaveURL(/\/idp\/interaction\//, { timeout: 20_000 });
  await other.getByLabel('E-mail address').fill(person.email);
  await other.getByLabel('Password').fill(person.password);
  await other.getByRole('button', { name: 'Log in' }).click();
  await expect(other.getByText('Error: The e-mail address or password is not right.')).toBeVisible();
  await other.getByLabel('Password').fill('quiet-harbour-maple-17');
  await other.getByRole('button', { name: 'Log in' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Member Dashboard' })).toBeVisible({ timeout: 20_000 });
});

test('change the password on the account page: this browser stays signed in, the other is signed out', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const person = newPerson('Cato', 'Change');
  await signUpAsMember(page, person);
  const other = await (await browser.newContext()).newPage();
  await other.goto('/Dashboard');
  await other.getByRole('button', { name: 'Member Log In' }).click();
  await expect(other).toHaveURL(/\/idp\/interaction\//, { timeout: 20_000 });
  await other.getByLabel('E-mail address').fill(person.email);
  await other.getByLabel('Password').fill(person.password);
  await other.getByRole('button', { name: 'Log in' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Member Dashboard' })).toBeVisible({ timeout: 20_000 });

  await page.goto('/Account');
  const passwordSection = page.getByRole('region', { name: 'Password' });
  await passwordSection.getByLabel('Current password').fill('not my password');
  await passwordSection.getByLabel('New password').fill('bright-meadow-stone-93');
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordSection.getByText('Your current password is not right.')).toBeVisible();
  await expect(passwordSection.getByLabel('Current password')).toBeFocused();
  await checkAtBothWidths(page, 'account page with an error');

  await passwordSection.getByLabel('Current password').fill(person.password);
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordSection.getByRole('status')).toHaveText(/Your password has been changed/);
  await checkAtBothWidths(page, 'account page, password changed');
  await expect.poll(() => subjectsMailedTo(person.email)).toContain('Your Bloom password was changed');

  await page.goto('/Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Member Dashboard' })).toBeVisible();
  await other.reload();
  await expect(other.getByRole('heading', { name: 'Please log in to see your dashboard' })).toBeVisible();
});

test('a person who is not signed in is asked to log in on the account page', async ({ page }) => {
  await page.goto('/Account');
  await expect(page.getByRole('heading', { name: 'Log in to see your account' })).toBeVisible();
  await checkAtBothWidths(page, 'account page, signed out');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/idp\/interaction\//, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
});
