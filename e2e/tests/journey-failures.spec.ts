import { expect, test, type Page } from '@playwright/test';
import { answerOption as option, answerQuestions, expectNoAxeViolations, markQuestionPageLeft, waitForQuestions } from './journey-helpers';
import { finishLatestAssessmentThroughApi } from './support/assessments';
import { postFromPage } from './support/page-api';
import { newPerson, signUpAsMember } from './support/sign-up';

/**
 * What a person sees when one request of the journey fails (DESIGN.md §11: answers are never
 * lost, results are never invented): a failed look-up of who is signed in starts nothing new, a
 * failed coverage read draws no results, a retry keeps its button and focus and says how it went,
 * a page whose answers could not be saved asks before it is left (reload, links, Back), and nothing can be answered
 * while Next saves and moves on. The failures are made with page.route.
 */

const SAVE = /\/api\/user\/SaveQuestionResponse$/i;

async function startRapidAsGuest(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Now' }).first().click();
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
  await waitForQuestions(page, 12);
}

/** Fails the first save as an unreachable server would, and holds the second until `release` is called. */
async function failThenHoldSaves(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  await page.route(SAVE, async (route) => {
    calls += 1;
    if (calls === 1) return route.abort('internetdisconnected');
    if (calls === 2) await held;
    return route.fallback();
  });
  return { release };
}

/**
 * Answers `pattern` with `status` until the returned function is called. Not just once: the page
 * asks again by itself at times (a query in error asks again when another part of the page starts
 * using it, and the browser's preload of a read is a request of its own).
 */
async function failUntilFixed(page: Page, pattern: RegExp, status: number): Promise<() => void> {
  let failing = true;
  await page.route(pattern, (route) =>
    failing ? route.fulfill({ status, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"Try again later."}}' }) : route.fallback(),
  );
  return () => (failing = false);
}

/** Records the type of every dialog the page opens from now on, answering each with `answer`. */
function recordDialogs(page: Page, answer: 'accept' | 'dismiss'): string[] {
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog[answer]();
  });
  return asked;
}

const saveFailedAlert = (page: Page) => page.getByRole('alert').filter({ hasText: 'could not be saved' });

test('a failed look-up of who is signed in starts no new assessment: the page fails, and Try again finds the answers', async ({ page }) => {
  await startRapidAsGuest(page);
  await answerQuestions(page, 2);
  await expect(page).toHaveTitle('Positive Experiences questions · Bloom');

  const starts: string[] = [];
  page.on('request', (request) => /\/api\/user\/(ContinueAsGuest|CreateNewAssessment)/i.test(request.url()) && starts.push(request.url()));
  const fixLookUp = await failUntilFixed(page, /\/api\/user\/getCurrentUser$/i, 500);
  await page.reload();

  const unavailable = page.getByRole('alert').filter({ hasText: 'This page could not be loaded just now.' });
  await expect(unavailable).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expectNoAxeViolations(page);
  fixLookUp();
  await unavailable.getByRole('button', { name: 'Try again' }).click();

  await waitForQuestions(page, 12);
  await expect(option(page, 1, 'Often')).toBeChecked();
  await expect(option(page, 2, 'Often')).toBeChecked();
  expect(starts).toEqual([]);
});

test('a failed coverage read draws no lotus and no potential, and Try again shows the results', async ({ page }) => {
  await startRapidAsGuest(page);
  // Every Experiences and Feelings question answered, so the assessment has results.
  await page.evaluate(async () => {
    for (const moduleName of ['Experiences', 'Feelings']) {
      const view = await (await fetch(`/api/data/GetModuleQuestions/${moduleName}`)).json();
      const answers = view.wellsprings
        .flatMap((w: { questions: { questionGuid: string; order: number }[] }) => w.questions)
        .map((q: { questionGuid: string; order: number }) => ({ questionGuid: q.questionGuid, response: 3, order: q.order }));
      const saved = await fetch('/api/user/SaveQuestionResponse', { method: 'POST', headers: { 'x-bloom-csrf': '1', 'content-type': 'application/json' }, body: JSON.stringify(answers) });
      if (!saved.ok) throw new Error(`saving failed: ${saved.status}`);
    }
  });

  const fixCoverage = await failUntilFixed(page, /\/api\/data\/GetResultsCoverage$/i, 503);
  await page.goto('/YourLifeLotus');
  const unavailable = page.getByRole('alert').filter({ hasText: 'This page could not be loaded just now.' });
  await expect(unavailable).toBeVisible();
  await expect(page).toHaveTitle('Your Life Lotus · Bloom');
  await expect(page.getByRole('img', { name: /lotus/i })).toHaveCount(0);
  await expect(page.getByText('Your Wellbeing Positivity Potential')).toHaveCount(0);
  await expectNoAxeViolations(page);

  fixCoverage();
  await unavailable.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('img', { name: /lotus/i }).first()).toBeVisible();
  await expect(page.getByText('Your Wellbeing Positivity Potential')).toBeVisible();
});

