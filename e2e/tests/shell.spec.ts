import { expect, test, type Page } from '@playwright/test';
import { answerQuestions, axeWithTargetSize, waitForQuestions } from './journey-helpers';

const HEADLINE = 'Discover Your Unique Path to Flourish';
const SHOTS = '/tmp/shots';

async function expectWelcome(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
}

test.describe('app shell', () => {
  test('shows "Loading..." until the modules list arrives, then the welcome page with Welcome as the active step', async ({ page }) => {
    let release!: () => void;
    const modulesHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/data/GetModulesAndPetals', async (route) => {
      await modulesHeld;
      await route.continue();
    });

    await page.goto('/');
    await expect(page.getByRole('status').getByText('Loading...')).toBeVisible();
    await expect(page.getByRole('heading', { name: HEADLINE })).toHaveCount(0);

    release();
    await expectWelcome(page);
    await expect(page.getByText('Loading...')).toHaveCount(0);

    const progress = page.getByRole('navigation', { name: 'Your progress' });
    await expect(progress.getByRole('listitem')).toHaveCount(5);
    await expect(progress.locator('[aria-current="step"]')).toContainText('Welcome');
    await expect(progress.getByRole('listitem')).toContainText(['Welcome', 'Positive Experiences', 'Positive Feelings', 'Life Situations', 'Your Life Lotus']);
  });

  test('an unknown path shows the welcome page; routes ignore case', async ({ page }) => {
    await page.goto('/no/such/page');
    await expectWelcome(page);

    await page.goto('/pro');
    await expectWelcome(page);
    await expect(page.getByRole('button', { name: 'Start Professional Assessment' }).first()).toBeVisible();

    await page.goto('/CLIENT');
    await expect(page.getByRole('button', { name: 'Client Signup / Login' }).first()).toBeVisible();
  });

  test('a page that fails to load shows the router error screen inside the shell', async ({ page }) => {
    await page.route(/\/assets\/ProWelcomePage-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/Pro');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(/import|fetch|module/i);
    await expect(page.getByRole('banner')).toBeVisible();
    await page.unrouteAll();
    await page.getByRole('link', { name: 'Back to the Bloom home page' }).click();
    await expectWelcome(page);
  });

  /**
   * A tab opened before a new build was deployed asks for the next page's code by the old build's
   * file name, which is gone: the server answers 404, the import fails, and the app reloads the
   * page once, which loads the new build's HTML and code. The reload is remembered for that address
   * in the tab's session storage, so a page whose code cannot load shows the error screen after one
   * reload rather than reloading for ever.
   */
  const RESEARCH_SCRIPT = /\/assets\/ResearchPage-[^/]*\.js$/;
  const RELOAD_GUARD_KEY = 'bloom.reload';
  const goneScript = { status: 404, contentType: 'application/json; charset=utf-8', body: '{"error":{"code":"not_found","message":"Not found."}}' };

  /** Mid-journey on Energy, its questions answered, noting each full page load (by its path) from here on. */
  async function answerEnergyNotingPageLoads(page: Page): Promise<string[]> {
    await page.goto('/Rapid/Energy');
    await waitForQuestions(page, 6);
    await answerQuestions(page, 6);
    const loads: string[] = [];
    page.on('load', () => loads.push(new URL(page.url()).pathname));
    return loads;
  }

  test('mid-journey, a page whose code is gone since the tab opened (a new build deployed) appears after one automatic reload', async ({ page }) => {
    const loads = await answerEnergyNotingPageLoads(page);
    // Gone for the document that is open; a reload's document (the new build, as it were) finds it.
    let reloaded = false;
    page.on('request', (request) => void (request.isNavigationRequest() && (reloaded = true)));
    let refused = 0;
    await page.route(RESEARCH_SCRIPT, (route) => (reloaded ? route.continue() : (refused++, route.fulfill(goneScript))));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/Research$/);
    await expect(page.getByRole('checkbox', { name: /Yes, my answers may be used/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
    expect(refused).toBeGreaterThan(0);
    // The reloaded document's load event may come after its page is drawn (a busy machine): waited for.
    await expect.poll(() => loads).toEqual(['/Research']);
    // The page loaded, so the guard is gone: a later failure on this address may reload again.
    expect(await page.evaluate((key) => sessionStorage.getItem(key), RELOAD_GUARD_KEY)).toBeNull();
  });

  test('a page whose code keeps failing to load shows the error screen after one reload, not a reload loop', async ({ page }) => {
    const loads = await answerEnergyNotingPageLoads(page);
    await page.route(RESEARCH_SCRIPT, (route) => route.fulfill(goneScript));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/Research$/);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(/import|fetch|module/i);
    await expect.poll(() => loads).toEqual(['/Research']);
    // Still the error screen a moment later: no further reload.
    await page.waitForTimeout(500);
    expect(loads).toEqual(['/Research']);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    // Once the code is there again, reloading by hand shows the page.
    await page.unrouteAll();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /Yes, my answers may be used/ })).toBeVisible();
  });

  test("on a first visit the page appears only once the stylesheets its HTML names have loaded, however slow", async ({ page }) => {
    await page.route(/\/assets\/WelcomeLayout-[^/]*\.css$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    // The server names a page's stylesheets at the end of the HTML (decision 0010); the browser runs
    // the app's scripts only once they have loaded, so no page renders unstyled. This notes, at the
    // moment the heading is first put into the document, which linked stylesheets had loaded.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('h1')) return;
        observer.disconnect();
        const links = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'));
        (window as unknown as { stylesheetsAtFirstRender: unknown }).stylesheetsAtFirstRender = links.map((link) => ({ href: new URL(link.href).pathname, loaded: link.sheet !== null }));
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expectWelcome(page);
    const atFirstRender = (await page.evaluate(() => (window as unknown as { stylesheetsAtFirstRender: unknown }).stylesheetsAtFirstRender)) as Array<{ href: string; loaded: boolean }>;
    expect(atFirstRender.map((link) => link.href)).toContainEqual(expect.stringMatching(/^\/assets\/WelcomeLayout-.*\.css$/));
    expect(atFirstRender.filter((link) => !link.loaded)).toEqual([]);
  });

  test('a page keeps its own look when another page was opened first (shared styles never override a page)', async ({ page }) => {
    // The onboarding panel widens the shared panel's gap and padding. Opened fresh, and opened
    // in the app after the dashboard (whose stylesheet, loaded first, also uses the shared panel),
    // it must look the same.
    const panelStyle = () =>
      page.getByRole('heading', { level: 1 }).evaluate((heading) => {
        const style = getComputedStyle(heading.closest('section')!);
        return { gap: style.rowGap, padding: style.padding, border: style.border, background: style.backgroundColor };
      });
    await page.goto('/Client/Onboarding');
    await expect(page.getByRole('button', { name: 'Client Signup / Login' })).toBeVisible();
    const fresh = await panelStyle();

    await page.goto('/Dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      history.pushState({}, '', '/Client/Onboarding');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/Client\/Onboarding$/);
    await expect(page.getByRole('button', { name: 'Client Signup / Login' })).toBeVisible();
    expect(await panelStyle()).toEqual(fresh);
  });

  test('anonymous visitors see no floating buttons, even after scrolling', async ({ page }) => {
    await page.goto('/');
    await expectWelcome(page);
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 200);
    await expect(page.getByRole('button', { name: 'Scroll to Top' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Member Dashboard' })).toHaveCount(0);
  });

  for (const path of ['/', '/Pro', '/Client']) {
    test(`${path} has no accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expectWelcome(page);
      const results = await axeWithTargetSize(page).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('screenshots at desktop and phone sizes', async ({ page }) => {
    for (const [name, size] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
      await page.setViewportSize(size);
      for (const path of ['/', '/Pro', '/Client']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const slug = path === '/' ? 'welcome' : path.slice(1).toLowerCase();
        await page.screenshot({ path: `${SHOTS}/${slug}-${name}.png`, fullPage: true });
      }
    }
  });
});
