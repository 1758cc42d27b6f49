import { expect, test, type Page } from '@playwright/test';
import { callFromPage } from './support/page-api';
import { newPerson, signUpAsCoach } from './support/sign-up';
import { checkAtBothWidths } from './support/widths';

/**
 * /ClientManagement reads its board again when its tab is shown again (the app does not re-read on
 * focus elsewhere, lib/query-client.ts): an organization added in another tab of the same coach
 * is on the board once the coach comes back to this tab, without a reload.
 */

/**
 * Headless Chromium keeps every tab visible (bringToFront hides none), so the tab's going to the
 * back and coming to the front again are told to the page as the browser tells them: its
 * `visibilityState` and a `visibilitychange` event on the document.
 */
async function setTabShown(page: Page, shown: boolean): Promise<void> {
  await page.evaluate((state) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  }, shown ? 'visible' : 'hidden');
}
test('the board is read again when its tab is shown again: an organization added in another tab appears', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const board = await context.newPage();
  await signUpAsCoach(board, newPerson('Casey', `Tabs${Date.now()}`));
  await board.goto('/ClientManagement');
  await expect(board.getByPlaceholder('Enter organization name')).toBeVisible();
  await board.waitForLoadState('networkidle');
  const organization = `Other Tab Org ${Date.now()}`;
  const card = board.getByRole('article', { name: organization });

  // Another tab of the same coach comes to the front and adds an organization there.
  await setTabShown(board, false);
  const other = await context.newPage();
  await other.goto('/CoachDashboard');
  expect((await callFromPage(other, 'POST', `/api/organization/AddNewOrganization/${encodeURIComponent(organization)}`)).status).toBe(201);
  await board.waitForTimeout(500);
  await expect(card).toHaveCount(0);

  // Back to the board's tab: it reads the board again and shows the new organization.
  const read = board.waitForResponse((response) => /\/api\/coach\/GetOrganizationsByCoach(\?|$)/i.test(response.url()));
  await setTabShown(board, true);
  await read;
  await expect(card).toBeVisible();
  await checkAtBothWidths(board, 'client management read again when shown');
  await context.close();
});
