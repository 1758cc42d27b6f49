import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './journey-helpers';
import { signInAsAdmin as signInAsConfiguredAdmin } from './support/account-mail';
import { getFromPage, postFromPage } from './support/page-api';
import { finishRapidThroughApi } from './support/reports';
import { newPerson, signUpAsCoach, signUpAsMember } from './support/sign-up';
import { WIDTHS } from './support/widths';

/**
 * Issue 23 part 6, "pages that hold together": at 390 px (a phone) and 1280 px no page scrolls
 * sideways, even with 60-character names with and without spaces; a wide table scrolls inside
 * its own box, which keyboard users can focus, and shows a cue while more columns are to the
 * side; a stacked page's parts never touch, and on a phone its actions are full-width buttons;
 * the floating buttons cover no button or link, at first view or scrolled to the bottom, and Tab
 * scrolls the control it reaches clear of them;
 * the handwritten font of visited progress steps is the bundled one, not a fallback.
 * The people and their data are made once for the file, through the sign-up form and the API.
 */

/** 60 characters without a space: only overflow-wrap:anywhere can break it. */
const UNBROKEN = 'W'.repeat(60);
/** 60 characters of long words with spaces. */
const SPACED = 'Wilhelmina Wolkenstein-Oberhausen Wadsworth-Whittingtonshire';

interface Cast {
  visitor: Page;
  member: Page;
  coach: Page;
  admin: Page;
  memberAssessmentId: string;
}

let cast: Cast | undefined;

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/**
 * A coach, a member who is the coach's client (both with 60-character names), an organization
 * and a group with 60-character names holding the client, a bought plan, and an admin.
 */
async function makeCast(browser: Browser): Promise<Cast> {
  const visitor = await newPage(browser);

  const coach = newPerson(UNBROKEN, `${SPACED.slice(0, 46)} ${Date.now()}`);
  const coachPage = await newPage(browser);
  await signUpAsCoach(coachPage, coach);
  if (/\/Coach\/Name$/i.test(coachPage.url())) {
    await coachPage.getByLabel('First Name').fill(coach.firstName);
    await coachPage.getByLabel('Last Name').fill(coach.lastName);
    await coachPage.getByRole('button', { name: 'Submit' }).click();
    await expect(coachPage).toHaveURL(/\/CoachDashboard$/i);
  }

  const memberPage = await newPage(browser);
  await signUpAsMember(memberPage, newPerson(UNBROKEN, SPACED));
  const memberAssessmentId = await finishRapidThroughApi(memberPage);
  // Coaches are no longer listed to choose from (decision 0030): the coach's id comes from the coach's own session.
  const coachId = (await getFromPage<{ id: string }>(coachPage, '/api/user/getCurrentUser')).id;
  await postFromPage(memberPage, `/api/coach/AssignCoachToUser/${coachId}`);
  await postFromPage(memberPage, `/api/user/SetCoachAccessGranted/${memberAssessmentId}`);

  // Before buying, the plan's page is the upsell; its offers end in full-width buttons, the free
  // one's (View My Profile) near the bottom of a phone's first screen, where the floating button is.
  await memberPage.goto(`/PositivityPlan/${memberAssessmentId}`);
  await expect(memberPage.getByRole('button', { name: 'View My Profile' })).toBeVisible({ timeout: 15_000 });
  for (const size of WIDTHS) {
    await memberPage.setViewportSize({ width: size.width, height: size.height });
    await expectPageHoldsTogether(memberPage, `the upsell at ${size.width} px`, size.width);
    await expectFloatingButtonsClear(memberPage, `the upsell at ${size.width} px`);
  }
  // The member buys the plan in the test store (the checkout page is one of the pages checked).
  await memberPage.getByRole('button', { name: 'Purchase My Plan' }).click();
  await expect(memberPage).toHaveURL(/\/Purchase\//);
  for (const size of WIDTHS) {
    await memberPage.setViewportSize({ width: size.width, height: size.height });
    await expectPageHoldsTogether(memberPage, `the test store at ${size.width} px`, size.width);
    await expectFloatingButtonsClear(memberPage, `the test store at ${size.width} px`);
  }
  await memberPage.getByRole('button', { name: /^Pay/ }).click();
  await expect(memberPage.getByRole('heading', { level: 2, name: 'Your plan in simple words' })).toBeVisible({ timeout: 15_000 });

  // An organization and a group with long names; the client moves into the group.
  const organization = await postFromPage<{ organizationGuid: string }>(coachPage, `/api/organization/AddNewOrganization/${encodeURIComponent(UNBROKEN)}`);
  const group = await postFromPage<{ groupGuid: string }>(coachPage, `/api/organization/AddNewGroup/${organization.organizationGuid}/${encodeURIComponent(SPACED)}`);
  const clients = await getFromPage<{ id: string; lastName: string }[]>(coachPage, '/api/coach/GetClientsWithNoOrg');
  const clientId = clients.find((c) => c.lastName === SPACED)?.id;
  expect(clientId, 'the member is the coach’s client').toBeTruthy();
  await postFromPage(coachPage, `/api/coach/AssignUserToNewGroup/${clientId}/${group.groupGuid}`);

  const adminPage = await newPage(browser);
  await signInAsAdmin(adminPage);

  return { visitor, member: memberPage, coach: coachPage, admin: adminPage, memberAssessmentId };
}

/** Signs in as the admin this file's server names (e2e/playwright.config.ts). */
const signInAsAdmin = (page: Page) => signInAsConfiguredAdmin(page, newPerson(UNBROKEN, SPACED, 'layout-admin@bloom.test'));

/** The elements sticking out past the right edge, innermost first, to say what overflows. */
async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= limit + 0.5) continue;
      // Skip those whose overflow a scrolling ancestor keeps in.
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= limit + 0.5) {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      if (Array.from(element.children).some((child) => child.getBoundingClientRect().right > limit + 0.5)) continue;
      const name = `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ').join('.')}` : ''}`;
      found.push(`${name} right=${Math.round(box.right)} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return found.slice(0, 8);
  });
}

