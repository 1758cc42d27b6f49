import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { signUpMember } from './support/reports';

/** A returning member finds Life Situations filled in from their last answers (issue 23 §6). */

const LAST_ANSWERS = {
  relationshipStatus: 'Married or domestic partnership',
  parentingStatus: 'Prefer not to say',
  employmentStatus: 'Employed full time',
  age: 42,
  gender: 'Female',
  income: '$50,000 to $75,000',
  stressfulEvents: 'Yes',
};

async function post(page: Page, path: string, body?: unknown): Promise<void> {
  const status = await page.evaluate(
    async ({ path, body }) => {
      const headers: Record<string, string> = { 'x-bloom-csrf': '1' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      return (await fetch(path, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) })).status;
    },
    { path, body },
  );
  expect(status).toBeLessThan(300);
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`a returning member's Life Situations are filled in from last time (${size.name})`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signUpMember(page, 'Rita', 'Turner');
    await post(page, '/api/user/SaveLifeData', LAST_ANSWERS);
    await post(page, '/api/user/CreateNewAssessment/Rapid');

    await page.goto('/LifeSituations');
    await expect(page.getByText(/^Filled in from your answers on \w+ \d+, \d{4}\. Check that each one is still right/)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'What is your relationship status?' })).toHaveValue('Married or domestic partnership');
    await expect(page.getByRole('spinbutton', { name: 'What is your age?' })).toHaveValue('42');
    await expect(page.getByRole('group', { name: /parenting situation/ }).getByRole('radio', { name: 'Prefer not to say' })).toBeChecked();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // "Prefer not to say" is a radio of each question's own (spec 01 §2), reached and chosen by keyboard:
    // choosing it empties the dropdown, and choosing a value takes the radio back.
    const employment = page.getByRole('group', { name: 'What is your employment status?' });
    const employmentSkip = employment.getByRole('radio', { name: 'Prefer not to say' });
    await employment.getByRole('combobox').focus();
    await page.keyboard.press('Tab');
    await expect(employmentSkip).toBeFocused();
    await page.keyboard.press('Space');
    await expect(employmentSkip).toBeChecked();
    await expect(employment.getByRole('combobox')).toHaveValue('');
    // Its own radio only: the parenting question's stays chosen.
    await expect(page.getByRole('group', { name: /parenting situation/ }).getByRole('radio', { name: 'Prefer not to say' })).toBeChecked();
    await expectNoAxeViolations(page);

    // A change is what gets saved for the new assessment.
    await employment.getByRole('combobox').selectOption('Retired');
    await expect(employmentSkip).not.toBeChecked();
    const saved = page.waitForRequest((r) => /\/api\/user\/SaveLifeData$/i.test(r.url()) && r.method() === 'POST');
    await page.getByRole('button', { name: 'Next' }).click();
    expect((await saved).postDataJSON()).toEqual({ ...LAST_ANSWERS, employmentStatus: 'Retired' });
  });
}
