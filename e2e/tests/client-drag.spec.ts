import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { onboardClientWithCoach } from './support/invitations';
import { newPerson, signUpAsCoach } from './support/sign-up';

/**
 * Dragging a client onto a group low on the screen drops it there (issue 23 §6). The page used
 * to auto-scroll under a pointer held in the lower fifth of the window, so the drop landed in a
 * group further down (client-management/logic/auto-scroll.ts).
 */
for (const width of [390, 1280]) {
  test(`a client dragged onto a group near the bottom of the window lands in that group (${width} px)`, async ({ browser }) => {
    test.setTimeout(150_000);
    const coach = newPerson('Casey', `Dragger${width}`);
    const client = newPerson('Dana', `Drop${width}`);
    const coachPage = await newPage(browser, width);
    await signUpAsCoach(coachPage, coach);
    await onboardClientWithCoach(await newPage(browser, width), client, coach, coachPage);

    await coachPage.goto('/ClientManagement');
    for (const [organization, groups] of [['Acme Health', ['Alpha', 'Beta', 'Gamma', 'Delta']], ['Zenith Care', ['Omega']]] as const) {
      await coachPage.getByPlaceholder('Enter organization name').fill(organization);
      await coachPage.getByRole('button', { name: 'Add Organization' }).click();
      const card = coachPage.getByRole('article', { name: organization });
      for (const group of groups) {
        await card.getByPlaceholder('Enter group name').fill(group);
        await card.getByRole('button', { name: 'Add Group' }).click();
        await expect(zone(coachPage, group)).toBeVisible();
      }
    }
    await coachPage.waitForLoadState('networkidle');
    await expectNoAxeViolations(coachPage);

    const beta = zone(coachPage, 'Beta');
    const card = coachPage.getByTestId('client-card').filter({ hasText: `Dana Drop${width}` });
    await card.scrollIntoViewIfNeeded();
    const from = (await card.boundingBox())!;
    await coachPage.mouse.move(from.x + 30, from.y + from.height / 2);
    await coachPage.mouse.down();
    await coachPage.mouse.move(from.x + 40, from.y + from.height / 2 + 12, { steps: 3 });
    // Scroll so that Beta's middle sits low in the window (88% down), where people drop onto it.
    await beta.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      window.scrollBy(0, rect.top + rect.height / 2 - window.innerHeight * 0.88);
    });
    const target = (await beta.boundingBox())!;
    await coachPage.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
    // Hold still for a moment, as a person does before letting go: the page must not move beneath the pointer.
    await coachPage.waitForTimeout(800);
    await expect(beta).toHaveAttribute('data-over', 'true');
    await coachPage.mouse.up();

    await expect(beta.getByText(`Dana Drop${width}`, { exact: true })).toBeVisible();
    await coachPage.reload();
    await expect(zone(coachPage, 'Beta').getByText(`Dana Drop${width}`, { exact: true })).toBeVisible();
    for (const other of ['Gamma', 'Delta', 'Omega', 'Independent Clients']) {
      await expect(zone(coachPage, other).getByText(`Dana Drop${width}`, { exact: true })).toHaveCount(0);
    }
  });
}

function zone(page: Page, title: string): Locator {
  return page.locator('section[data-zone]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

async function newPage(browser: Browser, width: number): Promise<Page> {
  return (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
}

