import { expect, test, type Page } from '@playwright/test';
import { rapidGuestJourney } from '../../bench/journey';
import { answerQuestions, stepSaved, waitForQuestions } from './journey-helpers';

/**
 * The bench measures the calls a browser makes (bench/journey.ts, decision 0049). A guest clicks
 * through the Rapid journey in Chromium; the bench's journey then runs against the same server
 * as another guest. Both must send the same calls, as many times each: when the app changes its
 * calls, this fails, and the bench's journey is recorded again. Concurrent reads may leave the
 * browser in either order, so the calls are compared as counts, not as a sequence.
 */
const apiCall = (method: string, url: string) => `${method} ${new URL(url).pathname}`;
const tally = (calls: string[]) => Object.fromEntries([...new Set(calls)].sort().map((call) => [call, calls.filter((c) => c === call).length]));

/** Answers every question of the page, one save acknowledged after another, as a person would, then goes on. */
async function answerPage(page: Page, count: number): Promise<void> {
  await waitForQuestions(page, count);
  await answerQuestions(page, count);
  await page.getByRole('button', { name: 'Next' }).click();
}

test('the bench sends the calls a browser sends through the Rapid journey', async ({ page, request }) => {
  const browserCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) browserCalls.push(apiCall(r.method(), r.url()));
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Now' }).first().click();
  for (const [module, count] of [['Experiences', 12], ['Feelings', 12], ['Energy', 6]] as const) {
    await expect(page).toHaveURL(new RegExp(`/Rapid/${module}$`, 'i'));
    await answerPage(page, count);
  }
  await expect(page).toHaveURL(/\/Research$/i);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/LifeSituations$/i);
  // The lotus page's step is saved when the browser is next idle (app/shell-effects.ts), which
  // can come after the network has been quiet long enough for 'networkidle'.
  const lotusStepSaved = stepSaved(page, /\/YourLifeLotus$/i);
  await page.getByRole('button', { name: 'Skip All' }).click();
  await expect(page).toHaveURL(/\/YourLifeLotus$/i);
  await expect(page.locator('figcaption').first()).toBeAttached();
  await lotusStepSaved;
  await page.waitForLoadState('networkidle');

  const benchCalls: string[] = [];
  await rapidGuestJourney({
    async call<T>(_label: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
      const response = await request.fetch(path, { method, data: body, headers: method === 'POST' ? { 'x-bloom-csrf': '1' } : {} });
      expect(response.ok(), `${method} ${path} answered ${response.status()}`).toBe(true);
      benchCalls.push(apiCall(method, response.url()));
      // Some answers are text (GetSummaryText) or empty (getCurrentUser for a visitor).
      const json = response.headers()['content-type']?.startsWith('application/json');
      return (json ? await response.json() : await response.text()) as T;
    },
  });

  expect(tally(benchCalls)).toEqual(tally(browserCalls));
});
