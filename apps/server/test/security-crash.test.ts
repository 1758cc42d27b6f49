import { getModuleQuestions, questionsForTrack } from '@bloom/domain';
import SQLite from 'better-sqlite3';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, withAdmin, type ServerProcess } from './support/server-process';

/**
 * Crash safety (docs/decisions/0008-sqlite-group-commit.md): twenty browsers save answer
 * pages while the server is killed with SIGKILL at random moments and restarted on the
 * same data. Passing means: every page the server acknowledged is stored with the
 * acknowledged answers (or with a later attempt's, which the client may have sent before
 * the crash); no page is ever half-written; the SQLite file passes `PRAGMA integrity_check`.
 * With DATABASE_URL set, the same runs against PostgreSQL (the server is killed the same way;
 * PostgreSQL itself keeps running), plus a check that dropped database connections do not
 * take the server down.
 *
 * Each save writes one whole module page with a version number v: order = v for every
 * answer and answer i = (v + i) mod 5, so a stored page shows which save it came from and
 * whether all of its answers came from the same one.
 */
const CLIENTS = 20;
const KILLS = 3;
const LOAD_MS = 12_000;
const MAX_VERSION = 1000;
const PAGES = ['Experiences', 'Feelings', 'Energy'] as const;
const PAGE_QUESTIONS = Object.fromEntries(
  PAGES.map((page) => [page, getModuleQuestions(page, 'Rapid', new Map())!.wellsprings.flatMap((w) => w.questions).map((q) => q.questionGuid)]),
) as Record<(typeof PAGES)[number], string[]>;

interface PageLedger {
  /** The last version the server acknowledged with a 2xx. */
  acked: number | null;
  /** Versions sent without an answer (the connection died): each may or may not be stored. */
  unknown: Set<number>;
}

interface SimulatedBrowser {
  forwardedFor: string;
  cookie: string;
  assessmentId: string;
  pages: Record<string, PageLedger>;
  nextVersion: number;
  serverErrors: string[];
}

const processes: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(processes.map((proc) => proc.dispose()));
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class ConnectionLost extends Error {}

async function call(proc: ServerProcess, browser: SimulatedBrowser, method: 'GET' | 'POST', urlPath: string, body?: unknown): Promise<{ status: number; json: any }> {
  const headers: Record<string, string> = { 'x-forwarded-for': browser.forwardedFor };
  if (method === 'POST') headers['x-bloom-csrf'] = '1';
  if (browser.cookie) headers.cookie = browser.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    response = await fetch(proc.baseUrl + urlPath, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
    text = await response.text();
  } catch {
    throw new ConnectionLost();
  }
  for (const line of response.headers.getSetCookie()) if (line.startsWith('bloom_session=')) browser.cookie = line.split(';')[0]!;
  // A database outage is answered 503 database_unavailable (the one 5xx a caller may see); anything else is a fault.
  if (response.status >= 500 && !isDatabaseUnavailable(response.status, text)) browser.serverErrors.push(`${method} ${urlPath} → ${response.status} ${text.slice(0, 120)}`);
  return { status: response.status, json: text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
}

function isDatabaseUnavailable(status: number, text: string): boolean {
  return status === 503 && text.includes('"database_unavailable"');
}

/** Repeats a call until the server answers it (it may be down between a kill and its restart). */
async function untilAnswered<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ConnectionLost)) throw error;
      await pause(50 + Math.random() * 100);
    }
  }
}

async function newBrowser(proc: ServerProcess, index: number): Promise<SimulatedBrowser> {
  const browser: SimulatedBrowser = {
    forwardedFor: `10.77.${index >> 8}.${index & 255}`,
    cookie: '',
    assessmentId: '',
    pages: Object.fromEntries(PAGES.map((page) => [page, { acked: null, unknown: new Set<number>() }])),
    nextVersion: 1,
    serverErrors: [],
  };
  await untilAnswered(async () => {
    const guest = await call(proc, browser, 'POST', '/api/user/ContinueAsGuest', {});
    expect(guest.status).toBe(200);
  });
  await untilAnswered(async () => {
    const created = await call(proc, browser, 'POST', '/api/user/CreateNewAssessment/Rapid');
    expect(created.status).toBe(201);
  });
  // A create that committed without an answer would be the latest: ask which one the pages go to.
  browser.assessmentId = await untilAnswered(async () => (await call(proc, browser, 'GET', '/api/user/GetLatestAssessment')).json.id as string);
  return browser;
}

