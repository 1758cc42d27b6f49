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
import { interleave } from './support/interleave';
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
/**
 * Parts per contender of each interleaved saturated load (support/interleave.ts; the SQLite
 * part's reasons, bench/api.ts), each a tenth of BENCH_SECONDS. The budget's 2-instance figure
 * takes ten; the 1- and 4-instance figures and the transport comparison are for information and
 * take fewer parts of the same length, which keeps `npm run bench` under its ten minutes.
 */
const SATURATED_SEGMENTS = 10;
const INFORMATION_SEGMENTS = 5;
const TCP_SEGMENTS = 4;

export interface PostgresOptions {
  concurrency: number;
  durationMs: number;
  thinkMs: number;
}

type EndpointCounts = Record<string, { calls: number; roundTrips: number }>;

export async function benchPostgres(report: BenchReport, options: PostgresOptions): Promise<void> {
  if (!postgresAvailable()) {
    report.failed(SECTION, new Error('PostgreSQL is not installed (apt-get install -y postgresql)'));
    return;
  }
  const postgres = await startPostgres();
  // The embedded baseline, measured in the same moments as each PostgreSQL figure (interleaved).
  const sqlite = await startProcess(BLOOM_ENTRY, { TRUST_PROXY: 'true' });
  try {
    await runJourneyLoad({ baseUrls: [sqlite.baseUrl], concurrency: options.concurrency, durationMs: WARM_UP_MS });
    await countRoundTrips(report, postgres);
    const figures = (paced: boolean) => (instances: RunningServer[]) => journeyFigures(report, { postgres, sqlite, instances, options, paced });
    const two = await withInstances(postgres, 2, async (instances) => {
      const ratio = await figures(true)(instances);
      await withInstances(postgres, 2, (overTcp) => tcpFigure(report, sqlite, instances, overTcp, options), { DATABASE_URL: postgres.url });
      return ratio;
    });
    const one = await withInstances(postgres, 1, figures(false));
    const four = await withInstances(postgres, 4, figures(false));
    report.row(
      SECTION,
      'instances 1 → 2 → 4, saturated',
      [one, two, four].map((ratio) => `${fmt(ratio * 100, 0)}%`).join(' → '),
      `of SQLite Bloom measured alongside each, on this machine's ${availableParallelism()} cores`,
    );
  } finally {
    await sqlite.stop();
    postgres.stop();
  }
}

/**
 * Starts `count` instances on the cluster (one after the other: the first runs the migrations), runs `work`, stops them.
 * They reach PostgreSQL through its Unix socket, as an instance on the database's own host would
 * (docs/deploy.md); `env` may give another DATABASE_URL (the TCP comparison).
 */
