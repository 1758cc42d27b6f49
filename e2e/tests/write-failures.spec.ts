import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { finishLatestAssessmentThroughApi } from './support/assessments';
import { onboardClientWithCoach } from './support/invitations';
import { newPerson, signUpAsCoach } from './support/sign-up';

/**
 * Writes the server refuses are said where they were asked for, and nothing claims success; an
 * action that removes its own button leaves focus on something still there, saying what happened.
 * Plans not unlocked are not sold to the coach, nor to a client whose coach holds the results.
 */
test('refused writes are said, focus survives buttons that go, and locked plans are not sold to who cannot buy', async ({ browser }) => {
  test.setTimeout(150_000);
  const coach = newPerson('Wren', `Writes${Date.now() % 100000}`);
  const client = newPerson('Pat', 'Refused');
  const coachPage = await newPage(browser);
  await signUpAsCoach(coachPage, coach);
  const clientPage = await newPage(browser);
  await onboardClientWithCoach(clientPage, client, coach, coachPage);
  const assessmentId = await finishLatestAssessmentThroughApi(clientPage, true);

  // The coach has not released the results: the plan's address says so, and offers nothing to buy.
  await clientPage.goto(`/PositivityPlan/${assessmentId}`);
  await expect(clientPage.getByRole('heading', { level: 1, name: 'Pending coach approval' })).toBeVisible();
  await expect(clientPage.getByRole('button', { name: 'Purchase My Plan' })).toHaveCount(0);

  // Grant coach access refused: said in the row, the button still there; granted: focus on the row.
  await clientPage.goto('/Dashboard');
  const row = clientPage.getByRole('listitem').filter({ hasText: 'Professional' });
  await clientPage.route('**/api/user/SetCoachAccessGranted/**', (route) => route.fulfill({ status: 503, body: '' }));
  await row.getByRole('button', { name: 'Grant coach access' }).click();
  await expect(row.getByRole('alert')).toHaveText('That did not work. Your coach still cannot see this assessment. Please try again.');
  await clientPage.unroute('**/api/user/SetCoachAccessGranted/**');
  await row.getByRole('button', { name: 'Grant coach access' }).click();
  await expect(row.getByRole('button', { name: 'Coach access granted' })).toBeDisabled();
  await expect(row).toBeFocused();
  await expect(row.getByRole('status')).toHaveText('Coach access granted. Your coach can now see this assessment.');

  // The coach: the plan is the client's to unlock, not the coach's to buy.
  await coachPage.goto('/CoachDashboard');
  const clientRow = coachPage.getByRole('button', { name: new RegExp(`${client.firstName} ${client.lastName}`) });
  await clientRow.click();
  const actions = coachPage.getByRole('group', { name: /Professional assessment of/ });
  await actions.getByRole('link', { name: 'Positivity Plan' }).click();
  await expect(coachPage.getByRole('heading', { level: 1, name: 'This Positivity Plan is not unlocked yet' })).toBeVisible();
  await expect(coachPage.getByRole('button', { name: 'Purchase My Plan' })).toHaveCount(0);
  await expectNoAxeViolations(coachPage);
  await coachPage.getByRole('link', { name: 'Back to the Coach Dashboard' }).click();
  await expect(coachPage).toHaveURL(/\/CoachDashboard$/i);

  // Releasing results refused: not "Client access granted", and said beside the button.
  await coachPage.getByRole('button', { name: new RegExp(`${client.firstName} ${client.lastName}`) }).click();
  await coachPage.route('**/api/user/SetClientAccessGranted/**', (route) => route.fulfill({ status: 503, body: '' }));
  await actions.getByRole('button', { name: 'Grant client access' }).click();
  await coachPage.getByRole('alertdialog').getByRole('button', { name: 'Release results' }).click();
  await expect(coachPage.getByText('That did not work. Your client still cannot see these results. Please try again.')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Grant client access' })).toBeEnabled();
  await expect(actions.getByRole('button', { name: 'Client access granted' })).toHaveCount(0);
  await coachPage.unroute('**/api/user/SetClientAccessGranted/**');

  // No Coach refused: the dialog stays open and says so; done: focus on the line that says so.
  await clientPage.route('**/api/coach/UnassignCoachFromUser/**', (route) => route.fulfill({ status: 503, body: '' }));
  await clientPage.getByRole('button', { name: 'Change/Remove Coach' }).click();
  const dialog = clientPage.getByRole('dialog');
  await dialog.getByLabel('Coach').selectOption({ label: 'No Coach' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That did not work. Nothing was changed. Please try again.');
  await expect(dialog).toBeVisible();
  await clientPage.unroute('**/api/coach/UnassignCoachFromUser/**');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(clientPage.getByRole('button', { name: 'Change/Remove Coach' })).toHaveCount(0);
  const news = clientPage.getByRole('status').filter({ hasText: 'You no longer have a coach.' });
  await expect(news).toBeFocused();
  await expectNoAxeViolations(clientPage);
});

/** A failed current-user lookup is not "signed out": the gated pages say the check failed and ask again. */
test('a failed sign-in check says so and is tried again', async ({ page }) => {
  let failing = true;
  await page.route('**/api/user/getCurrentUser', (route) => (failing ? route.fulfill({ status: 503, body: '' }) : route.fallback()));
  await page.goto('/CoachDashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not check your sign-in' })).toBeVisible();
  await expect(page.getByText('This page is for coaches')).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Pressed with the keyboard, Try again keeps its focus while it asks and after it fails again.
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await tryAgain.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Still no answer from Bloom.' })).toBeVisible();
  await expect(tryAgain).toBeFocused();
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  // Nobody is signed in in this browser: now that the server has said so, the page says what it is for.
  await expect(page.getByRole('heading', { name: 'This page is for coaches' })).toBeVisible();
});

/** The progress pages and the instrument statistics too: a failed check is not "please log in" nor "for coaches". */
test('a failed sign-in check on the progress and instrument pages says so, not signed out', async ({ page }) => {
  await page.route('**/api/user/getCurrentUser', (route) => route.fulfill({ status: 503, body: '' }));
  for (const [address, signedOut] of [
    ['/Progress', 'Please log in to see your progress'],
    ['/Admin/Instrument', 'Please log in to see the instrument statistics'],
    ['/Progress/Client/00000000-0000-4000-8000-000000000000', 'This page is for coaches'],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: 'We could not check your sign-in' })).toBeVisible();
    await expect(page.getByText(signedOut)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}
