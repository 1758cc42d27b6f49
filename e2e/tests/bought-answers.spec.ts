import { expect, test, type Page } from '@playwright/test';
import { answerOption, expectNoAxeViolations, isAnswerSave, waitForQuestions } from './journey-helpers';
import { memberWithFinishedRapid } from './support/reports';
import { callFromPage } from './support/page-api';
import { expectNoSidewaysScroll } from './support/widths';

/**
 * Decision 0074: one purchase buys the plan of the answers it was made from. A member who bought
 * the plan and goes back to a question page (typing the address, or Back) finds the answers the
 * plan was made from; a change is refused by the server, and the page shows the saved answer
 * again and says why, with the way to retake: no "not saved" retry. Life Situations likewise.
 */

const LIFE_DATA = {
  relationshipStatus: 'Single',
  parentingStatus: 'No children',
  employmentStatus: 'Student',
  age: 29,
  gender: 'Nonbinary',
  income: '<$25,000',
  stressfulEvents: 'No',
};

/** A call from the page, as the app makes it (its session cookie, the CSRF header). */
const call = (page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: unknown }> => callFromPage(page, method, path, body);

/** A member who finished a Rapid assessment, gave their life situations and bought the plan in the test store (its calls). */
async function memberWhoBoughtThePlan(page: Page): Promise<string> {
  const assessmentId = await memberWithFinishedRapid(page, 'Paula', 'Paid');
  expect((await call(page, 'POST', '/api/user/SaveLifeData', LIFE_DATA)).status).toBe(200);
  const checkout = await call(page, 'POST', `/api/user/GetPurchaseUrl/${assessmentId}`);
  const session = new URL((checkout.body as { redirectUrl: string }).redirectUrl, 'http://x').searchParams.get('session')!;
  expect((await call(page, 'POST', `/api/purchase/sandbox/${session}/pay`)).status).toBe(200);
  expect((await call(page, 'GET', `/api/user/PurchaseSuccessCallback?session=${session}`)).body).toMatchObject({ unlocked: true });
  return assessmentId;
}

const note = (page: Page) => page.getByRole('alert').filter({ hasText: 'Your Positivity Plan was made from' });

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`a bought plan keeps its answers (${size.name})`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width: size.width, height: size.height }));

    test('a question page shows the saved answers; a change is refused, put back and explained, and Retake starts a new assessment', async ({ page }) => {
      test.setTimeout(90_000);
      const assessmentId = await memberWhoBoughtThePlan(page);
      const plan = await call(page, 'GET', `/api/data/GetPositivityPlan/${assessmentId}`);
      expect(plan.status).toBe(200);

      // Typed into the address bar after buying: the answers the plan was made from.
      await page.goto('/Rapid/Experiences');
      await waitForQuestions(page, 12);
      await expect(answerOption(page, 1, 'Sometimes')).toBeChecked();

      const refused = page.waitForResponse((r) => isAnswerSave(r.request()));
      // Clicked rather than checked: the page puts the saved answer back once the server refuses.
      await answerOption(page, 1, 'Very Often').click();
      expect((await refused).status()).toBe(409);

      // Said once, with the focus on it, and the saved answer shown again: no retry offered.
      await expect(note(page)).toBeVisible();
      await expect(note(page)).toBeFocused();
      await expect(note(page)).toContainText('To answer again, retake the assessment.');
      await expect(answerOption(page, 1, 'Sometimes')).toBeChecked();
      await expect(answerOption(page, 1, 'Very Often')).not.toBeChecked();
      await expect(answerOption(page, 2, 'Often')).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'View your Positivity Plan' })).toHaveAttribute('href', `/PositivityPlan/${assessmentId}`);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      expect(await call(page, 'GET', `/api/data/GetPositivityPlan/${assessmentId}`)).toEqual(plan);

      // Retake, from the keyboard: a new assessment, its first page with nothing answered, taking answers.
      // This page is the new assessment's first: it is loaded anew.
      await page.getByRole('button', { name: 'Retake Rapid Assessment' }).focus();
      const loaded = page.waitForEvent('load');
      await page.keyboard.press('Enter');
      await loaded;
      await expect(page).toHaveURL(/\/Rapid\/Experiences$/);
      await waitForQuestions(page, 12);
      expect(((await call(page, 'GET', '/api/user/GetLatestAssessment')).body as { id: string }).id).not.toBe(assessmentId);
      await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
      const saved = page.waitForResponse((r) => isAnswerSave(r.request()));
      await answerOption(page, 1, 'Very Often').check();
      expect((await saved).status()).toBe(200);
      await expect(note(page)).toHaveCount(0);
      expect(await call(page, 'GET', `/api/data/GetPositivityPlan/${assessmentId}`)).toEqual(plan);
    });

    test('Back from the plan to a question page, and on to Life Situations: both keep what the plan was made from', async ({ page }) => {
      test.setTimeout(90_000);
      const assessmentId = await memberWhoBoughtThePlan(page);
      const plan = await call(page, 'GET', `/api/data/GetPositivityPlan/${assessmentId}`);

      await page.goto('/Rapid/Feelings');
      await waitForQuestions(page, 12);
      await page.goto(`/PositivityPlan/${assessmentId}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Your plan in simple words' })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/Rapid\/Feelings$/);
      await waitForQuestions(page, 12);
      const before = await answerOption(page, 3, 'Rarely').isChecked();
      await answerOption(page, 3, before ? 'Usually' : 'Rarely').click();
      await expect(note(page)).toBeFocused();
      await expect(answerOption(page, 3, 'Rarely')).toBeChecked({ checked: before });

      // Life Situations unchanged: Next goes on, as on any browse through the journey.
      await page.goto('/LifeSituations');
      await expect(page.getByRole('spinbutton', { name: 'What is your age?' })).toHaveValue(String(LIFE_DATA.age));
      const unchanged = page.waitForResponse((r) => /\/api\/user\/SaveLifeData$/.test(r.url()));
      await page.getByRole('button', { name: 'Next' }).click();
      expect((await unchanged).status()).toBe(200);
      await expect(page).not.toHaveURL(/\/LifeSituations$/);
      await expect(note(page)).toHaveCount(0);

      // Changed: Next is refused, the page stays and says why, its questions stopped and showing what is kept.
      await page.goto('/LifeSituations');
      await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
      await page.getByRole('spinbutton', { name: 'What is your age?' }).fill('64');
      const refused = page.waitForResponse((r) => /\/api\/user\/SaveLifeData$/.test(r.url()));
      await page.getByRole('button', { name: 'Next' }).click();
      expect((await refused).status()).toBe(409);
      await expect(note(page)).toBeFocused();
      await expect(note(page)).toContainText('life situations');
      await expect(page).toHaveURL(/\/LifeSituations$/);
      await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Skip All' })).toBeDisabled();
      await expect(page.getByRole('spinbutton', { name: 'What is your age?' })).toBeDisabled();
      await expect(page.getByRole('spinbutton', { name: 'What is your age?' })).toHaveValue(String(LIFE_DATA.age));
      await expect(page.getByRole('button', { name: 'Retake Rapid Assessment' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);

      expect(await call(page, 'GET', `/api/data/GetPositivityPlan/${assessmentId}`)).toEqual(plan);
      expect((await call(page, 'GET', `/api/user/LifeDataByAssessment/${assessmentId}`)).body).toMatchObject({ age: LIFE_DATA.age });
    });
  });
}
