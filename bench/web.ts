/**
 * Item 5: what a phone downloads and how Lighthouse (mobile preset, Debian's Chromium)
 * scores seven pages of the built app served by Bloom itself: the four of the journey and the
 * report, a member's dashboard and /Progress (issue 26: two completed Rapid assessments, so
 * the dashboard shows the change at a glance and /Progress its charts, badges and table), and
 * the coach dashboard (a coach with an organization, two groups and clients who shared results).
 * - First-paint JavaScript (issue 28, budget 100 KB gzip on every page): the scripts the page's
 *   HTML names, file by file (first-paint-js.ts).
 * - Initial JavaScript: every script the page requested while Lighthouse loaded it, sized
 *   as gzip of the built file (what a compressing server or CDN sends).
 * - Lighthouse runs each page three times, and up to BENCH_LIGHTHOUSE_RUNS times (default 5)
 *   when the median of three is under 0.97, and takes the median run by performance score, as
 *   Lighthouse's own docs advise for noisy machines (a single slow or fast run on a shared
 *   2-core machine no longer decides it; see FIRST_ROUNDS).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { describeScripts, FIRST_PAINT_JS_BUDGET_KB, firstPaintScripts, gzipBytes, type ScriptFile, WEB_DIST } from './first-paint-js';
import { BenchReport, fmt } from './support/report';
import { migratedSqliteFile, Seeder } from './support/seed';
import { BLOOM_ENTRY, newDataDir, startProcess } from './support/server-process';

const REPORTS_DIR = path.resolve(import.meta.dirname, '../.tmp/lighthouse');
export const INITIAL_JS_BUDGET_KB = 130;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Page {
  name: string;
  path: string;
  cookie?: string;
  /** Whether the 130 KB budget on the JavaScript Lighthouse saw load applies (the welcome page and a question page). */
  jsBudget: boolean;
}

