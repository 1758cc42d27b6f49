import { expect, test, type Page, type Request } from '@playwright/test';
import { stepSaved } from './journey-helpers';

/*
 * Welcome pages, sign-in hand-offs and the signed-in shell. The server's own
 * behaviour is tested by the API suite; here the browser's side of each flow is
 * pinned down by answering its calls, so every branch of spec 01 §4 is reachable.
 */

const HEADLINE = 'Discover Your Unique Path to Flourish';
const MODULES = [
  { moduleName: 'Experiences', displayName: 'Positive Experiences', petalNames: ['Body', 'Mind', 'Connection', 'Purpose'] },
  { moduleName: 'Feelings', displayName: 'Positive Feelings', petalNames: ['Openness', 'Wellness', 'Significance', 'Efficacy'] },
  { moduleName: 'Energy', displayName: 'Energy', petalNames: ['Activity', 'Excitement'] },
];

function member(overrides: Record<string, unknown> = {}) {
  return {
    id: 'u-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    userName: 'ada@bloom.test',
    coachGuid: null,
    researchOptIn: false,
    userRoles: ['Member'],
    lastVisitedRoute: null,
    coachPending: false,
    accessPreGranted: false,
    ...overrides,
  };
}

interface Fake {
  user: Record<string, unknown> | null;
  answers: Record<string, { status?: number; json?: unknown }>;
  calls: { method: string; path: string; body: unknown }[];
}

/** Answers the app's API calls from `fake`; anything unlisted gets 404, as a missing endpoint would. */
async function fakeServer(page: Page, fake: Fake) {
  await page.route('**/api/**', async (route) => {
    const request: Request = route.request();
    const url = new URL(request.url());
    const path = `${url.pathname}${url.search}`;
    fake.calls.push({ method: request.method(), path, body: request.postDataJSON() as unknown });
    if (url.pathname === '/api/data/GetModulesAndPetals') return route.fulfill({ json: MODULES });
    if (url.pathname === '/api/user/getCurrentUser') return fake.user ? route.fulfill({ json: fake.user }) : route.fulfill({ status: 204 });
    const key = Object.keys(fake.answers).find((k) => `${request.method()} ${path}`.startsWith(k));
    if (key) {
      const { status = 200, json = { ok: true } } = fake.answers[key]!;
      return route.fulfill({ status, json });
    }
    return route.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'Not found.' } } });
  });
}

function newFake(user: Fake['user'] = null, answers: Fake['answers'] = {}): Fake {
  return { user, answers, calls: [] };
}

const posts = (fake: Fake) => fake.calls.filter((c) => c.method === 'POST');

