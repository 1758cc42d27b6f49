import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { finishLatestAssessmentThroughApi } from './support/assessments';
import { longDateToday } from './support/dates';
import { onboardClientWithCoach } from './support/invitations';
import { postFromPage as post } from './support/page-api';
import { newPerson, signUpAsNamedCoach, type TestPerson } from './support/sign-up';
import { checkAtBothWidths } from './support/widths';

/**
 * Issue 27, the anonymous group lotus on the Coach Dashboard: a first-time coach sees the
 * getting-started checklist; with one organization whose group has 5 clients who shared a
 * finished assessment, the coach sees that group's lotus with n = 5, and a second group (one
 * client who shared nothing) shows the privacy message instead, without any count. Both at
 * 390 px and 1280 px, axe clean; the group figures download as CSV and print as a report.
 *
 * GROUP_INSIGHT_SCREENSHOTS=<dir> saves a full-page screenshot of each state at each width there.
 */

/** Where GROUP_INSIGHT_SCREENSHOTS asks for full-page screenshots of each state at each width. */
const SCREENSHOTS = process.env.GROUP_INSIGHT_SCREENSHOTS;

async function get<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url)).json(), path) as Promise<T>;
}

/** A client onboarded with the coach who finishes the Professional assessment and, when asked, shares it. */
async function seedClient(browser: Browser, client: TestPerson, coach: TestPerson, coachPage: Page, share: boolean): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await onboardClientWithCoach(page, client, coach, coachPage);
  const assessmentId = await finishLatestAssessmentThroughApi(page, true);
  if (share) await post(page, `/api/user/SetCoachAccessGranted/${assessmentId}`);
  await context.close();
}

