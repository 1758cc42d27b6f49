import { expect, test, type Browser, type Page, type Route } from '@playwright/test';
import { finishLatestAssessmentThroughApi } from './support/assessments';
import { inviteThroughApi, signUpThroughInvitation } from './support/invitations';
import { postFromPage as post } from './support/page-api';
import { newPerson, signUpAsNamedCoach, type TestPerson } from './support/sign-up';
import { checkLayout, WIDTHS } from './support/widths';

/**
 * Issue 27 part 3, the coach dashboard by pages (decision 0032): a section shows its first 10
 * clients and "Show more clients" adds the rest; the search box finds a client by name or
 * e-mail across sections, says how many match (a status for screen readers) and where each one
 * is; clearing it brings the sections back. At 390 px and 1280 px, axe clean, no sideways scroll.
 */

async function joinThroughInvitation(browser: Browser, client: TestPerson, coach: TestPerson, coachPage: Page, groupId?: string): Promise<void> {
  await inviteThroughApi(coachPage, client.email, groupId ? { groupId } : {});
  const context = await browser.newContext();
  await signUpThroughInvitation(await context.newPage(), client, coach);
  await context.close();
}

test('a coach pages through a group and searches clients by name and e-mail', async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const coach = newPerson('Paige', `Pages${stamp}`);
  const coachPage = await (await browser.newContext()).newPage();
  await signUpAsNamedCoach(coachPage, coach);

  const organization = await post<{ organizationGuid: string }>(coachPage, `/api/organization/AddNewOrganization/Riverside`);
  const team = await post<{ groupGuid: string }>(coachPage, `/api/organization/AddNewGroup/${organization.organizationGuid}/Team%20A`);
  // 11 clients in Team A (one page is 10), and one independent client.
  const members = Array.from({ length: 11 }, (_, i) => newPerson(`Member${String.fromCharCode(65 + i)}`, `Team${String(i + 1).padStart(2, '0')}`));
  for (const member of members) await joinThroughInvitation(browser, member, coach, coachPage, team.groupGuid);
  const solo = newPerson('Indy', 'Solo');
  await joinThroughInvitation(browser, solo, coach, coachPage);

  for (const size of WIDTHS) {
    await coachPage.setViewportSize(size);
    await coachPage.goto('/CoachDashboard');
    const teamHeading = coachPage.getByRole('heading', { level: 3, name: /Team A\s*11 clients/ });
    // A section asks for its first page once it comes near the screen.
    await teamHeading.scrollIntoViewIfNeeded();
    const teamSection = coachPage.locator('section').filter({ has: teamHeading }).last();
    const clientRows = teamSection.getByRole('heading', { level: 4, name: /Member[A-K]/ });
    await expect(clientRows).toHaveCount(10);
    await expect(teamSection.getByRole('status').filter({ hasText: 'Showing 10 of 11 clients' })).toBeVisible();
    const independent = coachPage.getByRole('region', { name: /Independent Clients/ });
    await independent.scrollIntoViewIfNeeded();
    await expect(independent.getByRole('heading', { level: 3, name: /Indy Solo/ })).toBeVisible();
    await checkLayout(coachPage, `the dashboard at ${size.width} px`);

    await teamSection.getByRole('button', { name: 'Show more clients in Riverside: Team A' }).click();
    await expect(clientRows).toHaveCount(11);
    await expect(teamSection.getByRole('status').filter({ hasText: 'Showing 11 of 11 clients' })).toBeVisible();
    await expect(teamSection.getByRole('button', { name: /Show more clients/ })).toHaveCount(0);
    // In order: last name, first name.
    await expect(clientRows.first()).toContainText('MemberA Team01');
    await expect(clientRows.last()).toContainText('MemberK Team11');

    // Search by e-mail: one client of Team A, said to be there.
    const search = coachPage.getByRole('searchbox', { name: 'Search clients' });
    await search.fill(members[6]!.email.toUpperCase());
    const found = coachPage.getByRole('status').filter({ hasText: /match/ });
    await expect(found).toHaveText(`1 client matches “${members[6]!.email.toUpperCase()}”.`);
    const results = coachPage.getByRole('region', { name: 'Search results' });
    await results.scrollIntoViewIfNeeded();
    await expect(results.getByRole('heading', { level: 3 })).toHaveCount(1);
    await expect(results.getByRole('heading', { level: 3 })).toContainText('MemberG Team07');
    await expect(results.getByText('Riverside · Team A')).toBeVisible();
    await expect(teamHeading).toHaveCount(0);
    await checkLayout(coachPage, `search results at ${size.width} px`);

    // By name, ignoring case: the independent client.
    await search.fill('indy SOLO');
    await expect(found).toHaveText('1 client matches “indy SOLO”.');
    await expect(results.getByText('Independent client')).toBeVisible();
    // Every Team A member, by a shared part of the name.
    await search.fill('member');
    await expect(found).toHaveText('11 clients match “member”.');
    await results.scrollIntoViewIfNeeded();
    await expect(results.getByRole('heading', { level: 3 })).toHaveCount(11);
    await search.fill('nobody by this name');
    await expect(coachPage.getByRole('status').filter({ hasText: 'No clients match “nobody by this name”.' })).toBeVisible();

    // Clearing the search brings the sections back.
    await search.fill('');
    await expect(teamHeading).toBeVisible();
    await expect(results).toHaveCount(0);
  }

  // A client joins a part of the section already loaded (they sort first): the server counts the
  // whole group but pages after the cursor, so the next page is the last one and the count says one
  // is missing. "Show more clients" then reads the section again from its start, not nothing.
  await coachPage.goto('/CoachDashboard');
  const teamHeading = coachPage.getByRole('heading', { level: 3, name: /Team A\s*11 clients/ });
  await teamHeading.scrollIntoViewIfNeeded();
  const teamSection = coachPage.locator('section').filter({ has: teamHeading }).last();
  const count = teamSection.getByRole('status').filter({ hasText: /^Showing/ });
  await expect(count).toHaveText('Showing 10 of 11 clients');
  const newcomer = newPerson('Aaron', 'Aardvark');
  await joinThroughInvitation(browser, newcomer, coach, coachPage, team.groupGuid);
  const showMore = teamSection.getByRole('button', { name: 'Show more clients in Riverside: Team A' });
  await showMore.click();
  await expect(count).toHaveText('Showing 11 of 12 clients');
  await showMore.click();
  await expect(count).toHaveText('Showing 12 of 12 clients');
  await expect(teamSection.getByRole('button', { name: /Show more clients/ })).toHaveCount(0);
  const rows = teamSection.getByRole('heading', { level: 4, name: /Member[A-K]|Aaron/ });
  await expect(rows).toHaveCount(12);
  await expect(rows.first()).toContainText('Aaron Aardvark');
  await expect(rows.last()).toContainText('MemberK Team11');
});

