import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../journey-helpers';

/** A phone's and a desktop's window, the two widths every page is checked at. */
export const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/** The page as it stands, at both widths: no sideways scroll, and axe clean. */
export async function checkAtBothWidths(page: Page, what: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth, `${what} at ${size.width} px scrolls sideways`).toBeLessThanOrEqual(innerWidth);
    await expectNoAxeViolations(page);
  }
}