test('a first-time coach’s checklist shows the number of each of its four steps, at 390 px and desktop', async ({ page }) => {
  await signUpAsNamedCoach(page, newPerson('Nora', `Numbers${Date.now()}`));
  const steps = page.getByRole('region', { name: 'Getting started' }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await checkAtBothWidths(page, 'coach-checklist-numbers', async () => {
    // A list item drawn as a grid or flex box loses its marker: the steps must stay list items.
    expect(await steps.evaluateAll((items) => items.map((item) => getComputedStyle(item).display))).toEqual(Array(4).fill('list-item'));
  }, SCREENSHOTS);
});

test('a coach sees a group lotus with n = 5 and a calm privacy message for a smaller group', async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const coach = newPerson('Gwen', `Groups${stamp}`);
  const coachPage = await (await browser.newContext()).newPage();
  await signUpAsNamedCoach(coachPage, coach);

  // A first-time coach: no clients, no organizations, and a short checklist.
  const checklist = coachPage.getByRole('region', { name: 'Getting started' });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByRole('listitem')).toHaveCount(4);
  await expect(checklist.getByRole('link', { name: 'Set your name' })).toHaveAttribute('href', '/Coach/Name');
  await expect(checklist.getByText(/\/Client$/)).toBeVisible();
  await checkAtBothWidths(coachPage, 'coach-checklist', async () => {
    await expect(checklist).toBeVisible();
  }, SCREENSHOTS);

  // Six clients: five share a finished assessment, the sixth shares nothing.
  const clients = ['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Finn'].map((first) => newPerson(first, `Member${stamp}`));
  for (const [index, client] of clients.entries()) await seedClient(browser, client, coach, coachPage, index < 5);

  // One organization: the five in Class A, the sixth in Class B.
  const organization = await post<{ organizationGuid: string }>(coachPage, `/api/organization/AddNewOrganization/${encodeURIComponent('Riverside School')}`);
  const classA = await post<{ groupGuid: string }>(coachPage, `/api/organization/AddNewGroup/${organization.organizationGuid}/Class%20A`);
  const classB = await post<{ groupGuid: string }>(coachPage, `/api/organization/AddNewGroup/${organization.organizationGuid}/Class%20B`);
  const unplaced = await get<{ id: string; firstName: string | null }[]>(coachPage, '/api/coach/GetClientsWithNoOrg');
  expect(unplaced).toHaveLength(6);
  for (const user of unplaced) {
    const group = user.firstName === 'Finn' ? classB : classA;
    await post(coachPage, `/api/coach/AssignUserToNewGroup/${user.id}/${group.groupGuid}`);
  }

  await coachPage.goto('/CoachDashboard');
  await expect(checklist).toHaveCount(0);
  const groupA = coachPage.getByRole('region', { name: 'Group figures: Class A' });
  await expect(groupA.getByText('n = 5')).toBeVisible();
  await expect(groupA.getByRole('img', { name: 'Life Lotus of Riverside School: Class A: the mean of 5 people' })).toBeVisible();
  const scores = groupA.getByRole('table', { name: 'Mean scores of Riverside School: Class A' });
  await expect(scores.getByRole('row')).toHaveCount(15);
  await expect(scores.getByRole('row', { name: /^Overall well-being \d\.\d\d/ })).toBeAttached();
  // Everyone assessed this quarter: no comparison with the previous one, and never "reliable".
  await expect(groupA.getByText(/^No comparison with (January|April|July|October)/)).toBeVisible();
  // Why the comparison is missing, not the hidden-figure words ("no figures are shown") beside figures that are shown.
  await expect(groupA.getByText(/^No comparison with .*Fewer than 5 of these people had shared an assessment by the end of that quarter/)).toBeVisible();
  await expect(coachPage.getByText(/reliable/i)).toHaveCount(0);

  const organizationFigures = coachPage.getByRole('region', { name: 'Organization figures: Riverside School' });
  await expect(organizationFigures.getByText('n = 5')).toBeVisible();

  const groupB = coachPage.getByRole('region', { name: 'Group figures: Class B' });
  await expect(groupB.getByText('Figures kept private')).toBeVisible();
  await expect(groupB.getByText(/Fewer than 5 people have shared an assessment here/)).toBeVisible();
  await expect(groupB.getByText(/n = /)).toHaveCount(0);
  await expect(groupB.getByRole('img')).toHaveCount(0);
  await expect(groupB.getByRole('button', { name: /^Print report/ })).toHaveCount(0);

  await checkAtBothWidths(coachPage, 'group-insight', async () => {
    await expect(groupA.getByRole('img', { name: /Life Lotus of Riverside School: Class A/ })).toBeVisible();
    await expect(groupB.getByText('Figures kept private')).toBeVisible();
  }, SCREENSHOTS);

  // The figures download as CSV by the same rule: Class B without n.
  const downloading = coachPage.waitForEvent('download');
  await coachPage.getByRole('link', { name: 'Download group figures (CSV)' }).click();
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  expect(csv).toMatch(/Riverside School,Class A,5,/);
  expect(csv).toMatch(/Riverside School,Class B,,/);
  expect(csv).not.toContain('Finn');

  // The printable report of Class A: alone on paper, in the member report's style.
  await coachPage.evaluate(() => {
    window.print = () => undefined;
  });
  await groupA.getByRole('button', { name: 'Print report of Riverside School: Class A' }).click();
  await coachPage.emulateMedia({ media: 'print' });
  await expect(coachPage.getByRole('heading', { name: 'Riverside School: Class A', level: 2 })).toBeVisible();
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Coach Dashboard' })).toBeHidden();
  await expect(coachPage.getByRole('definition').filter({ hasText: longDateToday() })).toBeVisible();
  const dir = process.env.GROUP_INSIGHT_SCREENSHOTS;
  if (dir) await coachPage.screenshot({ path: `${dir}/group-report-print.png`, fullPage: true });
  await coachPage.emulateMedia({ media: 'screen' });
});