async function withInstances<T>(postgres: ThrowAwayPostgres, count: number, work: (instances: RunningServer[]) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
  const instances: RunningServer[] = [];
  try {
    for (let i = 0; i < count; i++) instances.push(await startProcess(BLOOM_ENTRY, { DATABASE_URL: postgres.socketUrl, TRUST_PROXY: 'true', ...env }));
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

interface Contenders {
  postgres: ThrowAwayPostgres;
  sqlite: RunningServer;
  instances: RunningServer[];
  options: PostgresOptions;
  paced: boolean;
}

const labelOf = (instances: readonly RunningServer[]) => (instances.length === 1 ? '1 instance' : `${instances.length} instances`);

/**
 * The journey against these instances, saturated and interleaved with SQLite Bloom (one
 * process, as `npm run serve` runs it) so the ratio compares the same moments of this noisy
 * machine; when `paced`, a paced run too. Answers the saturated ratio to SQLite Bloom.
 */
async function journeyFigures(report: BenchReport, { postgres, sqlite, instances, options, paced }: Contenders): Promise<number> {
  const baseUrls = instances.map((instance) => instance.baseUrl);
  const label = labelOf(instances);
  const load = { baseUrls, concurrency: options.concurrency };
  await runJourneyLoad({ ...load, durationMs: WARM_UP_MS });
  // CPU is counted within the PostgreSQL parts only: the SQLite parts in between leave these processes idle.
  const spent: Record<string, number> = {};
  const segment = { concurrency: options.concurrency, durationMs: options.durationMs / SATURATED_SEGMENTS };
  const segments = paced ? SATURATED_SEGMENTS : INFORMATION_SEGMENTS;
  const { sqlite: sqliteRun, postgres: saturated } = await interleave(`${label}, saturated`, segments, {
    sqlite: () => runJourneyLoad({ ...segment, baseUrls: [sqlite.baseUrl] }),
    postgres: async () => {
      const cpu = measureCpu({ instances: () => instances.map((instance) => instance.pid), PostgreSQL: () => postgres.processIds() });
      const result = await runJourneyLoad({ ...segment, baseUrls });
      for (const [name, seconds] of Object.entries(cpu.stop())) spent[name] = (spent[name] ?? 0) + seconds;
      return result;
    },
  });
  const rps = requestsPerSecond(saturated);
  const sqliteRps = requestsPerSecond(sqliteRun);
  const all = saturated.recorder.all();
  report.row(SECTION, `${label}: Rapid journey, saturated`, `${fmt(rps, 0)} req/s`, `${percentOf(rps, sqliteRps, 'SQLite Bloom')} (${fmt(sqliteRps, 0)} req/s, interleaved)`);
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
    // Half the saturated run's length: at ~475 paced calls a second that is still thousands of samples for the p99.
    const pacedRun = await runJourneyLoad({ ...load, durationMs: options.durationMs / 2, thinkMs: options.thinkMs, rampUpMs: options.thinkMs * 10 });
    const samples = pacedRun.recorder.all();
    const p99 = percentile(samples, 99);
    report.row(SECTION, `${label}: latency, paced (${options.thinkMs} ms think)`, `p50 ${ms(percentile(samples, 50))} · p99 ${ms(p99)}`, `${fmt(requestsPerSecond(pacedRun), 0)} req/s offered`);
    report.budget(`PostgreSQL (${label}): journey ≥ ${SHARE_OF_SQLITE * 100}% of SQLite Bloom`, rps >= SHARE_OF_SQLITE * sqliteRps, percentOf(rps, sqliteRps, 'SQLite Bloom'));
    report.budget(`PostgreSQL (${label}): journey p99 < ${PACED_P99_MS} ms (paced)`, p99 < PACED_P99_MS, ms(p99));
    results.push(pacedRun);
  }
  const errors = results.reduce((sum, result) => sum + result.recorder.errors, 0);
  const sessions = results.reduce((sum, result) => sum + result.sessions, 0);
  report.row(SECTION, `${label}: errors`, String(errors), results.flatMap((result) => result.recorder.errorExamples)[0]);
  report.budget(`PostgreSQL (${label}): zero errors`, errors === 0, `${errors} errors`);
  if (instances.length > 1) report.budget(`PostgreSQL (${label}): sessions work across instances`, sessions > 0 && errors === 0, `${sessions} whole assessments, calls alternating between instances`);
  return rps / sqliteRps;
}

/**
 * The same 2 instances' load through PostgreSQL's TCP port on 127.0.0.1 instead of its Unix
 * socket, interleaved with the socket instances and SQLite Bloom: what the transport costs
 * when the database shares the machine. Answers the TCP instances' ratio to SQLite Bloom.
 */
async function tcpFigure(report: BenchReport, sqlite: RunningServer, overSocket: RunningServer[], overTcp: RunningServer[], options: PostgresOptions): Promise<void> {
  const segment = { concurrency: options.concurrency, durationMs: options.durationMs / SATURATED_SEGMENTS };
  await runJourneyLoad({ ...segment, baseUrls: overTcp.map((instance) => instance.baseUrl), durationMs: WARM_UP_MS });
  const runs = await interleave('2 instances, Unix socket and TCP', TCP_SEGMENTS, {
    sqlite: () => runJourneyLoad({ ...segment, baseUrls: [sqlite.baseUrl] }),
    socket: () => runJourneyLoad({ ...segment, baseUrls: overSocket.map((instance) => instance.baseUrl) }),
    tcp: () => runJourneyLoad({ ...segment, baseUrls: overTcp.map((instance) => instance.baseUrl) }),
  });
  const [sqliteRps, socketRps, tcpRps] = [runs.sqlite, runs.socket, runs.tcp].map(requestsPerSecond) as [number, number, number];
  report.row(
    SECTION,
    '2 instances over TCP (127.0.0.1), saturated',
    `${fmt(tcpRps, 0)} req/s`,
    `${percentOf(tcpRps, sqliteRps, 'SQLite Bloom')}; over the Unix socket ${fmt(socketRps, 0)} req/s (${percentOf(socketRps, sqliteRps, 'SQLite Bloom')}), interleaved`,
  );
  const errors = runs.tcp.recorder.errors + runs.socket.recorder.errors;
  report.budget('PostgreSQL (2 instances over TCP): zero errors', errors === 0, `${errors} errors`);
}
