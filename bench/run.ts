/**
 * `npm run bench`: starts Bloom on a fresh database, drives realistic load over loopback,
 * and prints figures with ratios against a baseline measured in the same run.
 * Speed is measured here, never asserted in tests. A failed budget exits non-zero.
 */
import { runBareLoad, runJourneyLoad } from './journey';
import { percentile } from './support/load';
import { BARE_ENTRY, BLOOM_ENTRY, rssMb, startProcess } from './support/server-process';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 20) * 1000;

interface Budget {
  name: string;
  ok: boolean;
  detail: string;
}
const budgets: Budget[] = [];
const budget = (name: string, ok: boolean, detail: string) => budgets.push({ name, ok, detail });
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

async function main(): Promise<void> {
  console.log(`Bloom benchmark — ${CONCURRENCY} concurrent simulated users, ${DURATION_MS / 1000} s per run, loopback only\n`);

  const bare = await startProcess(BARE_ENTRY);
  const bareRun = await runBareLoad(bare.baseUrl, { concurrency: CONCURRENCY, durationMs: DURATION_MS });
  await bare.stop();
  const bareRps = bareRun.recorder.all().length / bareRun.seconds;

  const bloom = await startProcess(BLOOM_ENTRY, { TRUST_PROXY: 'true' });
  const journey = await runJourneyLoad(bloom.baseUrl, { concurrency: CONCURRENCY, durationMs: DURATION_MS });
  const rssAfter = await rssMb(bloom.pid);
  await bloom.stop();

  const all = journey.recorder.all();
  const rps = all.length / journey.seconds;
  const p50 = percentile(all, 50);
  const p99 = percentile(all, 99);

  console.log('API: guests taking the whole Rapid assessment (SQLite)');
  console.log(`  bare Fastify baseline   ${fmt(bareRps, 0)} req/s   p50 ${fmt(percentile(bareRun.recorder.all(), 50), 2)} ms   p99 ${fmt(percentile(bareRun.recorder.all(), 99), 2)} ms`);
  console.log(`  Bloom journey           ${fmt(rps, 0)} req/s   (${fmt((rps / bareRps) * 100, 0)}% of baseline)   ${fmt(journey.sessions / journey.seconds, 1)} sessions/s`);
  console.log(`                          p50 ${fmt(p50, 2)} ms   p99 ${fmt(p99, 2)} ms   errors ${journey.recorder.errors}`);
  console.log('\n  per call                      n      p50 ms    p99 ms');
  for (const [label, samples] of journey.recorder.samples) {
    console.log(`  ${label.padEnd(26)} ${String(samples.length).padStart(6)}  ${fmt(percentile(samples, 50), 2).padStart(8)}  ${fmt(percentile(samples, 99), 2).padStart(8)}`);
  }
  if (journey.recorder.errorExamples.length) console.log(`\n  error examples: ${journey.recorder.errorExamples.join(' | ')}`);
  console.log(`\nMemory: Bloom RSS after the load ${fmt(rssAfter, 0)} MB`);

  budget('Bloom req/s ≥ 40% of the bare server', rps >= 0.4 * bareRps, `${fmt((rps / bareRps) * 100, 0)}%`);
  budget('journey p99 < 50 ms', p99 < 50, `${fmt(p99, 2)} ms`);
  budget('zero errors', journey.recorder.errors === 0, `${journey.recorder.errors} errors`);

  console.log('\nBudgets');
  for (const b of budgets) console.log(`  ${b.ok ? 'PASS' : 'FAIL'}  ${b.name}  (${b.detail})`);
  if (budgets.some((b) => !b.ok)) process.exitCode = 1;
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