test('a failed summary, lotus or potential read says so where it would be, and Try again draws it', async ({ page }) => {
  await startRapidAsGuest(page);
  await page.evaluate(async () => {
    for (const moduleName of ['Experiences', 'Feelings', 'Energy']) {
      const view = await (await fetch(`/api/data/GetModuleQuestions/${moduleName}`)).json();
      const answers = view.wellsprings
        .flatMap((w: { questions: { questionGuid: string; order: number }[] }) => w.questions)
        .map((q: { questionGuid: string; order: number }) => ({ questionGuid: q.questionGuid, response: 3, order: q.order }));
      const saved = await fetch('/api/user/SaveQuestionResponse', { method: 'POST', headers: { 'x-bloom-csrf': '1', 'content-type': 'application/json' }, body: JSON.stringify(answers) });
      if (!saved.ok) throw new Error(`saving failed: ${saved.status}`);
    }
  });
  const fixes = [
    await failUntilFixed(page, /\/api\/data\/GetSummaryText$/i, 503),
    await failUntilFixed(page, /\/api\/data\/getEightPetalData$/i, 503),
    await failUntilFixed(page, /\/api\/data\/GetPositivityPotential$/i, 503),
  ];
  await page.goto('/YourLifeLotus');
  const unavailable = page.getByRole('alert').filter({ hasText: 'This page could not be loaded just now.' });
  // One for each part, where it would be: the summary under the title, the lotus, the potential.
  await expect(unavailable).toHaveCount(3);
  await expect(page.getByRole('heading', { level: 1, name: /Life Lotus/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /lotus/i })).toHaveCount(0);
  await expect(page.getByText('Your Wellbeing Positivity Potential')).toHaveCount(0);
  await expectNoAxeViolations(page);

  for (const fix of fixes) fix();
  for (const left of [2, 1, 0]) {
    await unavailable.first().getByRole('button', { name: 'Try again' }).click();
    await expect(unavailable).toHaveCount(left);
  }
  await expect(page.getByRole('img', { name: /lotus/i }).first()).toBeVisible();
  await expect(page.getByText('Your Wellbeing Positivity Potential')).toBeVisible();
});

test('a failed chart read on the Professional module results says so in its place, and Try again draws it', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpAsMember(page, newPerson('Chart', 'Failing'));
  await waitForQuestions(page, 12);
  await page.evaluate(async () => {
    const created = await fetch('/api/user/CreateNewAssessment/Professional', { method: 'POST', headers: { 'x-bloom-csrf': '1' } });
    if (created.status !== 201) throw new Error(`creating failed: ${created.status}`);
  });
  await finishLatestAssessmentThroughApi(page, true);
  const unavailable = page.getByRole('alert').filter({ hasText: 'This page could not be loaded just now.' });

  // The four petals of Positive Experiences.
  const fixChart = await failUntilFixed(page, /\/api\/data\/GetFourPetalData\/true\/?$/i, 503);
  await page.goto('/Pro/Experiences/Results');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Recent Positive Experiences' })).toBeVisible();
  await expect(unavailable).toBeVisible();
  await expect(page.getByRole('main').getByRole('img')).toHaveCount(0);
  await expectNoAxeViolations(page);
  fixChart();
  await unavailable.getByRole('button', { name: 'Try again' }).click();
  await expect(unavailable).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('img').first()).toBeVisible();

  // Energy's bars gathered from its petals, when the module's own answer carries none.
  await page.route(/\/api\/data\/GetModuleResults\/Energy$/i, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), energyChartData: [] } });
  });
  const fixPetals = await failUntilFixed(page, /\/api\/data\/GetPetalResults\/(Activity|Excitement)$/i, 503);
  await page.goto('/Pro/Energy/Results');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Recent Positive Energy' })).toBeVisible();
  await expect(unavailable).toBeVisible();
  await expect(page.getByRole('main').getByRole('img')).toHaveCount(0);
  fixPetals();
  await unavailable.getByRole('button', { name: 'Try again' }).click();
  await expect(unavailable).toHaveCount(0);
  await expect(page.getByRole('img', { name: /energy/i }).first()).toBeVisible();
});

