import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBrowser, settle } from '../../../lib/router/fake-browser';
import { createBrowserHistory, type History } from '../../../lib/router/history';

/**
 * The coach dashboard's sections remembered per history entry, with the app's own browser history
 * over a small stand-in for the browser's: entries with state, pushState, replaceState, go() that
 * lands a moment later with popstate, and a link to a part of the page (`#main-content`, the skip
 * link) that makes an entry of its own without state.
 */
let browser: FakeBrowser;
let history: History;
let sections: typeof import('./remembered-sections');
beforeEach(async () => {
  browser = new FakeBrowser();
  vi.stubGlobal('window', browser.window);
  history = createBrowserHistory();
  // A fresh module each time: it keeps the last record and listens for popstate once.
  vi.resetModules();
  sections = await import('./remembered-sections');
});
afterEach(() => vi.unstubAllGlobals());

async function back(): Promise<void> {
  history.go(-1);
  await settle();
}

/** On the dashboard, the coach closes an organization, opens a client and leaves by its supplement link. */
function openAClientAndLeave(): string {
  history.push('/CoachDashboard');
  const key = history.location.key;
  sections.rememberOpen(key, 'organization', false, true);
  sections.rememberOpen(key, 'client', true, false);
  sections.rememberLeaving(key, { section: 'client', href: '/CoachSupplement/a1' });
  history.push('/CoachSupplement/a1');
  return key;
}

