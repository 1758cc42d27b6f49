import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../journey-helpers';

/** A phone's and a desktop's window, the two widths every page is checked at. */
export const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/** The page as it stands, at the current width: no sideways scroll, and axe clean. */
export async function checkLayout(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  await expectNoAxeViolations(page);
}

/**
 * The page at both widths: the spec's own `check` of what the page must show there, no sideways
 * scroll, axe clean, and a full-page screenshot in `screenshots` (a folder) when given.
 */
export async function checkAtBothWidths(page: Page, what: string, check?: () => Promise<void>, screenshots?: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    if (check) await check();
    await checkLayout(page, `${what} at ${size.width} px`);
    if (screenshots) await page.screenshot({ path: `${screenshots}/${what}-${size.width}.png`, fullPage: true });
  }
}