/**
 * The gaps between a stacked page's parts (the kit's Page, `bloom-page`), top to bottom, with the
 * parts' names: a wrapper element around them makes them one block whose parts touch.
 */
async function gapsBetweenPageParts(page: Page): Promise<{ between: string; gap: number }[]> {
  return page.evaluate(() => {
    const scaffold = document.querySelector('.bloom-page');
    if (!scaffold) return [];
    const parts: Element[] = [];
    const collect = (element: Element) => {
      for (const child of Array.from(element.children)) {
        const style = getComputedStyle(child);
        // A wrapper without a look of its own (no class) holds parts of the page, not one part.
        if (style.display === 'contents' || (child.tagName === 'DIV' && !child.className)) collect(child);
        else if (style.display !== 'none' && style.position !== 'absolute' && style.position !== 'fixed' && child.getBoundingClientRect().height > 0) parts.push(child);
      }
    };
    collect(scaffold);
    const name = (element: Element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 24)}"`;
    return parts.slice(1).map((part, i) => {
      const above = parts[i] as Element;
      return { between: `${name(above)} / ${name(part)}`, gap: Math.round(part.getBoundingClientRect().top - above.getBoundingClientRect().bottom) };
    });
  });
}

/** The buttons of an actions row (`bloom-actions`) narrower than their place in it, as "label width/place". */
async function actionsNarrowerThanTheirPlace(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.bloom-actions')).flatMap((row) =>
      Array.from(row.children).flatMap((item) => {
        const control = item.matches('a, button') ? item : item.querySelector('a, button');
        if (!control) return [];
        const place = item.getBoundingClientRect().width;
        const width = control.getBoundingClientRect().width;
        return width + 1 < place ? [`${(control.textContent ?? '').trim()} ${Math.round(width)}/${Math.round(place)}`] : [];
      }),
    ),
  );
}

/**
 * The visible buttons and links the floating buttons (Member Dashboard, Scroll to Top) sit on, as
 * "label under floating label": none may, or a tap meant for one lands on the other. A floating
 * button is taken as the shape it is drawn and hit-tested as, a rectangle with rounded corners
 * (round, or a pill), so a control beside its curve is not counted as under it. With `focused`,
 * only the control that has the keyboard focus is looked at, as drawn: an answer's whole tile
 * (its label), not just its circle.
 */
