import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/account-mail';
import { finishLatestAssessmentThroughApi } from './support/assessments';
import { onboardClientWithCoach } from './support/invitations';
import { postFromPage as post } from './support/page-api';
import { newPerson, signUpAsCoach, signUpAsMember } from './support/sign-up';
import { checkAtBothWidths, expectWordsWhole } from './support/widths';

/**
 * Issue 26, progress over time: a member with two Rapid assessments on one day sees both on
 * /Progress told apart by their time, a trend chart per measure with a text alternative, and the
 * badge of the latest change; the member dashboard shows a compact trend chart per measure with
 * its badge (one assessment: a line saying another one shows the change). A coach opens a
 * client's progress from the Coach Dashboard. Every page at 390 px and 1280 px, axe clean
 * (target size too). An admin sees the instrument statistics ("not enough data" on a fresh
 * database) and downloads the research export; anyone else is told the page is for administrators.
 *
 * PROGRESS_SCREENSHOTS=<dir> saves a full-page screenshot of each page at each width there.
 */

/** Where PROGRESS_SCREENSHOTS asks for full-page screenshots of each page at each width. */
const SCREENSHOTS = process.env.PROGRESS_SCREENSHOTS;

/** Answers every Rapid question of the caller's latest assessment with one response (0–4); returns its id. */
async function finishRapidWith(page: Page, response: number): Promise<string> {
  return page.evaluate(async (value) => {
    const headers = { 'x-bloom-csrf': '1', 'content-type': 'application/json' };
    for (const moduleName of ['Experiences', 'Feelings', 'Energy']) {
      const view = (await (await fetch(`/api/data/GetModuleQuestions/${moduleName}`)).json()) as { wellsprings: { questions: { questionGuid: string; order: number }[] }[] };
      const answers = view.wellsprings.flatMap((w) => w.questions).map((q) => ({ questionGuid: q.questionGuid, response: value, order: q.order }));
      const saved = await fetch('/api/user/SaveQuestionResponse', { method: 'POST', headers, body: JSON.stringify(answers) });
      if (!saved.ok) throw new Error(`Saving ${moduleName} failed: ${saved.status}`);
    }
    return ((await (await fetch('/api/user/GetLatestAssessment')).json()) as { id: string }).id;
  }, response);
}

const TIME = /\d{1,2}:\d{2}\s?[AP]M/;
const BADGE = /^(improved|declined|no reliable change)$/;

