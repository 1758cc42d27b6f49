import { expect, test, type Page } from '@playwright/test';
import { answersFor, answerWithKeyboard, expectNoAxeViolations, pressButtonWithKeyboard, waitForQuestions } from './journey-helpers';

/**
 * The Rapid journey of spec 01 as a guest: Start Now → Experiences → Feelings → Energy →
 * Research → Life Situations → Your Life Lotus, answering the questions with the keyboard only.
 */

const EXPERIENCES_LEAD_IN = 'Over the past two weeks, how often have you had the following experiences?';
const FEELINGS_LEAD_IN = 'Over the past two weeks, how often have you had the following feelings?';

async function startAsGuest(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Now' }).first().click();
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
}

async function answerRapidModule(page: Page, path: RegExp, count: number, offset: number, everyAnswerRequired = true): Promise<void> {
  await expect(page).toHaveURL(path);
  await waitForQuestions(page, count);
  const next = page.getByRole('button', { name: 'Next' });
  // Spec 01 §5: the every-answer rule holds on Rapid Experiences and Feelings, not on Energy.
  if (everyAnswerRequired) await expect(next).toBeDisabled();
  else await expect(next).toBeEnabled();
  await expectNoAxeViolations(page);
  await answerWithKeyboard(page, answersFor(count, offset));
  await expect(next).toBeEnabled();
  await pressButtonWithKeyboard(page, 'Next');
}

async function answerAllModules(page: Page): Promise<void> {
  await expect(page.getByText(EXPERIENCES_LEAD_IN)).toBeVisible();
  await answerRapidModule(page, /\/Rapid\/Experiences$/i, 12, 0);

  await expect(page).toHaveURL(/\/Rapid\/Feelings$/i);
  await expect(page.getByText(FEELINGS_LEAD_IN)).toBeVisible();
  await answerRapidModule(page, /\/Rapid\/Feelings$/i, 12, 2);

  await expect(page).toHaveURL(/\/Rapid\/Energy$/i);
  // Energy: the experiences lead-in first, the feelings lead-in before the fourth question.
  await expect(page.getByText(EXPERIENCES_LEAD_IN)).toBeVisible();
  await expect(page.getByText(FEELINGS_LEAD_IN)).toBeVisible();
  await answerRapidModule(page, /\/Rapid\/Energy$/i, 6, 4, false);
}

async function acceptResearch(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/Research$/i);
  const yes = page.getByRole('checkbox', { name: /Yes, my answers may be used/ });
  const no = page.getByRole('checkbox', { name: /No, please do not use/ });
  await expect(yes).toBeChecked();
  await expect(no).not.toBeChecked();
  await expectNoAxeViolations(page);
  // Mutually exclusive, and Continue needs one ticked.
  await no.check();
  await expect(yes).not.toBeChecked();
  await no.uncheck();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await yes.check();
  const saved = page.waitForRequest((r) => /\/api\/user\/SaveResearchOptIn\/true$/i.test(r.url()) && r.method() === 'POST');
  await page.getByRole('button', { name: 'Continue' }).click();
  await saved;
  await expect(page).toHaveURL(/\/LifeSituations$/i);
}

async function expectGuestLotus(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/YourLifeLotus$/i);
  await expect(page.getByRole('heading', { level: 1, name: /Your .*Life Lotus/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Wellbeing Positivity Potential' })).toBeVisible();
  await expect(page.getByRole('img', { name: /lotus|petal/i }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unlock Personalized Insights and Recommendations' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Plan' })).toBeEnabled();
  // Each story is captioned with its attribution (the field the API sends).
  const caption = page.locator('figcaption').filter({ hasText: 'A nurse balancing shift work' }).first();
  await caption.scrollIntoViewIfNeeded();
  await expect(caption).toBeVisible();
  await expectNoAxeViolations(page);
}

test.describe('Rapid journey (guest)', () => {
  test('Skip All on Life Situations goes straight to the lotus', async ({ page }) => {
    await startAsGuest(page);
    await answerAllModules(page);
    await acceptResearch(page);

    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expectNoAxeViolations(page);
    const saved = page.waitForRequest((r) => /\/api\/user\/SaveLifeData$/i.test(r.url()) && r.method() === 'POST');
    await page.getByRole('button', { name: 'Skip All' }).click();
    expect((await saved).postDataJSON()).toEqual({
      relationshipStatus: 'Prefer not to say',
      parentingStatus: 'Prefer not to say',
      employmentStatus: 'Prefer not to say',
      age: -1,
      gender: 'Prefer not to say',
      income: 'Prefer not to say',
      stressfulEvents: 'Prefer not to say',
    });
    await expectGuestLotus(page);
  });

  test('full Life Situations answers, and saved answers are pre-selected on return', async ({ page }) => {
    await startAsGuest(page);
    await answerAllModules(page);

    // Resume: going back shows the Energy answers already chosen.
    await expect(page).toHaveURL(/\/Research$/i);
    // Research drawn, Energy gone (the address changes first): a Back before that returns to a
    // page that never left, whose answers would be there without being read back.
    await expect(page.getByRole('checkbox', { name: /Yes, my answers may be used/ })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/Rapid\/Energy$/i);
    await waitForQuestions(page, 6);
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(6);
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    await page.getByRole('button', { name: 'Next' }).click();

    await acceptResearch(page);
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByRole('combobox', { name: 'What is your relationship status?' }).selectOption('Married or domestic partnership');
    await page.getByRole('combobox', { name: 'Which best describes your parenting situation?' }).selectOption('Two-parent household');
    await page.getByRole('combobox', { name: 'What is your employment status?' }).selectOption('Employed full time');
    await page.getByRole('combobox', { name: 'What is your gender?' }).selectOption('Female');
    await page.getByRole('combobox', { name: 'What is your yearly household income?' }).selectOption('$50,000 to $75,000');
    await expect(next).toBeDisabled();

    // "Prefer not to say" and a chosen answer exclude each other.
    const stress = page.getByRole('group', { name: /stressful life event/ });
    await stress.getByRole('combobox').selectOption('No');
    await stress.getByRole('radio', { name: 'Prefer not to say' }).check();
    await expect(stress.getByRole('combobox')).toHaveValue('');
    await stress.getByRole('combobox').selectOption('Yes');
    await expect(stress.getByRole('radio', { name: 'Prefer not to say' })).not.toBeChecked();

    const age = page.getByRole('spinbutton', { name: 'What is your age?' });
    await age.fill('7');
    await expect(page.getByText(/Enter an age from/)).toBeVisible();
    await expect(next).toBeDisabled();
    await age.fill('42');
    await expect(next).toBeEnabled();
    await expectNoAxeViolations(page);

    const saved = page.waitForRequest((r) => /\/api\/user\/SaveLifeData$/i.test(r.url()) && r.method() === 'POST');
    await next.click();
    expect((await saved).postDataJSON()).toEqual({
      relationshipStatus: 'Married or domestic partnership',
      parentingStatus: 'Two-parent household',
      employmentStatus: 'Employed full time',
      age: 42,
      gender: 'Female',
      income: '$50,000 to $75,000',
      stressfulEvents: 'Yes',
    });
    // A Rapid assessment skips Individual Differences.
    await expectGuestLotus(page);
  });
});