async function controlsUnderFloatingButtons(page: Page, which: 'all' | 'focused' = 'all'): Promise<string[]> {
  const dashboard = page.getByRole('button', { name: 'Member Dashboard', exact: true });
  if ((await dashboard.count()) === 0) return [];
  return dashboard.evaluate((button, which) => {
    const floating = Array.from(button.parentElement!.children);
    const label = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
    const shown = (box: DOMRect) => box.width > 1 && box.height > 1 && box.bottom > 0 && box.top < window.innerHeight;
    /** Whether a rectangle reaches into `own`'s rounded box: within its corner radius of the box shrunk by that radius. */
    const covers = (own: Element, box: DOMRect) => {
      const shape = own.getBoundingClientRect();
      const radius = Math.min(parseFloat(getComputedStyle(own).borderTopLeftRadius) || 0, shape.width / 2, shape.height / 2);
      const dx = Math.max(0, box.left - (shape.right - radius), shape.left + radius - box.right);
      const dy = Math.max(0, box.top - (shape.bottom - radius), shape.top + radius - box.bottom);
      return radius > 0 ? Math.hypot(dx, dy) < radius : box.left < shape.right && shape.left < box.right && box.top < shape.bottom && shape.top < box.bottom;
    };
    const focused = document.activeElement && document.activeElement !== document.body ? [document.activeElement.closest('label') ?? document.activeElement] : [];
    const candidates = which === 'focused' ? focused : Array.from(document.querySelectorAll('a[href], button, [role="button"], [role="link"]'));
    const controls = candidates.filter(
      (control) => !floating.some((own) => own.contains(control)) && getComputedStyle(control).visibility !== 'hidden' && shown(control.getBoundingClientRect()),
    );
    return floating.flatMap((own) =>
      controls.filter((control) => covers(own, control.getBoundingClientRect())).map((control) => `${label(control)} under ${label(own)}`),
    );
  }, which);
}

/** The floating buttons cover no button or link, at first view and scrolled to the bottom (where Scroll to Top has appeared). */
async function expectFloatingButtonsClear(page: Page, what: string): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  expect(await controlsUnderFloatingButtons(page), `${what}: at first view`).toEqual([]);
  // Sections drawn only once near the screen (content-visibility) take their real height as they
  // come, above the screen too: scroll again until the end has held for five frames running.
  const atTheEnd = await page.evaluate(async () => {
    let held = 0;
    for (let frames = 0; frames < 300 && held < 5; frames++) {
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      held = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1 ? held + 1 : 0;
    }
    return held >= 5;
  });
  expect(atTheEnd, `${what}: scrolls to its end`).toBe(true);
  if ((await page.evaluate(() => window.scrollY)) > 200 && (await page.getByRole('button', { name: 'Member Dashboard', exact: true }).count()) > 0) {
    await expect(page.getByRole('button', { name: 'Scroll to Top' })).toBeVisible();
  }
  expect(await controlsUnderFloatingButtons(page), `${what}: scrolled to the bottom`).toEqual([]);
}

/** No sideways scroll (naming what sticks out when there is), and no axe violations. */
async function expectPageHoldsTogether(page: Page, what: string, width: number): Promise<void> {
  await page.waitForLoadState('networkidle');
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(innerWidth).toBe(width);
  const culprits = scrollWidth > innerWidth ? await overflowingElements(page) : [];
  expect({ what, scrollWidth, culprits }).toEqual({ what, scrollWidth: innerWidth, culprits: [] });
  expect(await controlsCutOffSideways(page), `${what}: buttons and links cut off by a box that hides its overflow`).toEqual([]);
  await expectNoAxeViolations(page);
}

/**
 * Buttons and links that reach past the side of a box that hides what overflows it: the page
 * does not scroll sideways, so the width check above misses them, but part of the control is
 * gone ("Print p…").
 */
async function controlsCutOffSideways(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('a[href], button')).flatMap((control) => {
      const box = control.getBoundingClientRect();
      if (box.width < 1 || box.height < 1 || getComputedStyle(control).visibility === 'hidden') return [];
      for (let box_ = control.parentElement; box_ && box_ !== document.body; box_ = box_.parentElement) {
        const overflow = getComputedStyle(box_).overflowX;
        if (overflow !== 'hidden' && overflow !== 'clip') continue;
        const clip = box_.getBoundingClientRect();
        // A visually hidden text (1 px, clipped) is not a control people see.
        if (clip.width <= 1) return [];
        if (box.left < clip.left - 1 || box.right > clip.right + 1) return [`${(control.textContent ?? '').trim().slice(0, 30)} ${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(clip.left)}–${Math.round(clip.right)}`];
      }
      return [];
    }),
  );
}

interface PageVisit {
  name: string;
  who: keyof Omit<Cast, 'memberAssessmentId'>;
  path: (cast: Cast) => string;
  /** Something on the page that says it has rendered its content. */
  ready: (page: Page) => Locator;
  /** What to open before looking (a collapsed row holding more of the page). */
  prepare?: (page: Page) => Promise<void>;
}

