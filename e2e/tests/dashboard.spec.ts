import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { answerQuestions, expectNoAxeViolations, waitForQuestions } from './journey-helpers';
import { linkMailedTo, signInAsAdmin } from './support/account-mail';
import { finishLatestAssessmentThroughApi } from './support/assessments';
import { inviteThroughApi } from './support/invitations';
import { callFromPage, postFromPage } from './support/page-api';
import { newPerson, signUpAsCoach, signUpAsMember } from './support/sign-up';
import { checkAtBothWidths, checkLayout, WIDTHS } from './support/widths';

/** The member dashboard of spec 02 §2 and §4: buttons under their conditions, the past assessments, the coach dialog, the admin export. */

/** DASHBOARD_SCREENSHOTS=<dir> saves a full-page screenshot of the dashboard with a finished and an unfinished assessment there. */
const SCREENSHOTS = process.env.DASHBOARD_SCREENSHOTS;

for (const size of WIDTHS) {
  test(`an unfinished assessment is continued from the dashboard, not offered a report (${size.width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const person = newPerson('Uma', `Unfinished${size.width}`);
    await signUpAsMember(page, person);
    await waitForQuestions(page, 12);
    await answerQuestions(page, 12);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/Rapid\/Feelings$/i);
    await waitForQuestions(page, 12);
    await answerQuestions(page, 3);

    // Leaves for the dashboard as a member would, through the floating button.
    await page.getByRole('button', { name: 'Member Dashboard' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/Dashboard$/i);
    // A first visit: nothing finished yet, so not "Welcome back".
    await expect(page.getByText(`Welcome, ${person.firstName} ${person.lastName}`, { exact: true })).toBeVisible();
    const unfinished = page.getByRole('listitem').filter({ hasText: 'Rapid' });
    await expect(unfinished).toHaveCount(1);
    await expect(unfinished.getByText('Not finished')).toBeVisible();
    await expect(unfinished.getByRole('link', { name: 'Profile' })).toHaveCount(0);
    await expect(unfinished.getByRole('link', { name: 'Positivity Plan' })).toHaveCount(0);
    await checkLayout(page, `the dashboard with an unfinished assessment at ${size.width} px`);

    // Continue leads back to the page left off on, with its answers.
    await unfinished.getByRole('link', { name: 'Continue assessment' }).click();
    await expect(page).toHaveURL(/\/Rapid\/Feelings$/i);
    await waitForQuestions(page, 12);
    await expect(page.getByRole('group').filter({ has: page.getByRole('radio') }).nth(2).getByRole('radio', { name: 'Often', exact: true })).toBeChecked();

    // Finished, it has its reports; a new one started from the dashboard is the one to continue.
    const finishedId = await finishLatestAssessmentThroughApi(page, false);
    await page.goto('/Dashboard');
    await page.getByRole('button', { name: 'Retake Rapid Assessment' }).click();
    await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
    await waitForQuestions(page, 12);
    await answerQuestions(page, 2);
    await page.goto('/Dashboard');
    await expect(page.getByText(`Welcome back, ${person.firstName} ${person.lastName}`, { exact: true })).toBeVisible();
    const rows = page.getByRole('listitem').filter({ hasText: 'Rapid' });
    await expect(rows).toHaveCount(2);
    const [newest, finished] = [rows.nth(0), rows.nth(1)];
    await expect(newest.getByRole('link', { name: 'Continue assessment' })).toHaveAttribute('href', '/Rapid/Experiences');
    await expect(newest.getByRole('link', { name: 'Profile' })).toHaveCount(0);
    await expect(finished.getByText('Not finished')).toHaveCount(0);
    await expect(finished.getByRole('link', { name: 'Continue assessment' })).toHaveCount(0);
    await expect(finished.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/BloomProfileReport/${finishedId}`);
    await checkLayout(page, `the dashboard with a finished and an unfinished assessment at ${size.width} px`);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-unfinished-${size.width}.png`, fullPage: true });

    await newest.getByRole('link', { name: 'Continue assessment' }).click();
    await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
    await waitForQuestions(page, 12);
  });
}

for (const size of WIDTHS) {
  test(`results that rest on questions left unanswered can still be finished from the dashboard (${size.width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    await signUpAsMember(page, newPerson('Eli', `Energy${size.width}`));
    await waitForQuestions(page, 12);
    // Experiences and Feelings answered, Energy left (its page lets a person go on): results, not finished.
    const id = await finishLatestAssessmentThroughApi(page, false, ['Energy']);
    await page.goto('/Dashboard');
    const row = page.getByRole('listitem').filter({ hasText: 'Rapid' });
    await expect(row.getByText('Some questions unanswered')).toBeVisible();
    await expect(row.getByText('Not finished')).toHaveCount(0);
    await expect(row.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/BloomProfileReport/${id}`);
    await expect(row.getByRole('link', { name: 'Continue assessment' })).toHaveAttribute('href', '/Rapid/Energy');
    await checkLayout(page, `the dashboard with results and questions left at ${size.width} px`);
    await expectNoAxeViolations(page);
    await row.getByRole('link', { name: 'Continue assessment' }).click();
    await expect(page).toHaveURL(/\/Rapid\/Energy$/i);
    await waitForQuestions(page, 6);
  });
}

test('member dashboard: past assessments, retakes, member resources and changing coach', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const coach = newPerson('Quinn', `Guide${Date.now()}`);
  const coachPage = await (await browser.newContext()).newPage();
  await signUpAsCoach(coachPage, coach);

  await signUpAsMember(page, newPerson('Sam', 'Member'));
  const assessmentId = await finishLatestAssessmentThroughApi(page, false);
  await page.goto('/Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Member Dashboard' })).toBeVisible();

  // Only the buttons that apply: a Rapid history, no coach, not a coach, not an admin.
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  const resources = page.getByRole('link', { name: /Member Resources/ });
  await expect(resources).toHaveAttribute('target', '_blank');
  await expect(resources).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.getByRole('button', { name: 'Retake Rapid Assessment' })).toBeVisible();
  for (const absent of ['Retake Professional Assessment', 'Change/Remove Coach', 'Export CSV Data']) {
    await expect(page.getByRole('button', { name: absent })).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'Coach Dashboard' })).toHaveCount(0);

  const row = page.getByRole('listitem').filter({ hasText: 'Rapid' });
  await expect(row.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/BloomProfileReport/${assessmentId}`);
  await expect(row.getByRole('link', { name: 'Positivity Plan' })).toHaveAttribute('href', `/PositivityPlan/${assessmentId}`);
  await expect(row.getByRole('button', { name: 'Grant coach access' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // With a coach, the member can share each assessment and change or remove the coach.
  // Coaches are no longer listed to choose from (decision 0030): the coach's id comes from the coach's own session.
  const coachId = await coachPage.evaluate(async () => ((await (await fetch('/api/user/getCurrentUser')).json()) as { id: string }).id);
  await page.evaluate(async (id) => {
    const assigned = await fetch(`/api/coach/AssignCoachToUser/${id}`, { method: 'POST', headers: { 'x-bloom-csrf': '1' } });
    if (!assigned.ok) throw new Error(`assign failed ${assigned.status}`);
  }, coachId);
  await page.reload();
  await row.getByRole('button', { name: 'Grant coach access' }).click();
  await expect(row.getByRole('button', { name: 'Coach access granted' })).toBeDisabled();

  // The dialog's code loads on the first click; closed, it gives focus back to its button.
  const changeCoach = page.getByRole('button', { name: 'Change/Remove Coach' });
  await changeCoach.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(changeCoach).toBeFocused();
  await expect(changeCoach).toHaveAttribute('aria-expanded', 'false');
  await changeCoach.click();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(dialog.getByRole('option', { name: `${coach.firstName} ${coach.lastName} (current)` })).toBeAttached();
  // A saved choice is said once the dialog has closed: while it is open, the rest of the page is
  // hidden from screen readers (aria-hidden), and a status line changed there is never heard.
  await page.evaluate(() => {
    new MutationObserver((_, observer) => {
      const line = Array.from(document.querySelectorAll('[role="status"]')).find((element) => element.textContent === 'Your coach choice is saved.');
      if (!line) return;
      (window as unknown as { coachNewsHidden?: boolean }).coachNewsHidden = line.closest('[aria-hidden="true"]') !== null;
      observer.disconnect();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await dialog.getByLabel('Coach').selectOption({ label: `${coach.firstName} ${coach.lastName} (current)` });
  await save.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Your coach choice is saved.' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { coachNewsHidden?: boolean }).coachNewsHidden)).toBe(false);
  await changeCoach.click();
  await dialog.getByLabel('Coach').selectOption({ label: 'No Coach' });
  await expect(save).toBeEnabled();
  await expectNoAxeViolations(page);
  await save.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change/Remove Coach' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /coach access/i })).toHaveCount(0);

  // Retake starts a new Rapid assessment.
  await page.getByRole('button', { name: 'Retake Rapid Assessment' }).click();
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
  await page.goto('/Dashboard');
  await expect(page.getByRole('listitem').filter({ hasText: 'Rapid' })).toHaveCount(2);

  // The coach sees the Coach Dashboard button on their own member dashboard.
  await coachPage.goto('/Dashboard');
  await coachPage.getByRole('link', { name: 'Coach Dashboard' }).click();
  await expect(coachPage).toHaveURL(/\/CoachDashboard$/i);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a Professional assessment bought before the member had a coach keeps its Profile and Positivity Plan once they join one (decision 0086)', async ({ browser, page }) => {
  test.setTimeout(150_000);
  const member = newPerson('Ada', `Before${Date.now() % 100000}`);
  await signUpAsMember(page, member);
  await postFromPage(page, '/api/user/CreateNewAssessment/Professional');
  const own = await finishLatestAssessmentThroughApi(page, true);
  // Bought in the test store, through the calls its page makes.
  const { redirectUrl } = await postFromPage<{ redirectUrl: string }>(page, `/api/user/GetPurchaseUrl/${own}`);
  const session = new URL(redirectUrl, 'http://bloom.test').searchParams.get('session')!;
  await postFromPage(page, `/api/purchase/sandbox/${session}/pay`);
  expect((await callFromPage(page, 'GET', `/api/user/PurchaseSuccessCallback?session=${session}`)).body).toMatchObject({ unlocked: true });

  // A coach invites them; signed in already, they open the mailed link and join.
  const coach = newPerson('Noor', `Later${Date.now() % 100000}`);
  const coachPage = await (await browser.newContext()).newPage();
  await signUpAsCoach(coachPage, coach);
  await inviteThroughApi(coachPage, member.email);
  await page.goto(await linkMailedTo(member.email, 'invite'));
  await page.getByRole('link', { name: 'Accept the invitation' }).click();
  await expect(page).toHaveURL(/\/Client\/Onboarding$/i);
  await page.getByLabel('First name').fill(member.firstName);
  await page.getByLabel('Last name').fill(member.lastName);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `You are now a client of ${coach.firstName} ${coach.lastName}` })).toBeVisible({ timeout: 20_000 });

  // Their own results stay theirs: no "Pending coach approval", the Profile and the plan they bought still there.
  await page.goto('/Dashboard');
  await expect(page.getByRole('button', { name: 'Change/Remove Coach' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Professional' });
  await checkAtBothWidths(page, 'dashboard of a member who joined a coach after buying a plan', async () => {
    await expect(row.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/BloomProfileReport/${own}`);
    await expect(row.getByRole('link', { name: 'Positivity Plan' })).toHaveAttribute('href', `/PositivityPlan/${own}`);
    await expect(row.getByText('Pending coach approval')).toHaveCount(0);
  });
  await row.getByRole('link', { name: 'Positivity Plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/PositivityPlan/${own}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Your plan in simple words' })).toBeVisible();
});

for (const size of WIDTHS) {
  test(`an admin approves a self-registered coach and revokes it, each row saying what the coach can really do (${size.width} px)`, async ({ browser, page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    // Open sign-up (this server's) makes a coach; only an admin's approval makes one whose clients' plans are included.
    const coach = newPerson('Vera', `Vetted${size.width}x${Date.now()}`);
    const coachPage = await (await browser.newContext({ viewport: size })).newPage();
    await signUpAsCoach(coachPage, coach);
    // ADMIN_EMAILS counts once the address is confirmed, with a new password (decisions 0028, 0059).
    await signInAsAdmin(page, newPerson('Ada', 'Admin', 'admin@bloom.test'));
    await page.goto('/Dashboard');
    await expect(page.getByRole('heading', { name: 'Coach approvals' })).toBeVisible();
    await expect(page.getByText(/Under approval sign-up it is also what lets them coach: revoking it sends them back to waiting/)).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: coach.lastName });
    await expect(row.getByText('Coaching; clients’ plans are not included')).toBeVisible();
    // Pressed from the keyboard: the pressed button goes once the server answers, so the row takes the
    // focus (never <body>) and a status line says what changed (WCAG 2.4.3, 4.1.3).
    const focusInRow = () => row.evaluate((element) => document.activeElement !== document.body && element.contains(document.activeElement));
    await row.getByRole('button', { name: `Approve Vera ${coach.lastName} as a coach` }).focus();
    await page.keyboard.press('Enter');
    await expect(row.getByText('Approved by an administrator: clients’ plans are included')).toBeVisible();
    await expect(row.getByRole('button', { name: `Approve Vera ${coach.lastName} as a coach` })).toHaveCount(0);
    await expect.poll(focusInRow).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: `Vera ${coach.lastName} approved: clients’ plans are included` })).toHaveCount(1);
    await checkLayout(page, `coach approvals at ${size.width} px, approved`);

    // The next Tab is the row's new button, so the keyboard carries on where it was.
    await page.keyboard.press('Tab');
    await expect(row.getByRole('button', { name: `Revoke the approval of Vera ${coach.lastName}` })).toBeFocused();
    await page.keyboard.press('Enter');
    // Under open sign-up revoking stops including plans only: the row says so, never "not approved to coach".
    await expect(row.getByText('Coaching; clients’ plans are not included')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `Approval of Vera ${coach.lastName} revoked: coaching, clients’ plans are not included` })).toHaveCount(1);
    await expect(row.getByRole('button', { name: `Approve Vera ${coach.lastName} as a coach` })).toBeVisible();
    await expect.poll(focusInRow).toBe(true);
    await checkLayout(page, `coach approvals at ${size.width} px, revoked`);
    // And that is the coach's real state: they still coach, and their releases no longer include plans.
    await coachPage.goto('/CoachDashboard');
    await expect(coachPage.getByRole('heading', { level: 1, name: 'Coach Dashboard' })).toBeVisible();
    const me = await (await coachPage.request.get('/api/user/getCurrentUser')).json();
    expect(me.coachIncludesPlans).toBe(false);
  });
}

test('an admin exports the CSV', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, newPerson('Ada', 'Admin', 'admin@bloom.test'));
  await page.goto('/Dashboard');
  await expect(page.getByRole('heading', { name: 'Coach approvals' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV Data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('data.csv');
  await expect(page.getByRole('status').filter({ hasText: 'Finished.' })).toBeVisible();
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'assessment_id,user_id,user_email,research_opt_in,type,created_at,completed_at,wellbeing_overall,wellbeing_experiences,wellbeing_feelings,mindset_overall,resilience_percent,energy_range_percent',
  );
  expect(csv).toContain('admin@bloom.test');
});

/** Notes whether `text` ever shows on the page from now on (client-side moves keep the window). */
async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.evaluate((wanted) => {
    const flag = window as unknown as { textSeen?: boolean };
    flag.textSeen = false;
    new MutationObserver((_, observer) => {
      if (!document.body.textContent?.includes(wanted)) return;
      flag.textSeen = true;
      observer.disconnect();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, text);
  return () => page.evaluate(() => (window as unknown as { textSeen?: boolean }).textSeen === true);
}

test('logging out goes straight to the welcome page, never showing the signed-out dashboards on the way', async ({ browser, page }) => {
  test.setTimeout(90_000);
  await signUpAsMember(page, newPerson('Lou', 'Leaving'));
  await page.goto('/Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Member Dashboard' })).toBeVisible();
  const memberSawPrompt = await watchForText(page, 'Please log in to see your dashboard');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Member Log In' }).first()).toBeVisible();
  expect(await memberSawPrompt()).toBe(false);

  const coachPage = await (await browser.newContext()).newPage();
  await signUpAsCoach(coachPage, newPerson('Cole', `Leaving${Date.now()}`));
  await coachPage.goto('/CoachDashboard');
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Coach Dashboard' })).toBeVisible();
  const coachSawGate = await watchForText(coachPage, 'This page is for coaches');
  await coachPage.getByRole('button', { name: 'Log out' }).click();
  await expect(coachPage).toHaveURL(/\/$/);
  await expect(coachPage.getByRole('button', { name: 'Member Log In' }).first()).toBeVisible();
  expect(await coachSawGate()).toBe(false);
});

for (const size of WIDTHS) {
  test(`a log-out that cannot reach Bloom says the person is still logged in, and pressed again online logs out (${size.width} px)`, async ({ page, context }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    const person = newPerson('Otto', `Offline${size.width}`);
    await signUpAsMember(page, person);
    await page.goto('/Dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Member Dashboard' })).toBeVisible();
    const logOut = page.getByRole('button', { name: 'Log out' });
    const stillLoggedIn = page.getByRole('alert').filter({ hasText: 'You are still logged in' });

    // Offline (networkMode 'always': the call fails at once, it does not wait): pressed from the keyboard,
    // the press is not dropped in silence. The alert says so beside the button, which keeps its focus.
    await context.setOffline(true);
    await logOut.focus();
    await page.keyboard.press('Enter');
    await expect(stillLoggedIn).toHaveText('You are still logged in: Bloom could not be reached. Please try again.');
    await expect(logOut).toBeFocused();
    await expect(logOut).toBeEnabled();
    await expect(logOut).not.toHaveAttribute('aria-busy');
    await expect(page).toHaveURL(/\/Dashboard$/i);
    await expect(page.getByText(`Welcome, ${person.firstName} ${person.lastName}`, { exact: true })).toBeVisible();
    await checkLayout(page, `the dashboard after a log-out that could not reach Bloom at ${size.width} px`);

    // And the server agrees: the session is still there.
    await context.setOffline(false);
    expect(((await (await page.request.get('/api/user/getCurrentUser')).json()) as { userName: string }).userName).toBe(person.email);

    // Online again, the same button logs out, as it always did.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Member Log In' }).first()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'You are still logged in' })).toHaveCount(0);
    expect((await page.request.get('/api/user/getCurrentUser')).status()).toBe(204);
  });
}

/** Holds every request to `path` until `release()` is called (a slow read, made so on purpose). */
async function holdReads(page: Page, path: RegExp): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(path, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

for (const size of WIDTHS) {
  test(`the dashboard reached by Back after a retake draws no list or progress from before it (${size.width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await signUpAsMember(page, newPerson('Rhea', `Back${size.width}`));
    await finishLatestAssessmentThroughApi(page, false);
    const rows = page.getByRole('listitem').filter({ hasText: 'Rapid' });
    const heading = page.getByRole('heading', { level: 1, name: 'Member Dashboard' });
    const progressLine = page.getByText(/Each badge tells the change from/);
    for (const expected of [1, 2]) {
      await page.goto('/Dashboard');
      await expect(rows).toHaveCount(expected);
      await page.getByRole('button', { name: 'Retake Rapid Assessment' }).click();
      await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
      await waitForQuestions(page, 12);
      await finishLatestAssessmentThroughApi(page, false);
    }
    // Three finished: the dashboard as left showed two and the change between them.
    const held = await holdReads(page, /\/api\/(user\/GetAllAssessments|data\/GetProgress)$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/Dashboard$/i);
    await expect(heading).toBeVisible();
    // Read at once, not waited for: while the reads are held, nothing from the visit before may be drawn.
    expect(await rows.count()).toBe(0);
    expect(await progressLine.count()).toBe(0);
    held.release();
    await expect(rows).toHaveCount(3);
    await expect(progressLine).toBeVisible();
  });

  test(`after a log-out, the next person in the tab is not shown the last one's permissions by Back (${size.width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await signUpAsMember(page, newPerson('Alice', `Private${size.width}`));
    await postFromPage(page, '/api/user/SaveResearchOptIn/true');
    await page.goto('/Dashboard');
    await page.getByRole('link', { name: 'Your data and privacy' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'Your privacy and data' });
    const alicesPermission = page.getByText('Your answers may be used, without your name, to build the comparison groups in reports.');
    await expect(heading).toBeVisible();
    await expect(alicesPermission).toBeVisible();

    await page.getByRole('button', { name: 'Member Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Member Dashboard' })).toBeVisible();
    // The modules list is the same for everyone: the shell keeps it, and draws no full-page loading again.
    const modulesReads: string[] = [];
    page.on('request', (request) => /\/GetModulesAndPetals$/i.test(request.url()) && modulesReads.push(request.url()));
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Someone else starts in the same tab, as a guest, and goes Back to the privacy page.
    await page.getByRole('button', { name: 'Start Now' }).first().click();
    await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
    await waitForQuestions(page, 12);
    const held = await holdReads(page, /\/api\/user\/(GetMyConsents|GetAllAssessments)$/);
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/Account\/Privacy$/i);
    await expect(heading).toBeVisible();
    expect(await alicesPermission.count()).toBe(0);
    held.release();
    await expect(page.getByText('You have not given any permissions yet.')).toBeVisible();
    await expect(alicesPermission).toHaveCount(0);
    expect(modulesReads).toEqual([]);
  });
}
