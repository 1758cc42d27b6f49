/**
 * Item 2: Bloom on PostgreSQL, several instances sharing one throw-away cluster.
 * - Round trips: two instances that count what they send to PostgreSQL per endpoint
 *   (COUNT_DB_ROUND_TRIPS=1, apps/server/src/db/round-trips.ts) serve one guest's whole Rapid
 *   journey, every call on the other instance than the one before; a first guest warms each
 *   instance, the second is counted. The counts are exact, so they are printed as they are.
 * - Throughput: the same guest load as the SQLite part against 2 instances, saturated and
 *   paced, then 1 and 4 instances saturated, to show how the ratio moves with instances. Each
 *   saturated run also splits its CPU per call between the instances, PostgreSQL and the load
 *   generator (process-cpu.ts): on one machine they share the cores, so that is what limits it. Consecutive calls of every simulated guest go to
 *   alternating instances, so each step of each session is served by another instance than the
 *   step before: a guest who finishes the assessment has shown that sessions work across them.
 *   The counting instances are stopped before, so what the load measures carries no counting.
 */
import { availableParallelism } from 'node:os';
import { rapidGuestJourney, runJourneyLoad, type JourneyUser } from './journey';
import { percentile, Recorder, requestsPerSecond, SimUser, type LoadResult } from './support/load';
import { postgresAvailable, startPostgres, type ThrowAwayPostgres } from './support/postgres';
import { measureCpu } from './support/process-cpu';
import { BenchReport, fmt, ms, percentOf } from './support/report';
import { BLOOM_ENTRY, startProcess, type RunningServer } from './support/server-process';

const SECTION = 'PostgreSQL';
/** Issue 28's budgets. */
const ROUND_TRIPS_PER_CALL = 1.5;
const ROUND_TRIPS_PER_ENDPOINT = 3;
const SHARE_OF_SQLITE = 0.35;
const PACED_P99_MS = 50;
/** Unmeasured load on the instances before the measured runs (JIT warm-up, pools filled). */
const WARM_UP_MS = 3000;

export interface PostgresOptions {
  concurrency: number;
  durationMs: number;
  thinkMs: number;
  sqliteRps: number;
}

type EndpointCounts = Record<string, { calls: number; roundTrips: number }>;

export async function benchPostgres(report: BenchReport, options: PostgresOptions): Promise<void> {
  if (!postgresAvailable()) {
    report.failed(SECTION, new Error('PostgreSQL is not installed (apt-get install -y postgresql)'));
    return;
  }
  const postgres = await startPostgres();
  try {
    await countRoundTrips(report, postgres);
    const figures = (paced: boolean) => (instances: RunningServer[]) => journeyFigures(report, postgres, instances, options, paced);
    const two = await withInstances(postgres, 2, figures(true));
    const one = await withInstances(postgres, 1, figures(false));
    const four = await withInstances(postgres, 4, figures(false));
    report.row(
      SECTION,
      'instances 1 → 2 → 4, saturated',
      `${fmt(one, 0)} → ${fmt(two, 0)} → ${fmt(four, 0)} req/s`,
      `${[one, two, four].map((rps) => `${fmt((rps / options.sqliteRps) * 100, 0)}%`).join(' → ')} of SQLite Bloom, on this machine's ${availableParallelism()} cores`,
    );
  } finally {
    postgres.stop();
  }
}

/** Starts `count` instances on the cluster (one after the other: the first runs the migrations), runs `work`, stops them. */
async function withInstances<T>(postgres: ThrowAwayPostgres, count: number, work: (instances: RunningServer[]) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
  const instances: RunningServer[] = [];
  try {
    for (let i = 0; i < count; i++) instances.push(await startProcess(BLOOM_ENTRY, { DATABASE_URL: postgres.url, TRUST_PROXY: 'true', ...env }));
    return await work(instances);
  } finally {
    for (const instance of instances) await instance.stop();
  }
}