const PAGES: PageVisit[] = [
  { name: 'welcome', who: 'visitor', path: () => '/', ready: (p) => p.getByRole('heading', { level: 1 }) },
  { name: '/Pro welcome', who: 'visitor', path: () => '/Pro', ready: (p) => p.getByRole('heading', { level: 1 }) },
  { name: '/Client welcome', who: 'visitor', path: () => '/Client', ready: (p) => p.getByRole('heading', { level: 1 }) },
  { name: 'coach log-in', who: 'visitor', path: () => '/Coach', ready: (p) => p.getByRole('heading', { level: 1 }) },
  { name: 'member dashboard', who: 'member', path: () => '/Dashboard', ready: (p) => p.getByRole('link', { name: 'Profile' }) },
  { name: 'profile report', who: 'member', path: (c) => `/BloomProfileReport/${c.memberAssessmentId}`, ready: (p) => p.getByRole('table', { name: /compared with others/ }) },
  { name: 'Positivity Plan', who: 'member', path: (c) => `/PositivityPlan/${c.memberAssessmentId}`, ready: (p) => p.getByRole('table', { name: /compared with others/ }) },
  { name: 'results', who: 'member', path: () => '/YourLifeLotus', ready: (p) => p.getByRole('img', { name: /Life Lotus/ }).first() },
  { name: 'question page', who: 'member', path: () => '/Rapid/Feelings', ready: (p) => p.getByRole('radio').first() },
  { name: 'privacy', who: 'member', path: () => '/Account/Privacy', ready: (p) => p.getByRole('heading', { level: 1 }) },
  {
    name: 'coach dashboard',
    who: 'coach',
    path: () => '/CoachDashboard',
    ready: (p) => p.getByRole('button', { name: new RegExp(`^${UNBROKEN} ${SPACED}`) }),
    // The client's row open, with the assessment and its actions.
    prepare: async (p) => {
      const client = p.getByRole('button', { name: new RegExp(`^${UNBROKEN} ${SPACED}`) });
      if ((await client.getAttribute('aria-expanded')) !== 'true') await client.click();
      await expect(p.getByRole('link', { name: 'View Coach Supplement' })).toBeVisible();
    },
  },
  { name: 'client management', who: 'coach', path: () => '/ClientManagement', ready: (p) => p.getByRole('heading', { level: 2, name: UNBROKEN }) },
  { name: 'coach supplement', who: 'coach', path: (c) => `/CoachSupplement/${c.memberAssessmentId}`, ready: (p) => p.getByRole('row', { name: /Overall well-being/ }) },
  { name: 'admin dashboard', who: 'admin', path: () => '/Dashboard', ready: (p) => p.getByRole('heading', { name: 'Coach approvals' }) },
];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  cast = await makeCast(browser);
});

for (const size of WIDTHS) {
  for (const visit of PAGES) {
    test(`${visit.name} holds together at ${size.width} px`, async () => {
      const page = cast![visit.who];
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(visit.path(cast!));
      await expect(visit.ready(page)).toBeVisible({ timeout: 15_000 });
      await visit.prepare?.(page);
      await expectPageHoldsTogether(page, visit.name, size.width);
      // A stacked page's parts are spaced apart by the page's gap, never touching.
      const touching = (await gapsBetweenPageParts(page)).filter(({ gap }) => gap < 16);
      expect(touching, `${visit.name}: parts closer than 16 px`).toEqual([]);
      // On a phone each action is a full-width button, as wide as its row: none is left shorter.
      if (size.width < 480) expect(await actionsNarrowerThanTheirPlace(page), `${visit.name}: actions narrower than their row`).toEqual([]);
      await expectFloatingButtonsClear(page, `${visit.name} at ${size.width} px`);
    });
  }
}

// WCAG 2.2 2.4.11 (Focus Not Obscured): a control reached by Tab scrolls clear of the floating
// buttons, whole, not merely onto the screen. A tablet's width is looked at too, where the
// question page's answer tiles sit in one row under the Member Dashboard pill.
test('Tab brings every answer and the Next button on the question page clear of the floating buttons', async () => {
  const page = cast!.member;
  for (const size of [...WIDTHS, { width: 768, height: 1024 }]) {
    await page.setViewportSize(size);
    await page.goto('/Rapid/Feelings');
    await expect(page.getByRole('radio').first()).toBeVisible({ timeout: 15_000 });
    const next = page.getByRole('button', { name: 'Next', exact: true });
    const under: string[] = [];
    let onNext = false;
    for (let presses = 0; presses < 80 && !onNext; presses++) {
      await page.keyboard.press('Tab');
      under.push(...(await controlsUnderFloatingButtons(page, 'focused')).map((found) => `${found} at ${size.width} px`));
      onNext = await next.evaluate((element) => element === document.activeElement);
    }
    expect(onNext, `Tab reaches Next at ${size.width} px`).toBe(true);
    expect(under).toEqual([]);
  }
});

