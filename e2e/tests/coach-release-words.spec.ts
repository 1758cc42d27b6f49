import { expect, test, type Page } from '@playwright/test';
import { finishLatestAssessmentThroughApi } from './support/assessments';
import { onboardClientWithCoach } from './support/invitations';
import { postFromPage } from './support/page-api';
import { newPerson, signUpAsNamedCoach } from './support/sign-up';
import { checkLayout, WIDTHS } from './support/widths';

/**
 * "Grant client access" says what the client will really get (decisions 0019, 0056): a coach no
 * administrator has approved (every coach under the default open sign-up) releases profile and
 * charts, and the Positivity Plan stays for sale to the client; an approved coach's release
 * includes the plan. The words follow the current user's `coachIncludesPlans`, at both widths.
 */
test('the release confirmation promises the plan only when the coach includes it', async ({ browser }) => {
  test.setTimeout(180_000);
  const coach = newPerson('Rhea', `Release${Date.now() % 100000}`);
  const client = newPerson('Tess', 'Words');
  const coachPage = await (await browser.newContext()).newPage();
  await signUpAsNamedCoach(coachPage, coach);
  const clientPage = await (await browser.newContext()).newPage();
  await onboardClientWithCoach(clientPage, client, coach, coachPage);
  const assessmentId = await finishLatestAssessmentThroughApi(clientPage, true);
  await postFromPage(clientPage, `/api/user/SetCoachAccessGranted/${assessmentId}`);

  /** Opens the confirmation of the client's Professional assessment and answers its words; leaves it open. */
  async function confirmationWords(page: Page): Promise<string> {
    await page.goto('/CoachDashboard');
    await page.getByRole('button', { name: new RegExp(`${client.firstName} ${client.lastName}`) }).click();
    const actions = page.getByRole('group', { name: /Professional assessment of/ });
    await actions.getByRole('button', { name: 'Grant client access' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Release these results to your client?' });
    await expect(confirm).toContainText('This cannot be undone');
    return (await confirm.textContent()) ?? '';
  }

  // Open sign-up: this coach is not approved by an administrator, so the plan is not part of the release.
  for (const size of WIDTHS) {
    await coachPage.setViewportSize(size);
    const words = await confirmationWords(coachPage);
    expect(words).toContain('of their Professional assessment');
    expect(words).toContain(': profile and charts.');
    expect(words).toContain('Their Positivity Plan is not included: it comes with your coaching once an administrator approves your coach account, and until then it stays for sale to them.');
    expect(words).not.toContain('Positivity Plan and charts');
    await checkLayout(coachPage, `the unapproved coach's release confirmation at ${size.width} px`);
    await coachPage.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  }

  // Approved (the server's answer, with the flag an admin's approval sets: coach.test.ts checks the server sets it).
  await coachPage.route('**/api/user/getCurrentUser', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), coachIncludesPlans: true } });
  });
  for (const size of WIDTHS) {
    await coachPage.setViewportSize(size);
    const words = await confirmationWords(coachPage);
    expect(words).toContain(': profile, Positivity Plan and charts.');
    expect(words).not.toContain('not included');
    await checkLayout(coachPage, `the approved coach's release confirmation at ${size.width} px`);
    await coachPage.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  }
});
