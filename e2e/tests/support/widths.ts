import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../journey-helpers';

/** A phone's and a desktop's window, the two widths every page is checked at. */
export const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/** The page does not scroll sideways at the current width. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

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

/**
 * Every word of each element stays whole on its line: a box squeezed narrower than its longest
 * word breaks it mid-word ("Overa / ll"), which the sideways-scroll check does not see.
 */
export async function expectWordsWhole(elements: Locator, what: string): Promise<void> {
  const broken = await elements.evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const text = node.firstChild?.nodeType === Node.TEXT_NODE ? node.firstChild : null;
      if (!text?.textContent) return [];
      const range = document.createRange();
      const words: string[] = [];
      for (const match of text.textContent.matchAll(/\S+/g)) {
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) words.push(match[0]);
      }
      return words;
    }),
  );
  expect(broken, `${what}: words broken across lines`).toEqual([]);
}
