import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { finishLatestAssessmentThroughApi } from './support/assessments';
import { onboardClientWithCoach } from './support/invitations';
import { getFromPage, postFromPage } from './support/page-api';
import { newPerson, signUpAsClient, signUpAsCoach } from './support/sign-up';

/**
 * Consent stays with the client (decision 0020): the coach's "Grant all?" shows as "Requested"
 * until the client confirms it on their dashboard; the consent log says who gave it; withdrawing
 * asks about past assessments; releasing results to a client is confirmed first, because it
 * cannot be undone. Two assessments shared on one day are told apart in the log as on the
 * dashboard, so the person withdraws the one they mean. At a phone's width and a desktop's.
 */
for (const width of [390, 1280]) {
  test(`the client confirms their coach's request; the coach sees "Requested", then "Granted" (${width} px)`, async ({ browser }) => {
    test.setTimeout(180_000);
    const coach = newPerson('Casey', `Asker${width}`);
    const client = newPerson('Dana', `Consent${width}`);
    const coachPage = await newPage(browser, width);
    await signUpAsCoach(coachPage, coach);
    const clientPage = await newPage(browser, width);
    await onboardClientWithCoach(clientPage, client, coach, coachPage);
    await finishLatestAssessmentThroughApi(clientPage, true);

    // The coach ticks "Grant all?": a request, shown as such, also after a reload.
    await coachPage.goto('/ClientManagement');
    const grantAll = coachPage.getByRole('checkbox', { name: new RegExp(`Grant all\\? for Dana Consent${width}`) });
    await grantAll.check();
    const card = coachPage.getByTestId('client-card').filter({ hasText: `Dana Consent${width}` });
    await expect(card.getByText('Requested', { exact: true })).toBeVisible();
    await coachPage.waitForLoadState('networkidle');
    await coachPage.reload();
    await expect(grantAll).toBeChecked();
    await expect(card.getByText('Requested', { exact: true })).toBeVisible();
    await expect(grantAll).toHaveAccessibleDescription('Requested');
    await expectNoAxeViolations(coachPage);

    // The client sees the request on their dashboard and confirms it.
    await clientPage.goto('/Dashboard');
    const request = clientPage.getByRole('region', { name: 'Your coach asks to see your future assessments' });
    await expect(request).toContainText(`${coach.firstName} ${coach.lastName} would like every assessment you start from now on to be shared with them`);
    await expectNoAxeViolations(clientPage);
    await request.getByRole('button', { name: 'Share future assessments' }).click();
    const outcome = request.getByRole('status');
    await expect(outcome).toHaveText('Thank you. Your future assessments will be shared with your coach.');
    await expect(outcome).toBeFocused();
    await expect(request.getByRole('button')).toHaveCount(0);
    await clientPage.reload();
    await expect(clientPage.getByRole('heading', { name: 'Your coach asks to see your future assessments' })).toHaveCount(0);

    await coachPage.reload();
    await expect(card.getByText('Granted by client', { exact: true })).toBeVisible();
    await expect(grantAll).toBeChecked();

    // Releasing results to the client asks first and says it cannot be undone; Cancel changes nothing.
    await coachPage.goto('/CoachDashboard');
    await coachPage.getByRole('button', { name: new RegExp(`Dana Consent${width}`) }).click();
    const actions = coachPage.getByRole('group', { name: /Professional assessment of/ });
    await actions.getByRole('button', { name: 'Grant client access' }).click();
    const confirm = coachPage.getByRole('alertdialog', { name: 'Release these results to your client?' });
    await expect(confirm).toContainText('This cannot be undone');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(coachPage);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(actions.getByRole('button', { name: 'Grant client access' })).toBeEnabled();
    await actions.getByRole('button', { name: 'Grant client access' }).click();
    await confirm.getByRole('button', { name: 'Release results' }).click();
    await expect(actions.getByRole('button', { name: 'Client access granted' })).toBeDisabled();
    // Focus stays with this assessment rather than falling back to the top of the page.
    await expect(coachPage.getByRole('listitem').filter({ has: actions })).toBeFocused();

    // The consent log says the client gave it; withdrawing asks about the assessments already shared.
    await clientPage.goto('/Account/Privacy');
    const preGrant = clientPage.getByRole('listitem').filter({ hasText: 'may see every new assessment you start' });
    await expect(preGrant).toContainText('by you');
    // The page's dialogs load on their button's first click (decision 0041): they still open with
    // focus inside and give it back to their button on close.
    const deleteAccount = clientPage.getByRole('button', { name: 'Delete my account…' });
    await deleteAccount.click();
    const deletion = clientPage.getByRole('dialog', { name: 'Delete your account and all of your data?' });
    await expect(deletion.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await clientPage.keyboard.press('Escape');
    await expect(deletion).toHaveCount(0);
    await expect(deleteAccount).toBeFocused();
    const withdrawButton = preGrant.getByRole('button', { name: 'Withdraw' });
    await withdrawButton.click();
    const withdraw = clientPage.getByRole('dialog', { name: 'Stop sharing new assessments with your coach?' });
    await expect(withdraw.locator(':focus')).toHaveCount(1);
    await withdraw.getByRole('button', { name: 'Cancel' }).click();
    await expect(withdraw).toHaveCount(0);
    await expect(withdrawButton).toBeFocused();
    await withdrawButton.click();
    await expect(withdraw.getByRole('radio', { name: /Keep sharing them/ })).toBeChecked();
    await expectNoAxeViolations(clientPage);
    await withdraw.getByRole('radio', { name: /Stop sharing all of them/ }).check();
    await withdraw.getByRole('button', { name: 'Withdraw permission' }).click();
    await expect(withdraw).toHaveCount(0);
    await expect(preGrant).toContainText(/Withdrawn .* by you/);
    await expect(preGrant.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  });
}

// A dates review (Pacific/Auckland): two Rapid assessments shared with the coach on one day gave
// two identical lines on /Account/Privacy, each Withdraw described by the same sentence.
for (const width of [390, 1280]) {
  test(`two assessments shared on one day are told apart in the consent log, as on the dashboard (${width} px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const coach = newPerson('Cora', `Coach${width}`);
    const client = newPerson('Sam', `SameDay${width}`);
    const coachPage = await newPage(browser, width);
    await signUpAsCoach(coachPage, coach);
    const clientPage = await newPage(browser, width, 'Pacific/Auckland');
    await signUpAsClient(clientPage, client);
    const coachId = (await getFromPage<{ id: string }>(coachPage, '/api/user/getCurrentUser')).id;
    await postFromPage(clientPage, `/api/coach/AssignCoachToUser/${coachId}`);
    const ids: string[] = [];
    for (let n = 0; n < 2; n += 1) {
      await postFromPage(clientPage, '/api/user/CreateNewAssessment/Rapid');
      ids.push(await finishLatestAssessmentThroughApi(clientPage, false));
    }
    for (const id of ids) await postFromPage(clientPage, `/api/user/SetCoachAccessGranted/${id}`);
    const [older, newer] = ids as [string, string];

    // The dashboard's labels of the two (newest first), by the report each row links to.
    await clientPage.goto('/Dashboard');
    const rowOf = (id: string) => clientPage.getByRole('listitem').filter({ has: clientPage.locator(`a[href="/BloomProfileReport/${id}"]`) });
    const labelOf = async (id: string) => ((await rowOf(id).getAttribute('aria-label')) ?? '').replace(/^Rapid assessment, /, '');
    await expect(rowOf(older)).toHaveAttribute('aria-label', /^Rapid assessment, /);
    const olderLabel = await labelOf(older);
    const newerLabel = await labelOf(newer);
    expect(olderLabel).not.toBe(newerLabel);

    // The consent log names each assessment as the dashboard does, and each Withdraw says which one it withdraws.
    await clientPage.goto('/Account/Privacy');
    const coachName = `${coach.firstName} ${coach.lastName}`;
    const sentence = (label: string) => `${coachName} may see your Rapid assessment of ${label}.`;
    const permissions = clientPage.getByRole('listitem').filter({ hasText: `${coachName} may see your` });
    await expect(permissions).toHaveCount(2);
    const olderPermission = permissions.filter({ hasText: sentence(olderLabel) });
    const newerPermission = permissions.filter({ hasText: sentence(newerLabel) });
    await expect(olderPermission).toHaveCount(1);
    await expect(newerPermission).toHaveCount(1);
    await expect(olderPermission.getByRole('button', { name: 'Withdraw' })).toHaveAccessibleDescription(sentence(olderLabel));
    await expect(newerPermission.getByRole('button', { name: 'Withdraw' })).toHaveAccessibleDescription(sentence(newerLabel));
    await expectNoAxeViolations(clientPage);

    // Withdrawing the older one hides that one from the coach, and only that one.
    await olderPermission.getByRole('button', { name: 'Withdraw' }).click();
    await expect(olderPermission).toContainText(/Withdrawn .* by you/);
    await expect(newerPermission).toContainText('Active');
    const coachReads = async (id: string) => (await coachPage.evaluate(async (path) => (await fetch(path)).status, `/api/user/GetAssessmentById/${id}`));
    expect(await coachReads(older)).toBe(404);
    expect(await coachReads(newer)).toBe(200);
  });
}

async function newPage(browser: Browser, width: number, timezoneId?: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 }, ...(timezoneId ? { timezoneId } : {}) })).newPage();
  // Names are text: any alert would mean something ran as HTML.
  page.on('dialog', (dialog) => {
    throw new Error(`Unexpected dialog: ${dialog.message()}`);
  });
  return page;
}