async function countRoundTrips(report: BenchReport, postgres: ThrowAwayPostgres): Promise<void> {
  const counts = await withInstances(
    postgres,
    2,
    async (instances) => {
      const baseUrls = instances.map((instance) => instance.baseUrl);
      // A pause before each call lets the NOTIFY of the call before reach both instances, so the counts do not depend on when it arrives.
      const guest = (): JourneyUser => new SimUser({ baseUrls, recorder: new Recorder(), forwardedFor: '10.255.0.1', thinkMs: 25 });
      await rapidGuestJourney(guest());
      await Promise.all(baseUrls.map((url) => fetch(`${url}/internal/db-round-trips?reset=1`)));
      await rapidGuestJourney(guest());
      const snapshots = await Promise.all(baseUrls.map(async (url) => (await (await fetch(`${url}/internal/db-round-trips`)).json()) as { endpoints: EndpointCounts }));
      const merged: EndpointCounts = {};
      for (const { endpoints } of snapshots) {
        for (const [name, entry] of Object.entries(endpoints)) {
          const into = (merged[name] ??= { calls: 0, roundTrips: 0 });
          into.calls += entry.calls;
          into.roundTrips += entry.roundTrips;
        }
      }
      return merged;
    },
    { COUNT_DB_ROUND_TRIPS: '1' },
  );
  const entries = Object.entries(counts).sort(([, a], [, b]) => b.roundTrips / b.calls - a.roundTrips / a.calls);
  const calls = entries.reduce((sum, [, entry]) => sum + entry.calls, 0);
  const roundTrips = entries.reduce((sum, [, entry]) => sum + entry.roundTrips, 0);
  const perCall = roundTrips / calls;
  report.row(SECTION, 'round trips per journey call (counted at the driver, 2 instances)', fmt(perCall, 2), `${roundTrips} over ${calls} calls of one Rapid journey; budget ≤ ${ROUND_TRIPS_PER_CALL}`);
  for (const [name, entry] of entries) report.row(SECTION, `  ${name}`, `${entry.roundTrips}/${entry.calls}`, 'round trips / calls');
  const worst = entries[0];
  report.budget(`PostgreSQL: ≤ ${ROUND_TRIPS_PER_CALL} round trips per journey call on average`, perCall <= ROUND_TRIPS_PER_CALL, fmt(perCall, 2));
  report.budget(
    `PostgreSQL: ≤ ${ROUND_TRIPS_PER_ENDPOINT} round trips for every journey endpoint`,
    worst !== undefined && worst[1].roundTrips / worst[1].calls <= ROUND_TRIPS_PER_ENDPOINT,
    worst ? `most: ${worst[0]} ${fmt(worst[1].roundTrips / worst[1].calls, 2)}` : 'nothing counted',
  );
}

/** The journey against these instances: saturated (and, when `paced`, paced too). Answers the saturated requests/s. */
async function journeyFigures(report: BenchReport, postgres: ThrowAwayPostgres, instances: RunningServer[], options: PostgresOptions, paced: boolean): Promise<number> {
  const baseUrls = instances.map((instance) => instance.baseUrl);
  const label = instances.length === 1 ? '1 instance' : `${instances.length} instances`;
  const load = { baseUrls, concurrency: options.concurrency };
  await runJourneyLoad({ ...load, durationMs: WARM_UP_MS });
  const cpu = measureCpu({ instances: () => instances.map((instance) => instance.pid), PostgreSQL: () => postgres.processIds() });
  const saturated = await runJourneyLoad({ ...load, durationMs: options.durationMs });
  const spent = cpu.stop();
  const rps = requestsPerSecond(saturated);
  const all = saturated.recorder.all();
  report.row(SECTION, `${label}: Rapid journey, saturated`, `${fmt(rps, 0)} req/s`, percentOf(rps, options.sqliteRps, 'SQLite Bloom'));
  report.row(SECTION, `${label}: latency, saturated`, `p50 ${ms(percentile(all, 50))} · p99 ${ms(percentile(all, 99))}`, `${saturated.sessions} whole assessments${instances.length > 1 ? ', every call on another instance' : ''}`);
  const perCall = (seconds: number) => `${fmt((seconds / all.length) * 1e6, 0)} µs`;
  report.row(
    SECTION,
    `${label}: CPU per call, saturated`,
    Object.entries(spent).map(([name, seconds]) => `${name} ${perCall(seconds)}`).join(' · '),
    `${perCall(Object.values(spent).reduce((sum, seconds) => sum + seconds, 0))} in all, on shared cores`,
  );
  const results: LoadResult[] = [saturated];
  if (paced) {
    const pacedRun = await runJourneyLoad({ ...load, durationMs: options.durationMs, thinkMs: options.thinkMs, rampUpMs: options.thinkMs * 10 });
    const samples = pacedRun.recorder.all();
    const p99 = percentile(samples, 99);
    report.row(SECTION, `${label}: latency, paced (${options.thinkMs} ms think)`, `p50 ${ms(percentile(samples, 50))} · p99 ${ms(p99)}`, `${fmt(requestsPerSecond(pacedRun), 0)} req/s offered`);
    report.budget(`PostgreSQL (${label}): journey ≥ ${SHARE_OF_SQLITE * 100}% of SQLite Bloom`, rps >= SHARE_OF_SQLITE * options.sqliteRps, percentOf(rps, options.sqliteRps, 'SQLite Bloom'));
    report.budget(`PostgreSQL (${label}): journey p99 < ${PACED_P99_MS} ms (paced)`, p99 < PACED_P99_MS, ms(p99));
    results.push(pacedRun);
  }
  const errors = results.reduce((sum, result) => sum + result.recorder.errors, 0);
  const sessions = results.reduce((sum, result) => sum + result.sessions, 0);
  report.row(SECTION, `${label}: errors`, String(errors), results.flatMap((result) => result.recorder.errorExamples)[0]);
  report.budget(`PostgreSQL (${label}): zero errors`, errors === 0, `${errors} errors`);
  if (instances.length > 1) report.budget(`PostgreSQL (${label}): sessions work across instances`, sessions > 0 && errors === 0, `${sessions} whole assessments, calls alternating between instances`);
  return rps;
}
