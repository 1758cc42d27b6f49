import { expect, type Page } from '@playwright/test';

/**
 * Helpers for the report and purchase specs: a real member made through the embedded identity
 * provider's sign-up form, and a Rapid assessment finished through the journey API from the
 * page (fast, and the same calls the question pages make).
 */
/** Returns the new member's e-mail address. */
export async function signUpMember(page: Page, firstName = 'Robin', lastName = 'Lee'): Promise<string> {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/');
  await page.getByRole('button', { name: 'Member Log In' }).first().click();
  await expect(page).toHaveURL(/\/idp\//);
  await page.getByRole('link', { name: 'Create your account' }).click();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('calm-river-lotus-42');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The "Beginning" sign-in creates a Rapid assessment for a member without one.
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i, { timeout: 20_000 });
  return email;
}

/** Answers every Rapid question of the latest assessment and returns its id. */
export async function finishRapidThroughApi(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const headers = { 'x-bloom-csrf': '1', 'content-type': 'application/json' };
    let n = 0;
    for (const moduleName of ['Experiences', 'Feelings', 'Energy']) {
      const view = await (await fetch(`/api/data/GetModuleQuestions/${moduleName}`)).json();
      const answers = view.wellsprings
        .flatMap((w: { questions: { questionGuid: string; order: number }[] }) => w.questions)
        .map((q: { questionGuid: string; order: number }) => ({ questionGuid: q.questionGuid, response: [1, 3, 2, 4, 0][n++ % 5], order: q.order }));
      const saved = await fetch('/api/user/SaveQuestionResponse', { method: 'POST', headers, body: JSON.stringify(answers) });
      if (!saved.ok) throw new Error(`Saving ${moduleName} failed: ${saved.status}`);
    }
    const latest = await (await fetch('/api/user/GetLatestAssessment')).json();
    return latest.id as string;
  });
}

/** A signed-up member with a finished Rapid assessment; returns the assessment id. */
export async function memberWithFinishedRapid(page: Page, firstName?: string, lastName?: string): Promise<string> {
  await signUpMember(page, firstName, lastName);
  return finishRapidThroughApi(page);
}