test('Try again keeps its focus while it saves, says the answers are saved, and gives focus back to the question', async ({ page }) => {
  await startRapidAsGuest(page);
  await answerQuestions(page, 2);
  const { release } = await failThenHoldSaves(page);
  await option(page, 3, 'Rarely').check();
  const alert = saveFailedAlert(page);
  await expect(alert).toBeVisible();

  await alert.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await expect(alert.getByRole('button', { name: 'Saving…' })).toBeFocused();
  release();

  await expect(page.getByRole('status').filter({ hasText: 'Your answers are saved.' })).toBeVisible();
  await expect(alert).toBeHidden();
  await expect(option(page, 3, 'Rarely')).toBeFocused();
  await expectNoAxeViolations(page);
});

test('a session that ends on the page moves focus to the message, not off the disabled question, and leaving does not ask', async ({ page, context }) => {
  await startRapidAsGuest(page);
  await answerQuestions(page, 1);
  await context.clearCookies();
  await option(page, 2, 'Often').check();
  const alert = page.getByRole('alert').filter({ hasText: 'Your session has ended' });
  await expect(alert).toBeFocused();
  await expect(option(page, 2, 'Often')).toBeDisabled();

  // The answer that was not saved cannot be any more: staying would keep nothing, so a reload does not ask.
  const asked = recordDialogs(page, 'accept');
  await page.reload();
  expect(asked).toEqual([]);
});

test('with answers that could not be saved, a reload asks first; once they are saved it does not', async ({ page }) => {
  await startRapidAsGuest(page);
  await page.route(SAVE, (route) => route.abort('internetdisconnected'), { times: 1 });
  await option(page, 1, 'Often').check();
  const alert = saveFailedAlert(page);
  await expect(alert).toBeVisible();

  const asked = page.waitForEvent('dialog');
  // Stays unsettled: the reload it started is the one the person cancels.
  void page.reload().catch(() => undefined);
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(option(page, 1, 'Often')).toBeChecked();
  await expect(alert).toBeVisible();

  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toBeHidden();
  const askedAgain = recordDialogs(page, 'accept');
  await page.reload();
  await waitForQuestions(page, 12);
  await expect(option(page, 1, 'Often')).toBeChecked();
  expect(askedAgain).toEqual([]);
});

test('with answers that could not be saved, leaving inside the app asks first: staying keeps them, leaving goes', async ({ page }) => {
  await startRapidAsGuest(page);
  await page.route(SAVE, (route) => route.abort('internetdisconnected'), { times: 1 });
  await option(page, 1, 'Often').check();
  await expect(saveFailedAlert(page)).toBeVisible();
  const asked: string[] = [];
  const answerNext = (accept: boolean) =>
    page.once('dialog', (dialog) => {
      asked.push(`${dialog.type()}: ${dialog.message()}`);
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  const question = 'confirm: Some of your answers on this page are not saved yet. Leave the page anyway?';

  // A link of the app's header: asked, and staying keeps the page and the answer.
  answerNext(false);
  await page.getByRole('link', { name: 'Bloom home' }).click();
  await expect.poll(() => asked).toEqual([question]);
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
  await expect(option(page, 1, 'Often')).toBeChecked();

  // The browser's Back: asked too, and staying puts the address back.
  answerNext(false);
  void page.goBack().catch(() => undefined);
  await expect.poll(() => asked).toEqual([question, question]);
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
  await expect(option(page, 1, 'Often')).toBeChecked();

  // Leaving when asked leaves.
  answerNext(true);
  void page.goBack().catch(() => undefined);
  await expect.poll(() => asked).toHaveLength(3);
  await expect(page).not.toHaveURL(/\/Rapid\/Experiences$/i);
});

/** Holds the next answer save on its way until `release()` is called (a slow network). */
async function holdNextSave(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    SAVE,
    async (route) => {
      await held;
      await route.fallback();
    },
    { times: 1 },
  );
  return release;
}

test('leaving inside the app while an answer is still on its way to the server asks first; once it is kept it does not', async ({ page }) => {
  await startRapidAsGuest(page);
  const release = await holdNextSave(page);
  await option(page, 1, 'Often').check();
  const asked = recordDialogs(page, 'dismiss');
  // Were the save then to fail, no page would be left to say so and send it again.
  await page.getByRole('link', { name: 'Bloom home' }).click();
  await expect.poll(() => asked).toEqual(['confirm']);
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);

  const saved = page.waitForResponse(SAVE);
  release();
  expect((await saved).ok()).toBe(true);
  await page.getByRole('link', { name: 'Bloom home' }).click();
  await expect(page).not.toHaveURL(/\/Rapid\/Experiences$/i);
  expect(asked).toEqual(['confirm']);
});