test('clients moved out in Client Management: Back on the dashboard, the group’s figures are what the server says now, at 390 px and desktop', async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const coach = newPerson('Hana', `Moves${stamp}`);
  const coachPage = await (await browser.newContext()).newPage();
  await signUpAsNamedCoach(coachPage, coach);

  // Six clients who all share a finished assessment, in one group of one organization.
  const clients = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'].map((first) => newPerson(first, `Mover${stamp}`));
  for (const client of clients) await seedClient(browser, client, coach, coachPage, true);
  const organization = await post<{ organizationGuid: string }>(coachPage, `/api/organization/AddNewOrganization/${encodeURIComponent('Harbour Club')}`);
  const team = await post<{ groupGuid: string }>(coachPage, `/api/organization/AddNewGroup/${organization.organizationGuid}/Team1`);
  const unplaced = await get<{ id: string }[]>(coachPage, '/api/coach/GetClientsWithNoOrg');
  expect(unplaced).toHaveLength(6);
  for (const user of unplaced) await post(coachPage, `/api/coach/AssignUserToNewGroup/${user.id}/${team.groupGuid}`);

  await coachPage.goto('/CoachDashboard');
  const teamHeading = coachPage.getByRole('heading', { level: 3, name: /^Team1/ });
  const teamFigures = coachPage.getByRole('region', { name: 'Group figures: Team1' });
  const organizationFigures = coachPage.getByRole('region', { name: 'Organization figures: Harbour Club' });
  await expect(teamHeading).toContainText('6 clients');
  await expect(teamFigures.getByRole('img', { name: 'Life Lotus of Harbour Club: Team1: the mean of 6 people' })).toBeVisible();
  await expect(teamFigures.getByText('n = 6')).toBeVisible();
  await expect(organizationFigures.getByText('n = 6')).toBeVisible();

  // Through the dashboard's own link, so the app (and what it has read) stays: two clients out of Team1.
  await coachPage.getByRole('link', { name: 'Client Management', exact: true }).click();
  for (const client of clients.slice(0, 2)) {
    const name = `${client.firstName} ${client.lastName}`;
    await coachPage.getByLabel(`Move ${name} to`).selectOption({ label: 'Move to: Independent Clients' });
    await coachPage.getByRole('button', { name: `Move ${name}`, exact: true }).click();
    await expect(coachPage.getByText(`${name} moved to Independent Clients.`)).toBeAttached();
  }
  // Watches the dashboard from the moment Back is pressed: the old figure must not show even
  // while the new one is on its way.
  await coachPage.evaluate(() => {
    const seen = window as unknown as { sawOldFigure: boolean };
    seen.sawOldFigure = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes('n = 6')) seen.sawOldFigure = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await coachPage.getByRole('link', { name: 'Back', exact: true }).click();

  // Four clients left: fewer than five, so the server keeps the figures private, and the panels say so at once, not a minute later.
  await expect(teamHeading).toContainText('4 clients');
  for (const figures of [teamFigures, organizationFigures]) {
    await expect(figures.getByText('Figures kept private')).toBeVisible();
    await expect(figures.getByText(/n = /)).toHaveCount(0);
    await expect(figures.getByRole('img')).toHaveCount(0);
    await expect(figures.getByRole('button', { name: /^Print report/ })).toHaveCount(0);
  }
  expect(await coachPage.evaluate(() => (window as unknown as { sawOldFigure: boolean }).sawOldFigure), 'the old figure showed after Back').toBe(false);
  // No panel anywhere counts more people than its section has clients.
  const counted = await coachPage.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('section[aria-label*=" figures: "]')).map((panel) => {
      const section = panel.closest('section:not([aria-label])');
      const clientCount = Number(/(\d+) clients?/.exec(section?.querySelector(':scope > :is(h2, h3, h4)')?.textContent ?? '')?.[1]);
      const n = /n = (\d+)/.exec(panel.textContent ?? '')?.[1];
      return { panel: panel.getAttribute('aria-label'), clientCount, n: n === undefined ? null : Number(n) };
    }),
  );
  expect(counted.map((c) => c.panel)).toEqual(expect.arrayContaining(['Group figures: Team1', 'Organization figures: Harbour Club']));
  for (const { panel, clientCount, n } of counted) {
    expect(Number.isInteger(clientCount), `${panel}: its section's client count`).toBe(true);
    if (n !== null) expect(n, panel!).toBeLessThanOrEqual(clientCount);
  }

  await checkAtBothWidths(coachPage, 'group-insight-after-moves', async () => {
    await expect(teamFigures.getByText('Figures kept private')).toBeVisible();
  }, SCREENSHOTS);
});
