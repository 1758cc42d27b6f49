import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { createAccount, newPerson } from './support/sign-up';
import { expectNoSidewaysScroll } from './support/widths';

/**
 * Sign-in edge cases of issue 23 part 6, in a real browser:
 * - pressing Back after signing in lands on the provider's finished sign-in page, which must
 *   send the person back into Bloom instead of saying the page has expired;
 * - a sign-in callback page opened without a usable code must say so and offer a way back,
 *   never spin forever, including when the exchange call hangs;
 * - a sign-in button whose start fails (offline, or too many sign-ins started from here) logs it
 *   and shows no message (spec 01 §8, 02 §8), except the report's sign-up message, which always
 *   said so; it gets its focus back and works again: the next press reaches the provider.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** The answer GetLoginUrl* gives past SIGN_IN_STARTS_PER_IP, in the API's error envelope. */
const TOO_MANY_SIGN_INS = {
  status: 429,
  headers: { 'retry-after': '600' },
  json: { error: { code: 'rate_limited', message: 'Too many sign-in attempts from here. Please wait a few minutes and try again.' } },
};

/** The texts of the page's console errors, as they are logged from now on. */
function collectConsoleErrors(page: Page): string[] {
  const texts: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') texts.push(message.text());
  });
  return texts;
}

/**
 * A gate on calls to `url`: open until `hold()`, then holding each call until `release()`.
 * Registered before the page loads, so the browser intercepts those calls from the start: a route
 * added only once the test wants to hold a call once let one through under a busy machine's load.
 */
async function requestGate(page: Page, url: string): Promise<{ hold: () => void; release: () => void }> {
  let holding = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (holding) await released;
    await route.continue();
  });
  return { hold: () => (holding = true), release };
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

    test('a coach sign-in started offline is logged only, and the button, focused again, works once online', async ({ page, context }) => {
      const consoleErrors = collectConsoleErrors(page);
      const loginUrlCalls = await requestGate(page, '**/api/auth/GetLoginUrlCoach**');
      await page.goto('/Coach');
      const button = page.getByRole('button', { name: 'Signup / Login' });
      await expect(button).toBeEnabled();

      await context.setOffline(true);
      await button.click();
      await expect.poll(() => consoleErrors.some((text) => text.includes('Could not start the Coach sign-in'))).toBe(true);
      await expect(button).toBeEnabled();
      await expect(button).not.toHaveAttribute('aria-busy');
      // Disabled while busy, the button lost focus: it has it back, so Enter tries again.
      await expect(button).toBeFocused();
      // Spec 02 §8: other call failures are logged only, with no message to the person.
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page).toHaveURL(/\/Coach$/i);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      // Online again, Enter on the focused button starts again (busy) and reaches the provider.
      await context.setOffline(false);
      loginUrlCalls.hold();
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-busy', 'true');
      loginUrlCalls.release();
      await expect(page).toHaveURL(/\/idp\/interaction\//, { timeout: 20_000 });
    });

    test('"Member Log In" past the limit on sign-ins started from here is logged only, and works again after', async ({ page }) => {
      // A stand-in for the server's own 429, which the API test of SIGN_IN_STARTS_PER_IP covers; the
      // browser tests' server allows 5000 starts, far more than a test can make.
      await page.route('**/api/auth/GetLoginUrlBeginning**', (route) => route.fulfill(TOO_MANY_SIGN_INS));
      const consoleErrors = collectConsoleErrors(page);
      await page.goto('/');
      const button = page.getByRole('button', { name: 'Member Log In' }).first();
      await button.click();
      await expect.poll(() => consoleErrors.some((text) => text.includes('Could not start the Beginning sign-in'))).toBe(true);
      await expect(button).toBeEnabled();
      await expect(button).toBeFocused();
      // Spec 01 §8: any other call failure is logged to the console only, with no user message.
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page).toHaveURL(/\/$/);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      await page.unroute('**/api/auth/GetLoginUrlBeginning**');
      await button.click();
      await expect(page).toHaveURL(/\/idp\/interaction\//, { timeout: 20_000 });
    });

    test('a newcomer’s Professional start past the limit, pressed on the closing band, gives that button its focus back', async ({ page }) => {
      // As above, a stand-in for the server's own 429. The page has the same button at the top too.
      await page.route('**/api/auth/GetLoginUrlProfessional**', (route) => route.fulfill(TOO_MANY_SIGN_INS));
      const consoleErrors = collectConsoleErrors(page);
      await page.goto('/Pro');
      const closing = page.locator('section', { has: page.getByRole('heading', { name: 'Ready to look closer?' }) });
      const button = closing.getByRole('button', { name: 'Start Professional Assessment' });
      await button.click();
      await expect.poll(() => consoleErrors.some((text) => text.includes('Could not start the Professional sign-in'))).toBe(true);
      await expect(button).toBeEnabled();
      await expect(button).toBeFocused();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
    });

    test('the report’s sign-up message still says when the sign-in could not start, and works again after', async ({ page }) => {
      // The one place, with the upsell, that has always said so; a stand-in 429 as above.
      await page.route('**/api/auth/GetLoginUrlEnd**', (route) => route.fulfill(TOO_MANY_SIGN_INS));
      await page.goto('/BloomProfileReport/00000000-0000-4000-8000-000000000000');
      const button = page.getByRole('button', { name: 'Sign Up / Log In' });
      await button.click();
      await expect(page.getByRole('alert')).toHaveText('We could not reach the sign-in page. Please try again.');
      await expect(button).toBeEnabled();
      await expect(button).toBeFocused();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      await page.unroute('**/api/auth/GetLoginUrlEnd**');
      await button.click();
      await expect(page).toHaveURL(/\/idp\/interaction\//, { timeout: 20_000 });
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

test('signing in from a members-only page comes back to that page, with no assessment started', async ({ page }) => {
  await page.goto('/Account');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to see your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Log In' }).click();
  await createAccount(page, newPerson('Rae', 'Returns'));
  await expect(page).toHaveURL(/\/Account$/i, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  // Not the welcome page's "Member Log In", which starts a Rapid assessment for someone with none.
  expect(await page.evaluate(async () => (await fetch('/api/user/UserHasAssessment')).json())).toBe(false);
});