test('a link to a part of the page (the skip link) neither asks nor draws the page again, and Back from it stays too', async ({ page }) => {
  await startRapidAsGuest(page);
  await page.route(SAVE, (route) => route.abort('internetdisconnected'), { times: 1 });
  await option(page, 1, 'Often').check();
  await expect(saveFailedAlert(page)).toBeVisible();
  const asked = recordDialogs(page, 'dismiss');
  // Marks the page's form: a page drawn again would have a new one, without the mark.
  await page.locator('main form').evaluate((form) => form.setAttribute('data-drawn-once', ''));

  await page.getByRole('link', { name: 'Skip to main content' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Rapid\/Experiences#main-content$/i);
  await expect(page.locator('main')).toBeFocused();
  await expect(page.locator('main form[data-drawn-once]')).toHaveCount(1);

  await page.goBack();
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
  await expect(page.locator('main form[data-drawn-once]')).toHaveCount(1);
  await expect(option(page, 1, 'Often')).toBeChecked();
  expect(asked).toEqual([]);
});

test('a member who said Yes to leaving for the dashboard (spec 01 §8) is not asked a second time about unsaved answers', async ({ page }) => {
  await signUpAsMember(page, newPerson('Leaving', 'Member'));
  await waitForQuestions(page, 12);
  await page.route(SAVE, (route) => route.abort('internetdisconnected'), { times: 1 });
  await option(page, 1, 'Often').check();
  await expect(saveFailedAlert(page)).toBeVisible();
  const asked = recordDialogs(page, 'dismiss');
  await page.getByRole('button', { name: 'Member Dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to go to your member dashboard?' });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/Dashboard$/i);
  expect(asked).toEqual([]);
});

test('once the answers are saved, moving on inside the app does not ask', async ({ page }) => {
  await startRapidAsGuest(page);
  await page.route(SAVE, (route) => route.abort('internetdisconnected'), { times: 1 });
  await option(page, 1, 'Often').check();
  const alert = saveFailedAlert(page);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toBeHidden();
  const asked = recordDialogs(page, 'accept');
  await page.getByRole('link', { name: 'Bloom home' }).click();
  await expect(page).not.toHaveURL(/\/Rapid\/Experiences$/i);
  expect(asked).toEqual([]);
});

test('while Next saves and moves on, the questions take no more answers', async ({ page }) => {
  await startRapidAsGuest(page);
  await answerQuestions(page, 11);
  const { release } = await failThenHoldSaves(page);
  await option(page, 12, 'Rarely').check();
  await expect(saveFailedAlert(page)).toBeVisible();

  const left = await markQuestionPageLeft(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(option(page, 1, 'Rarely')).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/Rapid\/Feelings$/i);
  // Experiences gone (the address changes before Feelings is drawn): a Back before that returns
  // to a page that never left, whose answers would be there without being kept.
  await expect(left).toHaveCount(0);
  await waitForQuestions(page, 12);
  await page.goBack();
  await waitForQuestions(page, 12);
  await expect(option(page, 12, 'Rarely')).toBeChecked();
  await expect(option(page, 1, 'Often')).toBeChecked();
});

test('an answer changed while its previous save is still on its way is not left behind by a reload: the browser asks first (review of 2026-11-27)', async ({ page }) => {
  await startRapidAsGuest(page);
  const release = await holdNextSave(page);
  await option(page, 1, 'Often').check();
  // A change of mind: its save waits in the page for the first one, which carries "Often".
  await option(page, 1, 'Rarely').check();

  const asked = page.waitForEvent('dialog');
  // Stays unsettled: the reload it started is the one the person cancels.
  void page.reload().catch(() => undefined);
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(option(page, 1, 'Rarely')).toBeChecked();

  // Once both saves are kept, a reload asks nothing and shows the change.
  const changeSaved = page.waitForResponse((r) => SAVE.test(r.url()) && r.ok() && (r.request().postData() ?? '').includes('"response":0'));
  release();
  await changeSaved;
  // The response reaches the test before the page has read it: wait until the network has been
  // quiet a while, so the page has taken the acknowledgement (a CI-style flake otherwise).
  await page.waitForLoadState('networkidle');
  const askedAgain = recordDialogs(page, 'accept');
  await page.reload();
  await waitForQuestions(page, 12);
  await expect(option(page, 1, 'Rarely')).toBeChecked();
  expect(askedAgain).toEqual([]);
});

const SAVE_LIFE_DATA = /\/api\/user\/SaveLifeData$/i;

/** Chooses an answer for every Life Situations question (the first of each list, and age 34). */
async function answerLifeSituations(page: Page): Promise<void> {
  const lists = page.getByRole('combobox');
  for (let i = 0; i < (await lists.count()); i += 1) await lists.nth(i).selectOption({ index: 1 });
  await page.getByRole('spinbutton').fill('34');
}

test('a failed save of the life situation keeps the page and its answers, and Try again moves on with them saved (review of 2026-11-27)', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpAsMember(page, newPerson('Lena', 'Life'));
  await postFromPage(page, '/api/user/CreateNewAssessment/Professional');
  await finishLatestAssessmentThroughApi(page, true);
  await page.goto('/LifeSituations');
  await expect(page.getByRole('button', { name: 'Skip All' })).toBeVisible();
  await answerLifeSituations(page);
  const chosen = await page.getByRole('combobox').evaluateAll((lists) => lists.map((list) => (list as HTMLSelectElement).value));

  await page.route(SAVE_LIFE_DATA, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"Try again later."}}' }));
  await page.getByRole('button', { name: 'Next' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'could not be saved' });
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(/\/LifeSituations$/i);
  expect(await page.getByRole('combobox').evaluateAll((lists) => lists.map((list) => (list as HTMLSelectElement).value))).toEqual(chosen);
  await expect(page.getByRole('spinbutton')).toHaveValue('34');
  await expectNoAxeViolations(page);

  // Still failing: the page says so, and stays.
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Still not saved' })).toBeVisible();
  await expect(page).toHaveURL(/\/LifeSituations$/i);

  await page.unroute(SAVE_LIFE_DATA);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/IndividualDifferences$/i);
  await expect(page.getByText(/Your results were compared with/)).toBeVisible();
  await expect(page.getByText(/chose not to share your life situation/)).toHaveCount(0);
});

