import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { finishRapidThroughApi, signUpMember } from './support/reports';
import { expectNoSidewaysScroll } from './support/widths';

/**
 * Issue 23 part 2, in a real browser: copy says only what is true.
 * - After Skip All on Life Situations nothing claims a comparison with "similar life situations".
 * - The benchmark sentence on the pages is the one for the norm group the API says it used.
 * - No headcount claim ("nearly 1,000 people") on the welcome page, and no "free plan".
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

interface NormGroupUsed {
  source: 'baseline' | 'live';
  provisional: boolean;
  populationSize: number;
  comparisonGroupSize: number;
  lifeSituationMatch: string;
  sentence: string;
}

async function skipAllLifeSituations(page: Page): Promise<void> {
  await page.goto('/LifeSituations');
  await page.getByRole('button', { name: 'Skip All' }).click();
  await expect(page).toHaveURL(/\/YourLifeLotus$/i);
}

/** The norm group the server reports for this assessment, read as the page reads it. */
async function normGroupFromApi(page: Page, assessmentId: string): Promise<NormGroupUsed> {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/data/GetIndividualDifferences/${encodeURIComponent(id)}`);
    return (await response.json()).normGroup;
  }, assessmentId);
}

const main = (page: Page) => page.locator('main');

for (const size of SIZES) {
  test.describe(`benchmark wording (${size.name})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
    });

    test('a guest who skipped Life Situations: no "similar life situations", the group the API used, and no free plan', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('body')).not.toContainText(/nearly 1,000|1,000 people/i);
      await page.getByRole('button', { name: 'Start Now' }).first().click();
      await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
      const assessmentId = await finishRapidThroughApi(page);
      await skipAllLifeSituations(page);

      // The results page: the guest's call to action promises the free report, not a free plan.
      const callToAction = page.getByRole('region', { name: 'Unlock Personalized Insights and Recommendations' });
      await expect(callToAction).toContainText('free Profile Report');
      await expect(main(page)).not.toContainText(/free plan/i);
      await expect(main(page)).not.toContainText(/similar life situations/i);
      await expectNoAxeViolations(page);

      const normGroup = await normGroupFromApi(page, assessmentId);
      expect(normGroup).toMatchObject({ source: 'baseline', provisional: true, lifeSituationMatch: 'not_shared' });
      expect(normGroup.comparisonGroupSize).toBe(normGroup.populationSize);

      await page.goto('/IndividualDifferences');
      await expect(page.getByText(normGroup.sentence)).toBeVisible();
      await expect(page.getByText(`${normGroup.populationSize.toLocaleString('en-US')} simulated answer profiles`)).toBeVisible();
      await expect(main(page)).not.toContainText(/similar life situations/i);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
    });

    test('a member who skipped Life Situations: the report names the group the API used and no similar-circumstances comparison', async ({ page }) => {
      await signUpMember(page, 'Norma', 'Group');
      const assessmentId = await finishRapidThroughApi(page);
      await skipAllLifeSituations(page);
      await expect(main(page)).not.toContainText(/similar life situations/i);

      const normGroup = await normGroupFromApi(page, assessmentId);
      await page.goto(`/BloomProfileReport/${assessmentId}`);
      const table = page.getByRole('table', { name: /Your results compared with others/ });
      await expect(table).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(normGroup.sentence)).toBeVisible();
      await expect(table.getByRole('columnheader')).toHaveCount(2);
      await expect(main(page)).not.toContainText(/similar (life situations|circumstances)/i);
      await expectNoAxeViolations(page);
    });
  });
}