/**
 * One press of Shift+Tab, and where the focus landed: `done` once it leaves the page's controls
 * (the page, or a control met before). A control in something fixed (the skip link, the header's,
 * the floating buttons) stays where it is drawn and is not measured; any other control, as drawn
 * (an answer's whole tile), is `under` the fixed header when any of it is behind it.
 */
async function shiftTabOnce(page: Page): Promise<{ done: true } | { done: false; label: string; fixed: boolean; under: boolean }> {
  await page.keyboard.press('Shift+Tab');
  return page.evaluate(() => {
    const walk = window as unknown as { shiftTabSeen?: WeakSet<Element> };
    walk.shiftTabSeen ??= new WeakSet();
    const active = document.activeElement;
    if (!active || active === document.body || walk.shiftTabSeen.has(active)) return { done: true } as const;
    walk.shiftTabSeen.add(active);
    const label = `${active.tagName.toLowerCase()} "${(active.getAttribute('aria-label') ?? active.closest('label')?.textContent ?? active.textContent ?? '').trim().slice(0, 40)}"`;
    for (let element: Element | null = active; element; element = element.parentElement) {
      if (getComputedStyle(element).position === 'fixed') return { done: false, label, fixed: true, under: false } as const;
    }
    const header = Array.from(document.querySelectorAll('header')).find((element) => getComputedStyle(element).position === 'fixed');
    const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
    const drawn = (active.closest('label') ?? active).getBoundingClientRect();
    return { done: false, label, fixed: false, under: drawn.top < headerBottom - 0.5 } as const;
  });
}

// WCAG 2.2 2.4.11 (Focus Not Obscured) going back up: Shift+Tab scrolls the page up to each control
// it reaches, which must then sit below the fixed header (scroll-padding-top), not behind it. From
// the page's last control to its skip link, on a phone.
test('Shift+Tab brings every control of the question page and the member dashboard clear of the fixed header at 390 px', async () => {
  const page = cast!.member;
  await page.setViewportSize({ width: 390, height: 844 });
  const visits = [
    { path: '/Rapid/Feelings', ready: page.getByRole('radio').first() },
    { path: '/Dashboard', ready: page.getByRole('link', { name: 'Profile' }) },
  ];
  for (const visit of visits) {
    await page.goto(visit.path);
    await expect(visit.ready).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    // Start at the end: the focus on the page's last control, which takes the page to its bottom.
    await page.evaluate(() => {
      const controls = Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')).filter(
        (element) => element.tabIndex >= 0 && !element.matches(':disabled') && element.getClientRects().length > 0 && !element.closest('[inert], [aria-hidden="true"]'),
      );
      controls.at(-1)!.focus();
    });
    const reached: string[] = [];
    const under: string[] = [];
    for (let presses = 0; presses < 200; presses++) {
      const step = await shiftTabOnce(page);
      if (step.done) break;
      reached.push(step.label);
      if (step.under) under.push(`${step.label} on ${visit.path}`);
    }
    expect(reached.at(-1), `Shift+Tab on ${visit.path} walks up to the skip link (${reached.join(', ')})`).toBe('a "Skip to main content"');
    expect(reached.length, `controls reached on ${visit.path}`).toBeGreaterThan(5);
    expect(under).toEqual([]);
  }
});

// An answer's label is one word or two and cannot wrap: at every width from the narrowest phone
// that keeps five columns to a desktop, it fits inside its tile, chosen (bold where there is room)
// or not. A guest of its own, so the cast's answers stay as they are.
test('every answer label fits inside its tile, chosen or not, from 360 to 1280 px', async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Now' }).first().click();
  await expect(page).toHaveURL(/\/Rapid\/Experiences$/i);
  const first = page.getByRole('group', { name: /^1\.\s/ });
  await expect(first.getByRole('radio')).toHaveCount(5);
  const overflowing: string[] = [];
  for (const width of [360, 375, 390, 414, 480, 560, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const option of await first.getByRole('radio').all()) {
      await option.check();
      const tooWide = await first.evaluate((group) =>
        Array.from(group.querySelectorAll('label'))
          .filter((tile) => tile.scrollWidth > tile.clientWidth)
          .map((tile) => `${tile.textContent?.trim()} ${tile.scrollWidth - tile.clientWidth} px over`),
      );
      overflowing.push(...tooWide.map((found) => `${found} at ${width} px`));
    }
  }
  expect(overflowing).toEqual([]);
  await page.context().close();
});

