import { individualDifferencesSchema } from '@bloom/contracts';
import { baselineNorms, questionsForTrack, randomAnswers } from '@bloom/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../src/lib/crypto';
import { forgetCachedNorms, KEPT_NORM_SNAPSHOTS, type NormsComputation } from '../src/norms/norms-service';
import { NormsRefresher } from '../src/norms/norms-refresh';
import type { Db } from '../src/db/database';
import { startAnotherInstance, startTestServer, type TestClient, type TestServer } from './harness';
import { memberWithAnsweredRapid, STATED_LIFE_DATA } from './reports-fixtures';

/**
 * Live norms (DESIGN §4, decision 0060): the server computes them in the background from the
 * research rows (each research-consenting person's latest completed assessment of each form,
 * decision 0058) when the research data change, stores one snapshot per change, keeps only the
 * newest few, and the reports compare with them once they rest on 100.
 */
let server: TestServer;
beforeAll(async () => {
  // Every change makes a snapshot here; the least interval between them has a test of its own.
  server = await startTestServer({ NORMS_MIN_INTERVAL_MINUTES: '0' });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const LIFE = STATED_LIFE_DATA;

let seedCounter = 0;
/** `count` research-consenting people, each with `perPerson` completed Rapid assessments (random answers) and life data. */
async function seedResearch(count: number, perPerson = 1): Promise<string[]> {
  const now = new Date().toISOString();
  const questions = questionsForTrack('Rapid');
  const userIds: string[] = [];
  const responses: { assessment_id: string; question_guid: string; response: number; order_index: number; updated_at: string }[] = [];
  for (let p = 0; p < count; p++) {
    seedCounter += 1;
    const userId = newId();
    userIds.push(userId);
    await db()
      .insertInto('users')
      .values({
        id: userId, issuer: 'test-issuer', subject: userId, user_name: `norm-${seedCounter}@bloom.test`, email: `norm-${seedCounter}@bloom.test`,
        first_name: 'Nora', last_name: `Norm${seedCounter}`, is_guest: 0, coach_status: 'none', coach_id: null, group_id: null, research_opt_in: 1,
        access_pre_granted: 0, last_visited_route: null, referrer: null, merged_into: null, created_at: now, updated_at: now,
      })
      .execute();
    for (let k = 0; k < perPerson; k++) {
      const id = newId();
      const created = new Date(Date.UTC(2026, 0, 1 + 10 * k, 9, p % 60)).toISOString();
      await db().insertInto('assessments').values({ id, user_id: userId, is_ninety_item: 0, coach_access_granted: 0, client_access_granted: 0, created_at: created, completed_at: created }).execute();
      await db()
        .insertInto('life_data')
        .values({ assessment_id: id, relationship_status: LIFE.relationshipStatus, parenting_status: LIFE.parentingStatus, employment_status: LIFE.employmentStatus, age: LIFE.age, gender: LIFE.gender, income: LIFE.income, stressful_events: LIFE.stressfulEvents, updated_at: created })
        .execute();
      const answers = randomAnswers(false, seedCounter * 31 + k);
      for (const q of questions) responses.push({ assessment_id: id, question_guid: q.questionGuid, response: answers.get(q.questionGuid)!, order_index: q.order, updated_at: created });
    }
  }
  for (let i = 0; i < responses.length; i += 500) await db().insertInto('responses').values(responses.slice(i, i + 500)).execute();
  return userIds;
}


/** A member (not in research) with a fully answered Rapid assessment. */
const member = () => memberWithAnsweredRapid(server, LIFE);

async function normGroupOf(who: { client: TestClient; assessmentId: string }) {
  const response = await who.client.get(`/api/data/GetIndividualDifferences/${who.assessmentId}`);
  expect(response.status).toBe(200);
  return individualDifferencesSchema.parse(response.body).normGroup!;
}

const isBusy = (result: NormsComputation) => !result.computed && result.reason === 'busy';
const snapshots = () => db().selectFrom('norm_snapshots').select(['id', 'population_size', 'computed_at']).orderBy('computed_at').execute();

describe('live norms, kept current in the background', () => {
  let someone: { client: TestClient; assessmentId: string };
  let researchers: string[];

  it('with too few research-consenting people nothing is stored and the report compares with the baseline', async () => {
    someone = await member();
    researchers = await seedResearch(20);
    expect(await server.app.norms.runOnce()).toMatchObject({ computed: false, reason: 'too_few' });
    expect(await snapshots()).toEqual([]);
    expect(await normGroupOf(someone)).toMatchObject({ source: 'baseline', provisional: true, populationSize: baselineNorms.population.n });
  });

  it('from 100 people on, the report\'s norm group becomes live: "{count} people", each person counted once', async () => {
    // 90 more with one assessment and 10 who took it three times: 120 people, 140 assessments.
    researchers.push(...(await seedResearch(90)), ...(await seedResearch(10, 3)));
    // No request computes norms: until the refresher runs, the report still compares with the baseline.
    expect(await normGroupOf(someone)).toMatchObject({ source: 'baseline' });
    expect(await server.app.norms.runOnce()).toMatchObject({ computed: true, population: 120 });
    const group = await normGroupOf(someone);
    expect(group).toMatchObject({ source: 'live', provisional: false, populationSize: 120, comparisonGroupSize: 120, lifeSituationMatch: 'matched' });
    expect(group.sentence).toContain('Your results were compared with 120 people who took Bloom and shared their results for research.');
    expect(group.sentence).not.toMatch(/provisional|simulated/i);
    // The profile report embeds the same comparison.
    const report = await someone.client.get<{ individualDifferences: { normGroup: unknown } }>(`/api/data/GetBloomProfileReport/${someone.assessmentId}`);
    expect(report.status).toBe(200);
    expect(report.body.individualDifferences.normGroup).toEqual(group);
  });

  it('stores one snapshot per change of the research data, however often and however many times at once it is asked', async () => {
    const before = await snapshots();
    expect(before).toHaveLength(1);
    expect(await server.app.norms.runOnce()).toMatchObject({ computed: false, reason: 'up_to_date' });
    await seedResearch(1);
    const results = await Promise.all([server.app.norms.runOnce(), server.app.norms.runOnce(), server.app.norms.runOnce()]);
    // Callers during a check share it: one computation.
    expect(new Set(results).size).toBe(1);
    expect(results[0]).toMatchObject({ computed: true, population: 121 });
    expect((await snapshots()).map((s) => s.population_size)).toEqual([120, 121]);
    expect(await server.app.norms.runOnce()).toMatchObject({ computed: false, reason: 'up_to_date' });
    expect(await snapshots()).toHaveLength(2);
  });

  it('an opt-out or a changed life situation is a change too; old snapshots do not pile up', async () => {
    await db().updateTable('users').set({ research_opt_in: 0, updated_at: new Date(Date.now() + 1_000).toISOString() }).where('id', '=', researchers[0]!).execute();
    expect(await server.app.norms.runOnce()).toMatchObject({ computed: true, population: 120 });
    const assessment = await db().selectFrom('assessments').select('id').where('user_id', '=', researchers[1]!).executeTakeFirstOrThrow();
    await db().updateTable('life_data').set({ gender: 'Female', updated_at: new Date(Date.now() + 2_000).toISOString() }).where('assessment_id', '=', assessment.id).execute();
    expect(await server.app.norms.runOnce()).toMatchObject({ computed: true, population: 120 });
    for (let i = 0; i < 3; i++) {
      await seedResearch(1);
      expect(await server.app.norms.runOnce()).toMatchObject({ computed: true, population: 121 + i });
    }
    const kept = await snapshots();
    expect(kept).toHaveLength(KEPT_NORM_SNAPSHOTS);
    expect(kept.at(-1)!.population_size).toBe(123);
    expect(await normGroupOf(someone)).toMatchObject({ source: 'live', populationSize: 123 });
  });

  it('runs on its own timer and picks a change up without anyone asking', async () => {
    const logged: string[] = [];
    const log = { info: (_: object, message: string) => logged.push(message), error: (_: object, message: string) => logged.push(message) };
    const refresher = new NormsRefresher({ db: db(), log, intervalMs: 20, firstCheckMs: 0, minIntervalMs: 0 });
    refresher.start();
    try {
      await seedResearch(1);
      const deadline = Date.now() + 10_000;
      while ((await snapshots()).at(-1)!.population_size !== 124 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await snapshots()).at(-1)!.population_size).toBe(124);
      expect(logged).toContain('Norms recomputed');
    } finally {
      await refresher.stop();
    }
  });

  it('once live, computes at most once per least interval (an hour unless configured): a change soon after waits for a later tick', async () => {
    const log = { info: () => {}, error: () => {} };
    const hourly = new NormsRefresher({ db: db(), log, minIntervalMs: 60 * 60_000 });
    const count = (await snapshots()).length;
    await seedResearch(1);
    const recent = await hourly.runOnce();
    expect(recent).toMatchObject({ computed: false, reason: 'recent' });
    expect(recent.computed === false && recent.reason === 'recent' && recent.notBefore - Date.now()).toBeGreaterThan(50 * 60_000);
    // Until then its checks read nothing (no fingerprint): the data are not even looked at.
    expect(await hourly.runOnce()).toEqual({ computed: false, reason: 'recent', fingerprint: null, notBefore: (recent as { notBefore: number }).notBefore });
    expect(await snapshots()).toHaveLength(count);
    // The server's own refresher (no least interval in this file) takes the change.
    expect(await server.app.norms.runOnce()).toMatchObject({ computed: true });
  });

  it('logs a failed check once and keeps going: it never throws out of the timer', async () => {
    const errors: string[] = [];
    const log = { info: () => {}, error: (_: object, message: string) => errors.push(message) };
    const broken = { selectFrom: () => { throw new Error('database unavailable'); } } as unknown as Db;
    const refresher = new NormsRefresher({ db: broken, log, intervalMs: 5, firstCheckMs: 0 });
    refresher.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await refresher.stop();
    expect(errors).toEqual(['Norms refresh failed; trying again at the next check']);
  });

  it('an instance\'s cached norms give way within a minute to a newer snapshot that another instance stored', async () => {
    const cached = await normGroupOf(someone);
    const latest = await db().selectFrom('norm_snapshots').select('payload').orderBy('computed_at', 'desc').limit(1).executeTakeFirstOrThrow();
    const payload = JSON.parse(latest.payload) as { population: { n: number } };
    payload.population.n = 999;
    await db()
      .insertInto('norm_snapshots')
      .values({ id: 'from-another-instance', computed_at: new Date(Date.now() + 1_000).toISOString(), population_size: 999, payload: JSON.stringify(payload) })
      .execute();
    try {
      // Within the minute this instance answers from its copy; after it, from the newer snapshot.
      expect(await normGroupOf(someone)).toMatchObject({ populationSize: cached.populationSize });
      const now = Date.now();
      const clock = vi.spyOn(Date, 'now').mockImplementation(() => now + 61_000);
      try {
        expect(await normGroupOf(someone)).toMatchObject({ source: 'live', populationSize: 999 });
      } finally {
        clock.mockRestore();
      }
    } finally {
      await db().deleteFrom('norm_snapshots').where('id', '=', 'from-another-instance').execute();
      forgetCachedNorms(db());
    }
  });

  it.runIf(process.env.DATABASE_URL)('with several instances on PostgreSQL: one snapshot per change, and every instance\'s reports pick it up', async () => {
    const other = await startAnotherInstance(server);
    try {
      // The other instance reads (and caches) the current norms first.
      const before = (await snapshots()).at(-1)!.population_size;
      const viaOther = { client: new (someone.client.constructor as typeof TestClient)(other.baseUrl), assessmentId: someone.assessmentId };
      for (const [name, value] of someone.client.cookies) viaOther.client.cookies.set(name, value);
      expect(await normGroupOf(viaOther)).toMatchObject({ source: 'live', populationSize: before });
      await seedResearch(2);
      const count = (await snapshots()).length;
      const results = await Promise.all([server.app.norms.runOnce(), other.app.norms.runOnce(), server.app.norms.runOnce(), other.app.norms.runOnce()]);
      // Each instance's callers share its check; of the two checks, one computed.
      expect(new Set(results).size).toBe(2);
      expect(new Set(results.filter((r) => r.computed)).size).toBe(1);
      // Whoever skipped (busy) finds it done at its next tick, and its cached norms give way to it.
      for (const instance of [server, other]) {
        for (let i = 0; i < 50 && isBusy(await instance.app.norms.runOnce()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const after = await snapshots();
      expect(after.length).toBe(Math.min(count + 1, KEPT_NORM_SNAPSHOTS));
      expect(after.at(-1)!.population_size).toBe(before + 2);
      expect(await normGroupOf(viaOther)).toMatchObject({ source: 'live', populationSize: before + 2 });
    } finally {
      await other.close();
    }
  });
});