test('a member sees two same-day Rapid assessments on /Progress, with charts, badges and times', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAsMember(page, newPerson('Pat', 'Progress'));
  await finishRapidWith(page, 1);

  // With one assessment there is nothing to compare yet.
  await page.goto('/Progress');
  await expect(page.getByRole('heading', { level: 1, name: 'Your progress' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No change to show yet' })).toBeVisible();
  await checkAtBothWidths(page, 'progress-one', async () => {
    await expect(page.getByRole('img', { name: /^Overall wellbeing, / })).toBeVisible();
  }, SCREENSHOTS);

  // The dashboard has nothing to chart yet: it says another assessment shows the change.
  await page.goto('/Dashboard');
  const panel = page.getByRole('region', { name: 'Your progress', exact: true });
  await expect(panel).toContainText('Take another assessment to see how your scores change over time.');
  await expect(panel.getByRole('img')).toHaveCount(0);
  await checkAtBothWidths(page, 'dashboard-one', async () => {
    await expect(panel).toContainText('Take another assessment to see how your scores change over time.');
  }, SCREENSHOTS);

  // A second Rapid assessment, the same day, answered higher.
  await post(page, '/api/user/CreateNewAssessment/Rapid');
  await finishRapidWith(page, 4);

  await page.goto('/Progress');
  const table = page.getByRole('table', { name: /Assessments with results/ });
  await expect(table).toBeAttached();
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3); // the header and two assessments
  const when = table.getByRole('rowheader');
  await expect(when).toHaveCount(2);
  await expect(when.nth(0)).toHaveText(TIME);
  await expect(when.nth(1)).toHaveText(TIME);
  expect(await when.nth(0).textContent()).not.toBe(await when.nth(1).textContent());
  await expect(table.getByText('Rapid', { exact: true })).toHaveCount(2);

  // A chart per measure, each named by its values; the latest change of each is a badge.
  const charts = page.getByRole('img', { name: /, from 0 \(Rarely\) to 4 \(Very Often\), oldest first: / });
  await expect(charts).toHaveCount(11);
  await expect(page.getByRole('img', { name: /^Overall wellbeing, .*: 1\.00 on .*\d:\d\d [AP]M; 4\.00 on .*\d:\d\d [AP]M\. Latest change: improved\.$/ })).toBeVisible();
  const latest = page.getByRole('region', { name: 'Latest change', exact: true });
  await expect(latest.getByText('improved', { exact: true }).first()).toBeVisible();
  await expect(latest.getByRole('listitem').filter({ hasText: 'Overall wellbeing' }).getByText(BADGE)).toHaveText('improved');
  await expect(page.getByRole('heading', { name: 'What “reliable change” means' })).toBeVisible();
  await expect(page.getByText(/not a diagnosis/)).toBeVisible();
  // A fresh server has no live figures: the bundled ones are provisional and the page says so.
  await expect(page.getByText('Provisional figures.')).toBeVisible();
  await checkAtBothWidths(page, 'progress', async () => {
    await expect(charts.first()).toBeVisible();
  }, SCREENSHOTS);

  // The dashboard shows a compact trend chart per measure, each named by its values by date and
  // with the badge of its latest change, and links to /Progress, reading the progress once.
  const progressReads: string[] = [];
  const countProgressReads = (request: { url(): string }) => {
    if (new URL(request.url()).pathname === '/api/data/GetProgress') progressReads.push(request.url());
  };
  page.on('request', countProgressReads);
  await page.goto('/Dashboard');
  const cards = panel.getByRole('listitem');
  await expect(cards).toHaveCount(11);
  page.off('request', countProgressReads);
  expect(progressReads).toHaveLength(1);
  const dashboardCharts = panel.getByRole('img', { name: /, from 0 \(Rarely\) to 4 \(Very Often\), oldest first: / });
  await expect(dashboardCharts).toHaveCount(11);
  await expect(panel.getByRole('img', { name: /^Overall wellbeing, .*: 1\.00 on .*\d:\d\d [AP]M; 4\.00 on .*\d:\d\d [AP]M\. Latest change: improved\.$/ })).toBeVisible();
  const overallCard = cards.filter({ has: page.getByRole('heading', { level: 3, name: 'Overall wellbeing', exact: true }) });
  await expect(overallCard.getByText(BADGE)).toHaveText('improved');
  for (const card of await cards.all()) await expect(card.getByText(BADGE)).toHaveCount(1);
  await expect(panel.getByText(/diagnos/i)).toHaveCount(0);
  await checkAtBothWidths(page, 'dashboard', async () => {
    await expect(dashboardCharts.first()).toBeVisible();
    await expectWordsWhole(panel.getByRole('heading', { level: 3 }), 'Dashboard chart titles');
  }, SCREENSHOTS);
  await panel.getByRole('link', { name: 'See your progress' }).click();
  await expect(page).toHaveURL(/\/Progress$/);

  // The instrument statistics are for administrators only.
  await page.goto('/Admin/Instrument');
  await expect(page.getByRole('heading', { level: 1, name: 'This page is for administrators' })).toBeVisible();
  await checkAtBothWidths(page, 'instrument-refused');
});

test('the latest change keeps each measure’s name whole beside the longest badge, at 390 px and desktop', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpAsMember(page, newPerson('Sam', 'Steady'));
  await finishRapidWith(page, 2);
  await post(page, '/api/user/CreateNewAssessment/Rapid');
  await finishRapidWith(page, 2);
  await page.goto('/Progress');
  const latest = page.getByRole('region', { name: 'Latest change', exact: true });
  await expect(latest.getByRole('listitem').filter({ hasText: 'Positive experiences' }).getByText('no reliable change')).toBeVisible();
  await checkAtBothWidths(page, 'progress-steady', async () => {
    await expectWordsWhole(latest.getByRole('listitem').locator(':scope > span:first-child'), 'Latest change measures');
  }, SCREENSHOTS);
});

