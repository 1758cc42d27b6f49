import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
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
