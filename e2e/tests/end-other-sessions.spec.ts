import { expect, test } from '@playwright/test';
import { newPerson, signUpAsMember } from './support/sign-up';
import { checkAtBothWidths } from './support/widths';

/**
 * "Signed-in browsers" on /Account (decision 0085, OWASP ASVS 5.0 V7): a person signed in on two
 * browsers presses "Sign out everywhere else" on one. With Bloom's own sign-in the current
 * password is asked first (a wrong one is refused next to the field, and nothing ends); then the
 * status line says how many browsers were signed out, this browser stays signed in, and the other
 * is signed out on its next page. At 390 px and 1280 px, without sideways scroll and axe clean.
 */
test('sign out everywhere else: this browser stays, the other is signed out on its next page', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const person = newPerson('Sina', 'Sessions');
  await signUpAsMember(page, person);

  // The same person on another browser (a phone, a shared computer).
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto('/Dashboard');
  await other.getByRole('button', { name: 'Member Log In' }).click();
  await expect(other).toHaveURL(/\/idp\/interaction\//, { timeout: 20_000 });
  await other.getByLabel('E-mail address').fill(person.email);
  await other.getByLabel('Password').fill(person.password);
  await other.getByRole('button', { name: 'Log in' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Member Dashboard' })).toBeVisible({ timeout: 20_000 });

  await page.goto('/Account');
  const sessions = page.getByRole('region', { name: 'Signed-in browsers' });
  await expect(sessions.getByRole('button', { name: 'Sign out everywhere else' })).toBeVisible();
  await checkAtBothWidths(page, 'account page, signed-in browsers');

  // A wrong password: refused next to the field, and nothing ends.
  await sessions.getByLabel('Current password').fill('not my password');
  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(sessions.getByText('Your current password is not right.')).toBeVisible();
  await expect(sessions.getByLabel('Current password')).toBeFocused();
  await checkAtBothWidths(page, 'account page, signed-in browsers with an error');
  await other.reload();
  await expect(other.getByRole('heading', { level: 1, name: 'Member Dashboard' })).toBeVisible();

  await sessions.getByLabel('Current password').fill(person.password);
  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(sessions.getByRole('status')).toHaveText('Signed out 1 other browser. You are still signed in here.');
  await expect(sessions.getByLabel('Current password')).toHaveValue('');
  await checkAtBothWidths(page, 'account page, other browsers signed out');

  // This browser is still signed in; the other is signed out on its next page.
  await page.goto('/Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Member Dashboard' })).toBeVisible();
  await other.goto('/Account');
  await expect(other.getByRole('heading', { name: 'Log in to see your account' })).toBeVisible();
  await otherContext.close();
});