describe('sections remembered per history entry', () => {
  it('Back finds the sections as they were left and the link left by; a new visit starts with nothing', async () => {
    const key = openAClientAndLeave();
    await back();
    expect(history.location.key).toBe(key);
    expect(sections.rememberedSection(key, 'client')).toEqual({ open: true, leftBy: '/CoachSupplement/a1' });
    expect(sections.rememberedSection(key, 'organization')).toEqual({ open: false, leftBy: undefined });
    expect(sections.rememberedSection(key, 'group')).toEqual({ open: undefined, leftBy: undefined });

    // Focus is back on the link: forgotten, so leaving another way does not bring it back again.
    sections.rememberLeaving(key, null);
    expect(sections.rememberedSection(key, 'client')).toEqual({ open: true, leftBy: undefined });

    // The header's link to the dashboard: a new entry, drawn as by default.
    history.push('/CoachDashboard');
    expect(sections.rememberedSection(history.location.key, 'client')).toEqual({ open: undefined, leftBy: undefined });
    expect(sections.rememberedSection(history.location.key, 'organization').open).toBeUndefined();
  });

  it("keeps the router's own fields of the entry", async () => {
    history.push('/CoachDashboard', { from: 'header' });
    const { key } = history.location;
    sections.rememberOpen(key, 'client', true, false);
    expect(browser.current.state).toEqual({ usr: { from: 'header' }, key, idx: 1, coachSections: { open: { client: true }, document: performance.timeOrigin } });
    history.push('/Progress/Client/c1');
    await back();
    expect(history.location).toMatchObject({ pathname: '/CoachDashboard', key, state: { from: 'header' } });
  });

  it('writes nothing for a section as drawn by default, or for a page no longer the current entry', () => {
    history.push('/CoachDashboard');
    const key = history.location.key;
    const before = browser.replaced;
    sections.rememberOpen(key, 'organization', true, true);
    sections.rememberOpen(key, 'client', false, false);
    expect(browser.replaced).toBe(before);
    expect(sections.rememberedSection(key, 'client').open).toBeUndefined();

    // A click on the old page while the next one is drawn: the next entry is not the old page's.
    history.push('/CoachSupplement/a1');
    sections.rememberOpen(key, 'client', true, false);
    expect(browser.current.state).not.toHaveProperty('coachSections');
    expect(browser.entries[1]!.state).not.toHaveProperty('coachSections');
  });

  it('a section closed again after opening is remembered closed', async () => {
    history.push('/CoachDashboard');
    const key = history.location.key;
    sections.rememberOpen(key, 'client', true, false);
    sections.rememberOpen(key, 'client', false, false);
    history.push('/CoachSupplement/a1');
    await back();
    expect(sections.rememberedSection(key, 'client').open).toBe(false);
  });

  it('Back finds the search the dashboard was left with; clearing it forgets it; a new visit starts without one', async () => {
    history.push('/CoachDashboard');
    const key = history.location.key;
    const before = browser.replaced;
    sections.rememberSearch(key, '');
    expect(browser.replaced).toBe(before);
    sections.rememberSearch(key, 'robin');
    sections.rememberOpen(key, 'client', true, false);
    sections.rememberLeaving(key, { section: 'client', href: '/CoachSupplement/a1' });
    history.push('/CoachSupplement/a1');
    await back();
    expect(sections.rememberedSearch(key)).toBe('robin');
    expect(sections.rememberedSection(key, 'client')).toEqual({ open: true, leftBy: '/CoachSupplement/a1' });

    // Focus back on the link forgets the link only; clearing the box forgets the search.
    sections.rememberLeaving(key, null);
    expect(sections.rememberedSearch(key)).toBe('robin');
    sections.rememberSearch(key, '');
    expect(sections.rememberedSearch(key)).toBe('');
    expect(browser.current.state).toMatchObject({ coachSections: { open: { client: true } } });
    expect(browser.current.state).not.toHaveProperty('coachSections.search');

    history.push('/CoachDashboard');
    expect(sections.rememberedSearch(history.location.key)).toBe('');
  });

  it('the skip link (an entry of the same page, which the router stamps anew) remembers the page too', async () => {
    history.push('/CoachDashboard');
    const key = history.location.key;
    sections.rememberOpen(key, 'client', true, false);
    await browser.followLink('#main-content');
    expect(history.location).toMatchObject({ hash: '#main-content', key });
    expect(sections.rememberedSection(key, 'client').open).toBe(true);
    sections.rememberLeaving(key, { section: 'client', href: '/BloomProfileReport/a1' });
    history.push('/BloomProfileReport/a1');
    await back();
    expect(history.location).toMatchObject({ hash: '#main-content', key });
    expect(sections.rememberedSection(key, 'client')).toEqual({ open: true, leftBy: '/BloomProfileReport/a1' });
  });

  it('the page first loaded (no key of the router: "default") remembers as any other entry', async () => {
    browser = new FakeBrowser('/CoachDashboard');
    vi.stubGlobal('window', browser.window);
    history = createBrowserHistory();
    expect(history.location.key).toBe('default');
    sections.rememberOpen('default', 'client', true, false);
    history.push('/CoachSupplement/a1');
    await back();
    expect(history.location.key).toBe('default');
    expect(sections.rememberedSection('default', 'client').open).toBe(true);
  });
});

describe('rememberedIn', () => {
  const here = performance.timeOrigin;

  it("reads only the record of the page's own entry", () => {
    const state = { key: 'k1', idx: 3, coachSections: { open: { a: true }, document: here } };
    expect(sections.rememberedIn(state, 'k1')).toEqual({ open: { a: true }, document: here });
    expect(sections.rememberedIn(state, 'k2')).toBeUndefined();
    expect(sections.rememberedIn(null, 'default')).toBeUndefined();
    expect(sections.rememberedIn({ idx: 0, coachSections: { open: {}, document: here } }, 'default')).toEqual({ open: {}, document: here });
  });

  it('reads a record another document wrote only in a page loaded by Back or Forward, not in a reload', () => {
    const state = { key: 'k1', idx: 3, coachSections: { open: { a: true }, document: here - 60_000 } };
    const loadedBy = (type: string) => vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as PerformanceNavigationTiming]);
    loadedBy('reload');
    expect(sections.rememberedIn(state, 'k1')).toBeUndefined();
    loadedBy('navigate');
    expect(sections.rememberedIn(state, 'k1')).toBeUndefined();
    loadedBy('back_forward');
    expect(sections.rememberedIn(state, 'k1')).toEqual(state.coachSections);
    vi.restoreAllMocks();
  });
});
