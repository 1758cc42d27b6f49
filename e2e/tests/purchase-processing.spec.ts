import { expect, test } from '@playwright/test';
import { postFromPage } from './support/page-api';
import { memberWithFinishedRapid } from './support/reports';
import { checkAtBothWidths } from './support/widths';

/**
 * Spec 02 §2 "Purchase callbacks" with a payment that has not arrived: Stripe sends the buyer back
 * to the success address as soon as a delayed payment (a bank debit) is submitted, days before the
 * money arrives, and PurchaseSuccessCallback answers `unlocked: false`. The page says so instead of
 * landing on the upsell as if nothing had been bought. (The test store's checkout, opened and not
 * paid, gets the same answer from the server.)
 */
test('a return from a checkout whose payment has not arrived says it is being processed, with the way on to the dashboard', async ({ page }) => {
  test.setTimeout(90_000);
  const assessmentId = await memberWithFinishedRapid(page, 'Pat', 'Pending');
  const { redirectUrl } = await postFromPage<{ redirectUrl: string }>(page, `/api/user/GetPurchaseUrl/${assessmentId}`);
  const session = new URL(redirectUrl, 'http://x').searchParams.get('session');
  expect(session).toMatch(/^sbx_/);

  await page.goto(`/purchase-success-callback?session=${encodeURIComponent(session!)}`);
  await expect(page.getByRole('status')).toContainText('Your payment is being processed');
  await expect(page.getByRole('status')).toContainText('unlocks as soon as your payment arrives');
  await expect(page).toHaveURL(/\/purchase-success-callback\?session=/);
  await expect(page.getByRole('heading', { name: 'Your Personal Profile is Ready!' })).toHaveCount(0);
  await checkAtBothWidths(page, 'the payment-processing notice');

  await page.getByRole('link', { name: 'Go to my dashboard' }).click();
  await expect(page).toHaveURL(/\/Dashboard$/);
});
