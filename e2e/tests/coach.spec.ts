import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { finishLatestAssessmentThroughApi } from './support/assessments';
import { linkMailedTo } from './support/account-mail';
import { moveSaved, zone } from './support/client-board';
import { inviteThroughApi } from './support/invitations';
import { createAccount, newPerson, signUpAsCoach, type TestPerson } from './support/sign-up';

/**
 * The coach side of spec 02: a coach signs up and names themselves, a client onboards with
 * that coach and shares a Professional assessment, the coach opens it and releases it; client
 * management moves a client with the mouse, the keyboard and the "Move to" list.
 */
const XSS = '<img src=x onerror=alert(1)>';

async function newPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  // Any alert would mean user text ran as HTML; the only alerts allowed are client management's own.
  page.on('dialog', (dialog) => {
    if (!/name required$/.test(dialog.message())) throw new Error(`Unexpected dialog: ${dialog.message()}`);
  });
  return page;
}

/**
 * Invites a client, who signs up through the mailed link and onboards with this coach (coaches are
 * no longer listed to choose from, decision 0030); ends on /Pro/Experiences.
 */
async function onboardWithCoach(page: Page, client: TestPerson, coach: TestPerson, coachPage: Page, shownFirstName = client.firstName, checkAccessibility = false): Promise<void> {
  await inviteThroughApi(coachPage, client.email);
  await page.goto(await linkMailedTo(client.email, 'invite'));
  await page.getByRole('button', { name: 'Client Signup / Login' }).first().click();
  await createAccount(page, client);
  await expect(page).toHaveURL(/\/Client\/Onboarding$/i, { timeout: 20_000 });
  const joinButton = page.getByRole('button', { name: 'Join' });
  await page.getByLabel('First name').fill(shownFirstName);
  await page.getByLabel('Last name').fill('');
  // Join is there with a name missing too; pressed, it marks the name instead of joining (invitations.spec's keyboard case).
  await joinButton.click();
  await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Enter your last name.');
  await page.getByLabel('Last name').fill(client.lastName);
  if (checkAccessibility) await expectNoAxeViolations(page);
  await joinButton.click();
  await expect(page.getByRole('heading', { level: 1, name: `You are now a client of ${coach.firstName} ${coach.lastName}` })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Start your assessment' }).click();
  await expect(page).toHaveURL(/\/Pro\/Experiences$/i, { timeout: 20_000 });
}

test('a coach signs up, a client shares a Professional assessment, and the coach releases it', async ({ browser }) => {
  test.setTimeout(120_000);
  const coach = newPerson('Casey', `Coach${Date.now()}`);
  // The identity provider refuses markup in names; onboarding takes any text, so the client types it there.
  const client = newPerson('Riley', 'Rivera');

  // The coach signs up and sets the name shown to clients.
  const coachPage = await newPage(browser);
  await signUpAsCoach(coachPage, coach);
  await coachPage.goto('/Coach/Name');
  await expect(coachPage.getByText('Please enter your name as you would like it shown to clients.')).toBeVisible();
  await coachPage.getByLabel('First Name').fill(' ');
  await coachPage.getByRole('button', { name: 'Submit' }).click();
  await expect(coachPage.getByText('Enter your first name.')).toBeVisible();
  await expect(coachPage.getByLabel('First Name')).toBeFocused();
  coach.firstName = 'Casey';
  await coachPage.getByLabel('First Name').fill(coach.firstName);
  await coachPage.getByLabel('Last Name').fill(coach.lastName);
  await expectNoAxeViolations(coachPage);
  await coachPage.getByRole('button', { name: 'Submit' }).click();
  await expect(coachPage).toHaveURL(/\/CoachDashboard$/i);
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Coach Dashboard' })).toBeVisible();
  await expect(coachPage.getByText('No assessments', { exact: true })).toBeVisible();

  // The client onboards with that coach and finishes the Professional assessment.
  const clientPage = await newPage(browser);
  await onboardWithCoach(clientPage, client, coach, coachPage, XSS, true);
  const assessmentId = await finishLatestAssessmentThroughApi(clientPage, true);

  // Professional results wait for the coach; the client grants coach access from the dashboard.
  await clientPage.goto('/Dashboard');
  const row = clientPage.getByRole('listitem').filter({ hasText: 'Professional' });
  await expect(row.getByText('Pending coach approval')).toBeVisible();
  await expect(row.getByRole('link', { name: 'Profile' })).toHaveCount(0);
  await expect(clientPage.getByRole('button', { name: 'Change/Remove Coach' })).toBeVisible();
  await row.getByRole('button', { name: 'Grant coach access' }).click();
  await expect(row.getByRole('button', { name: 'Coach access granted' })).toBeDisabled();

  // The coach sees the client (their name as plain text) and the shared assessment.
  await coachPage.reload();
  await expect(coachPage.getByRole('heading', { name: /Independent Clients/ })).toBeVisible();
  const clientRow = coachPage.getByRole('button', { name: new RegExp(`${escape(XSS)} Rivera`) });
  await expect(clientRow).toBeVisible();
  await expect(coachPage.locator('img[src="x"]')).toHaveCount(0);
  await clientRow.click();
  await expect(clientRow).toHaveAttribute('aria-expanded', 'true');
  const actions = coachPage.getByRole('group', { name: /Professional assessment of/ });
  await expect(actions.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/BloomProfileReport/${assessmentId}`);
  await expect(actions.getByRole('link', { name: 'Positivity Plan' })).toBeVisible();
  await expectNoAxeViolations(coachPage);
  // Releasing results cannot be undone, so the coach confirms first (the dialog says so).
  await actions.getByRole('button', { name: 'Grant client access' }).click();
  await coachPage.getByRole('alertdialog').getByRole('button', { name: 'Release results' }).click();
  await expect(actions.getByRole('button', { name: 'Client access granted' })).toBeDisabled();
  await expect(coachPage.getByRole('status').filter({ hasText: 'Client access granted. Your client can now see these results.' })).toBeAttached();
  // Closed (its rows unmounted) and opened again, the client's row still says so: the loaded list knows.
  await clientRow.click();
  await expect(clientRow).toHaveAttribute('aria-expanded', 'false');
  await clientRow.click();
  await expect(actions.getByRole('button', { name: 'Client access granted' })).toBeDisabled();
  await expect(actions.getByRole('button', { name: 'Grant client access' })).toHaveCount(0);

  // The supplement shows the client's details and the item lists.
  await actions.getByRole('link', { name: 'View Coach Supplement' }).click();
  await expect(coachPage).toHaveURL(new RegExp(`/CoachSupplement/${assessmentId}$`));
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Coach Supplement Report' })).toBeVisible();
  await expect(coachPage.getByText(client.email)).toBeVisible();
  await expect(coachPage.getByText(`${XSS} Rivera`).first()).toBeVisible();
  await expect(coachPage.locator('img[src="x"]')).toHaveCount(0);
  for (const section of ['Client information', 'Life situations', 'Scores', 'Energy range', 'Wellspring overview', 'Item responses']) {
    await expect(coachPage.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expect(coachPage.getByRole('row', { name: /Overall well-being/ })).toBeVisible();
  await expectNoAxeViolations(coachPage);

  // Released: the client now sees their reports.
  await clientPage.reload();
  await expect(row.getByText('Pending coach approval')).toHaveCount(0);
  await expect(row.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/BloomProfileReport/${assessmentId}`);
});

test('client management: organizations, groups, and moving a client by mouse, keyboard and list', async ({ browser }) => {
  test.setTimeout(120_000);
  const coach = newPerson('Morgan', `Mover${Date.now()}`);
  const client = newPerson('Dana', 'Drag');
  const coachPage = await newPage(browser);
  await signUpAsCoach(coachPage, coach);
  const clientPage = await newPage(browser);
  await onboardWithCoach(clientPage, client, coach, coachPage);

  await coachPage.goto('/CoachDashboard');
  await coachPage.getByRole('link', { name: 'Client Management' }).click();
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Client Management' })).toBeVisible();
  const independent = zone(coachPage, 'Independent Clients');
  await expect(independent.getByText('Dana Drag', { exact: true })).toBeVisible();

  // Empty names are refused with the spec's alerts.
  const alerted = (message: string) => coachPage.waitForEvent('dialog').then(async (dialog) => {
    expect(dialog.message()).toBe(message);
    await dialog.accept();
  });
  let alert = alerted('Organization name required');
  await coachPage.getByRole('button', { name: 'Add Organization' }).click();
  await alert;
  // So is a name of only invisible characters (zero-width space, word joiner, soft hyphen), which the server refuses too.
  alert = alerted('Organization name required');
  await coachPage.getByPlaceholder('Enter organization name').fill('\u200B\u2060\u00AD');
  await coachPage.getByRole('button', { name: 'Add Organization' }).click();
  await alert;
  await coachPage.getByPlaceholder('Enter organization name').fill('Acme Health');
  await coachPage.getByRole('button', { name: 'Add Organization' }).click();
  await expect(coachPage.getByRole('heading', { level: 2, name: 'Acme Health' })).toBeVisible();
  alert = alerted('Group name required');
  await coachPage.getByPlaceholder('Enter group name').fill('   ');
  await coachPage.getByRole('button', { name: 'Add Group' }).click();
  await alert;
  await coachPage.getByPlaceholder('Enter group name').fill('Night shift');
  await coachPage.getByRole('button', { name: 'Add Group' }).click();
  const nightShift = zone(coachPage, 'Night shift');
  await expect(nightShift).toBeVisible();
  await expect(coachPage.getByRole('button', { name: 'Delete Group: No Group' })).toHaveCount(0);
  await expectNoAxeViolations(coachPage);

  // Mouse: drag the card into Night shift.
  const saved = moveSaved(coachPage);
  await dragWithMouse(coachPage, independent.getByTestId('client-card').filter({ hasText: 'Dana Drag' }), nightShift);
  await expect(nightShift.getByText('Dana Drag', { exact: true })).toBeVisible();
  expect((await saved).ok()).toBe(true);
  await coachPage.reload();
  await expect(zone(coachPage, 'Night shift').getByText('Dana Drag', { exact: true })).toBeVisible();

  // Keyboard: pick up from the handle, arrow to Independent Clients (first zone on the page), drop.
  const handle = coachPage.getByRole('button', { name: 'Drag Dana Drag' });
  await handle.focus();
  await coachPage.keyboard.press('Space');
  await expect(coachPage.getByText('Dana Drag is over Acme Health — Night shift.')).toBeAttached();
  // Each arrow press jumps one zone (or first scrolls the page towards it); the live region says where the client is.
  const overIndependent = coachPage.getByText('Dana Drag is over Independent Clients.');
  for (let i = 0; i < 8 && (await overIndependent.count()) === 0; i += 1) {
    await coachPage.keyboard.press('ArrowUp');
    await coachPage.waitForTimeout(150);
  }
  await expect(overIndependent).toBeAttached();
  await coachPage.keyboard.press('Space');
  await expect(zone(coachPage, 'Independent Clients').getByText('Dana Drag', { exact: true })).toBeVisible();
  await expect(zone(coachPage, 'Night shift').getByText('Dana Drag', { exact: true })).toHaveCount(0);

  // The "Move to" list and its Move button do the same without dragging.
  await coachPage.getByLabel('Move Dana Drag to').selectOption({ label: 'Move to: No Group' });
  await coachPage.getByRole('button', { name: 'Move Dana Drag', exact: true }).click();
  await expect(zone(coachPage, 'No Group').getByText('Dana Drag', { exact: true })).toBeVisible();

  // "Grant all?" is saved (after the move's reload has settled, so it cannot overwrite the tick).
  await coachPage.waitForLoadState('networkidle');
  // The tick shows at once and is saved after: the reload waits for the save.
  const grantSaved = coachPage.waitForResponse((r) => /\/api\/coach\/SetUserAccessPreGranted\/[^/]+\/true$/i.test(r.url()) && r.request().method() === 'POST');
  await coachPage.getByRole('checkbox', { name: /Grant all\? for Dana Drag/ }).check();
  expect((await grantSaved).ok()).toBe(true);
  await coachPage.reload();
  await expect(coachPage.getByRole('checkbox', { name: /Grant all\? for Dana Drag/ })).toBeChecked();

  // Deleting asks first, with the client count; Cancel keeps everything.
  await coachPage.getByRole('button', { name: 'Delete Org: Acme Health' }).click();
  await expect(coachPage.getByRole('alertdialog')).toContainText('This organization has 1 client across its groups.');
  await coachPage.getByRole('button', { name: 'Cancel' }).click();
  await expect(coachPage.getByRole('heading', { level: 2, name: 'Acme Health' })).toBeVisible();
  await expect(coachPage.getByRole('button', { name: 'Delete Org: Acme Health' })).toBeFocused();
  await coachPage.getByRole('button', { name: 'Delete Group: Night shift' }).click();
  await expect(coachPage.getByRole('alertdialog')).toContainText('This group has 0 clients.');
  await coachPage.getByRole('button', { name: 'Confirm' }).click();
  await expect(zone(coachPage, 'Night shift')).toHaveCount(0);

  // "X" removes the client from the list after confirmation.
  await coachPage.getByRole('button', { name: /^X: remove Dana Drag/ }).click();
  await expect(coachPage.getByRole('alertdialog')).toContainText('Are you sure you want to delete this user from your client list - Dana Drag?');
  await coachPage.getByRole('button', { name: 'Confirm' }).click();
  await expect(coachPage.getByText('Dana Drag', { exact: true })).toHaveCount(0);

  // Organization names are text too.
  await coachPage.getByPlaceholder('Enter organization name').fill(XSS);
  await coachPage.getByRole('button', { name: 'Add Organization' }).click();
  await expect(coachPage.getByRole('heading', { level: 2, name: XSS })).toBeVisible();
  await expect(coachPage.locator('img[src="x"]')).toHaveCount(0);
});

async function dragWithMouse(page: Page, card: Locator, target: Locator): Promise<void> {
  const from = (await card.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 30, { steps: 3 });
  await target.scrollIntoViewIfNeeded();
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