test('a coach opens a client’s progress from the Coach Dashboard', async ({ browser }) => {
  test.setTimeout(150_000);
  const coach = newPerson('Cora', `Coach${Date.now()}`);
  const client = newPerson('Riley', `Client${Date.now()}`);
  const coachPage = await (await browser.newContext()).newPage();
  await signUpAsCoach(coachPage, coach);
  if (/\/Coach\/Name$/i.test(coachPage.url())) {
    await coachPage.getByLabel('First Name').fill(coach.firstName);
    await coachPage.getByLabel('Last Name').fill(coach.lastName);
    await coachPage.getByRole('button', { name: 'Submit' }).click();
    await expect(coachPage).toHaveURL(/\/CoachDashboard$/i);
  }

  // The client finishes a Professional and then a Rapid assessment, and shares both.
  const clientPage = await (await browser.newContext()).newPage();
  await onboardClientWithCoach(clientPage, client, coach, coachPage);
  const professionalId = await finishLatestAssessmentThroughApi(clientPage, true);
  await post(clientPage, `/api/user/SetCoachAccessGranted/${professionalId}`);
  await post(clientPage, '/api/user/CreateNewAssessment/Rapid');
  const rapidId = await finishRapidWith(clientPage, 4);
  await post(clientPage, `/api/user/SetCoachAccessGranted/${rapidId}`);

  await coachPage.goto('/CoachDashboard');
  const clientName = `${client.firstName} ${client.lastName}`;
  await coachPage.getByRole('button', { name: new RegExp(clientName) }).click();
  await coachPage.getByRole('link', { name: `View progress of ${clientName}` }).click();
  await expect(coachPage).toHaveURL(/\/Progress\/Client\/[^/]+$/);
  await expect(coachPage.getByRole('heading', { level: 1, name: `Progress of ${clientName}` })).toBeVisible();
  const table = coachPage.getByRole('table', { name: /Assessments with results/ });
  await expect(table.getByRole('rowheader')).toHaveCount(2);
  await expect(table.getByText('Professional', { exact: true })).toHaveCount(1);
  await expect(table.getByText('Rapid', { exact: true })).toHaveCount(1);
  await expect(table.getByRole('rowheader').first()).toHaveText(TIME);
  await expect(coachPage.getByRole('img', { name: /^Overall wellbeing, .*Latest change: (improved|declined|no reliable change)\.$/ })).toBeVisible();
  await expect(coachPage.getByRole('region', { name: 'Latest change', exact: true }).getByText(BADGE).first()).toBeVisible();
  await checkAtBothWidths(coachPage, 'client-progress', async () => {
    await expect(coachPage.getByRole('heading', { level: 1, name: `Progress of ${clientName}` })).toBeVisible();
  }, SCREENSHOTS);

  // Another person's id is not this coach's client.
  await coachPage.goto('/Progress/Client/not-a-client');
  await expect(coachPage.getByRole('heading', { level: 1, name: 'This progress is not available' })).toBeVisible();
});

test('an admin sees the instrument statistics with "not enough data" and downloads the research export', async ({ page }) => {
  test.setTimeout(90_000);
  // ADMIN_EMAILS counts once the address is confirmed, with a new password (decisions 0028, 0059).
  await signInAsAdmin(page, newPerson('Ida', 'Instrument', 'progress-admin@bloom.test'));
  await page.goto('/Admin/Instrument');
  await expect(page.getByRole('heading', { level: 1, name: 'Instrument statistics' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Norm group in use' })).toBeVisible();
  const rapid = page.getByRole('region', { name: 'Rapid Assessment', exact: true });
  const scales = rapid.getByRole('table', { name: 'Rapid Assessment: scales' });
  await expect(scales.getByRole('row', { name: /WellBeing Overall/ }).getByText('not enough data').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Professional Assessment', exact: true })).toBeVisible();

  // Each scale's items open below it.
  await rapid.getByText(/^Body: \d+ items$/).click();
  await expect(rapid.getByRole('table', { name: 'Rapid Assessment, Body: items' }).getByText('not enough data').first()).toBeVisible();
  await checkAtBothWidths(page, 'instrument', async () => {
    await expect(scales).toBeVisible();
  }, SCREENSHOTS);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download research data (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.length).toBeGreaterThan(0);
  expect(csv).not.toContain('@');
});
