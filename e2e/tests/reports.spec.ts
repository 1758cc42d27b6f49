import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { longDateToday, zoneOnAnotherDay } from './support/dates';
import { memberWithFinishedRapid } from './support/reports';
import { expectWordsWhole } from './support/widths';

/** Spec 02 §2 "Profile Report": the free report of a finished Rapid assessment. */

test('the profile report shows every section and passes axe', async ({ page }) => {
  test.setTimeout(90_000);
  const assessmentId = await memberWithFinishedRapid(page, 'Ada', 'Stone');

  // Reached from the upsell's free option, as a member would.
  await page.goto(`/PositivityPlan/${assessmentId}`);
  await page.getByRole('button', { name: 'View My Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/BloomProfileReport/${assessmentId}$`));

  await expect(page.getByRole('heading', { level: 1, name: 'Ada Stone' })).toBeVisible();
  await expect(page.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Positivity Plan' })).toHaveCount(2);
  for (const title of ['Your Life Lotus', 'Positive Experiences', 'Positive Feelings', 'Energy Balance', 'Mindset Positivity', 'Wellbeing Resilience', 'Individual Differences', 'Where to go from here']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: /Life Lotus/ })).toBeVisible();
  const table = page.getByRole('table', { name: /Your results compared with others/ });
  await expect(table).toBeVisible();
  await expect(table.getByText('Provisional')).toBeVisible();
  // The bundled baseline is 1,000 simulated profiles, and the report says exactly that (issue 23 §2).
  await expect(page.getByText('Your results were compared with a provisional reference group of 1,000 simulated answer profiles, not real people.')).toBeVisible();
  await expect(page.getByText(/Every 1 to 3 months/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Go to Positivity Plan' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/PositivityPlan/${assessmentId}$`));
  await expect(page.getByRole('heading', { name: 'Your Personal Profile is Ready!' })).toBeVisible();
});

// At 1280 px the name shared its row with the two buttons and had only the room they left: a
// review found "Maria Montgomery-Delacroix" broken mid-word, "Montgomer / y-Delacroix". The name
// has the header's whole width; the date and the buttons are on the row below.
test('a long name in the profile report’s header keeps its words whole at 1280 px', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const assessmentId = await memberWithFinishedRapid(page, 'Bartholomew', 'Featherstonehaugh');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/BloomProfileReport/${assessmentId}`);
  const name = page.getByRole('heading', { level: 1, name: 'Bartholomew Featherstonehaugh' });
  await expect(name).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Positivity Plan' }).first()).toBeVisible();
  await expectWordsWhole(name, 'the report’s name');

  // The review's name, longer than the row: it may go on after its hyphen, as words do after a
  // space, but each part stays whole.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const maria = await context.newPage();
  const mariasAssessment = await memberWithFinishedRapid(maria, 'Maria', 'Montgomery-Delacroix');
  await maria.goto(`/BloomProfileReport/${mariasAssessment}`);
  const mariasName = maria.getByRole('heading', { level: 1, name: 'Maria Montgomery-Delacroix' });
  await expect(mariasName).toBeVisible();
  const brokenParts = await mariasName.evaluate((heading) => {
    const text = heading.firstChild!;
    const range = document.createRange();
    return Array.from((text.textContent ?? '').matchAll(/[^\s-]+/g)).flatMap((part) => {
      range.setStart(text, part.index);
      range.setEnd(text, part.index + part[0].length);
      return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size > 1 ? [part[0]] : [];
    });
  });
  expect(brokenParts, 'parts of Maria’s name broken across lines').toEqual([]);
  await context.close();
});

test('someone else’s report is not found, and a visitor is asked to sign up', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const assessmentId = await memberWithFinishedRapid(page, 'Lee', 'Owner');

  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto(`/BloomProfileReport/${assessmentId}`);
  await expect(stranger.getByRole('heading', { name: 'Sign up to see your free Profile Report' })).toBeVisible();
  await expectNoAxeViolations(stranger);
  await strangerContext.close();

  await page.goto('/BloomProfileReport/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'We could not find this report' })).toBeVisible();
});

test.describe('in a reader\'s time zone whose day is not UTC\'s', () => {
  const timeZone = zoneOnAnotherDay();
  test.use({ timezoneId: timeZone });

  test('one assessment has one date: the dashboard\'s list and the report\'s "Taken on" agree (a review found the report in UTC)', async ({ page }) => {
    test.setTimeout(90_000);
    const assessmentId = await memberWithFinishedRapid(page, 'Noa', 'Kealoha');
    const today = longDateToday(timeZone);
    expect(today).not.toBe(longDateToday('UTC'));

    await page.goto('/Dashboard');
    await expect(page.getByRole('listitem').filter({ hasText: 'Rapid' }).getByText(today, { exact: true })).toBeVisible();
    await page.goto(`/BloomProfileReport/${assessmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Noa Kealoha' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: today })).toBeVisible();
  });
});
