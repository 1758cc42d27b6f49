import { individualDifferencesSchema } from '@bloom/contracts';
import { baselineNorms, benchmarkSentence, computeNorms, SKIPPED_LIFE_DATA, WELLSPRING_NAMES, type LifeData, type NormRow } from '@bloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/crypto';
import { recomputeNorms } from '../src/norms/norms-service';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { memberWithAnsweredRapid as answeredRapid, STATED_LIFE_DATA } from './reports-fixtures';

/**
 * Issue 23 part 2: the benchmark wording must name the norm group actually used. The
 * individual-differences payload (and the reports that embed it) carries `normGroup`:
 * baseline or live, provisional or not, its size, whether a group of people in similar life
 * situations was used, and the sentence built from exactly those facts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});


const person = STATED_LIFE_DATA;

const memberWithAnsweredRapid = (lifeData: LifeData) => answeredRapid(server, lifeData);

async function normGroupOf(client: TestClient, assessmentId: string) {
  const response = await client.get(`/api/data/GetIndividualDifferences/${assessmentId}`);
  expect(response.status).toBe(200);
  // The payload still fits the spec'd contract, now with the optional normGroup.
  const parsed = individualDifferencesSchema.parse(response.body);
  expect(parsed.normGroup).toBeDefined();
  return { differences: parsed, normGroup: parsed.normGroup! };
}

function rows(count: number, lifeData: LifeData, value: number): NormRow[] {
  const scores = { overall: value, experiences: value, feelings: value, mindset: 4, resilience: 50, wellsprings: Object.fromEntries(WELLSPRING_NAMES.map((n) => [n, value])) };
  return Array.from({ length: count }, () => ({ scores, lifeData }));
}

describe('the norm group named in the individual differences', () => {
  it('under the bundled baseline: simulated, provisional, its real size; after Skip All no similar-life-situations group', async () => {
    const { client, assessmentId } = await memberWithAnsweredRapid(SKIPPED_LIFE_DATA);
    const { differences, normGroup } = await normGroupOf(client, assessmentId);
    expect(normGroup).toEqual({
      source: 'baseline',
      provisional: true,
      populationSize: baselineNorms.population.n,
      comparisonGroupSize: baselineNorms.population.n,
      lifeSituationMatch: 'not_shared',
      sentence: benchmarkSentence({ source: 'baseline', provisional: true, populationSize: baselineNorms.population.n, comparisonGroupSize: baselineNorms.population.n, lifeSituationMatch: 'not_shared' }),
    });
    expect(normGroup.sentence).toContain(`${baselineNorms.population.n.toLocaleString('en-US')} simulated answer profiles`);
    expect(normGroup.sentence).not.toMatch(/similar life situations/i);
    expect(differences.populationSize).toBe(normGroup.populationSize);

    // The profile report embeds the same comparison, so its page can word it the same way.
    const report = await client.get<{ individualDifferences: { normGroup: unknown } }>(`/api/data/GetBloomProfileReport/${assessmentId}`);
    expect(report.status).toBe(200);
    expect(report.body.individualDifferences.normGroup).toEqual(normGroup);
  });

  it('under live norms: the people who shared their results, and the matched group when there is one', async () => {
    // Live norms of 200 people, 120 of them in this person's life situation.
    await recomputeNorms(server.database.db); // also drops the cached norms
    const live = computeNorms([...rows(120, person, 3), ...rows(80, { ...person, gender: 'Female' }, 1)], { computedAt: '2999-01-01T00:00:00.000Z' });
    await server.database.db
      .insertInto('norm_snapshots')
      .values({ id: newId(), computed_at: '2999-01-01T00:00:00.000Z', population_size: 200, payload: JSON.stringify(live) })
      .execute();

    const matched = await memberWithAnsweredRapid(person);
    const { normGroup } = await normGroupOf(matched.client, matched.assessmentId);
    expect(normGroup).toMatchObject({ source: 'live', provisional: false, populationSize: 200, comparisonGroupSize: 120, lifeSituationMatch: 'matched' });
    expect(normGroup.sentence).toBe(
      'Your results were compared with 200 people who took Bloom and shared their results for research. ' +
        'The comparison with people in similar life situations uses the 120 people among them whose life situations are most like yours.',
    );

    const skipped = await memberWithAnsweredRapid(SKIPPED_LIFE_DATA);
    const skippedGroup = (await normGroupOf(skipped.client, skipped.assessmentId)).normGroup;
    expect(skippedGroup).toMatchObject({ source: 'live', populationSize: 200, comparisonGroupSize: 200, lifeSituationMatch: 'not_shared' });
    expect(skippedGroup.sentence).not.toMatch(/similar life situations/i);
  });
});
