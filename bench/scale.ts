/**
 * Item 4 of the benchmark: how latency grows with stored data. Three Bloom instances run
 * side by side on three seeded SQLite files (10k / 100k / 1M stored responses; a coach with
 * 100 / 2,000 / 10,000 clients, next to another coach's 2,000 clients in every file) and
 * the same calls are measured on each in short alternating rounds, so noise from other work
 * on the machine lands on every tier alike.
 */
import { rmSync } from 'node:fs';
import type { DashboardOutline } from '@bloom/contracts';
import { SECTION_PAGE_SIZE } from '../apps/web/src/features/coach/logic/client-pages';
import { rapidGuestJourney } from './journey';
import { ADMIN_EMAIL, measureCsvExport } from './memory';
import { mergeResults, percentile, runUsers, type LoadResult, type SimUser } from './support/load';
import { BenchReport, fmt, ms } from './support/report';
import { migratedSqliteFile, Seeder } from './support/seed';
import { BLOOM_ENTRY, newDataDir, startProcess, type RunningServer } from './support/server-process';

export interface ScaleTier {
  responses: number;
  coachClients: number;
}

export const SCALE_TIERS: readonly ScaleTier[] = [
  { responses: 10_000, coachClients: 100 },
  { responses: 100_000, coachClients: 2_000 },
  { responses: 1_000_000, coachClients: 10_000 },
];
/** Another coach's clients in every file: the dashboard must read only the caller's own. */
const OTHER_COACH_CLIENTS = 2_000;

interface SeededTier {
  tier: ScaleTier;
  dataDir: string;
  coachCookie: string;
  adminCookie: string;
  seedSeconds: number;
}