/**
 * A search the server fails says so and offers to try again, instead of "Searching..." for ever;
 * the box takes no more than the server reads (COACH_CLIENT_SEARCH_MAX, 100 characters).
 */
test('a failed search says so and is tried again; the box takes at most 100 characters', async ({ browser }) => {
  test.setTimeout(120_000);
  const coach = newPerson('Sage', `Search${Date.now() % 100000}`);
  const coachPage = await (await browser.newContext()).newPage();
  await signUpAsNamedCoach(coachPage, coach);
  const client = newPerson('Quinn', 'Findable');
  await joinThroughInvitation(browser, client, coach, coachPage);

  for (const size of WIDTHS) {
    await coachPage.setViewportSize(size);
    await coachPage.goto('/CoachDashboard');
    const search = coachPage.getByRole('searchbox', { name: 'Search clients' });
    const failing = (route: Route) =>
      new URL(route.request().url()).searchParams.has('search') ? route.fulfill({ status: 503, body: '' }) : route.fallback();
    await coachPage.route('**/api/coach/GetClientsPage*', failing);
    await search.fill('quinn');
    const results = coachPage.getByRole('region', { name: 'Search results' });
    await expect(results.getByText('We could not search your clients. Please try again.')).toBeVisible();
    await expect(results.getByText('Searching...')).toHaveCount(0);
    await checkLayout(coachPage, `a failed search at ${size.width} px`);
    // Still failing: said again (the status reads "Searching..." while it asks).
    const tryAgain = results.getByRole('button', { name: 'Try again' });
    // Waits for the retry's own refusal: the words on screen may still be the first failure's, and
    // a retry not yet asked when the route is lifted below would reach the server and succeed.
    const refusedAgain = coachPage.waitForResponse((response) => /GetClientsPage/.test(response.url()) && response.status() === 503);
    await tryAgain.click();
    await refusedAgain;
    await expect(results.getByText('We could not search your clients. Please try again.')).toBeVisible();
    await coachPage.unroute('**/api/coach/GetClientsPage*', failing);
    await tryAgain.click();
    await expect(coachPage.getByRole('status').filter({ hasText: '1 client matches “quinn”.' })).toBeVisible();
    await expect(results.getByRole('heading', { level: 3, name: /Quinn Findable/ })).toBeVisible();
    await expect(tryAgain).toHaveCount(0);
    // The button went: focus is on the results' heading, not lost to the page.
    await expect(results.getByRole('heading', { level: 2, name: 'Search results' })).toBeFocused();

    // Typing on past what the server reads stops at 100 characters, so the search is still asked.
    await expect(search).toHaveAttribute('maxlength', '100');
    await search.fill('q'.repeat(150));
    await expect(search).toHaveValue('q'.repeat(100));
    await expect(coachPage.getByRole('status').filter({ hasText: `No clients match “${'q'.repeat(100)}”.` })).toBeVisible();
    await search.fill('');
  }
});

