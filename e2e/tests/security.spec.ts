import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './journey-helpers';
import { finishLatestAssessmentThroughApi } from './support/assessments';
import { callFromPage } from './support/page-api';
import { newPerson, signUpAsClient, signUpAsCoach } from './support/sign-up';

/**
 * Stored XSS and the privacy page, in a real browser.
 * Every name a person can type for someone else to read (a client's first and last name,
 * the coach's display name, organization and group names) carries a payload that sets
 * window.__pwned if it ever runs. The coach's dashboard and client management, the client's
 * dashboard and privacy page must show the payloads as literal text, run none of them, and
 * every document must come with a Content-Security-Policy.
 */
const PAYLOADS = {
  clientFirst: '<img src=x onerror="window.__pwned=1">',
  clientLast: '<svg onload="window.__pwned=2"></svg>',
  coachLast: '"><img src=z onerror="window.__pwned=3">',
  organization: '<script>window.__pwned=4</script>',
  group: '<img src=y onerror="window.__pwned=5">',
};

async function newPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on('dialog', (dialog) => {
    throw new Error(`Unexpected dialog: ${dialog.message()}`);
  });
  return page;
}

/** A JSON call from the page itself, as the app makes it (same origin, CSRF header, the page's cookies). */
async function api(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const { status, body: json } = await callFromPage(page, method, path, body);
  return { status, json };
}

async function expectInert(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('img[src="x"], img[src="y"], img[src="z"]')).toHaveCount(0);
}

async function expectCsp(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
}