test.describe('against the real server', () => {
  test('a visitor starts as a guest, keeps Member Log In, and is brought back to their step when reopening /', async ({ page }) => {
    await page.goto('/');
    const experiencesSaved = stepSaved(page, /\/Rapid\/Experiences$/i);
    await page.getByRole('button', { name: 'Start Now' }).first().click();
    await expect(page).toHaveURL(/\/Rapid\/Experiences$/);
    const progress = page.getByRole('navigation', { name: 'Your progress' });
    await expect(progress.locator('[aria-current="step"]')).toContainText('Positive Experiences');
    await expect(page.getByRole('button', { name: 'Member Dashboard' })).toHaveCount(0);

    // In-app navigation to the welcome page: a guest still sees Member Log In.
    await page.getByRole('link', { name: 'Bloom home' }).click();
    await expect(page.getByRole('heading', { name: HEADLINE })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Member Log In' })).toBeVisible();

    // Opening the app afresh at / restores the last saved route (once it is saved).
    expect((await experiencesSaved).ok()).toBe(true);
    await page.goto('/');
    await expect(page).toHaveURL(/\/Rapid\/Experiences$/);
  });
});

test.describe('welcome pages', () => {
  test('a visitor starting now continues as a guest with the stored referrer and lands on the Rapid experiences', async ({ page }) => {
    const fake = newFake(null, { 'POST /api/user/ContinueAsGuest': {}, 'POST /api/user/CreateNewAssessment/Rapid': { json: { id: 'a-1' } } });
    await fakeServer(page, fake);
    await page.goto('/?referrer=spring-letter');
    await expect(page.getByRole('heading', { name: HEADLINE })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('referrer'))).toBe('spring-letter');

    await page.getByRole('button', { name: 'Start Now' }).first().click();
    await expect(page).toHaveURL(/\/Rapid\/Experiences$/);
    const [guest, create] = posts(fake).filter((c) => !c.path.startsWith('/api/user/SaveUserProgress'));
    expect(guest).toMatchObject({ path: '/api/user/ContinueAsGuest', body: { referrer: 'spring-letter' } });
    expect(create?.path).toBe('/api/user/CreateNewAssessment/Rapid');
  });

  test('Start Now pressed from the keyboard and refused (too many new guests from one address) gives the button its focus back', async ({ page }) => {
    const fake = newFake(null, { 'POST /api/user/ContinueAsGuest': { status: 429, json: { error: { code: 'rate_limited', message: 'Too many.' } } } });
    await fakeServer(page, fake);
    await page.goto('/');
    const start = page.getByRole('button', { name: 'Start Now' }).first();
    await start.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => posts(fake).some((call) => call.path === '/api/user/ContinueAsGuest')).toBe(true);
    // Spec 01 §8: the failure is logged only; the keyboard user is not dropped to the page's start.
    await expect(start).toBeEnabled();
    await expect(start).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
  });

  test('Member Log In shows for visitors and guests, and hands off to the sign-in page', async ({ page }) => {
    const fake = newFake({ ...member(), userName: 'Guest' }, { 'POST /api/auth/GetLoginUrlBeginning': { json: { redirectUrl: '/signed-out-elsewhere' } } });
    await fakeServer(page, fake);
    await page.goto('/');
    await page.getByRole('button', { name: 'Member Log In' }).click();
    await expect(page).toHaveURL(/\/signed-out-elsewhere$/);
  });

  test('Member Log In is hidden from a signed-in member, whose name shows in the header on wide screens', async ({ page }) => {
    await fakeServer(page, newFake(member()));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: HEADLINE })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Member Log In' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByText('ada@bloom.test')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('banner').getByText('ada@bloom.test')).toBeHidden();
  });

  test('the Professional page signs visitors in first, and starts members at once', async ({ page }) => {
    const visitor = newFake(null, { 'POST /api/auth/GetLoginUrlProfessional': { json: { redirectUrl: '/provider-page' } } });
    await fakeServer(page, visitor);
    await page.goto('/Pro');
    await page.getByRole('button', { name: 'Start Professional Assessment' }).first().click();
    await expect(page).toHaveURL(/\/provider-page$/);

    await page.unrouteAll();
    const signedIn = newFake(member(), { 'POST /api/user/CreateNewAssessment/Professional': { json: { id: 'a-2' } } });
    await fakeServer(page, signedIn);
    await page.goto('/Pro');
    await page.getByRole('button', { name: 'Start Professional Assessment' }).first().click();
    await expect(page).toHaveURL(/\/Pro\/Experiences$/);
    expect(posts(signedIn).map((c) => c.path)).toContain('/api/user/CreateNewAssessment/Professional');
  });

  test('the client page offers Client Signup / Login and no Member Log In', async ({ page }) => {
    const fake = newFake(null, { 'POST /api/auth/GetLoginUrlClient': { json: { redirectUrl: '/client-provider' } } });
    await fakeServer(page, fake);
    await page.goto('/Client');
    await expect(page.getByRole('heading', { name: 'Why Choose Bloom' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Member Log In' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Client Signup / Login' }).first().click();
    await expect(page).toHaveURL(/\/client-provider$/);
  });
});