export async function seedTier(tier: ScaleTier): Promise<SeededTier> {
  const started = performance.now();
  const dataDir = newDataDir();
  const seeder = new Seeder(await migratedSqliteFile(dataDir));
  const { coachCookie, adminCookie } = seeder.batch(() => {
    // Respondents: members with one finished Professional assessment each (90 answers).
    const assessments = Math.ceil(tier.responses / seeder.responsesPerAssessment(true));
    for (let i = 0; i < assessments; i++) {
      seeder.finishedAssessment(seeder.user(), { professional: true, daysAgo: i % 365 });
    }
    const coachWithClients = (clients: number, lastName: string): string => {
      const coach = seeder.user({ coachStatus: 'approved', firstName: 'Casey', lastName });
      const groups = seeder.organization(coach, `${lastName} Wellness`, ['North', 'South', 'East', 'West']);
      for (let i = 0; i < clients; i++) {
        // Half the clients sit in a group; a third took the Professional assessment.
        const client = seeder.user({ coachId: coach, groupId: i % 2 === 0 ? groups[i % 4]! : null });
        seeder.finishedAssessment(client, { professional: i % 3 === 0, coachAccess: i % 2 === 0, withResponses: false, daysAgo: i % 90 });
      }
      return coach;
    };
    coachWithClients(OTHER_COACH_CLIENTS, 'Other');
    return {
      coachCookie: seeder.session(coachWithClients(tier.coachClients, 'Measured')),
      adminCookie: seeder.session(seeder.user({ email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Admin' })),
    };
  });
  seeder.close();
  return { tier, dataDir, coachCookie, adminCookie, seedSeconds: (performance.now() - started) / 1000 };
}

/** Runs `measure` on every instance in alternating order (A B C C B A …), `rounds` times over. */
async function alternate(
  servers: readonly RunningServer[],
  rounds: number,
  measure: (server: RunningServer, index: number) => Promise<LoadResult>,
): Promise<LoadResult[]> {
  const results: LoadResult[][] = servers.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const order = servers.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) results[i]!.push(await measure(servers[i]!, i));
  }
  return results.map(mergeResults);
}

export async function benchScale(report: BenchReport, options: { rounds?: number; segmentMs?: number } = {}): Promise<void> {
  // Three alternating rounds (A B C, C B A, A B C) rather than four keep `npm run bench` under ten minutes.
  const rounds = options.rounds ?? 3;
  const segmentMs = options.segmentMs ?? 1500;
  const section = 'Scale (SQLite)';

  const seeded: SeededTier[] = [];
  for (const tier of SCALE_TIERS) seeded.push(await seedTier(tier));
  const totalResponses = SCALE_TIERS.reduce((sum, t) => sum + t.responses, 0);
  const totalClients = SCALE_TIERS.reduce((sum, t) => sum + t.coachClients + OTHER_COACH_CLIENTS, 0);
  report.row(
    section,
    `seeding ${fmt(totalResponses / 1e6, 2)}M responses, ${fmt(totalClients / 1000, 1)}k coached clients (${SCALE_TIERS.length} files)`,
    `${fmt(seeded.reduce((sum, t) => sum + t.seedSeconds, 0), 1)} s`,
  );

  const servers: RunningServer[] = [];
  try {
    for (const tier of seeded) servers.push(await startProcess(BLOOM_ENTRY, { TRUST_PROXY: 'true', ADMIN_EMAILS: ADMIN_EMAIL }, { dataDir: tier.dataDir }));

    // Per-user journey calls: two guests at a time take the whole Rapid assessment.
    const journey = await alternate(servers, rounds, (server) =>
      runUsers({ baseUrls: [server.baseUrl], concurrency: 2, durationMs: segmentMs }, rapidGuestJourney),
    );
    // The coach dashboard as a browser opens it (decision 0032): the outline, then a page of
    // every section. One coach reloading it; each load's time is the sum of its calls.
    const dashboardLoads: number[][] = seeded.map(() => []);
    const dashboard = await alternate(servers, rounds, (server, i) =>
      runUsers({ baseUrls: [server.baseUrl], concurrency: 1, durationMs: segmentMs * 0.75 }, async (user) => {
        user.useSessionCookie(seeded[i]!.coachCookie);
        const started = performance.now();
        await openCoachDashboard(user);
        dashboardLoads[i]!.push(performance.now() - started);
      }),
    );
    // The whole list in one answer (GetAssessmentsByCoach): the spec's call, which no screen asks for since decision 0032.
    const wholeList = await alternate(servers, rounds, (server, i) =>
      runUsers({ baseUrls: [server.baseUrl], concurrency: 1, durationMs: segmentMs * 0.75 }, async (user) => {
        user.useSessionCookie(seeded[i]!.coachCookie);
        for (let n = 0; n < 3; n++) await user.call('GetAssessmentsByCoach', 'GET', '/api/coach/GetAssessmentsByCoach');
      }),
    );

    const journeyP50 = journey.map((r) => percentile(r.recorder.all(), 50));
    seeded.forEach((t, i) => {
      const all = journey[i]!.recorder.all();
      report.row(
        section,
        `journey calls, ${t.tier.responses.toLocaleString('en-US')} responses stored`,
        `p50 ${ms(journeyP50[i]!)} · p95 ${ms(percentile(all, 95))}`,
        i === 0 ? 'baseline tier' : `×${fmt(journeyP50[i]! / journeyP50[0]!, 2)} (data ×${t.tier.responses / seeded[0]!.tier.responses})`,
      );
    });
    const dashboardP50 = dashboardLoads.map((loads) => percentile(loads, 50));
    const wholeListP50 = wholeList.map((r) => percentile(r.recorder.all(), 50));
    const clientGrowth = (i: number) => seeded[i]!.tier.coachClients / seeded[0]!.tier.coachClients;
    seeded.forEach((t, i) => {
      const clients = t.tier.coachClients.toLocaleString('en-US');
      const against = (p50: number[]) => (i === 0 ? 'baseline tier' : `×${fmt(p50[i]! / p50[0]!, 2)} (clients ×${clientGrowth(i)})`);
      report.row(section, `coach dashboard's first load, ${clients} clients`, `p50 ${ms(dashboardP50[i]!)} · p95 ${ms(percentile(dashboardLoads[i]!, 95))}`, against(dashboardP50));
      report.row(section, `  whole list (GetAssessmentsByCoach), ${clients} clients`, `p50 ${ms(wholeListP50[i]!)} · p95 ${ms(percentile(wholeList[i]!.recorder.all(), 95))}`, against(wholeListP50));
    });

    const errors = [...journey, ...dashboard, ...wholeList].reduce((sum, r) => sum + r.recorder.errors, 0);
    const journeyGrowth = journeyP50.at(-1)! / journeyP50[0]!;
    report.budget('scale: per-user journey calls flat from 10k to 1M responses (p50 growth ≤ ×1.5)', journeyGrowth <= 1.5, `×${fmt(journeyGrowth, 2)}`);
    const linearBudget = (name: string, p50: number[]) =>
      report.budget(
        `scale: ${name} at most linear in own clients`,
        seeded.every((_, i) => p50[i]! / p50[0]! <= clientGrowth(i)),
        seeded.map((_, i) => `×${fmt(p50[i]! / p50[0]!, 1)} for ×${clientGrowth(i)}`).join(', '),
      );
    linearBudget("coach dashboard's first load", dashboardP50);
    linearBudget('whole coach list (GetAssessmentsByCoach)', wholeListP50);
    await measureCsvExport(report, servers.at(-1)!, seeded.at(-1)!.adminCookie);
    report.budget('scale: zero errors', errors === 0, `${errors} errors${errors ? ': ' + [...journey, ...dashboard, ...wholeList].flatMap((r) => r.recorder.errorExamples).slice(0, 2).join(' | ') : ''}`);
  } finally {
    for (const server of servers) await server.stop();
    // Tiers whose server never started still have their seeded files.
    for (const tier of seeded) rmSync(tier.dataDir, { recursive: true, force: true });
  }
}

/**
 * What the coach dashboard asks for when it opens: its outline, then the first page of each
 * section (every group with clients, then the independent clients). A dashboard of more than
 * 100 clients asks only for the sections near the screen; asking for all of them at every size
 * keeps the tiers' work alike.
 */
async function openCoachDashboard(user: SimUser): Promise<void> {
  const outline = await user.call<DashboardOutline>('GetDashboardOutline', 'GET', '/api/coach/GetDashboardOutline');
  const pages = outline.organizations.flatMap((organization) => organization.groups.filter((group) => group.clientCount > 0).map((group) => `groupId=${group.groupGuid}`));
  if (outline.independentClients > 0) pages.push('independent=true');
  for (const scope of pages) await user.call('GetClientsPage', 'GET', `/api/coach/GetClientsPage?${scope}&limit=${SECTION_PAGE_SIZE}`);
}
