import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { answerOption as option, answerQuestions, expectNoAxeViolations, isAnswerSave, waitForQuestions } from './journey-helpers';
import { getFromPage } from './support/page-api';
import { finishRapidThroughApi } from './support/reports';
import { createAccount, newPerson, signUpAsMember, type TestPerson } from './support/sign-up';
import { expectNoSidewaysScroll, WIDTHS } from './support/widths';

/**
 * A member's session that ends mid-journey (a log-out in another tab, the idle limit, a password
 * reset) loses no answers (DESIGN.md §11): the next save says the session has ended and offers
 * "Log in to continue", which signs in and comes back to the same question page of the same
 * assessment, with the answer that could not be saved saved now. No new assessment is started
 * (only the latest can be continued, decision 0044), so the answers are not stranded.
 */

const sessionEnded = (page: Page) => page.getByRole('alert').filter({ hasText: 'Your session has ended' });

/** The provider's "Log in to Bloom" form, filled with the person's address and password. */
async function logInOnProvider(page: Page, person: TestPerson): Promise<void> {
  await expect(page).toHaveURL(/\/idp\/interaction\//, { timeout: 20_000 });
  await page.getByLabel('E-mail address').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Signs up from /Pro's start button and opens the first petal's questions. */
async function signUpForProfessional(page: Page, person: TestPerson): Promise<void> {
  await page.goto('/Pro');
  await page.getByRole('button', { name: 'Start Professional Assessment' }).first().click();
  await createAccount(page, person);
  await expect(page).toHaveURL(/\/Pro\/Experiences$/i, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/Pro\/Experiences\/Body\/Questions$/i);
  await waitForQuestions(page, 9);
}

/**
 * Ends this browser's session elsewhere: `tab` logs out in another tab of the same browser (its
 * cookie goes too); `device` logs out in another browser holding the same session, so this one
 * keeps a cookie the server no longer knows, as after a password reset or the idle limit.
 */
async function endSessionElsewhere(browser: Browser, context: BrowserContext, how: 'tab' | 'device'): Promise<void> {
  const elsewhere = how === 'tab' ? context : await browser.newContext({ storageState: await context.storageState() });
  const other = await elsewhere.newPage();
  await other.goto('/Dashboard');
  await other.getByRole('button', { name: 'Log out' }).click();
  await expect(other).toHaveURL(/\/$/);
  await other.close();
  if (how === 'device') await elsewhere.close();
}

/**
 * A new member answers `answered` Rapid questions, their session ends in another tab, and the next
 * answer (question `answered + 1`, "Sometimes") is refused: the page now says the session ended.
 */
async function refusedAfterSessionEnded(browser: Browser, context: BrowserContext, page: Page, person: TestPerson, answered: number): Promise<void> {
  await signUpAsMember(page, person);
  await waitForQuestions(page, 12);
  await answerQuestions(page, answered);
  await endSessionElsewhere(browser, context, 'tab');
  const refused = page.waitForResponse((r) => isAnswerSave(r.request()));
  await option(page, answered + 1, 'Sometimes').check();
  expect((await refused).status()).toBe(401);
}

async function assessmentCount(page: Page): Promise<number> {
  return (await getFromPage<unknown[]>(page, '/api/user/GetAllAssessments')).length;
}

/** "Log in to continue" from the sign-in page: back on the Rapid page, the third answer ("Sometimes") saved now, no new assessment. */
async function logInAndFindTheAnswerSaved(page: Page, person: TestPerson): Promise<void> {
  await page.getByRole('button', { name: 'Log in to continue' }).click();
  await logInOnProvider(page, person);
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i, { timeout: 20_000 });
  await waitForQuestions(page, 12);
  await expect(option(page, 3, 'Sometimes')).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: '1 answer that could not be saved before is saved now.' })).toBeVisible();
  expect(await assessmentCount(page)).toBe(1);
}

