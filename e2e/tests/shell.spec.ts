import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('the welcome page renders the headline', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Discover Your Unique Path to Flourish' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});