interface LighthouseRun {
  lhr: unknown;
  performance: number;
  accessibility: number;
  bestPractices: number;
  scripts: string[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's own measure of the host's CPU speed at the start of the run (higher is faster). */
  benchmarkIndex: number;
  failingAccessibility: string[];
  failingBestPractices: string[];
}

/**
 * People the pages need: a visitor, a guest mid-assessment, a guest who finished, a member with a
 * report, a member with two completed Rapid assessments a month apart (dashboard, /Progress), and
 * a named, approved coach with an organization of two groups and 12 clients who shared a finished
 * assessment, half of them in a group (coach dashboard).
 */
async function seedPeople(dataDir: string): Promise<Page[]> {
  const seeder = new Seeder(await migratedSqliteFile(dataDir));
  const pages = seeder.batch(() => {
    const guestStarted = seeder.user({ guest: true });
    seeder.startedAssessment(guestStarted);
    const guestFinished = seeder.user({ guest: true });
    seeder.finishedAssessment(guestFinished, { professional: false });
    const member = seeder.user({ firstName: 'Robin', lastName: 'Reader' });
    const assessmentId = seeder.finishedAssessment(member, { professional: false });
    const returning = seeder.user({ firstName: 'Pat', lastName: 'Progress' });
    seeder.finishedAssessment(returning, { professional: false, daysAgo: 30, answer: (q) => (q % 3) + 1 });
    seeder.finishedAssessment(returning, { professional: false, daysAgo: 1, answer: (q) => (q % 3) + 2 });
    const returningCookie = seeder.session(returning);
    const coach = seeder.user({ coachStatus: 'approved', firstName: 'Casey', lastName: 'Coach' });
    const groups = seeder.organization(coach, 'Casey Wellness', ['North', 'South']);
    for (let i = 0; i < 12; i++) {
      const client = seeder.user({ coachId: coach, groupId: i % 2 === 0 ? groups[i % 4 === 0 ? 0 : 1]! : null });
      seeder.finishedAssessment(client, { professional: i % 3 === 0, coachAccess: true, daysAgo: i * 7 });
    }
    return [
      { name: 'welcome /', path: '/', jsBudget: true },
      { name: 'question /Rapid/Experiences', path: '/Rapid/Experiences', cookie: seeder.session(guestStarted), jsBudget: true },
      { name: 'results /YourLifeLotus', path: '/YourLifeLotus', cookie: seeder.session(guestFinished), jsBudget: false },
      { name: 'profile report /BloomProfileReport/{id}', path: `/BloomProfileReport/${assessmentId}`, cookie: seeder.session(member), jsBudget: false },
      { name: 'member dashboard /Dashboard', path: '/Dashboard', cookie: returningCookie, jsBudget: false },
      { name: 'progress /Progress', path: '/Progress', cookie: returningCookie, jsBudget: false },
      { name: 'coach dashboard /CoachDashboard', path: '/CoachDashboard', cookie: seeder.session(coach), jsBudget: false },
    ];
  });
  seeder.close();
  return pages;
}

/** Example values for a route's parameters: the first paint's scripts depend on the route, not on whose page it is. */
const EXAMPLE_PARAMS: Record<string, string> = { moduleName: 'Experiences', petalName: 'Body' };

/**
 * The first paint of every other page of the web app's route map (the build's route-hints.json),
 * each held to the same budget as the pages above ("every page", issue 28 part 3), so that none
 * is left behind. Fetched without a session: a page's first-paint scripts follow its path alone.
 */
async function firstPaintOfEveryRoute(report: BenchReport, section: string, baseUrl: string, indexHtml: string, measured: readonly Page[]): Promise<void> {
  const hints = JSON.parse(readFileSync(path.join(WEB_DIST, 'route-hints.json'), 'utf8')) as { routes: Array<{ path: string }> };
  const examplePath = (route: string) => route.replace(/:([A-Za-z]+)/g, (_all, name: string) => EXAMPLE_PARAMS[name] ?? '00000000-0000-4000-8000-000000000000');
  const measuredPaths = new Set(measured.map((page) => page.path.replace(/\/[0-9a-f-]{36}$/i, '/00000000-0000-4000-8000-000000000000')));
  const rows: Array<{ route: string; kb: number; scripts: ScriptFile[] }> = [];
  for (const { path: route } of hints.routes) {
    if (route === '*' || measuredPaths.has(examplePath(route))) continue;
    const scripts = await firstPaintScripts(baseUrl + examplePath(route), undefined, indexHtml);
    rows.push({ route, kb: scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1000, scripts });
  }
  rows.sort((a, b) => b.kb - a.kb);
  for (const row of rows) {
    const over = row.kb > FIRST_PAINT_JS_BUDGET_KB ? ' (over 100 KB)' : '';
    report.row(section, `every page: ${row.route} first-paint JS (gzip)`, `${fmt(row.kb, 1)} KB${over}`, describeScripts(row.scripts));
    report.budget(`web: ${row.route} first-paint JS ≤ ${FIRST_PAINT_JS_BUDGET_KB} KB gzip`, row.kb <= FIRST_PAINT_JS_BUDGET_KB, `${fmt(row.kb, 1)} KB`);
  }
  const over = rows.filter((row) => row.kb > FIRST_PAINT_JS_BUDGET_KB);
  report.row(section, 'every page: over 100 KB first-paint JS', `${over.length} of ${rows.length}`, over.map((row) => `${row.route} ${fmt(row.kb, 1)} KB`).join(', ') || 'none');
}

function cpuIndexRange(runs: readonly LighthouseRun[]): string {
  const indexes = runs.map((run) => run.benchmarkIndex);
  return `${fmt(Math.min(...indexes), 0)}–${fmt(Math.max(...indexes), 0)}`;
}

/** Lighthouse now and then fails to record a trace on a busy machine; that says nothing about the page, so try again once. */
async function runLighthouse(url: string, port: number, cookie: string | undefined, categories: readonly string[]): Promise<LighthouseRun> {
  try {
    return await runLighthouseOnce(url, port, cookie, categories);
  } catch (error) {
    console.warn(`  ${(error as Error).message}: running Lighthouse again`);
    return runLighthouseOnce(url, port, cookie, categories);
  }
}

/**
 * Every category in a page's first run; performance alone in the others. Accessibility and
 * best practices audit the page as loaded (its markup, headers, console), which is the same on
 * every run, while performance is timing and varies, so only it needs the median of several
 * runs. Running axe and the other audits once per page keeps `npm run bench` under ten minutes.
 */
const ALL_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const PERFORMANCE_ONLY = ['performance'] as const;

async function runLighthouseOnce(url: string, port: number, cookie: string | undefined, categories: readonly string[]): Promise<LighthouseRun> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string }> } | undefined)?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script').map((r) => new URL(r.url).pathname);
  // Audits that lost points, per category (performance is read from its metrics instead).
  const failingIn = (categoryId: string) =>
    (lhr.categories[categoryId]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => audit.id);
  return {
    lhr,
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    bestPractices: lhr.categories['best-practices']?.score ?? 0,
    scripts,
    lcpMs: Number(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    tbtMs: Number(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failingAccessibility: failingIn('accessibility'),
    failingBestPractices: failingIn('best-practices'),
  };
}

/**
 * Every page gets FIRST_ROUNDS runs; only a page whose median of those is under CLEAR_SCORE gets
 * the rest of BENCH_LIGHTHOUSE_RUNS. One run moves by up to ±0.03 here, so three runs at 0.97 or
 * more leave no doubt about the 0.95 budget, and the runs go to the pages near it, where a
 * median of five decides. Fewer runs keep `npm run bench` under ten minutes.
 */
const FIRST_ROUNDS = 3;
const CLEAR_SCORE = 0.97;

const medianOf = (runs: readonly LighthouseRun[]): LighthouseRun => [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;

export async function benchWeb(report: BenchReport, options: { runs: number }): Promise<void> {
  const section = 'Web (Lighthouse mobile, Chromium)';
  mkdirSync(REPORTS_DIR, { recursive: true });
  const dataDir = newDataDir();
  // BENCH_WEB_PAGES=CoachDashboard,Dashboard: only the pages whose path starts with one of these (all by default).
  const only = process.env.BENCH_WEB_PAGES?.split(',').map((part) => `/${part.trim().replace(/^\//, '')}`);
  const pages = (await seedPeople(dataDir)).filter((page) => !only || only.some((prefix) => page.path === prefix || page.path.startsWith(`${prefix}/`)));
  const server = await startProcess(BLOOM_ENTRY, {}, { dataDir });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    // First, what each page's HTML makes the browser download as script before its first paint.
    const indexHtml = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
    for (const page of pages) {
      const scripts = await firstPaintScripts(server.baseUrl + page.path, page.cookie, indexHtml);
      const kb = scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1000;
      report.row(section, `${page.name}: first-paint JS (gzip)`, `${fmt(kb, 1)} KB`, `${fmt((kb / FIRST_PAINT_JS_BUDGET_KB) * 100, 0)}% of ${FIRST_PAINT_JS_BUDGET_KB} KB; ${describeScripts(scripts)}`);
      report.budget(`web: ${page.name} first-paint JS ≤ ${FIRST_PAINT_JS_BUDGET_KB} KB gzip`, kb <= FIRST_PAINT_JS_BUDGET_KB, `${fmt(kb, 1)} KB`);
    }
    await firstPaintOfEveryRoute(report, section, server.baseUrl, indexHtml, pages);
    if (options.runs === 0) return; // BENCH_LIGHTHOUSE_RUNS=0: the first-paint figures alone
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    // Rounds over all pages, in alternating order, rather than each page's runs back to back:
    // the host's speed drifts (Lighthouse's CPU index of it moved from 1,300 to 2,200 within
    // one run), and a slow spell should not land on one page's runs alone.
    const runsByPage = new Map<Page, LighthouseRun[]>(pages.map((page) => [page, []]));
    for (let round = 0; round < options.runs; round++) {
      const inRound = round < FIRST_ROUNDS ? pages : pages.filter((page) => medianOf(runsByPage.get(page)!).performance < CLEAR_SCORE);
      for (const page of round % 2 === 0 ? inRound : [...inRound].reverse()) {
        runsByPage.get(page)!.push(await runLighthouse(server.baseUrl + page.path, chrome.port, page.cookie, round === 0 ? ALL_CATEGORIES : PERFORMANCE_ONLY));
      }
    }
    for (const [page, runs] of runsByPage) {
      const median = medianOf(runs);
      const audited = runs[0]!; // the run with every category
      // The full report of the median run, for finding out why a score is what it is.
      writeFileSync(path.join(REPORTS_DIR, `${page.path.split('/')[1] || 'welcome'}.json`), JSON.stringify(median.lhr));
      const jsKb = [...new Set(median.scripts)].reduce((sum, script) => sum + gzipBytes(script), 0) / 1000;
      const perf = runs.map((r) => fmt(r.performance * 100, 0)).join('/');
      const cls = runs.map((r) => fmt(r.cls, 3)).join('/');
      report.row(section, `${page.name}: initial JS (gzip)`, `${fmt(jsKb, 1)} KB`, `${fmt((jsKb / INITIAL_JS_BUDGET_KB) * 100, 0)}% of ${INITIAL_JS_BUDGET_KB} KB budget; ${new Set(median.scripts).size} scripts`);
      report.row(
        section,
        `${page.name}: perf · a11y · best practices`,
        `${fmt(median.performance * 100, 0)} · ${fmt(audited.accessibility * 100, 0)} · ${fmt(audited.bestPractices * 100, 0)}`,
        `perf runs ${perf}; CLS runs ${cls}; LCP ${fmt(median.lcpMs, 0)} ms, TBT ${fmt(median.tbtMs, 0)} ms; host CPU index ${cpuIndexRange(runs)}` +
          [...audited.failingAccessibility, ...audited.failingBestPractices].map((id) => `; lost points: ${id}`).join(''),
      );
      if (page.jsBudget) report.budget(`web: ${page.name} initial JS ≤ ${INITIAL_JS_BUDGET_KB} KB gzip`, jsKb <= INITIAL_JS_BUDGET_KB, `${fmt(jsKb, 1)} KB`);
      report.budget(`web: ${page.name} performance ≥ 0.95`, median.performance >= 0.95, fmt(median.performance, 2));
      const because = (ids: string[]) => (ids.length ? ` (${ids.join(', ')})` : '');
      report.budget(`web: ${page.name} accessibility 1.00`, audited.accessibility >= 1, fmt(audited.accessibility, 2) + because(audited.failingAccessibility));
      report.budget(`web: ${page.name} best practices ≥ 0.95`, audited.bestPractices >= 0.95, fmt(audited.bestPractices, 2) + because(audited.failingBestPractices));
    }
  } finally {
    chrome?.kill();
    await server.stop();
  }
}