for (const size of WIDTHS) {
  test.describe(`a member's session ends mid-journey (${size.width} px)`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize(size));

    test('Rapid, logged out in another tab: Log in to continue comes back to the page with every answer, and no new assessment', async ({ browser, context, page }) => {
      test.setTimeout(90_000);
      const person = newPerson('Sasha', 'Session');
      await refusedAfterSessionEnded(browser, context, page, person, 4);
      const alert = sessionEnded(page);
      await expect(alert).toBeFocused();
      await expect(alert).toContainText('Log in to continue where you were');
      await expect(alert.getByRole('link', { name: 'Go to the start' })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      await alert.getByRole('button', { name: 'Log in to continue' }).click();
      await logInOnProvider(page, person);
      await expect(page).toHaveURL(/\/Rapid\/Experiences$/i, { timeout: 20_000 });
      await waitForQuestions(page, 12);
      for (let n = 1; n <= 4; n += 1) await expect(option(page, n, 'Often')).toBeChecked();
      await expect(option(page, 5, 'Sometimes')).toBeChecked();
      await expect(page.getByRole('status').filter({ hasText: '1 answer that could not be saved before is saved now.' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.reload();
      await waitForQuestions(page, 12);
      await expect(option(page, 5, 'Sometimes')).toBeChecked();
      expect(await assessmentCount(page)).toBe(1);
    });

    test('Rapid, a sign-in that does not finish: back on the page, no guest is started and the answers still wait for the log-in (review of 2026-11-27)', async ({ browser, context, page }) => {
      test.setTimeout(90_000);
      const person = newPerson('Remy', 'Return');
      await refusedAfterSessionEnded(browser, context, page, person, 2);
      await sessionEnded(page).getByRole('button', { name: 'Log in to continue' }).click();
      await expect(page).toHaveURL(/\/idp\/interaction\//, { timeout: 20_000 });

      // The person gives up on the provider's page and comes back to the question page.
      const guestStarts: string[] = [];
      page.on('request', (request) => {
        if (/ContinueAsGuest|CreateNewAssessment/i.test(request.url())) guestStarts.push(request.url());
      });
      await page.goto('/Rapid/Experiences');
      await expect(page.getByRole('heading', { name: 'Please sign in to continue' })).toBeFocused();
      await expect(page.getByText('answers you chose on this page are waiting for you to log in')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      expect(guestStarts).toEqual([]);

      await logInAndFindTheAnswerSaved(page, person);
      expect(guestStarts).toEqual([]);
    });

    test('Professional, logged out on another device: Log in to continue comes back to the petal page, and no new assessment', async ({ browser, context, page }) => {
      test.setTimeout(90_000);
      const person = newPerson('Pia', 'Petal');
      await signUpForProfessional(page, person);
      await answerQuestions(page, 3);

      await endSessionElsewhere(browser, context, 'device');
      await option(page, 4, 'Usually').check();
      const alert = sessionEnded(page);
      await expect(alert).toBeFocused();
      await expectNoAxeViolations(page);

      await alert.getByRole('button', { name: 'Log in to continue' }).click();
      await logInOnProvider(page, person);
      await expect(page).toHaveURL(/\/Pro\/Experiences\/Body\/Questions$/i, { timeout: 20_000 });
      await waitForQuestions(page, 9);
      for (let n = 1; n <= 3; n += 1) await expect(option(page, n, 'Often')).toBeChecked();
      await expect(option(page, 4, 'Usually')).toBeChecked();
      await expect(page.getByRole('status').filter({ hasText: 'saved now' })).toBeVisible();
      expect(await assessmentCount(page)).toBe(1);
    });

    test('Professional, the page reloaded after the session ended: Log in to continue comes back to it, and no new assessment', async ({ browser, context, page }) => {
      test.setTimeout(90_000);
      const person = newPerson('Remy', 'Reload');
      await signUpForProfessional(page, person);
      await answerQuestions(page, 2);

      await endSessionElsewhere(browser, context, 'device');
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Please sign in to continue' })).toBeFocused();
      await expect(page.getByRole('radio')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      await page.getByRole('button', { name: 'Log in to continue' }).click();
      await logInOnProvider(page, person);
      await expect(page).toHaveURL(/\/Pro\/Experiences\/Body\/Questions$/i, { timeout: 20_000 });
      await waitForQuestions(page, 9);
      for (let n = 1; n <= 2; n += 1) await expect(option(page, n, 'Often')).toBeChecked();
      expect(await assessmentCount(page)).toBe(1);
    });
  });
}

test('Rapid, the page reloaded while it says the session ended: no guest is started, and Log in to continue saves the answer the page could not', async ({ browser, context, page }) => {
  test.setTimeout(90_000);
  const person = newPerson('Rory', 'Reload');
  await refusedAfterSessionEnded(browser, context, page, person, 2);
  await expect(sessionEnded(page)).toBeFocused();

  // Reloaded instead of pressing the button (the browser asks first: an answer is not saved).
  const guestStarts: string[] = [];
  page.on('request', (request) => {
    if (/ContinueAsGuest|CreateNewAssessment/i.test(request.url())) guestStarts.push(request.url());
  });
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Please sign in to continue' })).toBeFocused();
  expect(guestStarts).toEqual([]);

  await logInAndFindTheAnswerSaved(page, person);
  expect(guestStarts).toEqual([]);
});

test('a guest whose session ended is not offered a sign-in it cannot have, nor told the answers are kept', async ({ page, context }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Now' }).first().click();
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
  await waitForQuestions(page, 12);
  await answerQuestions(page, 2);
  await context.clearCookies();
  await option(page, 3, 'Often').check();
  const alert = sessionEnded(page);
  await expect(alert).toBeFocused();
  await expect(alert.getByRole('button', { name: 'Log in to continue' })).toHaveCount(0);
  await expect(alert).not.toContainText('answers kept');
  await expect(alert).toContainText('A new assessment starts from the beginning');
  await expectNoAxeViolations(page);
  await alert.getByRole('link', { name: 'Go to the start' }).click();
  await expect(page).toHaveURL(/\/$/);
});

/** Requests that would start a guest or a new assessment, recorded from now on. */
function recordStarts(page: Page): string[] {
  const starts: string[] = [];
  page.on('request', (request) => {
    if (/ContinueAsGuest|CreateNewAssessment/i.test(request.url())) starts.push(new URL(request.url()).pathname);
  });
  return starts;
}

for (const size of WIDTHS) {
  test(`Rapid, the session ended in another tab before Next: the next page asks for the log-in instead of starting a guest, and the journey stays one assessment (${size.width} px, review of 2026-11-27)`, async ({ browser, context, page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    const person = newPerson('Nell', 'Next');
    await signUpAsMember(page, person);
    await waitForQuestions(page, 12);
    await answerQuestions(page, 12);
    await endSessionElsewhere(browser, context, 'tab');

    const starts = recordStarts(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/Rapid\/Feelings$/i);
    const heading = page.getByRole('heading', { name: 'Please sign in to continue' });
    await expect(heading).toBeFocused();
    await expect(page.getByText('Your session has ended. Log in to continue')).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    // Reloaded, it asks again: still no guest.
    await page.reload();
    await expect(heading).toBeFocused();
    expect(starts).toEqual([]);

    await page.getByRole('button', { name: 'Log in to continue' }).click();
    await logInOnProvider(page, person);
    await expect(page).toHaveURL(/\/Rapid\/Feelings$/i, { timeout: 20_000 });
    await waitForQuestions(page, 12);
    expect(starts).toEqual([]);
    expect(await assessmentCount(page)).toBe(1);
    await page.goto('/Rapid/Experiences');
    await waitForQuestions(page, 12);
    for (let n = 1; n <= 12; n += 1) await expect(option(page, n, 'Often')).toBeChecked();
  });
}

test('a guest whose session ended before Next is told so on the next page, which starts no new guest (review of 2026-11-27)', async ({ page, context }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Now' }).first().click();
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
  await waitForQuestions(page, 12);
  await answerQuestions(page, 12);
  await context.clearCookies();

  const starts = recordStarts(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/Rapid\/Feelings$/i);
  await expect(page.getByRole('heading', { name: 'Your session has ended' })).toBeFocused();
  await expect(page.getByText('A new assessment starts from the beginning')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in to continue' })).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(starts).toEqual([]);
  await page.getByRole('link', { name: 'Go to the start' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a member who logs out in this tab is forgotten by it: a Rapid page opened next starts a guest, as in a new tab', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpAsMember(page, newPerson('Lou', 'Leaving'));
  await waitForQuestions(page, 12);
  await answerQuestions(page, 2);
  await page.goto('/Dashboard');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  const starts = recordStarts(page);
  await page.goto('/Rapid/Experiences');
  await waitForQuestions(page, 12);
  await expect(page.getByRole('heading', { name: 'Please sign in to continue' })).toHaveCount(0);
  expect(starts).toContain('/api/user/ContinueAsGuest');
  for (let n = 1; n <= 2; n += 1) await expect(option(page, n, 'Often')).not.toBeChecked();
});

test('a tab that showed only the dashboard: "Continue assessment" after the session ended on another device asks for the log-in, and the journey stays one assessment', async ({ browser, context, page }) => {
  test.setTimeout(90_000);
  const person = newPerson('Dana', 'Dashboard');
  await signUpAsMember(page, person);
  await waitForQuestions(page, 12);
  await answerQuestions(page, 2);

  // A new tab, whose own memory is empty, opened on the dashboard.
  const dashboard = await context.newPage();
  await dashboard.goto('/Dashboard');
  const continueLink = dashboard.getByRole('link', { name: 'Continue assessment' });
  await expect(continueLink).toBeVisible({ timeout: 20_000 });
  await endSessionElsewhere(browser, context, 'device');

  const starts = recordStarts(dashboard);
  await continueLink.click();
  await expect(dashboard).toHaveURL(/\/Rapid\/Experiences$/i);
  await expect(dashboard.getByRole('heading', { name: 'Please sign in to continue' })).toBeFocused();
  await expect(dashboard.getByRole('radio')).toHaveCount(0);
  expect(starts).toEqual([]);

  await dashboard.getByRole('button', { name: 'Log in to continue' }).click();
  await logInOnProvider(dashboard, person);
  await expect(dashboard).toHaveURL(/\/Rapid\/Experiences$/i, { timeout: 20_000 });
  await waitForQuestions(dashboard, 12);
  for (let n = 1; n <= 2; n += 1) await expect(option(dashboard, n, 'Often')).toBeChecked();
  expect(starts).toEqual([]);
  expect(await assessmentCount(dashboard)).toBe(1);
});

/**
 * A results page opened with no session (its reads answered 401, or no score for nobody) says the
 * session ended (or that there are no results without one) and leads to the log-in or the start,
 * instead of "could not be loaded" with a Try again that meets the same 401 for ever (decision 0069,
 * review of 2026-11-27).
 */
const lotusHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /Your .*Life Lotus/ });
const couldNotLoad = (page: Page) => page.getByText('could not be loaded just now');

for (const size of WIDTHS) {
  test(`the lotus page reloaded after the session ended in another tab asks for the log-in, which comes back to it with the results (${size.width} px, review of 2026-11-27)`, async ({ browser, context, page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    const person = newPerson('Lena', 'Lotus');
    await signUpAsMember(page, person);
    await finishRapidThroughApi(page);
    await page.goto('/YourLifeLotus');
    await expect(page.getByRole('heading', { name: 'Your Wellbeing Positivity Potential' })).toBeVisible({ timeout: 20_000 });
    await endSessionElsewhere(browser, context, 'tab');

    const starts = recordStarts(page);
    await page.reload();
    const heading = page.getByRole('heading', { name: 'Please sign in to continue' });
    await expect(heading).toBeFocused();
    await expect(page.getByText('Your session has ended. Log in to continue')).toBeVisible();
    await expect(couldNotLoad(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'Log in to continue' }).click();
    await logInOnProvider(page, person);
    await expect(page).toHaveURL(/\/YourLifeLotus$/i, { timeout: 20_000 });
    await expect(lotusHeading(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Wellbeing Positivity Potential' })).toBeVisible();
    await expect(couldNotLoad(page)).toHaveCount(0);
    expect(starts).toEqual([]);
    expect(await assessmentCount(page)).toBe(1);
  });
}

test('results pages with no session say why, and a guest whose session ended is sent to the start, never given a new guest (review of 2026-11-27)', async ({ page, context }) => {
  test.setTimeout(90_000);
  // Nobody known to this tab (a new browser): no results without a session; log in, or the start.
  const starts = recordStarts(page);
  for (const [path, start] of [['/YourLifeLotus', '/'], ['/IndividualDifferences', '/'], ['/Pro/Feelings/Results', '/Pro']] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Please sign in to continue' })).toBeFocused();
    await expect(page.getByText('You are not signed in, so there are no results to show')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in to continue' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the start' })).toHaveAttribute('href', start);
    await expect(couldNotLoad(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  }

  // A guest's finished Rapid assessment, whose session then ends.
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Now' }).first().click();
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
  await waitForQuestions(page, 12);
  await finishRapidThroughApi(page);
  await page.goto('/YourLifeLotus');
  await expect(lotusHeading(page)).toBeVisible();
  await context.clearCookies();
  starts.length = 0;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your session has ended' })).toBeFocused();
  await expect(page.getByText('A new assessment starts from the beginning')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in to continue' })).toHaveCount(0);
  await expect(couldNotLoad(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(starts).toEqual([]);
  await page.getByRole('link', { name: 'Go to the start' }).click();
  await expect(page).toHaveURL(/\/$/);
});
