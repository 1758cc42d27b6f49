import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_READS } from '../src/app/route-reads';
import { chunkNameOf, pageModulesOf, pageScriptsFromRouteHints, routeHintsFor } from './route-hints';

const ROUTES_FILE = path.resolve(import.meta.dirname, '../src/app/routes.tsx');

describe('pageModulesOf (the real route map)', () => {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  const pages = pageModulesOf(source);

  it('finds the page module of every page route, in the route map order', () => {
    // (The route map itself needs a browser to load; every page route is one of these calls.)
    expect(pages).toHaveLength(source.match(/\b(?:page|pageWithEarlyReads)\(\s*'/g)!.length);
    expect(pages.length).toBeGreaterThan(25);
    expect(pages[0]).toEqual({ path: '/', specifier: '../features/welcome/WelcomePage' });
    expect(pages.find((page) => page.path === '/YourLifeLotus')?.specifier).toBe('../features/journey/pages/YourLifeLotusPage');
    expect(pages.find((page) => page.path === '*')?.specifier).toBe('../features/welcome/WelcomePage');
  });

  it('has reads only for pages that exist', () => {
    for (const routePath of Object.keys(ROUTE_READS)) expect(pages.map((page) => page.path)).toContain(routePath);
  });
});

describe('routeHintsFor', () => {
  const chunk = (fileName: string, extra: { isEntry?: boolean; facade?: string; imports?: string[]; css?: string[] } = {}) => ({
    type: 'chunk' as const,
    fileName,
    isEntry: extra.isEntry ?? false,
    facadeModuleId: extra.facade ?? null,
    imports: extra.imports ?? [],
    viteMetadata: { importedCss: new Set(extra.css ?? []) },
  });
  const dir = path.dirname(ROUTES_FILE);
  const chunks = new Map(
    [
      chunk('assets/index.js', { isEntry: true, imports: ['assets/react.js'], css: ['assets/index.css'] }),
      chunk('assets/react.js'),
      chunk('assets/Results.js', { facade: path.resolve(dir, '../pages/Results.tsx'), imports: ['assets/charts.js', 'assets/react.js', 'assets/gone.js'], css: ['assets/Results.css'] }),
      chunk('assets/charts.js', { imports: ['assets/react.js'], css: ['assets/charts.css', 'assets/index.css'] }),
    ].map((entry) => [entry.fileName, entry]),
  );

  it("lists the page's chunk and what it imports, minus what index.html loads, with their stylesheets and reads", () => {
    const [hint] = routeHintsFor([{ path: '/YourLifeLotus', specifier: '../pages/Results' }], ROUTES_FILE, chunks, { '/YourLifeLotus': ['/api/data/GetSummaryText'] });
    expect(hint).toEqual({
      path: '/YourLifeLotus',
      modules: ['/assets/Results.js', '/assets/charts.js'],
      styles: ['/assets/Results.css', '/assets/charts.css'],
      reads: ['/api/data/GetSummaryText'],
    });
  });

  it('fails the build for a page without a chunk, or reads for a page that does not exist', () => {
    expect(() => routeHintsFor([{ path: '/x', specifier: '../pages/Missing' }], ROUTES_FILE, chunks)).toThrow('no chunk was built');
    expect(() => routeHintsFor([], ROUTES_FILE, chunks, { '/Nowhere': ['/api/x'] })).toThrow('no page at /Nowhere');
  });
});

describe('pageModulesOf', () => {
  it('reads loaders written in place and through a constant, and refuses anything else', () => {
    const source = "const home = () => import('./Home');\npage('/', home),\npageWithEarlyReads('/R/:id', () => import('./R'), load),";
    expect(pageModulesOf(source)).toEqual([
      { path: '/', specifier: './Home' },
      { path: '/R/:id', specifier: './R' },
    ]);
    expect(() => pageModulesOf("page('/x', somethingElse),")).toThrow('/x');
  });
});

describe('pageScriptsFromRouteHints (the real route map)', () => {
  const resolve = pageScriptsFromRouteHints(readFileSync(ROUTES_FILE, 'utf8'));
  const deps = ['assets/PageIntro-CarUpMNO.js', 'assets/Journey-BQzPNSBO.css'];

  it("drops the script list of a route map page's import, which the route hints carry instead", () => {
    expect(resolve('assets/RapidModulePage-BipZoZMT.js', deps, { hostType: 'js' })).toEqual([]);
    expect(resolve('assets/WelcomePage-Bu5gFvKc.js', deps, { hostType: 'js' })).toEqual([]);
  });

  it('keeps it for every other lazy import: a dialog, a sign-in callback (no route hints), the HTML', () => {
    expect(resolve('assets/LeaveAssessmentDialog-B00Y4Fc8.js', deps, { hostType: 'js' })).toEqual(deps);
    expect(resolve('assets/LoginCallbackPage-C9D2jZQE.js', deps, { hostType: 'js' })).toEqual(deps);
    expect(resolve('assets/index-RyOLcZiB.js', deps, { hostType: 'html' })).toEqual(deps);
  });

  it('names a chunk as its file without folder and hash', () => {
    expect(chunkNameOf('assets/Journey.module-Chjv9ctl.js')).toBe('Journey.module');
    expect(chunkNameOf('assets/useContainerWidth-C7_YDT5-.js')).toBe('useContainerWidth');
  });
});
