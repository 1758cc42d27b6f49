import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { postFromPage } from './support/page-api';
import { finishRapidThroughApi } from './support/reports';
import { newPerson, signUpAsMember, type TestPerson } from './support/sign-up';
import { expectNoSidewaysScroll, WIDTHS } from './support/widths';

/**
 * /PositivityPlan/{id} opened with no session (the receipt's link on a new device, say) is the
 * results pages' sign-in block, not the upsell: a plan already bought must not be sold again, nor
 * a checkout opened for another assessment (decision 0069, review of 2026-11-27). The member logs
 * in and comes back to that plan; and a purchase sign-in checks out the assessment whose page it
 * was started from, not whichever is the latest.
 */

/** The provider's "Log in to Bloom" form, filled with the person's address and password. */
async function logInOnProvider(page: Page, person: TestPerson): Promise<void> {
  await expect(page).toHaveURL(/\/idp\/interaction\//, { timeout: 20_000 });
  await page.getByLabel('E-mail address').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A retake: a newer assessment, without a plan, which is now the latest. */
async function newerAssessment(page: Page, than: string): Promise<string> {
  const { id } = await postFromPage<{ id: string }>(page, '/api/user/CreateNewAssessment/Rapid');
  expect(id).not.toBe(than);
  return id;
}

const upsellHeading = (page: Page) => page.getByRole('heading', { name: 'Your Personal Profile is Ready!' });
const signInHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Please sign in to see this plan' });
const planHeading = (page: Page) => page.getByRole('heading', { level: 2, name: 'Your plan in simple words' });

/** The page as someone with no session sees it: why, and the log-in, with no price and nothing to buy. */
async function expectSignInBlock(page: Page): Promise<void> {
  await expect(signInHeading(page)).toBeFocused();
  await expect(page.getByRole('button', { name: 'Log in to continue' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the start' })).toHaveAttribute('href', '/');
  await expect(upsellHeading(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Purchase My Plan' })).toHaveCount(0);
  await expect(page.getByText('$9.99')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
}

for (const size of WIDTHS) {
  test(`a bought plan's link opened with no session asks for the log-in, which comes back to that plan, not an upsell (${size.width} px)`, async ({ browser, page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const person = newPerson('Paula', 'Paid');
    await signUpAsMember(page, person);
    const bought = await finishRapidThroughApi(page);
    await page.goto(`/PositivityPlan/${bought}`);
    await page.getByRole('button', { name: 'Purchase My Plan' }).click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(planHeading(page)).toBeVisible({ timeout: 15_000 });
    await newerAssessment(page, bought);

    // The receipt's link, on another device.
    const device = await browser.newContext({ viewport: size });
    const other = await device.newPage();
    const checkouts: string[] = [];
    other.on('request', (request) => {
      if (/GetLoginUrlPurchase|GetPurchaseUrl/i.test(request.url())) checkouts.push(new URL(request.url()).pathname);
    });
    await other.goto(`/PositivityPlan/${bought}`);
    await expectSignInBlock(other);

    await other.getByRole('button', { name: 'Log in to continue' }).click();
    await logInOnProvider(other, person);
    await expect(other).toHaveURL(new RegExp(`/PositivityPlan/${bought}$`), { timeout: 20_000 });
    await expect(planHeading(other)).toBeVisible({ timeout: 15_000 });
    await expect(other.getByRole('heading', { level: 1, name: 'Paula Paid' })).toBeVisible();
    await expect(upsellHeading(other)).toHaveCount(0);
    expect(checkouts).toEqual([]);
    await device.close();
  });
}

test('a plan not bought yet, opened with no session: the log-in comes back to its upsell, whose Purchase checks out that assessment, not the latest', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const person = newPerson('Nora', 'Notyet');
  await signUpAsMember(page, person);
  const first = await finishRapidThroughApi(page);
  const latest = await newerAssessment(page, first);

  const device = await browser.newContext();
  const other = await device.newPage();
  const checkouts: string[] = [];
  other.on('request', (request) => {
    if (/GetPurchaseUrl/i.test(request.url())) checkouts.push(new URL(request.url()).pathname);
  });
  await other.goto(`/PositivityPlan/${first}`);
  await expectSignInBlock(other);
  await other.getByRole('button', { name: 'Log in to continue' }).click();
  await logInOnProvider(other, person);
  await expect(other).toHaveURL(new RegExp(`/PositivityPlan/${first}$`), { timeout: 20_000 });
  await expect(upsellHeading(other)).toBeVisible();

  await other.getByRole('button', { name: 'Purchase My Plan' }).click();
  await expect(other).toHaveURL(new RegExp(`/Purchase/${first}\\?session=sbx_`), { timeout: 20_000 });
  expect(checkouts).toEqual([`/api/user/GetPurchaseUrl/${first}`]);
  expect(checkouts).not.toContain(`/api/user/GetPurchaseUrl/${latest}`);
  await device.close();
});

test('a guest who buys from its upsell and logs in to an account with a newer assessment is checked out for the guest’s assessment, merged in with its id', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const person = newPerson('Gwen', 'Guest');
  await signUpAsMember(page, person);

  // The same person as a guest on another device: a finished Rapid, and its upsell.
  const device = await browser.newContext();
  const guest = await device.newPage();
  await guest.goto('/');
  await guest.getByRole('button', { name: 'Start Now' }).first().click();
  await expect(guest).toHaveURL(/\/Rapid\/Experiences$/i);
  const guestAssessment = await finishRapidThroughApi(guest);
  await guest.goto(`/PositivityPlan/${guestAssessment}`);
  await expect(upsellHeading(guest)).toBeVisible();

  // Meanwhile the account starts a newer assessment: after the merge it is the latest.
  const latest = await newerAssessment(page, guestAssessment);

  await guest.getByRole('button', { name: 'Purchase My Plan' }).click();
  // The guest's Purchase is as spec 02 says: the provider's sign-up form, whose "Log in" leads to the account.
  await expect(guest.getByRole('heading', { name: 'Create your Bloom account' })).toBeVisible({ timeout: 20_000 });
  await guest.getByRole('link', { name: 'Log in' }).click();
  const checkout = guest.waitForRequest(/\/api\/user\/GetPurchaseUrl\//i, { timeout: 30_000 });
  await logInOnProvider(guest, person);
  const checkedOut = new URL((await checkout).url()).pathname;
  expect(checkedOut, `not the account's latest (${latest})`).toBe(`/api/user/GetPurchaseUrl/${guestAssessment}`);
  await expect(guest).toHaveURL(new RegExp(`/Purchase/${guestAssessment}\\?session=sbx_`), { timeout: 20_000 });
  await device.close();
});
