/**
 * `npm run bench`: builds the web app, starts Bloom on fresh databases, drives realistic
 * load over loopback only (bounded in count and time), and prints one table in which each
 * figure stands next to a baseline measured in the same run, because these machines are
 * noisy. Speed is measured here, never asserted in tests. A failed budget exits non-zero.
 *
 * Environment: BENCH_CONCURRENCY (50), BENCH_SECONDS (20), BENCH_THINK_MS (100),
 * BENCH_LIGHTHOUSE_RUNS (5), BENCH_SKIP_BUILD=1, BENCH_ONLY=api,postgres,reports,scale,statistics,coach,web.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchApi } from './api';
import { benchCoachDashboard } from './coach-dashboard';
import { benchPostgres } from './postgres';
import { benchReports } from './report-latency';
import { benchScale } from './scale';
import { benchStatistics } from './statistics';
import { BenchReport, fmt } from './support/report';
import { benchWeb } from './web';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 20) * 1000;
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 100);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const ONLY = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const TIME_BUDGET_S = 600;
const repoRoot = path.resolve(import.meta.dirname, '..');

const report = new BenchReport();
const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;

async function part(name: string, section: string, work: () => Promise<void>): Promise<void> {
  if (ONLY && !ONLY.includes(name)) return;
  const partStarted = performance.now();
  console.log(`\n▶ ${section} …`);
  try {
    await work();
  } catch (error) {
    console.error(error);
    report.failed(section, error);
  }
  console.log(`  (${fmt((performance.now() - partStarted) / 1000, 0)} s)`);
}

function buildWebApp(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  console.log('Building the web app and the server (npm run build) …');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build failed');
}

async function main(): Promise<void> {
  console.log(`Bloom benchmark: ${CONCURRENCY} simulated guests, ${DURATION_MS / 1000} s per load, loopback only`);
  buildWebApp();

  await part('api', 'API', async () => {
    await benchApi(report, { concurrency: CONCURRENCY, durationMs: DURATION_MS, thinkMs: THINK_MS });
  });
  await part('postgres', 'PostgreSQL', () =>
    benchPostgres(report, { concurrency: CONCURRENCY, durationMs: DURATION_MS, thinkMs: THINK_MS }),
  );
  await part('reports', 'Reports', () => benchReports(report, { concurrency: CONCURRENCY, durationMs: DURATION_MS, thinkMs: THINK_MS }));
  await part('scale', 'Scale', () => benchScale(report));
  await part('statistics', 'Statistics', () => benchStatistics(report));
  await part('coach', 'Coach dashboard', () => benchCoachDashboard(report));
  await part('web', 'Web', () => benchWeb(report, { runs: LIGHTHOUSE_RUNS }));

  const total = elapsed();
  report.row('Run', 'whole `npm run bench`', `${fmt(total, 0)} s`, `budget ${TIME_BUDGET_S} s`);
  if (!ONLY) report.budget(`bench: completes in under ${TIME_BUDGET_S / 60} minutes`, total < TIME_BUDGET_S, `${fmt(total, 0)} s`);

  console.log('\n' + '═'.repeat(100));
  console.log(`Bloom benchmark results (${new Date().toISOString()})`);
  console.log(report.text());
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  writeFileSync(path.join(repoRoot, '.tmp/bench-latest.md'), report.markdown() + '\n');
  console.log('\n(Markdown copy of this table: .tmp/bench-latest.md)');
  if (!report.allPassed) process.exitCode = 1;
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