/**
 * Empty parts of the dashboard (a visual review): a section without clients has no figures panel
 * (its heading's "0 clients" says all there is); a client without assessments says "No
 * assessments" once, in the row's header; nested figures and client rows sit as far inside the
 * organization's card on the right as on the left.
 */
test('an empty group has no figures panel, "No assessments" is said once, nested rows sit evenly in their card', async ({ browser }) => {
  test.setTimeout(120_000);
  const coach = newPerson('Ember', `Empty${Date.now() % 100000}`);
  const coachPage = await (await browser.newContext()).newPage();
  await signUpAsNamedCoach(coachPage, coach);
  const organization = await post<{ organizationGuid: string }>(coachPage, `/api/organization/AddNewOrganization/Harbour`);
  const evening = await post<{ groupGuid: string }>(coachPage, `/api/organization/AddNewGroup/${organization.organizationGuid}/Evening`);
  await joinThroughInvitation(browser, newPerson('Chen', 'Li'), coach, coachPage, evening.groupGuid);

  for (const size of WIDTHS) {
    await coachPage.setViewportSize(size);
    await coachPage.goto('/CoachDashboard');
    await expect(coachPage.getByRole('heading', { level: 3, name: /No Group\s*0 clients/ })).toBeVisible();
    const groupFigures = coachPage.getByRole('region', { name: 'Group figures: Evening' });
    await expect(groupFigures.getByText('Figures kept private')).toBeVisible();
    await expect(coachPage.getByRole('region', { name: 'Organization figures: Harbour' })).toBeVisible();
    await expect(coachPage.getByRole('region', { name: 'Group figures: No Group' })).toHaveCount(0);

    const row = coachPage.getByRole('button', { name: /Chen Li/ });
    await row.click();
    await expect(row).toHaveAttribute('aria-expanded', 'true');
    await expect(coachPage.getByRole('link', { name: 'View progress of Chen Li' })).toBeVisible();
    await expect(row.getByText('No assessments', { exact: true })).toBeVisible();
    await expect(coachPage.getByText('No assessments', { exact: true })).toHaveCount(1);

    // As far from the card's right edge as from its left (at 390 px they were 9 and 25 px).
    const card = await coachPage.locator('section').filter({ has: coachPage.getByRole('heading', { level: 2, name: /Harbour/ }) }).last().boundingBox();
    const client = await coachPage.locator('section').filter({ has: coachPage.getByRole('heading', { level: 4, name: /Chen Li/ }) }).last().boundingBox();
    for (const [what, box] of [['the client row', client], ['the group figures', await groupFigures.boundingBox()]] as const) {
      const left = box!.x - card!.x;
      const right = card!.x + card!.width - (box!.x + box!.width);
      expect(Math.abs(left - right), `${what} at ${size.width} px: ${left} px from the card's left, ${right} px from its right`).toBeLessThanOrEqual(1);
    }
    await checkLayout(coachPage, `an empty group and a client without assessments at ${size.width} px`);
  }
});

