import { expect, test, type Page, type Request } from '@playwright/test';
import { answerOption as option, answerQuestions, expectNoAxeViolations, isAnswerSave as isSave, markQuestionPageLeft, waitForQuestions } from './journey-helpers';
import { finishLatestAssessmentThroughApi } from './support/assessments';
import { postFromPage } from './support/page-api';
import { newPerson, signUpAsMember } from './support/sign-up';
import { expectNoSidewaysScroll } from './support/widths';

/**
 * Answers are never lost (DESIGN.md §11): each answer is saved as it is chosen, a reload shows
 * it, a failed save is shown with a retry and keeps the answer, a page with no session starts
 * one before taking answers, and a double click on Next saves once and moves once.
 */

/** The Rapid Feelings page's own lead-in (packages/domain/src/content/feelings.json); Experiences asks about experiences. */
const FEELINGS_LEAD_IN = 'Over the past two weeks, how often have you had the following feelings?';

async function startRapidAsGuest(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Now' }).first().click();
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
  await waitForQuestions(page, 12);
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`answers are kept (${size.name})`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width: size.width, height: size.height }));

    test('each answer is saved as it is chosen: a reload without Next shows it, and a change of mind wins', async ({ page }) => {
      await startRapidAsGuest(page);
      const first = page.waitForRequest(isSave);
      await option(page, 1, 'Sometimes').check();
      expect((await first).postDataJSON()).toEqual([expect.objectContaining({ response: 1 })]);
      await answerQuestions(page, 1, 'Very Often');
      await page.reload();
      await waitForQuestions(page, 12);
      await expect(option(page, 1, 'Very Often')).toBeChecked();
      await expect(option(page, 2, 'Rarely')).not.toBeChecked();
      await expect(page.getByText('1 of 12 answered. Answer every question to continue.')).toBeVisible();
    });

    test('double-clicking Next saves nothing twice and adds one history entry', async ({ page }) => {
      await startRapidAsGuest(page);
      await answerQuestions(page, 12);
      const saves: Request[] = [];
      page.on('request', (r) => isSave(r) && saves.push(r));
      const historyBefore = await page.evaluate(() => history.length);
      const left = await markQuestionPageLeft(page);
      await page.getByRole('button', { name: 'Next' }).dblclick();
      await expect(page).toHaveURL(/\/Rapid\/Feelings$/i);
      // Experiences gone, Feelings drawn (the address changes first): a Back before that returns
      // to a page that never left, whose answers would be there without being kept.
      await expect(left).toHaveCount(0);
      await expect(page.getByText(FEELINGS_LEAD_IN)).toBeVisible();
      await waitForQuestions(page, 12);
      // Every answer was saved as it was chosen: Next had nothing left to send.
      expect(saves).toHaveLength(0);
      expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
      await page.goBack();
      await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
      await expect(option(page, 12, 'Often')).toBeChecked();
    });

    test('double-clicking Next on a petal results page, or Continue on Research, moves once: one history entry each, one research choice saved (review of 2026-11-27)', async ({ page }) => {
      test.setTimeout(90_000);
      await signUpAsMember(page, newPerson('Dot', 'Double'));
      await postFromPage(page, '/api/user/CreateNewAssessment/Professional');
      await finishLatestAssessmentThroughApi(page, true);

      await page.goto('/Pro/Experiences/Body/Results');
      const next = page.getByRole('button', { name: 'Next' });
      await expect(next).toBeEnabled();
      let historyBefore = await page.evaluate(() => history.length);
      await next.dblclick();
      await expect(page).toHaveURL(/\/Pro\/Experiences\/Mind\/Questions$/i);
      await waitForQuestions(page, 9);
      expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);

      await page.goto('/Research');
      const proceed = page.getByRole('button', { name: 'Continue' });
      await expect(proceed).toBeEnabled();
      const optIns: Request[] = [];
      page.on('request', (r) => /\/api\/user\/SaveResearchOptIn/i.test(r.url()) && optIns.push(r));
      historyBefore = await page.evaluate(() => history.length);
      await proceed.dblclick();
      await expect(page).toHaveURL(/\/LifeSituations$/i);
      await expect(page.getByRole('button', { name: 'Skip All' })).toBeVisible();
      // Each change of the research consent counts against its limit (decision 0082): one click, one change.
      expect(optIns).toHaveLength(1);
      expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
    });

    test('the second click of a double click on Next chooses no answer on the next page (seen in CI)', async ({ page }) => {
      await startRapidAsGuest(page);
      await answerQuestions(page, 12);
      const left = await markQuestionPageLeft(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/Rapid\/Feelings$/i);
      // The answer's place is measured on Feelings, not on Experiences still shown after the
      // address changed (drawing Feelings scrolls to the top, and the click then landed elsewhere).
      await expect(left).toHaveCount(0);
      await expect(page.getByText(FEELINGS_LEAD_IN)).toBeVisible();
      await waitForQuestions(page, 12);
      const saves: Request[] = [];
      page.on('request', (r) => isSave(r) && saves.push(r));
      // The double click's second click (its first was Next's), landing on an answer of the new page.
      await option(page, 1, 'Very Often').scrollIntoViewIfNeeded();
      const box = (await option(page, 1, 'Very Often').locator('..').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down({ clickCount: 2 });
      await page.mouse.up({ clickCount: 2 });
      await expect(option(page, 1, 'Very Often')).not.toBeChecked();
      // A click of its own, once a double click's time has passed, still chooses.
      await page.waitForTimeout(600);
      const saved = page.waitForResponse((r) => isSave(r.request()) && r.ok());
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(option(page, 1, 'Very Often')).toBeChecked();
      await saved;
      expect(saves).toHaveLength(1);
    });

    test('offline: the save fails visibly, the answer stays, Next does not spin, and Try again keeps it', async ({ page, context }) => {
      await startRapidAsGuest(page);
      await answerQuestions(page, 11);
      await context.setOffline(true);
      await option(page, 12, 'Rarely').check();
      const alert = page.getByRole('alert').filter({ hasText: 'could not be saved' });
      await expect(alert).toBeVisible();
      await expect(option(page, 12, 'Rarely')).toBeChecked();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      // Pressed from the keyboard: Next keeps the focus while it tries, and says it could not save
      // (the retry block was open already, so nothing new would be announced otherwise).
      const next = page.getByRole('button', { name: 'Next' });
      await next.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Still not saved. Check your connection, then try again.' })).toBeVisible();
      await expect(next).toBeFocused();
      await expect(alert).toBeVisible();
      await expect(next).toBeEnabled();
      await expect(next).not.toHaveAttribute('aria-busy', 'true');
      await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);

      await context.setOffline(false);
      const retried = page.waitForRequest(isSave);
      await alert.getByRole('button', { name: 'Try again' }).click();
      expect((await retried).postDataJSON()).toEqual([expect.objectContaining({ response: 0 })]);
      await expect(alert).toBeHidden();
      await page.reload();
      await waitForQuestions(page, 12);
      await expect(option(page, 12, 'Rarely')).toBeChecked();
    });

    test('opened with no session, a Rapid page starts a guest assessment before it takes answers', async ({ page }) => {
      await page.goto('/Rapid/Experiences');
      await waitForQuestions(page, 12);
      const saved = page.waitForResponse((r) => isSave(r.request()));
      await option(page, 1, 'Often').check();
      expect((await saved).status()).toBe(200);
      await page.reload();
      await waitForQuestions(page, 12);
      await expect(option(page, 1, 'Often')).toBeChecked();
    });

    test('a session that ends on the page stops taking answers and says why', async ({ page, context }) => {
      await startRapidAsGuest(page);
      await answerQuestions(page, 1);
      await context.clearCookies();
      await option(page, 2, 'Often').check();
      const alert = page.getByRole('alert').filter({ hasText: 'Your session has ended' });
      await expect(alert).toBeVisible();
      await expect(option(page, 3, 'Often')).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
      await expectNoAxeViolations(page);
      await alert.getByRole('link', { name: 'Go to the start' }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    test('a Professional page opened with no session sends the person to its start, and says why', async ({ page }) => {
      await page.goto('/Pro/Experiences/Body/Questions');
      await expect(page.getByRole('heading', { name: 'Please sign in to continue' })).toBeFocused();
      await expect(page.getByRole('radio')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await page.getByRole('link', { name: 'Go to the start' }).click();
      await expect(page).toHaveURL(/\/Pro$/i);
    });

    test('Next on Energy with unanswered questions asks once, then continues', async ({ page }) => {
      await startRapidAsGuest(page);
      await answerQuestions(page, 12);
      const left = await markQuestionPageLeft(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/Rapid\/Feelings$/i);
      await expect(left).toHaveCount(0);
      await waitForQuestions(page, 12);
      await answerQuestions(page, 12);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/Rapid\/Energy$/i);
      await waitForQuestions(page, 6);
      await answerQuestions(page, 3);

      await page.getByRole('button', { name: 'Next' }).click();
      const prompt = page.getByRole('alert').filter({ hasText: '3 questions are unanswered. Answer them, or continue?' });
      await expect(prompt).toBeFocused();
      await expectNoAxeViolations(page);
      await prompt.getByRole('button', { name: 'Answer them' }).click();
      await expect(option(page, 4, 'Rarely')).toBeFocused();
      await expect(prompt).toBeHidden();

      // Asked once: the second Next goes on.
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).not.toHaveURL(/\/Rapid\/Energy$/i);
    });
  });
}
