import type { Locator, Page, Response } from '@playwright/test';

/** A zone of Client Management's board (a group, or Independent Clients), by its heading. */
export function zone(page: Page, title: string): Locator {
  return page.locator('section[data-zone]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/**
 * The save of a card's move. The board moves the card at once and saves the move after, so a
 * reload waits for this first; start waiting before the move.
 */
export function moveSaved(page: Page): Promise<Response> {
  return page.waitForResponse((r) => /\/api\/coach\/AssignUserToNewGroup\/[^/]+\/[^/]+$/i.test(r.url()) && r.request().method() === 'POST');
}
