/**
 * Coach-side benchmark. Prints, never asserts. Run: node --import tsx bench/coach.ts
 *
 * Seeds a temporary SQLite database directly with Kysely (batched inserts): one coach with
 * BENCH_COACH_CLIENTS (default 10,000, issue 27's figure) clients in 10 organizations × 5 groups
 * plus independents, 10,000 completed assessments for the first of them, and other members up to 100,000 assessments in all, each with its saved answers
 * (Rapid: 30, Professional: 90; one in ten is Professional), so the export scores every row
 * exactly as in production: nothing is precomputed. Then:
 * - p95 latency of GET /api/coach/GetAssessmentsByCoach and GetOrganizationsByCoach under
 *   autocannon with 1 connection (one coach at a time) and BENCH_CONNECTIONS (default 4), for
 *   BENCH_SECONDS (default 10) each, target p95 < 150 ms. The server answers from one event loop
 *   with a synchronous SQLite driver, so concurrent requests queue: at 4 connections a request
 *   waits for up to three others;
 * - rows/s and the server's peak RSS (VmHWM of a fresh server process) for GET /api/data/ExportCsv
 *   of all 100,000 assessments, target < 150 MB.
 * BENCH_TOTAL_ASSESSMENTS (100000) scales the export set down for a quick run; BENCH_KEEP_DIR keeps the
 * seeded database in that folder for a closer look.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { questionsForTrack } from '@bloom/domain';
import { migrateToLatest, openDatabase, type Db } from '../apps/server/src/db/database';
import { createSession } from '../apps/server/src/sessions/sessions';
import { percentile } from './support/load';
import { BLOOM_ENTRY, newDataDir, startProcess } from './support/server-process';

/** The parts of autocannon's API used here (the package ships no types). */
interface AutocannonRun extends PromiseLike<unknown> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, responseTime: number) => void): void;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => AutocannonRun;

const CLIENTS = Number(process.env.BENCH_COACH_CLIENTS ?? 10_000);
const COACH_ASSESSMENTS = 10_000;
const TOTAL_ASSESSMENTS = Number(process.env.BENCH_TOTAL_ASSESSMENTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN_EMAIL = 'bench-admin@bloom.test';

const rapidQuestions = questionsForTrack('Rapid');
const proQuestions = questionsForTrack('Professional');

async function insertBatched<T>(db: Db, table: 'users' | 'assessments' | 'responses' | 'organizations' | 'groups', rows: T[], size: number): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await db.insertInto(table).values(rows.slice(i, i + size) as never).execute();
  }
}

function userRow(id: string, email: string, extra: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  return {
    id, issuer: 'bench', subject: id, user_name: email, email, first_name: 'First', last_name: `Last ${id.slice(0, 6)}`, is_guest: 0,
    coach_status: 'none', coach_id: null, group_id: null, research_opt_in: 0, access_pre_granted: 0, last_visited_route: null,
    referrer: null, merged_into: null, created_at: now, updated_at: now, ...extra,
  };
}

