/**
 * The norms worker (decision 0067): the norms a snapshot stores are computed in a child process
 * from the rows this process reads. They must be what the same rows give computed here, and a
 * failed read or a child that dies must fail the computation (the refresher logs it and tries
 * again) rather than hang or store anything.
 */
import { questionsForTrack } from '@bloom/domain';
import { describe, expect, it } from 'vitest';
import { normRowOf, normsOf } from '../src/norms/norm-rows';
import { computeNormsInWorker } from '../src/norms/norms-in-worker';
import type { ResearchNormRow } from '../src/progress/repository';
import { STATED_LIFE_DATA } from './reports-fixtures';

const COMPUTED_AT = '2026-11-27T09:00:00.000Z';

/** `count` research rows of a form, answered `level` (±1 by question), every `stated`-th with the stated life situation. */
function researchRows(count: number, { professional, level, stated }: { professional: boolean; level: number; stated: number }): ResearchNormRow[] {
  const questions = questionsForTrack(professional ? 'Professional' : 'Rapid');
  return Array.from({ length: count }, (_, person) => {
    const answers = questions.map((q, index) => `${q.questionGuid}:${Math.min(4, Math.max(0, level + ((person + index) % 3) - 1))}`).join(',');
    const life = person % stated === 0 ? STATED_LIFE_DATA : null;
    return {
      id: `${professional ? 'p' : 'r'}-${person}`,
      is_ninety_item: professional ? 1 : 0,
      answers,
      relationship_status: life?.relationshipStatus ?? null,
      parenting_status: life?.parentingStatus ?? null,
      employment_status: life?.employmentStatus ?? null,
      age: life?.age ?? null,
      gender: life?.gender ?? null,
      income: life?.income ?? null,
      stressful_events: life?.stressfulEvents ?? null,
    };
  });
}

async function* inBatches<T>(rows: readonly T[], size: number): AsyncGenerator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

describe('norms computed in the worker', () => {
  it('are the norms the same rows give computed in this process, over several batches', async () => {
    const rows = [...researchRows(150, { professional: false, level: 3, stated: 2 }), ...researchRows(40, { professional: true, level: 1, stated: 1 })];
    const { payload, population } = await computeNormsInWorker(inBatches(rows, 64), COMPUTED_AT);
    const expected = normsOf(rows.map(normRowOf), COMPUTED_AT);
    expect(population).toBe(190);
    expect(JSON.parse(payload)).toEqual(expected);
    // Not a trivial answer: the stated life situation made groups of its own.
    expect(expected.groups.length).toBeGreaterThan(0);
    expect(expected.population.n).toBe(190);
  });

  it('fails with the read error when reading the rows fails', async () => {
    async function* failingRead(): AsyncGenerator<ResearchNormRow[]> {
      yield researchRows(10, { professional: false, level: 2, stated: 3 });
      throw new Error('connection terminated');
    }
    await expect(computeNormsInWorker(failingRead(), COMPUTED_AT)).rejects.toThrow('connection terminated');
  });

  it('fails, rather than waiting for ever, when the worker dies before answering', async () => {
    // A row the worker cannot read throws there: the worker exits without an answer.
    const broken = [null] as unknown as ResearchNormRow[];
    await expect(computeNormsInWorker(inBatches(broken, 1), COMPUTED_AT)).rejects.toThrow(/ended \(exit code 1\) without an answer: .*TypeError/s);
  });

  it('fails with the worker\'s own account when it dies while batches are still on their way', async () => {
    async function* brokenThenMore(): AsyncGenerator<ResearchNormRow[]> {
      yield [null] as unknown as ResearchNormRow[];
      // Long enough for the worker to have died of the first batch.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (let batch = 0; batch < 5; batch++) yield researchRows(10, { professional: false, level: 2, stated: 3 });
    }
    await expect(computeNormsInWorker(brokenThenMore(), COMPUTED_AT)).rejects.toThrow(/ended \(exit code 1\) without an answer: .*TypeError/s);
  });

  it('stops a worker that does not answer in time, and says so', async () => {
    const rows = researchRows(50, { professional: false, level: 2, stated: 3 });
    await expect(computeNormsInWorker(inBatches(rows, 10), COMPUTED_AT, { timeoutMs: 1 })).rejects.toThrow(/did not answer within 1 ms and was stopped/);
  });
});
