import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { finishLatestAssessmentThroughApi } from './support/assessments';
import { signUpMember } from './support/reports';
import { expectNoSidewaysScroll } from './support/widths';

/**
 * The coverage rule (DESIGN.md §11) as a person meets it: with too few answers the results page
 * says which module needs answers and leads back to it, and the report and plan pages say the
 * assessment needs more answers instead of inventing a report or offering to sell a plan.
 */

/** Answers the first `count` Experiences questions of the latest assessment; returns its id. */
async function answerSomeExperiences(page: Page, count: number): Promise<string> {
  return page.evaluate(async (count) => {
    const view = await (await fetch('/api/data/GetModuleQuestions/Experiences')).json();
    const answers = view.wellsprings
      .flatMap((w: { questions: { questionGuid: string; order: number }[] }) => w.questions)
      .slice(0, count)
      .map((q: { questionGuid: string; order: number }) => ({ questionGuid: q.questionGuid, response: 3, order: q.order }));
    const saved = await fetch('/api/user/SaveQuestionResponse', { method: 'POST', headers: { 'x-bloom-csrf': '1', 'content-type': 'application/json' }, body: JSON.stringify(answers) });
    if (!saved.ok) throw new Error(`saving failed: ${saved.status}`);
    return (await (await fetch('/api/user/GetLatestAssessment')).json()).id as string;
  }, count);
}

/** Answers the first `counts[module]` questions of each module of the latest assessment; returns its id. */
async function answerModules(page: Page, counts: Record<'Experiences' | 'Feelings' | 'Energy', number>): Promise<string> {
  return page.evaluate(async (counts) => {
    for (const [moduleName, count] of Object.entries(counts)) {
      const view = await (await fetch(`/api/data/GetModuleQuestions/${moduleName}`)).json();
      const answers = view.wellsprings
        .flatMap((w: { questions: { questionGuid: string; order: number }[] }) => w.questions)
        .slice(0, count)
        .map((q: { questionGuid: string; order: number }, index: number) => ({ questionGuid: q.questionGuid, response: (index % 4) + 1, order: q.order }));
      const saved = await fetch('/api/user/SaveQuestionResponse', { method: 'POST', headers: { 'x-bloom-csrf': '1', 'content-type': 'application/json' }, body: JSON.stringify(answers) });
      if (!saved.ok) throw new Error(`saving ${moduleName} failed: ${saved.status}`);
    }
    return (await (await fetch('/api/user/GetLatestAssessment')).json()).id as string;
  }, counts);
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`too few answers: no invented results, a way back, and no plan for sale (${size.name})`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signUpMember(page, 'Cora', 'Verage');
    const assessmentId = await answerSomeExperiences(page, 3);

    await page.goto('/YourLifeLotus');
    await expect(page.getByRole('heading', { name: 'A few more answers, then your lotus' })).toBeVisible();
    await expect(page.getByText('Positive Experiences: 3 of 12 questions answered. At least 8 are needed.')).toBeVisible();
    await expect(page.getByText('Positive Feelings: 0 of 12 questions answered. At least 8 are needed.')).toBeVisible();
    // No lotus drawn from default values, and no plan offered.
    await expect(page.getByRole('img', { name: /lotus/i })).toHaveCount(0);
    await expect(page.getByText(/Positivity Plan/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);

    await page.getByRole('link', { name: 'Answer Positive Experiences' }).click();
    await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(3);

    await page.goto(`/BloomProfileReport/${assessmentId}`);
    await expect(page.getByRole('heading', { name: 'This assessment needs more answers' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/PositivityPlan/${assessmentId}`);
    await expect(page.getByRole('heading', { name: 'This assessment needs more answers' })).toBeVisible();
    await expect(page.getByRole('button', { name: /buy|unlock|purchase/i })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // No comparison with others either, and Next leads on to the page that says what is missing.
    await page.goto('/IndividualDifferences');
    await expect(page.getByRole('status').filter({ hasText: 'There are not enough answers yet to compare you with others.' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'A few more answers, then your lotus' })).toBeVisible();
  });
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`Energy with too few answers: the report says so and draws no energy bars (${size.name})`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signUpMember(page, 'Enzo', 'Partial');
    const assessmentId = await answerModules(page, { Experiences: 12, Feelings: 12, Energy: 1 });

    await page.goto(`/BloomProfileReport/${assessmentId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('There are not enough answers in this area yet to describe it.').first()).toBeVisible();
    // The lotus and the other charts are there; the energy bars, made of one answer and defaults, are not.
    await expect(page.getByRole('img', { name: /Mindset positivity/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /Energy balance/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
  });
}

/** Starts a Professional assessment through the API; with `answeredInMind`, answers that many Mind questions. */
async function startProfessional(page: Page, answeredInMind = 0): Promise<void> {
  await page.evaluate(async (count) => {
    const headers = { 'x-bloom-csrf': '1', 'content-type': 'application/json' };
    const created = await fetch('/api/user/CreateNewAssessment/Professional', { method: 'POST', headers });
    if (created.status !== 201) throw new Error(`creating failed: ${created.status}`);
    if (count === 0) return;
    const view = await (await fetch('/api/data/GetPetalQuestions/Mind')).json();
    const answers = view.wellsprings
      .flatMap((w: { questions: { questionGuid: string; order: number }[] }) => w.questions)
      .slice(0, count)
      .map((q: { questionGuid: string; order: number }) => ({ questionGuid: q.questionGuid, response: 3, order: q.order }));
    const saved = await fetch('/api/user/SaveQuestionResponse', { method: 'POST', headers, body: JSON.stringify(answers) });
    if (!saved.ok) throw new Error(`saving failed: ${saved.status}`);
  }, answeredInMind);
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`Professional results after a retake: Back to an old results page says what is missing, never a result made of defaults (${size.name})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signUpMember(page, 'Rhea', 'Take');
    await startProfessional(page);
    await finishLatestAssessmentThroughApi(page, true);

    // The finished assessment's module results: a chart and band texts.
    await page.goto('/Pro/Feelings/Results');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Recent Positive Feelings' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('img').first()).toBeVisible();

    // A retake with one Mind answer, then Back from the home page to the old results page.
    await startProfessional(page, 1);
    await page.getByRole('link', { name: 'Bloom home' }).click();
    await expect(page).not.toHaveURL(/\/Pro\/Feelings\/Results$/i);
    // The address changes before the next page is drawn (the router's navigation is a transition):
    // Back before the home page is on screen would return to a results page that never left.
    await expect(page.getByRole('heading', { level: 1, name: 'Your Recent Positive Feelings' })).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL(/\/Pro\/Feelings\/Results$/i);
    await expect(page.getByRole('heading', { name: 'A few more answers, then your results' })).toBeVisible();
    await expect(page.getByText('Positive Feelings: 0 of 36 questions answered. At least 24 are needed.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('img')).toHaveCount(0);
    await expect(page.getByText('There are not enough answers in this area yet to describe it.')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: 'Answer Positive Feelings' }).click();
    await expect(page).toHaveURL(/\/Pro\/Feelings\/Openness\/Questions$/i);

    // A barely answered petal, opened directly: its count, and the way to its questions.
    await page.goto('/Pro/Experiences/Mind/Results');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Mind Petal' })).toBeVisible();
    await expect(page.getByText('Mind: 1 of 9 questions answered. At least 6 are needed.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('img')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: 'Answer Mind' }).click();
    await expect(page).toHaveURL(/\/Pro\/Experiences\/Mind\/Questions$/i);
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
  });
}
