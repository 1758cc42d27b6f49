/**
 * The coach dashboard at scale (issue 27 part 3; `BENCH_ONLY=coach npm run bench`). One coach
 * with BENCH_COACH_CLIENTS (10,000) clients in 10 organizations × 5 groups (one in five
 * independent), each with one or two finished assessments, next to another coach's 2,000
 * clients. The calls the dashboard makes on its first load are timed one after another, as
 * one coach reloading the page: before (the whole list, GET /coach/GetAssessmentsByCoach, which
 * stays for its other callers) and now (the outline, then one page of the first section); then
 * the first page of the largest section (2,000 independent clients) and a search. Each call's body size is printed: the first response must stay under 200 KB, the
 * first load's p95 under 100 ms.
 */
import { rmSync } from 'node:fs';
import { percentile, runUsers, type LoadResult } from './support/load';
import { BenchReport, fmt, ms } from './support/report';
import { migratedSqliteFile, Seeder } from './support/seed';
import { BLOOM_ENTRY, newDataDir, startProcess } from './support/server-process';

const CLIENTS = Number(process.env.BENCH_COACH_CLIENTS ?? 10_000);
const OTHER_COACH_CLIENTS = 2_000;
const GROUPS = ['No Group', 'Team A', 'Team B', 'Team C', 'Team D'];
const FIRST_RESPONSE_BUDGET_BYTES = 200 * 1000;
const FIRST_LOAD_P95_BUDGET_MS = 100;

interface Seeded {
  dataDir: string;
  coachCookie: string;
  firstGroupId: string;
}

function seed(file: string, dataDir: string): Seeded {
  const seeder = new Seeder(file);
  const seeded = seeder.batch(() => {
    const coachWithClients = (clients: number, lastName: string) => {
      const coach = seeder.user({ coachStatus: 'approved', firstName: 'Casey', lastName });
      const groups = Array.from({ length: 10 }, (_, i) => seeder.organization(coach, `${lastName} Organization ${i + 1}`, GROUPS)).flat();
      for (let i = 0; i < clients; i++) {
        const client = seeder.user({ coachId: coach, groupId: i % 5 === 4 ? null : groups[i % groups.length]! });
        seeder.finishedAssessment(client, { professional: i % 3 === 0, coachAccess: i % 2 === 0, withResponses: false, daysAgo: i % 90 });
        if (i % 2 === 0) seeder.finishedAssessment(client, { professional: false, coachAccess: true, withResponses: false, daysAgo: 100 + (i % 90) });
      }
      return { coach, groups };
    };
    coachWithClients(OTHER_COACH_CLIENTS, 'Other');
    const measured = coachWithClients(CLIENTS, 'Measured');
    return { coachCookie: seeder.session(measured.coach), firstGroupId: measured.groups[0]! };
  });
  seeder.close();
  return { dataDir, ...seeded };
}

/** A sequence of GETs, as one dashboard load; returns the body size of each. */
type Load = { label: string; path: (seeded: Seeded) => string }[];

async function measureLoad(baseUrl: string, seeded: Seeded, load: Load, durationMs: number): Promise<{ result: LoadResult; bytes: number[]; firstLoad: number[] }> {
  const bytes = load.map(() => 0);
  const firstLoad: number[] = [];
  const result = await runUsers({ baseUrls: [baseUrl], concurrency: 1, durationMs }, async (user) => {
    user.useSessionCookie(seeded.coachCookie);
    const started = performance.now();
    for (const [i, call] of load.entries()) {
      const body = await user.call(call.label, 'GET', call.path(seeded));
      bytes[i] = Buffer.byteLength(typeof body === 'string' ? body : JSON.stringify(body));
    }
    firstLoad.push(performance.now() - started);
  });
  return { result, bytes, firstLoad };
}

const LOADS: Record<string, Load> = {
  before: [{ label: 'GetAssessmentsByCoach', path: () => '/api/coach/GetAssessmentsByCoach' }],
  // The dashboard now: the outline, then the first section's first page (10 clients).
  now: [
    { label: 'GetDashboardOutline', path: () => '/api/coach/GetDashboardOutline' },
    { label: 'GetClientsPage group', path: (seeded) => `/api/coach/GetClientsPage?groupId=${seeded.firstGroupId}&limit=10` },
  ],
  // The largest section: 2,000 independent clients, ordered for their first page.
  independent: [{ label: 'GetClientsPage independent', path: () => '/api/coach/GetClientsPage?independent=true&limit=10' }],
  // A search over every client's name and e-mail (about 130 match).
  search: [{ label: 'GetClientsPage search', path: () => '/api/coach/GetClientsPage?search=person12' }],
};

export async function benchCoachDashboard(report: BenchReport, options: { rounds?: number; segmentMs?: number } = {}): Promise<void> {
  const rounds = options.rounds ?? 4;
  const segmentMs = options.segmentMs ?? 2_000;
  const section = `Coach dashboard (${CLIENTS.toLocaleString('en-US')} clients)`;
  const seedStarted = performance.now();
  const dataDir = newDataDir();
  const seeded = seed(await migratedSqliteFile(dataDir), dataDir);
  report.row(section, `seeding ${CLIENTS.toLocaleString('en-US')} + ${OTHER_COACH_CLIENTS.toLocaleString('en-US')} clients`, `${fmt((performance.now() - seedStarted) / 1000, 1)} s`);

  const server = await startProcess(BLOOM_ENTRY, {}, { dataDir });
  try {
    const runs: Record<string, Awaited<ReturnType<typeof measureLoad>>[]> = Object.fromEntries(Object.keys(LOADS).map((name) => [name, []]));
    // Alternating rounds, so noise from other work on the machine lands on every load alike.
    for (let round = 0; round < rounds; round++) {
      for (const [name, load] of Object.entries(LOADS)) runs[name]!.push(await measureLoad(server.baseUrl, seeded, load, segmentMs));
    }
    for (const [name, load] of Object.entries(LOADS)) {
      const measured = runs[name]!;
      const firstLoad = measured.flatMap((m) => m.firstLoad);
      const errors = measured.reduce((sum, m) => sum + m.result.recorder.errors, 0);
      for (const [i, call] of load.entries()) {
        const samples = measured.flatMap((m) => m.result.recorder.samples.get(call.label) ?? []);
        report.row(section, `${name}: GET ${call.path(seeded)}`, `${fmt(measured[0]!.bytes[i]! / 1000, 1)} kB · p50 ${ms(percentile(samples, 50))} · p95 ${ms(percentile(samples, 95))}`);
      }
      report.row(section, `${name}: first load (${load.length} call${load.length === 1 ? '' : 's'}, ${firstLoad.length} loads)`, `p50 ${ms(percentile(firstLoad, 50))} · p95 ${ms(percentile(firstLoad, 95))}`, errors ? `${errors} errors` : undefined);
      if (name !== 'now') continue;
      report.budget(`coach dashboard: first response under 200 KB at ${CLIENTS.toLocaleString('en-US')} clients`, measured[0]!.bytes[0]! < FIRST_RESPONSE_BUDGET_BYTES, `${fmt(measured[0]!.bytes[0]! / 1000, 1)} kB`);
      report.budget(`coach dashboard: first load p95 under ${FIRST_LOAD_P95_BUDGET_MS} ms`, percentile(firstLoad, 95) < FIRST_LOAD_P95_BUDGET_MS, ms(percentile(firstLoad, 95)));
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
