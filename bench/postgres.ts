/**
 * Item 2: the same guest load against two Bloom instances sharing one throw-away
 * PostgreSQL. Consecutive calls of every simulated guest go to alternating instances, so
 * each step of each session is served by the other instance than the step before: a guest
 * who finishes the assessment has shown that sessions work across instances.
 */
import { runJourneyLoad } from './journey';
import { percentile, requestsPerSecond } from './support/load';
import { postgresAvailable, startPostgres } from './support/postgres';
import { BenchReport, fmt, ms, percentOf } from './support/report';
import { BLOOM_ENTRY, startProcess, type RunningServer } from './support/server-process';

export async function benchPostgres(report: BenchReport, options: { concurrency: number; durationMs: number; sqliteRps: number }): Promise<void> {
  const section = 'PostgreSQL (2 instances)';
  if (!postgresAvailable()) {
    report.failed(section, new Error('PostgreSQL is not installed (apt-get install -y postgresql)'));
    return;
  }
  const postgres = await startPostgres();
  const instances: RunningServer[] = [];
  try {
    const env = { DATABASE_URL: postgres.url, TRUST_PROXY: 'true' };
    // One after the other: the first instance runs the migrations.
    instances.push(await startProcess(BLOOM_ENTRY, env));
    instances.push(await startProcess(BLOOM_ENTRY, env));
    const result = await runJourneyLoad({ baseUrls: instances.map((i) => i.baseUrl), concurrency: options.concurrency, durationMs: options.durationMs });
    const all = result.recorder.all();
    const rps = requestsPerSecond(result);
    report.row(section, `Bloom Rapid journey, saturated (PostgreSQL ${postgres.version})`, `${fmt(rps, 0)} req/s`, percentOf(rps, options.sqliteRps, 'SQLite Bloom'));
    report.row(section, 'whole assessments across instances', `${fmt(result.sessions / result.seconds, 1)} sessions/s`, `${result.sessions} guests, every call on the other instance`);
    report.row(section, 'latency, saturated', `p50 ${ms(percentile(all, 50))} · p99 ${ms(percentile(all, 99))}`);
    report.row(section, 'errors', String(result.recorder.errors), result.recorder.errorExamples[0]);
    report.budget('PostgreSQL: zero errors', result.recorder.errors === 0, `${result.recorder.errors} errors`);
    report.budget('PostgreSQL: sessions work across instances', result.sessions > 0 && result.recorder.errors === 0, `${result.sessions} whole assessments, calls alternating between 2 instances`);
  } finally {
    for (const instance of instances) await instance.stop();
    postgres.stop();
  }
}
