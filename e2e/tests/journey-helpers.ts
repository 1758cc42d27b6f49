import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type Request, type Response } from '@playwright/test';

/**
 * axe with every rule it runs by default and 'target-size' (WCAG 2.2 2.5.8 Target Size (Minimum),
 * 24 by 24 px or spaced apart), which axe-core 4.x leaves off unless asked.
 */
export function axeWithTargetSize(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } });
}

/** Fails the test with a readable list when axe finds any WCAG problem on the page (target size too). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A colour transition caught halfway (a button turning enabled) is not what people see; let it finish.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished.catch(() => undefined))),
  );
  const results = await axeWithTargetSize(page).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}

const isRadioFocused = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'radio');
const focusedTag = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName.toLowerCase()}:${el.textContent?.trim() ?? ''}` : '';
  });

/** Presses Tab until a radio of the next question has focus. */
async function tabToNextRadio(page: Page): Promise<void> {
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    if (await isRadioFocused(page)) return;
  }
  throw new Error('Tabbing never reached a question');
}

/**
 * Answers every question on the page with the keyboard only: Tab into each radio group,
 * Space to choose "Rarely" or the arrow keys to move to a later answer.
 */
export async function answerWithKeyboard(page: Page, responses: readonly number[]): Promise<void> {
  for (const response of responses) {
    await tabToNextRadio(page);
    if (response === 0) await page.keyboard.press('Space');
    for (let step = 0; step < response; step += 1) await page.keyboard.press('ArrowRight');
  }
}

/** Tabs forward to the button with this text and presses Enter. */
export async function pressButtonWithKeyboard(page: Page, label: string): Promise<void> {
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedTag(page)) === `button:${label}`) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`Tabbing never reached the "${label}" button`);
}

/** A varied but repeatable answer pattern for n questions. */
export const answersFor = (count: number, offset = 0): number[] => Array.from({ length: count }, (_, i) => (i + offset) % 5);

/** Waits for a question page to show its questions. */
export async function waitForQuestions(page: Page, count: number): Promise<void> {
  await expect(page.getByRole('group').filter({ has: page.getByRole('radio') })).toHaveCount(count);
}

/**
 * Marks the question page now shown, before a step that leaves it (Next, Back), and returns a
 * locator that finds it until it is gone: `await expect(left).toHaveCount(0)` after the step.
 * The address changes before the next page is drawn (the router's moves are transitions), and the
 * page left stays on screen meanwhile, often with as many questions: a check of the address and of
 * the question count is satisfied by it, and a step then acts on it (CI flakes).
 */
export async function markQuestionPageLeft(page: Page): Promise<Locator> {
  // One form of questions on a question page; evaluate fails if there is none, or more than one.
  await page
    .locator('main form')
    .filter({ has: page.getByRole('radio') })
    .evaluate((form) => form.setAttribute('data-e2e-left', ''));
  return page.locator('main form[data-e2e-left]');
}

/**
 * The save of the step a person is on (`SaveUserProgress` with `route`), which the app makes when
 * the browser is next idle (app/shell-effects.ts), not with the move: start waiting before it.
 */
export function stepSaved(page: Page, route: RegExp): Promise<Response> {
  return page.waitForResponse(
    (r) =>
      /\/api\/user\/SaveUserProgress$/i.test(r.url()) &&
      r.request().method() === 'POST' &&
      route.test(String((r.request().postDataJSON() as { route?: unknown } | null)?.route)),
  );
}

/** A save of answers (each answer is saved as it is chosen). */
export const isAnswerSave = (request: Request) => /\/api\/user\/SaveQuestionResponse$/i.test(request.url()) && request.method() === 'POST';

/** Whether an answer save carries `response` for question `guid` (its body is a list of answers). */
function carriesAnswer(request: Request, guid: string, response: number): boolean {
  try {
    const answers = request.postDataJSON() as unknown;
    return Array.isArray(answers) && answers.some((a: { questionGuid?: unknown; response?: unknown }) => a.questionGuid === guid && a.response === response);
  } catch {
    return false;
  }
}

/** The radio for `label` of question number `n` (1-based) on the page. */
export const answerOption = (page: Page, n: number, label: string) =>
  page.getByRole('group').filter({ has: page.getByRole('radio') }).nth(n - 1).getByRole('radio', { name: label, exact: true });

/** Chooses `label` for questions 1..count, waiting for each save to be acknowledged. */
export async function answerQuestions(page: Page, count: number, label = 'Often'): Promise<void> {
  for (let n = 1; n <= count; n += 1) {
    const radio = answerOption(page, n, label);
    // The address changes before the next page is drawn (the router's moves are transitions), and
    // the page left by Next has as many questions, all answered: checking one of its radios would
    // change nothing and no save would come (a CI flake on the dashboard spec). An answer not yet
    // chosen is the page now shown.
    await expect(radio).not.toBeChecked();
    // The save that carries this answer: one already in flight for the previous answer can answer
    // first, and the next test step would then see this one's save start (a CI flake). Its value
    // too: a question answered before with another label has its own save, which can answer first.
    const guid = (await radio.getAttribute('name'))?.replace(/^question-/, '') ?? '';
    const response = Number(await radio.getAttribute('value'));
    const saved = page.waitForResponse((r) => isAnswerSave(r.request()) && r.ok() && carriesAnswer(r.request(), guid, response));
    await radio.check();
    await saved;
  }
}
