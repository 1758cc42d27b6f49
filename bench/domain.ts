/**
 * Domain micro-benchmark: median time to score a random 90-item (Professional)
 * assessment and assemble its full positivity plan (target: under 1 ms).
 * Prints, never asserts. Run: node --import tsx bench/domain.ts
 */
import {
  baselineNorms,
  buildPositivityPlan,
  individualDifferences,
  randomAnswers,
  scoreAssessment,
  SKIPPED_LIFE_DATA,
  type LifeData,
} from '@bloom/domain';

const WARMUP = 200;
const RUNS = 2000;
const lifeData: LifeData = { ...SKIPPED_LIFE_DATA, gender: 'Female', age: 38, stressfulEvents: 'No' };

// Prepare inputs up front so only domain work is timed.
const inputs = Array.from({ length: 64 }, (_, i) => randomAnswers(true, i + 1));

function once(i: number): number {
  const answers = inputs[i % inputs.length]!;
  const start = process.hrtime.bigint();
  const scores = scoreAssessment({ isNinetyItem: true, answers });
  const diffs = individualDifferences(scores, lifeData, baselineNorms);
  const plan = buildPositivityPlan({
    scores,
    individualDifferences: diffs,
    lifeData,
    norms: baselineNorms,
    clientName: 'Bench Mark',
    assessmentDate: '2026-03-05',
  });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (plan.BloomProfile.chartData.length !== 10) throw new Error('unexpected plan');
  return elapsed;
}

for (let i = 0; i < WARMUP; i++) once(i);
const times = Array.from({ length: RUNS }, (_, i) => once(i)).sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;

console.log(`score + plan of a random 90-item assessment, ${RUNS} runs after ${WARMUP} warm-up`);
console.log(`  median ${pct(0.5).toFixed(3)} ms   p90 ${pct(0.9).toFixed(3)} ms   p99 ${pct(0.99).toFixed(3)} ms   (target < 1 ms)`);