async function seed(db: Db): Promise<{ coachToken: string; adminToken: string }> {
  const started = performance.now();
  const coachId = crypto.randomUUID();
  const adminId = crypto.randomUUID();
  await insertBatched(db, 'users', [userRow(coachId, 'coach@bench.test', { coach_status: 'approved' }), userRow(adminId, ADMIN_EMAIL)], 10);

  const now = new Date().toISOString();
  const organizations = Array.from({ length: 10 }, (_, i) => ({ id: crypto.randomUUID(), coach_id: coachId, name: `Organization ${i + 1}`, created_at: now }));
  const groups = organizations.flatMap((o) => ['No Group', 'Team A', 'Team B', 'Team C', 'Team D'].map((name) => ({ id: crypto.randomUUID(), organization_id: o.id, name, created_at: now })));
  await insertBatched(db, 'organizations', organizations, 100);
  await insertBatched(db, 'groups', groups, 100);

  // Four in five clients are in a group; the rest are independent.
  const clients = Array.from({ length: CLIENTS }, (_, i) =>
    userRow(crypto.randomUUID(), `client${i}@bench.test`, { coach_id: coachId, group_id: i % 5 === 4 ? null : groups[i % groups.length]!.id, access_pre_granted: i % 3 === 0 ? 1 : 0 }),
  );
  await insertBatched(db, 'users', clients, 500);
  const others = Array.from({ length: Math.ceil(Math.max(0, TOTAL_ASSESSMENTS - COACH_ASSESSMENTS) / 5) }, (_, i) => userRow(crypto.randomUUID(), `member${i}@bench.test`));
  await insertBatched(db, 'users', others, 500);

  const owners = [...clients.map((c) => c.id), ...others.map((o) => o.id)];
  const start = Date.parse('2025-01-01T00:00:00Z');
  let made = 0;
  let answers = 0;
  const BATCH = 500;
  while (made < TOTAL_ASSESSMENTS) {
    const batch: Record<string, unknown>[] = [];
    const responses: Record<string, unknown>[] = [];
    for (let j = 0; j < BATCH && made < TOTAL_ASSESSMENTS; j += 1, made += 1) {
      const isPro = made % 10 === 0;
      const id = crypto.randomUUID();
      const created = new Date(start + made * 60_000).toISOString();
      batch.push({ id, user_id: owners[Math.floor(made / 5)]!, is_ninety_item: isPro ? 1 : 0, coach_access_granted: made % 2, client_access_granted: 0, created_at: created, completed_at: created });
      for (const [k, q] of (isPro ? proQuestions : rapidQuestions).entries()) {
        responses.push({ assessment_id: id, question_guid: q.questionGuid, response: (k + made) % 5, order_index: q.order, updated_at: created });
      }
    }
    answers += responses.length;
    await db.transaction().execute(async (trx) => {
      await insertBatched(trx, 'assessments', batch, 500);
      await insertBatched(trx, 'responses', responses, 1_000);
    });
  }
  const coachToken = await createSession(db, coachId);
  const adminToken = await createSession(db, adminId);
  console.log(`seeded ${CLIENTS} clients, ${TOTAL_ASSESSMENTS} assessments (${COACH_ASSESSMENTS} of the coach's clients), ${answers} answers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { coachToken, adminToken };
}

async function latency(baseUrl: string, path: string, token: string, connections: number): Promise<void> {
  const times: number[] = [];
  let bytes = 0;
  let non2xx = 0;
  const instance = autocannon({ url: baseUrl + path, connections, duration: SECONDS, headers: { cookie: `bloom_session=${token}` } });
  instance.on('response', (_client, status, resBytes, responseTime) => {
    times.push(responseTime);
    bytes = resBytes;
    if (status !== 200) non2xx += 1;
  });
  await instance;
  console.log(
    `GET ${path}: ${times.length} requests, ${connections} connection${connections === 1 ? '' : 's'}, body ${(bytes / 1024).toFixed(0)} KiB, ` +
      `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms` +
      `${non2xx ? `, ${non2xx} non-200` : ''} (target p95 < 150 ms)`,
  );
}

const peakRssMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const dataDir = process.env.BENCH_KEEP_DIR ?? newDataDir();
const database = openDatabase({ databaseUrl: undefined, dataDir });
await migrateToLatest(database.db);
const { coachToken, adminToken } = await seed(database.db);
await database.close();

const env = { ADMIN_EMAILS: ADMIN_EMAIL };
const server = await startProcess(BLOOM_ENTRY, env, { dataDir });
try {
  for (const connections of [...new Set([1, CONNECTIONS])]) {
    await latency(server.baseUrl, '/api/coach/GetAssessmentsByCoach', coachToken, connections);
    await latency(server.baseUrl, '/api/coach/GetOrganizationsByCoach', coachToken, connections);
  }
} finally {
  server.process.kill('SIGTERM');
  await new Promise((resolve) => server.process.once('exit', resolve));
}

// A fresh process, so its peak RSS is start-up plus the export alone.
const exporter = await startProcess(BLOOM_ENTRY, env, { dataDir });
try {
  const before = peakRssMb(exporter.pid);
  const started = performance.now();
  const response = await fetch(`${exporter.baseUrl}/api/data/ExportCsv`, { headers: { cookie: `bloom_session=${adminToken}` } });
  let rows = -1;
  let bytes = 0;
  const decoder = new TextDecoder();
  for await (const chunk of response.body!) {
    bytes += chunk.byteLength;
    rows += (decoder.decode(chunk, { stream: true }).match(/\n/g) ?? []).length;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `GET /api/data/ExportCsv: ${response.status}, ${rows} rows, ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s; ` +
      `server peak RSS ${peakRssMb(exporter.pid).toFixed(0)} MB (idle after start ${before.toFixed(0)} MB; target < 150 MB)`,
  );
} finally {
  if (process.env.BENCH_KEEP_DIR) {
    exporter.process.kill('SIGTERM');
    await new Promise((resolve) => exporter.process.once('exit', resolve));
  } else {
    await exporter.stop();
  }
}