/**
 * Back returns the dashboard as the coach left it (WCAG 2.4.3, a browser review): a coach with
 * organizations and groups opened a client's row, followed a report link and came Back to every
 * row closed and focus on <main>, so had to open organization, group and client again after each
 * report. Now the history entry remembers the sections the coach opened or closed and the link
 * they left by: Back (and Forward, then Back) finds the row open and that link focused; a new visit
 * (a new entry: the supplement's own link to the dashboard, an address typed) or a reload starts as
 * by default. A search made is remembered the same way: Back shows its results, not the sections.
 */
test('Back from a report finds the client row open and the link used focused; a new visit starts collapsed', async ({ browser }) => {
  test.setTimeout(180_000);
  const coach = newPerson('Bea', `Back${Date.now() % 100000}`);
  const coachPage = await (await browser.newContext()).newPage();
  await signUpAsNamedCoach(coachPage, coach);
  const northside = await post<{ organizationGuid: string }>(coachPage, `/api/organization/AddNewOrganization/Northside`);
  const morning = await post<{ groupGuid: string }>(coachPage, `/api/organization/AddNewGroup/${northside.organizationGuid}/Morning`);
  await post(coachPage, `/api/organization/AddNewOrganization/Eastside`);
  // Robin, in Northside's Morning group, shares a finished Professional assessment; Sam is in the same group.
  const robin = newPerson('Robin', 'Return');
  await inviteThroughApi(coachPage, robin.email, { groupId: morning.groupGuid });
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signUpThroughInvitation(clientPage, robin, coach);
  await clientPage.getByRole('button', { name: 'Start your assessment' }).click();
  await expect(clientPage).toHaveURL(/\/Pro\/Experiences$/i, { timeout: 20_000 });
  const assessmentId = await finishLatestAssessmentThroughApi(clientPage, true);
  await post(clientPage, `/api/user/SetCoachAccessGranted/${assessmentId}`);
  await clientContext.close();
  await joinThroughInvitation(browser, newPerson('Sam', 'Stay'), coach, coachPage, morning.groupGuid);

  const robinRow = coachPage.getByRole('button', { name: /Robin Return/ });
  const samRow = coachPage.getByRole('button', { name: /Sam Stay/ });
  const eastside = coachPage.getByRole('button', { name: /Eastside/ });
  const northsideSection = coachPage.getByRole('button', { name: /Northside/ });
  const actions = coachPage.getByRole('group', { name: /Professional assessment of/ });

  for (const size of WIDTHS) {
    await coachPage.setViewportSize(size);
    // The address opened again, over a page that left Robin's row open (the last round): Chrome
    // reloads the entry, state and all, and a reload starts afresh, drawn by default.
    await coachPage.goto('/CoachDashboard');
    await expect(robinRow).toHaveAttribute('aria-expanded', 'false');
    await expect(northsideSection).toHaveAttribute('aria-expanded', 'true');
    await expect(eastside).toHaveAttribute('aria-expanded', 'true');

    await eastside.click();
    await expect(eastside).toHaveAttribute('aria-expanded', 'false');
    await robinRow.click();
    await expect(robinRow).toHaveAttribute('aria-expanded', 'true');
    // By mouse at 390 px (the supplement), by keyboard at 1280 px (the profile).
    const used = size.width === 390 ? actions.getByRole('link', { name: 'View Coach Supplement' }) : actions.getByRole('link', { name: 'Profile' });
    if (size.width === 390) await used.click();
    else {
      await used.focus();
      await coachPage.keyboard.press('Enter');
    }
    await expect(coachPage).toHaveURL(new RegExp(`/(CoachSupplement|BloomProfileReport)/${assessmentId}$`));
    // The report is drawn, the dashboard gone (unmounted, as a coach's Back found it).
    await expect(coachPage.getByRole('heading', { level: 1, name: 'Coach Dashboard' })).toHaveCount(0);

    await coachPage.goBack();
    await expect(coachPage).toHaveURL(/\/CoachDashboard$/);
    await expect(robinRow).toHaveAttribute('aria-expanded', 'true');
    await expect(used).toBeFocused();
    await expect(samRow).toHaveAttribute('aria-expanded', 'false');
    await expect(northsideSection).toHaveAttribute('aria-expanded', 'true');
    await expect(eastside).toHaveAttribute('aria-expanded', 'false');
    await checkLayout(coachPage, `the dashboard after Back at ${size.width} px`);

    // Forward to the report and Back again: still as left.
    await coachPage.goForward();
    await expect(coachPage).toHaveURL(new RegExp(`/${assessmentId}$`));
    await expect(coachPage.getByRole('heading', { level: 1, name: 'Coach Dashboard' })).toHaveCount(0);
    await coachPage.goBack();
    await expect(robinRow).toHaveAttribute('aria-expanded', 'true');
    await expect(eastside).toHaveAttribute('aria-expanded', 'false');

    // The supplement's own link to the dashboard makes a new entry: a new visit, drawn by default.
    await actions.getByRole('link', { name: 'View Coach Supplement' }).click();
    await expect(coachPage.getByRole('heading', { level: 1, name: 'Coach Supplement Report' })).toBeVisible();
    await coachPage.getByRole('link', { name: 'Back to the Coach Dashboard' }).click();
    await expect(coachPage).toHaveURL(/\/CoachDashboard$/);
    await expect(robinRow).toHaveAttribute('aria-expanded', 'false');
    await expect(eastside).toHaveAttribute('aria-expanded', 'true');
    // And Back from there is the page that entry left: the row open.
    await coachPage.goBack();
    await expect(coachPage.getByRole('heading', { level: 1, name: 'Coach Supplement Report' })).toBeVisible();
    await coachPage.goBack();
    await expect(coachPage).toHaveURL(/\/CoachDashboard$/);
    await expect(robinRow).toHaveAttribute('aria-expanded', 'true');

    // Back from a page loaded on its own (another document) finds it as left too.
    await coachPage.goto('/ClientManagement');
    await expect(coachPage.getByRole('heading', { level: 1, name: 'Client Management' })).toBeVisible();
    await coachPage.goBack();
    await expect(robinRow).toHaveAttribute('aria-expanded', 'true');
    await expect(eastside).toHaveAttribute('aria-expanded', 'false');

    // A search: Back from a result's report finds the box and its results as left, the row open
    // and the link used focused (it said "Search clients" empty, the sections drawn, before).
    await coachPage.goto('/CoachDashboard');
    const searchBox = coachPage.getByRole('searchbox', { name: 'Search clients' });
    await searchBox.fill('Return');
    await expect(coachPage.getByText('1 client matches “Return”.')).toBeVisible();
    await expect(samRow).toHaveCount(0);
    await robinRow.click();
    await actions.getByRole('link', { name: 'Profile' }).click();
    await expect(coachPage).toHaveURL(new RegExp(`/BloomProfileReport/${assessmentId}$`));
    // The dashboard gone (the address changes before the report is drawn): a Back before that
    // returns to a dashboard that never left, and shows nothing of how it is found again.
    await expect(coachPage.getByRole('heading', { level: 1, name: 'Coach Dashboard' })).toHaveCount(0);
    await coachPage.goBack();
    await expect(coachPage).toHaveURL(/\/CoachDashboard$/);
    await expect(searchBox).toHaveValue('Return');
    await expect(coachPage.getByText('1 client matches “Return”.')).toBeVisible();
    await expect(robinRow).toHaveAttribute('aria-expanded', 'true');
    await expect(actions.getByRole('link', { name: 'Profile' })).toBeFocused();
    await checkLayout(coachPage, `the search after Back at ${size.width} px`);
    // The box emptied: the sections again, and a Back past a report no longer brings the search.
    await searchBox.fill('');
    // (Robin's row in the results names Northside too: Eastside, without clients, is in the sections only.)
    await expect(eastside).toBeVisible();
    await expect(coachPage.getByText('1 client matches “Return”.')).toHaveCount(0);
    // Robin's row is the one opened in the results (a row is remembered by its client).
    await expect(robinRow).toHaveAttribute('aria-expanded', 'true');
    await actions.getByRole('link', { name: 'Profile' }).click();
    await expect(coachPage).toHaveURL(new RegExp(`/BloomProfileReport/${assessmentId}$`));
    await expect(coachPage.getByRole('heading', { level: 1, name: 'Coach Dashboard' })).toHaveCount(0);
    await coachPage.goBack();
    await expect(searchBox).toHaveValue('');
    await expect(northsideSection).toHaveAttribute('aria-expanded', 'true');
    await expect(robinRow).toHaveAttribute('aria-expanded', 'true');
  }
});
