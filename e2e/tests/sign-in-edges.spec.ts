import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { createAccount, newPerson } from './support/sign-up';

/**
 * Sign-in edge cases of issue 23 part 6, in a real browser:
 * - pressing Back after signing in lands on the provider's finished sign-in page, which must
 *   send the person back into Bloom instead of saying the page has expired;
 * - a sign-in callback page opened without a usable code must say so and offer a way back,
 *   never spin forever, including when the exchange call hangs.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** The heading of the callback error, which must also hold keyboard and screen-reader focus. */
async function expectCallbackError(page: Page): Promise<void> {
  const heading = page.getByRole('heading', { name: 'We could not finish signing you in' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByRole('alert')).toContainText('We could not finish signing you in');
  await expect(page.getByText('Loading...')).toHaveCount(0);
}

for (const size of SIZES) {
  test.describe(`sign-in edges (${size.name})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
    });

    test('Back after signing in returns to Bloom, not to an expired sign-in page', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Member Log In' }).first().click();
      await createAccount(page, newPerson('Bea', 'Back'));
      await expect(page).toHaveURL(/\/Rapid\/Experiences$/i, { timeout: 20_000 });

      await page.goBack();
      await expect(page).toHaveURL(/\/Dashboard$/i);
      await expect(page.getByText(/expired/i)).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
    });

    test('a sign-in page that is no longer valid returns someone not signed in to where they started', async ({ page }) => {
      await page.goto('/Coach');
      await page.getByRole('button', { name: 'Signup / Login' }).click();
      await expect(page).toHaveURL(/\/idp\/interaction\//, { timeout: 20_000 });
      // The provider no longer knows this interaction (finished, expired, or never existed).
      await page.goto('/idp/interaction/no-longer-known');
      await expect(page).toHaveURL(/\/Coach$/i);
      await expect(page.getByText(/expired/i)).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    for (const [label, address] of [
      ['no code at all', '/login-callback-end'],
      ['an error from the provider', '/login-callback-end#error=access_denied&state=abc'],
      ['a code with a state Bloom never issued', '/login-callback-end#code=abc&state=never-issued'],
    ] as const) {
      test(`a callback with ${label} shows an error with a way back`, async ({ page }) => {
        await page.goto('/');
        await expect(page.getByRole('button', { name: 'Member Log In' }).first()).toBeVisible();
        await page.goto(address);
        await expectCallbackError(page);
        await expectNoAxeViolations(page);
        await expectNoSidewaysScroll(page);
        await page.getByRole('link', { name: 'Back to Bloom' }).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByRole('button', { name: 'Member Log In' }).first()).toBeVisible();
      });
    }

    test('the way back from a failed callback leads to the page the sign-in started from', async ({ page }) => {
      await page.goto('/Coach');
      await page.getByRole('button', { name: 'Signup / Login' }).click();
      await expect(page).toHaveURL(/\/idp\/interaction\//, { timeout: 20_000 });
      // The provider sends the person back with an error instead of a code (cancelled, refused).
      await page.goto('/login-callback-coach#error=access_denied&state=abc');
      await expectCallbackError(page);
      await page.getByRole('link', { name: 'Back to Bloom' }).click();
      await expect(page).toHaveURL(/\/Coach$/i);
    });

    test('a callback whose exchange never answers stops waiting and shows the error', async ({ page }) => {
      // Hold the exchange call forever, as a hung connection would, noting when the page made it.
      let exchangeStarted!: () => void;
      const exchangeRequested = new Promise<void>((resolve) => (exchangeStarted = resolve));
      await page.route('**/api/auth/LoginCallbackEnd/**', () => exchangeStarted());
      await page.clock.install();
      await page.goto('/login-callback-end#code=abc&state=def');
      // The callback page's own timer starts with the exchange; only then move the clock on.
      await exchangeRequested;
      await expect(page.getByText('Loading...')).toBeVisible();
      await page.clock.runFor(31_000);
      await expectCallbackError(page);
      await expectNoAxeViolations(page);
    });
  });
}