test.describe('signed-in shell', () => {
  test('saves progress on route changes except on the welcome pages', async ({ page }) => {
    const fake = newFake(member());
    await fakeServer(page, fake);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: HEADLINE })).toBeVisible();
    await page.getByRole('link', { name: 'Bloom home' }).first().waitFor();
    await page.goto('/Research');
    await expect(page).toHaveURL(/\/Research$/);
    await expect.poll(() => posts(fake).filter((c) => c.path === '/api/user/SaveUserProgress').length).toBe(1);
    await page.goto('/client');
    await expect(page.getByRole('heading', { name: HEADLINE })).toBeVisible();
    expect(posts(fake).filter((c) => c.path === '/api/user/SaveUserProgress').map((c) => c.body)).toEqual([{ route: '/Research' }]);
  });

  test('returns to the last visited route when opened at /', async ({ page }) => {
    await fakeServer(page, newFake(member({ lastVisitedRoute: '/Research' })));
    await page.goto('/');
    await expect(page).toHaveURL(/\/Research$/);
  });

  test('the dashboard button asks before leaving an assessment page', async ({ page }) => {
    await fakeServer(page, newFake(member()));
    await page.goto('/LifeSituations');
    await page.getByRole('button', { name: 'Member Dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to go to your member dashboard?' });
    await expect(dialog).toContainText('You will lose any current assessment progress.');
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/LifeSituations$/);

    // By keyboard: the dialog opens on "No", and closing it (Escape or No) gives the focus back
    // to the button that opened it, not to the page's start (WCAG 2.4.3; a review's find).
    const dashboardButton = page.getByRole('button', { name: 'Member Dashboard' });
    for (const close of ['Escape', 'Enter'] as const) {
      await dashboardButton.focus();
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('button', { name: 'No' })).toBeFocused();
      await page.keyboard.press(close);
      await expect(dialog).toHaveCount(0);
      await expect(dashboardButton, close).toBeFocused();
    }

    await page.getByRole('button', { name: 'Member Dashboard' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/Dashboard$/);
    await expect(page.getByRole('button', { name: 'Member Dashboard' })).toHaveCount(0);
  });

  test('scroll to top appears after scrolling for members', async ({ page }) => {
    await fakeServer(page, newFake(member()));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/Pro');
    // index.html paints "Loading..." before the app runs: scroll the page, not that screen.
    await page.getByRole('navigation', { name: 'Your progress' }).waitFor();
    await expect(page.getByRole('button', { name: 'Scroll to Top' })).toHaveCount(0);
    await page.mouse.wheel(0, 1500);
    // Pressed by keyboard: the button goes at the top, and the focus moves to the content's start
    // rather than to nowhere (WCAG 2.4.3; a review's find).
    await page.getByRole('button', { name: 'Scroll to Top' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.scrollY === 0);
    await expect(page.getByRole('button', { name: 'Scroll to Top' })).toHaveCount(0);
    await expect(page.locator('#main-content')).toBeFocused();
    await page.screenshot({ path: '/tmp/shots/member-pro-phone.png' });
  });
});

test.describe('sign-in callbacks', () => {
  test('the client callback exchanges the code from the hash and goes to onboarding', async ({ page }) => {
    const fake = newFake(null, { 'GET /api/auth/LoginCallbackClient/the%20code/st%2Fate': { json: { firstName: null, lastName: null } } });
    await fakeServer(page, fake);
    await page.goto('/login-callback-client#code=the%20code&state=st%2Fate');
    await expect(page).toHaveURL(/\/Client\/Onboarding$/);
  });

  test('the coach callback goes to the name page when a name is missing', async ({ page }) => {
    await fakeServer(page, newFake(null, { 'GET /api/auth/LoginCallbackCoach/c/s': { json: { firstName: 'Grace', lastName: '' } } }));
    await page.goto('/login-callback-coach#code=c&state=s');
    await expect(page).toHaveURL(/\/Coach\/Name$/);
  });

  test('a refused exchange is logged and the page says so, with a way back, instead of "Loading..." for ever', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await fakeServer(page, newFake(null, { 'GET /api/auth/LoginCallbackEnd/': { status: 400, json: { error: { code: 'bad', message: 'Bad state' } } } }));
    await page.goto('/login-callback-end#code=c&state=s');
    await expect.poll(() => errors.some((text) => text.includes('Failed to retrieve tokens'))).toBe(true);
    await expect(page.getByRole('heading', { name: 'We could not finish signing you in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Bloom' })).toBeVisible();
    await expect(page).toHaveURL(/login-callback-end/);
  });
});