test('names with script payloads stay text on every coach and client screen', async ({ browser }) => {
  test.setTimeout(150_000);
  const coach = newPerson('Casey', `Coach${Date.now()}`);
  const client = newPerson('Riley', 'Rivera');

  // The coach signs up, takes a payload as their display name, and names an organization and group with payloads.
  const coachPage = await newPage(browser);
  await signUpAsCoach(coachPage, coach);
  expect((await api(coachPage, 'POST', '/api/coach/SetCoachName', { firstName: 'Casey', lastName: PAYLOADS.coachLast })).status).toBe(200);
  const organization = await api(coachPage, 'POST', `/api/organization/AddNewOrganization/${encodeURIComponent(PAYLOADS.organization)}`);
  expect(organization.status).toBe(201);
  const group = await api(coachPage, 'POST', `/api/organization/AddNewGroup/${organization.json.organizationGuid}/${encodeURIComponent(PAYLOADS.group)}`);
  expect(group.status).toBe(201);

  // The client signs up, names themselves with payloads, joins the group and shares a finished assessment.
  const clientPage = await newPage(browser);
  await signUpAsClient(clientPage, client);
  expect((await api(clientPage, 'POST', '/api/user/SaveClientName', { firstName: PAYLOADS.clientFirst, lastName: PAYLOADS.clientLast })).status).toBe(200);
  expect((await api(clientPage, 'POST', `/api/organization/AssignGroupToUser/${group.json.groupGuid}`)).status).toBe(200);
  expect((await api(clientPage, 'POST', '/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
  const assessmentId = await finishLatestAssessmentThroughApi(clientPage, false);
  expect((await api(clientPage, 'POST', `/api/user/SetCoachAccessGranted/${assessmentId}`)).status).toBe(200);

  // The coach's screens: the payloads are visible as text and none of them ran.
  await expectCsp(coachPage, '/CoachDashboard');
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Coach Dashboard' })).toBeVisible();
  await expect(coachPage.getByText(PAYLOADS.clientFirst, { exact: false }).first()).toBeVisible();
  await expectInert(coachPage);

  await expectCsp(coachPage, '/ClientManagement');
  await expect(coachPage.getByText(PAYLOADS.organization, { exact: false }).first()).toBeVisible();
  await expect(coachPage.getByText(PAYLOADS.group, { exact: false }).first()).toBeVisible();
  await expect(coachPage.getByText(PAYLOADS.clientFirst, { exact: false }).first()).toBeVisible();
  await expectInert(coachPage);

  // The client's screens show the coach's name (a payload) as text too.
  await expectCsp(clientPage, '/Dashboard');
  await expectInert(clientPage);
  await expectCsp(clientPage, '/Account/Privacy');
  await expect(clientPage.getByText(PAYLOADS.coachLast, { exact: false }).first()).toBeVisible();
  await expectInert(clientPage);
});

test('the privacy page: download my data, withdraw a permission, delete the account', async ({ browser }) => {
  test.setTimeout(120_000);
  const coach = newPerson('Casey', `Coach${Date.now()}`);
  const coachPage = await newPage(browser);
  await signUpAsCoach(coachPage, coach);
  expect((await api(coachPage, 'POST', '/api/coach/SetCoachName', { firstName: 'Casey', lastName: coach.lastName })).status).toBe(200);

  const person = newPerson('Parker', 'Private');
  const page = await newPage(browser);
  await signUpAsClient(page, person);
  expect((await api(page, 'POST', `/api/coach/AssignCoachToUser/${(await api(coachPage, 'GET', '/api/user/getCurrentUser')).json.id}`)).status).toBe(200);
  expect((await api(page, 'POST', '/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
  const assessmentId = await finishLatestAssessmentThroughApi(page, false);
  expect((await api(page, 'POST', '/api/user/SaveResearchOptIn/true')).status).toBe(200);
  expect((await api(page, 'POST', `/api/user/SetCoachAccessGranted/${assessmentId}`)).status).toBe(200);

  await page.goto('/Account/Privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Your privacy and data' })).toBeVisible();
  await expect(page).toHaveTitle(/Your privacy and data/);
  await expectNoAxeViolations(page);

  // Download my data: a JSON file with this person's answers, and no password.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('bloom-my-data.json');
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  // The profile keeps only an address the provider vouches for, which this one is not until confirmed (decision 0028).
  expect(exported.signInAccount.email).toBe(person.email);
  expect(exported.assessments.find((a: { id: string }) => a.id === assessmentId).answers).toHaveLength(30);
  expect(JSON.stringify(exported)).not.toContain(person.password);
  // The sign-up's confirmation mail is listed by its subject, never with its link.
  expect(exported.mail).toContainEqual(expect.objectContaining({ template: 'verify-email', subject: 'Confirm your e-mail address for Bloom' }));
  expect(JSON.stringify(exported)).not.toContain('token=');

  // Withdraw coach access: the coach loses the assessment at once.
  const permission = page.getByRole('listitem').filter({ hasText: `Casey ${coach.lastName} may see your Rapid assessment` });
  await expect(permission.getByText('Active', { exact: false })).toBeVisible();
  expect((await api(coachPage, 'GET', `/api/user/GetAssessmentById/${assessmentId}`)).status).toBe(200);
  await permission.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Permission withdrawn.' })).toBeVisible();
  await expect(permission.getByText('Withdrawn', { exact: false })).toBeVisible();
  await expect(permission.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  // The pressed button is gone: focus is on the record that now says "Withdrawn", not lost to the page.
  await expect(permission).toBeFocused();
  expect((await api(coachPage, 'GET', `/api/user/GetAssessmentById/${assessmentId}`)).status).toBe(404);

  // On a phone too, with the keyboard: withdrawing the research permission keeps focus on it.
  await page.setViewportSize({ width: 390, height: 844 });
  const research = page.getByRole('listitem').filter({ hasText: 'to build the comparison groups in reports' });
  await research.getByRole('button', { name: 'Withdraw' }).focus();
  await page.keyboard.press('Enter');
  await expect(research.getByText('Withdrawn', { exact: false })).toBeVisible();
  await expect(research).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 720 });

  // Delete: the dialog asks for the word, offers Cancel first, and then erases everything.
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account and all of your data?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  const confirm = dialog.getByRole('button', { name: 'Delete my account permanently' });
  await expect(confirm).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await api(page, 'GET', '/api/user/getCurrentUser')).status).toBe(200);

  await page.getByRole('button', { name: 'Delete my account…' }).click();
  await dialog.getByLabel('To confirm, type DELETE in capital letters').fill('DELETE');
  await confirm.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  // The pressed button went with the account: focus is on the heading that says so, not lost to the page.
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeFocused();
  expect((await api(page, 'GET', '/api/user/getCurrentUser')).status).toBe(204);
  expect((await api(coachPage, 'GET', '/api/coach/GetAssessmentsByCoach')).json).toEqual([]);
});
