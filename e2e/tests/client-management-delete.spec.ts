import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { callFromPage } from './support/page-api';
import { newPerson, signUpAsClient, signUpAsCoach } from './support/sign-up';

/**
 * Deleting on /ClientManagement says what is true (spec 02 §5): the group's client count in the
 * confirmation is read when Delete is pressed, so a client who joined while the page was open is
 * counted (it used to say "0 clients" from the board as first drawn and release them without a
 * word), and the status line says how many clients left the list. A deletion another tab made
 * first closes the dialog saying so (it used to stay open with "Nothing was deleted" for ever).
 */

const boardReads = /\/api\/coach\/(GetOrganizationsByCoach|GetClientsWithNoOrg)(\?|$)/i;

for (const width of [390, 1280]) {
  test(`a client who joined while the page was open is counted and said to have left (${width} px)`, async ({ browser }) => {
    test.setTimeout(150_000);
    const coachPage = await newPage(await newContext(browser, width));
    await signUpAsCoach(coachPage, newPerson('Casey', `Counter${width}`));
    const groupGuid = await organizationWithGroup(coachPage, 'Fresh Org', 'Joiners');
    const memberPage = await newPage(await newContext(browser, width));
    await signUpAsClient(memberPage, newPerson('Jo', `Joiner${width}`));
    expect((await callFromPage(memberPage, 'POST', '/api/user/SaveClientName', { firstName: 'Jo', lastName: `Joiner${width}` })).status).toBe(200);

    // The coach's tab stays in front (a tab shown again reads the board again: not what is tested here).
    await coachPage.bringToFront();
    await coachPage.goto('/ClientManagement');
    const joiners = coachPage.locator('section[data-zone]').filter({ has: coachPage.getByRole('heading', { name: 'Joiners', exact: true }) });
    await expect(joiners.getByText('Drop clients here')).toBeVisible();
    await coachPage.waitForLoadState('networkidle');

    // The member joins the group from onboarding while the page stays as it was drawn.
    expect((await callFromPage(memberPage, 'POST', `/api/organization/AssignGroupToUser/${groupGuid}`)).status).toBe(200);
    await coachPage.waitForTimeout(500);
    await expect(joiners.getByText('Drop clients here')).toBeVisible();

    // Delete counts the client (it said "0 clients"), and the board behind shows them.
    const deleteJoiners = coachPage.getByRole('button', { name: 'Delete Group: Joiners' });
    await deleteJoiners.click();
    const dialog = coachPage.getByRole('alertdialog');
    await expect(dialog).toContainText('This group has 1 client. All clients in it will be deleted');
    await expectNoAxeViolations(coachPage);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(deleteJoiners).toBeFocused();
    // The board is redrawn from the same read (with the dialog open, the page behind is hidden from roles).
    await expect(joiners.getByText(`Jo Joiner${width}`, { exact: true })).toBeVisible();

    // The board read at Delete fails: the dialog says so and offers Try again, never a count.
    await coachPage.route(boardReads, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' }));
    await deleteJoiners.click();
    await expect(dialog.getByRole('alert')).toHaveText('We could not count its clients just now, so nothing was deleted. Please try again.');
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    await expect(dialog).not.toContainText('This group has');
    await expectNoAxeViolations(coachPage);
    await coachPage.unroute(boardReads);

    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog).toContainText('This group has 1 client. All clients in it will be deleted');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toHaveCount(0);
    const status = coachPage.locator('p[role="status"]').filter({ hasText: 'Group deleted' });
    await expect(status).toHaveText('Group deleted: 1 client left your client list.');
    await expect(status).toBeVisible();
    await expect(joiners).toHaveCount(0);
    // The group and its button are gone: focus is on the page title.
    await expect(coachPage.getByRole('heading', { level: 1, name: 'Client Management' })).toBeFocused();
    await expectNoAxeViolations(coachPage);
  });

  test(`a group another tab deleted first closes the dialog saying so (${width} px)`, async ({ browser }) => {
    test.setTimeout(150_000);
    const context = await newContext(browser, width);
    const first = await newPage(context);
    await signUpAsCoach(first, newPerson('Casey', `Twotabs${width}`));
    await organizationWithGroup(first, 'Twin Org', 'Gone Soon');
    await organizationWithGroup(first, 'Other Org', 'Later');
    const second = await newPage(context);
    for (const page of [first, second]) {
      await page.goto('/ClientManagement');
      await expect(page.getByRole('button', { name: 'Delete Group: Gone Soon' })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }

    // The second tab asks first; the first tab deletes meanwhile; the second's Confirm finds it gone (404).
    await second.getByRole('button', { name: 'Delete Group: Gone Soon' }).click();
    const secondDialog = second.getByRole('alertdialog');
    await expect(secondDialog).toContainText('This group has 0 clients.');
    await first.getByRole('button', { name: 'Delete Group: Gone Soon' }).click();
    await first.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(first.getByRole('alertdialog')).toHaveCount(0);

    await secondDialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(secondDialog).toHaveCount(0);
    const said = second.locator('p[role="status"]');
    await expect(said).toHaveText('That group was already deleted. Your clients are shown as they are now.');
    await expect(said).toBeVisible();
    await expect(second.getByRole('button', { name: 'Delete Group: Gone Soon' })).toHaveCount(0);
    await expect(second.getByRole('heading', { level: 1, name: 'Client Management' })).toBeFocused();
    await expectNoAxeViolations(second);
    await expect(first.locator('p[role="status"]')).toHaveText('Group deleted: no clients left your client list.');

    // Deleted in the first tab before the second even asks: the read at Delete finds it gone, and says so.
    await callFromPage(first, 'POST', '/api/organization/DeleteOrganization/' + (await organizationId(first, 'Other Org')));
    await second.getByRole('button', { name: 'Delete Org: Other Org' }).click();
    await expect(said).toHaveText('That organization was already deleted. Your clients are shown as they are now.');
    await expect(second.getByRole('alertdialog')).toHaveCount(0);
    await expect(second.getByRole('article', { name: 'Other Org' })).toHaveCount(0);
    await expectNoAxeViolations(second);
  });
}

async function newContext(browser: Browser, width: number): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: 900 } });
}

async function newPage(context: BrowserContext): Promise<Page> {
  return context.newPage();
}

/** Adds an organization and a group in it through the API; answers the group's id. */
async function organizationWithGroup(page: Page, organization: string, group: string): Promise<string> {
  const added = await callFromPage(page, 'POST', `/api/organization/AddNewOrganization/${encodeURIComponent(organization)}`);
  expect(added.status).toBe(201);
  const grouped = await callFromPage(page, 'POST', `/api/organization/AddNewGroup/${added.body.organizationGuid}/${encodeURIComponent(group)}`);
  expect(grouped.status).toBe(201);
  return grouped.body.groupGuid as string;
}

async function organizationId(page: Page, name: string): Promise<string> {
  const { body } = await callFromPage(page, 'GET', '/api/coach/GetOrganizationsByCoach');
  return (body as { organizationGuid: string; organizationName: string }[]).find((organization) => organization.organizationName === name)!.organizationGuid;
}