/** The frame of a table's scrolling box says which sides have columns out of sight; each such edge is shaded. */
async function tableCue(region: Locator) {
  return region.evaluate((box) => {
    const shade = box.parentElement!;
    const frame = shade.parentElement!;
    return {
      hiddenColumns: frame.dataset.hiddenColumns,
      leftShade: getComputedStyle(shade, '::before').opacity,
      rightShade: getComputedStyle(shade, '::after').opacity,
      scrolls: box.scrollWidth > box.clientWidth,
      pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

test('a wide table scrolls inside its own box, by keyboard too, with a cue while columns are out of sight', async () => {
  const page = cast!.coach;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/CoachSupplement/${cast!.memberAssessmentId}`);
  const table = page.getByRole('region', { name: 'Positive Experiences', exact: true });
  await expect(table.getByRole('table')).toBeVisible();
  await table.scrollIntoViewIfNeeded();

  // Columns are out of sight to the right: the box scrolls, the page does not, the right edge is shaded.
  await expect.poll(() => tableCue(table)).toEqual({ hiddenColumns: 'right', leftShade: '0', rightShade: '1', scrolls: true, pageScrollsSideways: false });
  await expect(table).toHaveAttribute('tabindex', '0');
  await expect(table).toHaveAccessibleDescription('Scroll sideways to see every column.');
  await expect(page.getByText('Scroll sideways to see every column.').first()).toBeVisible();

  // A keyboard user scrolls it with the arrow keys once it has focus.
  await table.focus();
  await expect(table).toBeFocused();
  for (let i = 0; i < 40 && (await tableCue(table)).hiddenColumns !== 'left'; i += 1) await page.keyboard.press('ArrowRight');
  await expect.poll(() => tableCue(table)).toEqual({ hiddenColumns: 'left', leftShade: '1', rightShade: '0', scrolls: true, pageScrollsSideways: false });
  expect(await table.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  // Where it fits it shows no cue, and is no extra tab stop or landmark.
  await page.setViewportSize({ width: 1280, height: 800 });
  const box = page.getByRole('table', { name: 'Positive Experiences', exact: true }).locator('..');
  await expect.poll(() => tableCue(box)).toEqual({ hiddenColumns: 'none', leftShade: '0', rightShade: '0', scrolls: false, pageScrollsSideways: false });
  await expect(box).not.toHaveAttribute('tabindex');
  await expect(box).not.toHaveAttribute('role');
  await expect(page.getByText('Scroll sideways to see every column.')).toHaveCount(0);
});

test('visited progress steps are written in the bundled handwritten font', async () => {
  const page = cast!.member;
  await page.setViewportSize({ width: 390, height: 844 });
  const fontFile = page.waitForResponse((response) => /\/assets\/kalam-latin-400-normal-[\w-]+\.woff2$/.test(response.url()));
  await page.goto('/Rapid/Feelings');
  const visited = page.getByRole('navigation', { name: 'Your progress' }).getByText('Positive Experiences (completed)');
  await expect(visited).toBeVisible();
  expect(await visited.evaluate((label) => getComputedStyle(label).fontFamily)).toMatch(/^"?Kalam"?,/);
  const served = await fontFile;
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('font/woff2');
  // The face is loaded, not a local cursive font standing in for it.
  const faces = await page.evaluate(async () => {
    await document.fonts.ready;
    const loaded: FontFace[] = [];
    document.fonts.forEach((face) => loaded.push(face));
    return loaded
      .filter((face) => face.family.replace(/"/g, '') === 'Kalam')
      .map((face) => ({ status: face.status, display: face.display, weight: face.weight }));
  });
  expect(faces).toEqual([{ status: 'loaded', display: 'swap', weight: '400' }]);
  expect(await page.evaluate(() => document.fonts.check('16px Kalam', 'Positive Experiences'))).toBe(true);
});

/** Where a control's words begin on the page, and where its box does (px from the left). */
async function leftEdges(control: Locator): Promise<{ words: number; box: number }> {
  return control.evaluate((element) => {
    const words = document.createRange();
    words.selectNodeContents(element);
    return { words: Math.round(words.getBoundingClientRect().left), box: Math.round(element.getBoundingClientRect().left) };
  });
}

test('the member dashboard’s account links line up with the buttons above them at 1280 px', async () => {
  const page = cast!.member;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/Dashboard');
  const actions = page.getByRole('navigation', { name: 'Member Dashboard' });
  await expect(actions.getByRole('link', { name: 'E-mail and password' })).toBeVisible({ timeout: 15_000 });
  const firstButton = await leftEdges(actions.getByRole('button', { name: 'Log out' }));
  // Quiet links draw no box, so it is their words that line up with the buttons' left edge.
  expect((await leftEdges(actions.getByRole('link', { name: 'E-mail and password' }))).words).toBe(firstButton.box);
  // The two sit on one line under the buttons.
  const account = await actions.getByRole('link', { name: 'E-mail and password' }).boundingBox();
  const privacy = await actions.getByRole('link', { name: 'Your data and privacy' }).boundingBox();
  const logOut = await actions.getByRole('button', { name: 'Log out' }).boundingBox();
  expect(privacy!.y).toBe(account!.y);
  expect(account!.y).toBeGreaterThan(logOut!.y + logOut!.height);
});

/** The dialog's row of actions and each of its buttons, measured in one frame: name → { x, y, width }. */
async function dialogActionBoxes(dialog: Locator): Promise<Record<string, { x: number; y: number; width: number }>> {
  return dialog.evaluate((card) => {
    const row = card.querySelector('.bloom-dialog-actions')!;
    const box = (element: Element) => {
      const { x, y, width } = element.getBoundingClientRect();
      return { x: Math.round(x), y: Math.round(y), width: Math.round(width) };
    };
    return Object.fromEntries([['row', box(row)], ['card', box(card)], ...Array.from(row.children).map((button) => [(button.textContent ?? '').trim(), box(button)])]);
  });
}

test('the delete-account dialog’s actions: side by side at 1280 px, stacked and equally wide at 390 px', async () => {
  const page = cast!.member;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/Account/Privacy');
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: /Delete your account/ });
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeFocused();

  // A phone: each as wide as the dialog's row of actions, one above the other, Cancel first.
  await expect
    .poll(async () => {
      const { row, Cancel, 'Delete my account permanently': remove } = await dialogActionBoxes(dialog);
      return { cancelFillsRow: Cancel!.x === row!.x && Cancel!.width === row!.width, deleteFillsRow: remove!.x === row!.x && remove!.width === row!.width, cancelAbove: Cancel!.y < remove!.y };
    })
    .toEqual({ cancelFillsRow: true, deleteFillsRow: true, cancelAbove: true });
  await expectNoAxeViolations(page);

  // A desktop: side by side on one row, Cancel first, at the dialog's right.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect
    .poll(async () => {
      const { card, Cancel, 'Delete my account permanently': remove } = await dialogActionBoxes(dialog);
      return { oneRow: Cancel!.y === remove!.y, cancelFirst: Cancel!.x + Cancel!.width < remove!.x, atTheRight: card!.x + card!.width - (remove!.x + remove!.width) < 40 };
    })
    .toEqual({ oneRow: true, cancelFirst: true, atTheRight: true });

  // Nothing is deleted: the member is needed by the other tests of this file.
  await cancel.click();
  await expect(dialog).toBeHidden();
});

test.describe('controls keep their own size beside the floating buttons', () => {
  /**
   * The visible buttons and links in the page's content that are squeezed: narrower than 24 px
   * (a drag handle squeezed to nothing), or with content wider than their box (a pill's words
   * spilling out), as "label: what".
   */
  async function squeezedControls(page: Page): Promise<string[]> {
    return page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('main a[href], main button')).flatMap((control) => {
        if (control.getClientRects().length === 0 || getComputedStyle(control).visibility === 'hidden') return [];
        const box = control.getBoundingClientRect();
        const label = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        const found: string[] = [];
        if (box.width < 24) found.push(`${label}: ${Math.round(box.width)} px wide`);
        if (control.scrollWidth > control.clientWidth) found.push(`${label}: ${control.scrollWidth} px of content in ${control.clientWidth}`);
        return found;
      }),
    );
  }

  // On a phone the floating buttons keep a column at the right that controls end short of. A
  // control in a box as narrow as itself (a wrapping row's list item, an auto grid column) was
  // shortened by that whole column all the same: the plan's contents spilled out of their pills,
  // Client Management's drag handles were 0 px wide.
  test('no button or link is squeezed at 390 px: a bought plan, the profile report, the account page, Client Management', async () => {
    const visits: { who: 'member' | 'coach'; path: string; ready: (page: Page) => Locator }[] = [
      { who: 'member', path: `/PositivityPlan/${cast!.memberAssessmentId}`, ready: (p) => p.getByRole('heading', { level: 2, name: 'Your plan in simple words' }) },
      { who: 'member', path: `/BloomProfileReport/${cast!.memberAssessmentId}`, ready: (p) => p.getByRole('table', { name: /compared with others/ }) },
      { who: 'member', path: '/Account', ready: (p) => p.getByRole('heading', { level: 1 }) },
      { who: 'coach', path: '/ClientManagement', ready: (p) => p.getByRole('heading', { level: 2, name: UNBROKEN }) },
    ];
    const squeezed: string[] = [];
    for (const visit of visits) {
      const page = cast![visit.who];
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(visit.path);
      await expect(visit.ready(page)).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      // The coach's client, with the drag handle a squeezed box had drawn 0 px wide.
      if (visit.who === 'coach') await expect(page.getByRole('button', { name: new RegExp(`^Drag ${UNBROKEN}`) })).toBeAttached();
      squeezed.push(...(await squeezedControls(page)).map((found) => `${found} on ${visit.path}`));
    }
    expect(squeezed).toEqual([]);
  });
});

test.describe('progress charts', () => {
  // On /Progress at 1280 px a short measure's name (Body, Mind) had its change badge beside it
  // and a long one's (Positive feelings, Connection) below it, so the charts of one row started
  // at different heights. The badge is on a line of its own in every card.
  test('every chart starts as far below its card’s top at 1280 px, whatever the length of the measure’s name', async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await newPage(browser);
    await signUpAsMember(page, newPerson('Charlie', 'Charts'));
    await finishRapidThroughApi(page);
    await postFromPage(page, '/api/user/CreateNewAssessment/Rapid');
    await finishRapidThroughApi(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/Progress');
    const charts = page.getByRole('img', { name: /, from 0 \(Rarely\) to 4 \(Very Often\), oldest first: / });
    await expect(charts).toHaveCount(11);
    const offsets = await charts.evaluateAll((svgs) =>
      svgs.map((svg) => `${Math.round(svg.getBoundingClientRect().top - svg.closest('li')!.getBoundingClientRect().top)} px (${svg.closest('li')!.querySelector('h3')!.textContent})`),
    );
    expect(new Set(offsets.map((offset) => offset.split(' ')[0])).size, `chart tops below their card's: ${offsets.join(', ')}`).toBe(1);
    await page.context().close();
  });
});

/**
 * WCAG 1.4.10 at 400% zoom (a 1280 × 1024 window is 320 × 256 CSS px): a dialog taller than the
 * screen scrolls itself, so every one of its buttons can be reached and seen, by Tab and by
 * scrolling, while the page behind it stays locked (a browser review found the leave dialog's Yes
 * and Change Coach's Save off screen, beyond reach). The member is a coach's client, so both are here.
 */
test('at 400% zoom (320 × 256) a dialog scrolls itself: each of its buttons can be reached and seen', async () => {
  const page = cast!.member;
  await page.setViewportSize({ width: 320, height: 256 });
  const opened: { name: string; open: () => Promise<void> }[] = [
    {
      name: 'the leave dialog of a question page',
      open: async () => {
        await page.goto('/Rapid/Feelings');
        await expect(page.getByRole('radio').first()).toBeVisible({ timeout: 15_000 });
        await page.getByRole('button', { name: 'Member Dashboard', exact: true }).click();
      },
    },
    {
      name: 'Change/Remove Coach',
      open: async () => {
        await page.goto('/Dashboard');
        await page.getByRole('button', { name: 'Change/Remove Coach' }).click();
      },
    },
  ];
  for (const { name, open } of opened) {
    await open();
    const dialog = page.getByRole('dialog');
    await expect(dialog, name).toBeVisible();
    // The dialog itself stays within the screen, top and bottom.
    const box = (await dialog.boundingBox())!;
    expect(box.y, `${name}: top on screen`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${name}: bottom on screen`).toBeLessThanOrEqual(256.5);
    // Tab through the dialog: each control it reaches is brought wholly into view.
    const hidden: string[] = [];
    for (let presses = 0; presses < 8; presses++) {
      await page.keyboard.press('Tab');
      const seen = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        if (!active || !active.closest('[role="dialog"]')) return 'outside';
        const drawn = active.getBoundingClientRect();
        return drawn.top >= -0.5 && drawn.bottom <= window.innerHeight + 0.5 ? '' : `${active.tagName} "${active.textContent?.trim()}" at ${Math.round(drawn.top)}–${Math.round(drawn.bottom)}`;
      });
      expect(seen, `${name}: focus stays in the dialog`).not.toBe('outside');
      if (seen) hidden.push(seen);
    }
    expect(hidden, `${name}: focused controls out of sight`).toEqual([]);
    // And by pointer: the last button scrolls into view inside the dialog.
    const last = dialog.getByRole('button').last();
    await last.scrollIntoViewIfNeeded();
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y + lastBox.height, `${name}: last button on screen`).toBeLessThanOrEqual(256.5);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  await page.setViewportSize({ width: 390, height: 844 });
});