async function savePagesUntil(proc: ServerProcess, browser: SimulatedBrowser, stop: () => boolean): Promise<void> {
  let turn = 0;
  while (!stop() && browser.nextVersion <= MAX_VERSION) {
    const page = PAGES[turn++ % PAGES.length]!;
    const version = browser.nextVersion++;
    const answers = PAGE_QUESTIONS[page].map((questionGuid, index) => ({ questionGuid, response: (version + index) % 5, order: version }));
    try {
      const saved = await call(proc, browser, 'POST', '/api/user/SaveQuestionResponse', answers);
      if (saved.status === 200) browser.pages[page]!.acked = version;
      // Refused while the database was unreachable: the commit may or may not have happened.
      else if (saved.status === 503) {
        browser.pages[page]!.unknown.add(version);
        await pause(50);
      }
      else if (saved.status < 500) browser.serverErrors.push(`unexpected ${saved.status}: ${JSON.stringify(saved.json).slice(0, 120)}`);
    } catch (error) {
      if (!(error instanceof ConnectionLost)) throw error;
      browser.pages[page]!.unknown.add(version);
      while (!stop() && !(await isUp(proc))) await pause(50);
    }
  }
}

async function isUp(proc: ServerProcess): Promise<boolean> {
  try {
    return (await fetch(`${proc.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

type StoredRow = { assessment_id: string; question_guid: string; response: number; order_index: number };

/** Compares what is stored with each browser's ledger; returns every violation found. */
function verify(browsers: SimulatedBrowser[], rows: StoredRow[]): string[] {
  const problems: string[] = [];
  const byAssessment = new Map<string, StoredRow[]>();
  for (const row of rows) byAssessment.set(row.assessment_id, [...(byAssessment.get(row.assessment_id) ?? []), row]);
  for (const browser of browsers) {
    const stored = byAssessment.get(browser.assessmentId) ?? [];
    for (const page of PAGES) {
      const ledger = browser.pages[page]!;
      const questions = PAGE_QUESTIONS[page];
      const pageRows = stored.filter((row) => questions.includes(row.question_guid));
      const where = `${browser.forwardedFor} ${page}`;
      if (pageRows.length === 0) {
        if (ledger.acked !== null) problems.push(`${where}: acknowledged v${ledger.acked} but nothing stored`);
        continue;
      }
      if (pageRows.length !== questions.length) problems.push(`${where}: half-written page (${pageRows.length}/${questions.length} answers)`);
      const versions = new Set(pageRows.map((row) => Number(row.order_index)));
      if (versions.size !== 1) {
        problems.push(`${where}: answers from different saves mixed: ${[...versions].join(', ')}`);
        continue;
      }
      const version = [...versions][0]!;
      for (const row of pageRows) {
        const index = questions.indexOf(row.question_guid);
        if (Number(row.response) !== (version + index) % 5) problems.push(`${where}: answer ${index} of v${version} is ${row.response}`);
      }
      const acceptable = version === ledger.acked || (ledger.unknown.has(version) && (ledger.acked === null || version > ledger.acked));
      if (!acceptable) problems.push(`${where}: stored v${version}, acknowledged v${ledger.acked}, unanswered ${[...ledger.unknown].join(',')}`);
    }
  }
  return problems;
}

async function storedRows(proc: ServerProcess): Promise<{ rows: StoredRow[]; integrity: string }> {
  if (proc.databaseUrl) {
    const client = new pg.Client({ connectionString: proc.databaseUrl });
    await client.connect();
    try {
      const result = await client.query<StoredRow>('select assessment_id, question_guid, response, order_index from responses');
      return { rows: result.rows, integrity: 'ok' };
    } finally {
      await client.end();
    }
  }
  // Opening the file after SIGKILL replays the WAL, exactly as the next server start would.
  const sqlite = new SQLite(path.join(proc.dataDir, 'bloom.sqlite'));
  try {
    const integrity = (sqlite.pragma('integrity_check') as Array<{ integrity_check: string }>).map((row) => row.integrity_check).join('; ');
    const rows = sqlite.prepare('select assessment_id, question_guid, response, order_index from responses').all() as StoredRow[];
    return { rows, integrity };
  } finally {
    sqlite.close();
  }
}

describe(`crash safety (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it(
    'keeps every acknowledged page, whole, through repeated SIGKILLs',
    async () => {
      expect(PAGES.reduce((sum, page) => sum + PAGE_QUESTIONS[page].length, 0)).toBe(questionsForTrack('Rapid').length);
      const proc = await startServerProcess({ TRUST_PROXY: 'true', LOG_LEVEL: 'silent' });
      processes.push(proc);
      const browsers = await Promise.all(Array.from({ length: CLIENTS }, (_, index) => newBrowser(proc, index + 1)));

      let stopped = false;
      const load = Promise.all(browsers.map((browser) => savePagesUntil(proc, browser, () => stopped)));
      const started = Date.now();
      for (let kill = 0; kill < KILLS; kill++) {
        await pause(1500 + Math.random() * 2000);
        await proc.kill();
        await pause(Math.random() * 300);
        await proc.start();
      }
      await pause(Math.max(1000, LOAD_MS - (Date.now() - started)));
      // The last kill lands mid-traffic too; the data is then read without a clean shutdown.
      await proc.kill();
      stopped = true;
      await load;

      const acknowledged = browsers.reduce((sum, browser) => sum + PAGES.filter((page) => browser.pages[page]!.acked !== null).length, 0);
      const interrupted = browsers.reduce((sum, browser) => sum + PAGES.reduce((n, page) => n + browser.pages[page]!.unknown.size, 0), 0);
      expect(acknowledged, 'pages acknowledged').toBeGreaterThan(CLIENTS);
      expect(interrupted, 'saves cut off by a kill (the test must actually interrupt some)').toBeGreaterThan(0);
      expect(browsers.flatMap((browser) => browser.serverErrors)).toEqual([]);

      const { rows, integrity } = await storedRows(proc);
      expect(integrity).toBe('ok');
      expect(verify(browsers, rows)).toEqual([]);

      // And the server comes back on that data.
      await proc.start();
      expect(await isUp(proc)).toBe(true);
    },
    90_000,
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'survives PostgreSQL dropping its connections (a database restart or failover)',
    async () => {
      const proc = await startServerProcess({ LOG_LEVEL: 'silent' });
      processes.push(proc);
      expect(await isUp(proc)).toBe(true);
      const admin = new pg.Client({ connectionString: proc.databaseUrl });
      await admin.connect();
      try {
        const database = new URL(proc.databaseUrl!).pathname.slice(1);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
      } finally {
        await admin.end();
      }
      await pause(500);
      expect(proc.running(), 'the server process is still alive').toBe(true);
      let healthy = false;
      for (let attempt = 0; attempt < 20 && !healthy; attempt++) {
        healthy = await isUp(proc);
        if (!healthy) await pause(100);
      }
      expect(healthy).toBe(true);
    },
    60_000,
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'under load, survives terminated connections and a database outage: 503 meanwhile, back within 10 s, no acknowledged save lost',
    async () => {
      const proc = await startServerProcess({ TRUST_PROXY: 'true', LOG_LEVEL: 'silent' });
      processes.push(proc);
      const adminUrl = process.env.DATABASE_URL!;
      const database = new URL(proc.databaseUrl!).pathname.slice(1);
      const terminate = (admin: pg.Client) =>
        admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
      const browsers = await Promise.all(Array.from({ length: 10 }, (_, index) => newBrowser(proc, index + 101)));
      const probe = browsers[0]!;

      let stopped = false;
      const load = Promise.all(browsers.map((browser) => savePagesUntil(proc, browser, () => stopped)));
      await withAdmin(adminUrl, async (admin) => {
        // Connections cut while queries and transactions are in flight (what a restart does to them).
        for (let cut = 0; cut < 3; cut++) {
          await pause(600 + Math.random() * 400);
          await terminate(admin);
          await pause(50);
          expect(proc.running(), 'the server process is still alive').toBe(true);
        }
        // An outage: no connection is accepted until the database allows them again.
        await admin.query(`alter database ${database} allow_connections false`);
        await terminate(admin);
        await pause(300);
        const asked = Date.now();
        const during = await call(proc, probe, 'GET', '/api/user/GetLatestAssessment');
        expect(Date.now() - asked, 'answered, not left hanging').toBeLessThan(10_000);
        expect(during.status).toBe(503);
        expect(during.json.error.code).toBe('database_unavailable');
        expect(proc.running(), 'the server process is still alive').toBe(true);
        await admin.query(`alter database ${database} allow_connections true`);
      });

      const back = Date.now();
      let recovered = false;
      while (!recovered && Date.now() - back < 10_000) {
        recovered = (await call(proc, probe, 'GET', '/api/user/GetLatestAssessment')).status === 200;
        if (!recovered) await pause(200);
      }
      expect(recovered, 'requests succeed within 10 s of the database coming back').toBe(true);
      await pause(1000);
      stopped = true;
      await load;

      expect(proc.running(), 'the server process is still alive').toBe(true);
      expect(browsers.flatMap((browser) => browser.serverErrors)).toEqual([]);
      const acknowledged = browsers.reduce((sum, browser) => sum + PAGES.filter((page) => browser.pages[page]!.acked !== null).length, 0);
      expect(acknowledged, 'pages acknowledged').toBeGreaterThan(browsers.length);
      const { rows } = await storedRows(proc);
      expect(verify(browsers, rows)).toEqual([]);
    },
    90_000,
  );
});

