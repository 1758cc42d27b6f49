import { expect, test } from '@playwright/test';

/*
 * The entry names no page's scripts (build/route-hints.ts, pageScriptsFromRouteHints): the first
 * page's are in its HTML, and a later page's are preloaded from route-hints.json as the app moves
 * to it (app/page-scripts.ts), side by side rather than one import level after another.
 */
test("moving to the next page preloads that page's scripts from the route hints", async ({ page }) => {
  const hintsRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/route-hints.json');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Start Now' }).first()).toBeVisible();
  // Read once the first page is on screen, not among what its first paint waits for.
  const hints = (await (await hintsRead).json()) as { routes: Array<{ path: string; modules: string[] }> };
  const questionScripts = hints.routes.find((route) => route.path === '/Rapid/:moduleName')!.modules;
  expect(questionScripts.length).toBeGreaterThan(1);

  await page.getByRole('button', { name: 'Start Now' }).first().click();
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  const preloaded = await page.evaluate(() => Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (link) => link.getAttribute('href')));
  for (const script of questionScripts) expect(preloaded).toContain(script);
});