test('Skip All on Life Situations after the session ended stays on the page and says the session ended, not moving on to results it cannot have (review of 2026-11-27)', async ({ page, context }) => {
  await startRapidAsGuest(page);
  await finishLatestAssessmentThroughApi(page, false);
  await page.goto('/LifeSituations');
  await expect(page.getByRole('button', { name: 'Skip All' })).toBeVisible();
  await answerLifeSituations(page);
  await context.clearCookies();
  await page.getByRole('button', { name: 'Skip All' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Your session has ended' });
  await expect(alert).toBeFocused();
  await expect(alert).toContainText('A new assessment starts from the beginning');
  await expect(page).toHaveURL(/\/LifeSituations$/i);
  await expectNoAxeViolations(page);
  await alert.getByRole('link', { name: 'Go to the start' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('offline, Next to a page whose questions are not loaded yet says it could not be loaded, with Try again, not an endless "Loading..." (review of 2026-11-27)', async ({ page, context }) => {
  await startRapidAsGuest(page);
  await answerQuestions(page, 12);
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/Rapid\/Feelings$/i);
  // DESIGN.md §11: "Offline: the same message, never an endless spinner."
  const unavailable = page.getByRole('alert').filter({ hasText: 'This page could not be loaded just now.' });
  await expect(unavailable).toBeVisible({ timeout: 5_000 });
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await unavailable.getByRole('button', { name: 'Try again' }).click();
  await waitForQuestions(page, 12);
});
