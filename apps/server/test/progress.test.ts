import { clientProgressSchema, instrumentStatisticsSchema, progressSchema, type Progress } from '@bloom/contracts';
import {
  baselineScaleFigures,
  computeItemAnalyses,
  computeScaleFigures,
  PROGRESS_MEASURES,
  progressScoresFrom,
  questionsForTrack,
  randomAnswers,
  reliableChange,
  scoreAssessment,
  type AnswerRow,
} from '@bloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/crypto';
import { liveStatisticsActivity, liveStatisticsSettled } from '../src/progress/live-statistics';
import { researchAnswers } from '../src/progress/repository';
import { RESEARCH_COLUMNS, researchAgeBand } from '../src/progress/research-export';
import { clientOf, coach, finishedAssessment, person, type Person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';
import { parseCsv } from './support/csv';

/**
 * Progress over time (DESIGN §13), the instrument's statistics and the research export
 * (DESIGN §15), through the real server (issue 26, decision 0026).
 */
const ADMIN_EMAIL = 'admin@bloom.test';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
});
afterAll(async () => {
  await server?.close();
});

const day = '2026-03-04';
/** Gives an assessment a start time of our choosing (same day, different hours), so the order is known. */
async function startedAt(id: string, iso: string): Promise<void> {
  await server.database.db.updateTable('assessments').set({ created_at: iso }).where('id', '=', id).execute();
}

async function rapidAnswering(who: Person, answer: number, at: string): Promise<string> {
  const id = await finishedAssessment(who, 'Rapid', () => answer);
  await startedAt(id, at);
  return id;
}

/** Starts an assessment and answers only three questions: below the coverage rule. */
async function unfinishedAssessment(who: Person): Promise<string> {
  const created = await who.client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
  expect(created.status).toBe(201);
  const answers = questionsForTrack('Rapid').slice(0, 3).map((q) => ({ questionGuid: q.questionGuid, response: 2, order: q.order }));
  expect((await who.client.post('/api/user/SaveQuestionResponse', answers)).status).toBe(200);
  return created.body.id;
}

const bundled = (measure: (typeof PROGRESS_MEASURES)[number], form: 'Rapid' | 'Professional') => {
  const figure = baselineScaleFigures.forms[form].measures[measure];
  return { reliability: figure.alpha, sd: figure.sd };
};

describe('GetProgress', () => {
  let member: Person;
  let ids: string[];
  let progress: Progress;

  beforeAll(async () => {
    member = await person(server);
    // Started out of order on purpose: the answer is sorted by start time, not by creation.
    const third = await rapidAnswering(member, 2, `${day}T18:30:00.000Z`);
    const first = await rapidAnswering(member, 1, `${day}T08:00:00.000Z`);
    const second = await rapidAnswering(member, 3, `${day}T12:15:00.000Z`);
    ids = [first, second, third];
    await unfinishedAssessment(member);
    const response = await member.client.get('/api/data/GetProgress');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    progress = progressSchema.parse(response.body);
  });

  it('lists the assessments that meet the coverage rule, oldest first, with their start times and scores', () => {
    expect(progress.assessments.map((a) => a.id)).toEqual(ids);
    expect(progress.assessments.map((a) => a.date)).toEqual([`${day}T08:00:00.000Z`, `${day}T12:15:00.000Z`, `${day}T18:30:00.000Z`]);
    expect(progress.assessments.every((a) => a.isNinetyItem === false)).toBe(true);
    const expectedScores = [1, 3, 2].map((answer) => {
      const answers = new Map(questionsForTrack('Rapid').map((q) => [q.questionGuid, answer]));
      return progressScoresFrom(scoreAssessment({ isNinetyItem: false, answers }));
    });
    expect(progress.assessments.map((a) => a.scores)).toEqual(expectedScores);
    expect(progress.assessments[0]!.scores.overall).toBe(1);
    expect(progress.assessments[0]!.scores.petals.Body).toBe(1);
  });

  it('has a change row per measure for each consecutive pair, with the RCI of the bundled Rapid σ and α', () => {
    expect(progress.changes).toHaveLength(2 * PROGRESS_MEASURES.length);
    expect(progress.changes.slice(0, PROGRESS_MEASURES.length).map((c) => c.measure)).toEqual([...PROGRESS_MEASURES]);
    const scoresOf = new Map(progress.assessments.map((a) => [a.id, a.scores]));
    for (const change of progress.changes) {
      const from = scoresOf.get(change.fromId)!;
      const to = scoresOf.get(change.toId)!;
      const score = (s: typeof from) => (change.measure === 'overall' || change.measure === 'experiences' || change.measure === 'feelings' ? s[change.measure] : s.petals[change.measure]);
      expect(change.from).toBe(score(from));
      expect(change.to).toBe(score(to));
      const expected = reliableChange({ from: change.from!, to: change.to!, ...bundled(change.measure, 'Rapid') });
      expect(change.difference).toBeCloseTo(expected.difference, 12);
      expect(change.rci).toBeCloseTo(expected.rci!, 12);
      expect(change.reliable).toBe(expected.reliable);
      expect(change.direction).toBe(expected.direction);
    }
  });

  it('computes the overall RCI as by hand: (3 − 1) / (0.66 · √2 · √(1 − 0.9325)) = 8.2474', () => {
    const overall = progress.changes.find((c) => c.fromId === ids[0] && c.measure === 'overall')!;
    expect(overall).toMatchObject({ from: 1, to: 3, difference: 2, reliable: true, direction: 'improved' });
    // S_diff = 0.66 · 1.414214 · 0.259808 = 0.242499; 2 / 0.242499 = 8.2474.
    expect(overall.rci).toBeCloseTo(8.2474, 3);
    const back = progress.changes.find((c) => c.fromId === ids[1] && c.measure === 'overall')!;
    expect(back.direction).toBe('declined');
    // A Rapid petal is noisy: a fall of 1 point (S_diff 0.6486, RCI −1.54) is no reliable change.
    const body = progress.changes.find((c) => c.fromId === ids[1] && c.measure === 'Body')!;
    expect(body.difference).toBe(-1);
    expect(body.rci).toBeCloseTo(-1 / (0.8046 * Math.SQRT2 * Math.sqrt(1 - 0.6751)), 9);
    expect(body).toMatchObject({ reliable: false, direction: 'no reliable change' });
  });

  it('says the bundled figures were used, and from how many assessments live ones would be', () => {
    for (const form of ['Rapid', 'Professional'] as const) {
      const reliability = progress.reliability[form];
      expect(reliability).toEqual({ source: 'baseline', liveFrom: 100, measures: expect.any(Object) });
      expect(reliability.measures.overall).toEqual({ source: 'baseline', ...bundled('overall', form) });
    }
  });

  it("tells nobody another person's research choice: a guest's progress is the same before and after someone opts in and finishes, and after they opt out", async () => {
    const watcher = await person(server, { guest: true });
    const seen = async () => {
      const response = await watcher.client.get('/api/data/GetProgress');
      expect(response.status).toBe(200);
      return response.body;
    };
    const before = await seen();
    const other = await person(server);
    expect((await other.client.post('/api/user/SaveResearchOptIn/true')).status).toBe(200);
    await rapidAnswering(other, 2, `${day}T10:00:00.000Z`);
    expect(await seen()).toEqual(before);
    expect((await other.client.post('/api/user/SaveResearchOptIn/false')).status).toBe(200);
    expect(await seen()).toEqual(before);
  });

  it('is empty for a guest without results, and refuses nobody signed in', async () => {
    const guest = await person(server, { guest: true });
    await unfinishedAssessment(guest);
    const response = await guest.client.get('/api/data/GetProgress');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ assessments: [], changes: [] });
    expect((await server.client().get('/api/data/GetProgress')).status).toBe(401);
  });
});

describe('GetProgress with skipped items (the coverage rule allows them)', () => {
  /** A Rapid assessment answered by `pick` (null: skipped), started at `at`. */
  async function rapidPartly(who: Person, pick: (question: { questionGuid: string; petal: string; module: string }) => number | null, at: string): Promise<string> {
    const created = await who.client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
    expect(created.status).toBe(201);
    const answers = questionsForTrack('Rapid').flatMap((q) => {
      const response = pick(q);
      return response === null ? [] : [{ questionGuid: q.questionGuid, response, order: q.order }];
    });
    expect((await who.client.post('/api/user/SaveQuestionResponse', answers)).status).toBe(200);
    await startedAt(created.body.id, at);
    return created.body.id;
  }

  it('gives a petal resting on 1 of its 3 items no RCI and no "improved", and Energy below the coverage rule no score', async () => {
    const member = await person(server);
    const body = questionsForTrack('Rapid').filter((q) => q.petal === 'Body');
    const energy = questionsForTrack('Rapid').filter((q) => q.module === 'Energy');
    const before = await rapidPartly(member, () => 1, `${day}T08:00:00.000Z`);
    // Body: only Rest answered (Experiences still has 10 of 12, above the rule); Energy: 3 of 6, below its rule of 4.
    const after = await rapidPartly(
      member,
      (q) => (q.questionGuid === body[1]!.questionGuid || q.questionGuid === body[2]!.questionGuid || energy.slice(3).some((e) => e.questionGuid === q.questionGuid) ? null : q.petal === 'Body' ? 3 : 1),
      `${day}T09:00:00.000Z`,
    );
    const progress = progressSchema.parse((await member.client.get('/api/data/GetProgress')).body);
    expect(progress.assessments.map((a) => a.id)).toEqual([before, after]);
    expect(progress.assessments[0]!.scores.energy).toBe(1);
    // DESIGN §11: a module that is not covered has no score.
    expect(progress.assessments[1]!.scores.energy).toBeNull();
    expect(progress.assessments[1]!.scores.petals.Body).toBe(3);
    // Jacobson & Truax (1991) with the whole scale's bundled r 0.6751 and σ 0.8046 would give RCI 2 / 0.6486 = 3.08,
    // "improved"; but 1 of 3 items has r 0.409 by Spearman–Brown, which that α does not describe: no RCI, no badge.
    const bodyChange = progress.changes.find((c) => c.measure === 'Body')!;
    expect(bodyChange).toEqual({ fromId: before, toId: after, measure: 'Body', from: 1, to: 3, difference: 2, rci: null, reliable: false, direction: 'no reliable change' });
    for (const measure of ['experiences', 'overall'] as const) expect(progress.changes.find((c) => c.measure === measure)).toMatchObject({ rci: null, reliable: false });
    // Fully answered measures keep their RCI.
    expect(progress.changes.find((c) => c.measure === 'feelings')).toMatchObject({ difference: 0, rci: 0 });
  });
});

describe('GetClientProgress', () => {
  let theCoach: Person;
  let client: Person;
  let shared: string[];
  let unshared: string;
  let professional: string;

  beforeAll(async () => {
    theCoach = await coach(server);
    client = await clientOf(server, theCoach.id);
    const a = await rapidAnswering(client, 1, `${day}T07:00:00.000Z`);
    unshared = await rapidAnswering(client, 4, `${day}T08:00:00.000Z`);
    const c = await rapidAnswering(client, 3, `${day}T09:00:00.000Z`);
    professional = await finishedAssessment(client, 'Professional', () => 2);
    await startedAt(professional, `${day}T10:00:00.000Z`);
    await unfinishedAssessment(client);
    for (const id of [a, c, professional]) expect((await client.client.post(`/api/user/SetCoachAccessGranted/${id}`)).status).toBe(200);
    shared = [a, c, professional];
  });

  it('shows the coach only the assessments the client shared, and compares them in order', async () => {
    const response = await theCoach.client.get(`/api/coach/GetClientProgress/${client.id}`);
    expect(response.status).toBe(200);
    const progress = clientProgressSchema.parse(response.body);
    // The client's name comes with the figures, so the page needs no read of the coach's whole list.
    expect(progress.client).toEqual({ firstName: 'Robin', lastName: 'Client' });
    expect(progress.assessments.map((x) => x.id)).toEqual(shared);
    expect(progress.assessments.map((x) => x.id)).not.toContain(unshared);
    expect(progress.changes).toHaveLength(2 * PROGRESS_MEASURES.length);
    const rapidPair = progress.changes.find((x) => x.measure === 'overall' && x.toId === shared[1])!;
    expect(rapidPair).toMatchObject({ fromId: shared[0], from: 1, to: 3 });
    // Rapid → Professional: the lower α and the larger σ of the two forms.
    const crossForm = progress.changes.find((x) => x.measure === 'overall' && x.toId === professional)!;
    const rapid = bundled('overall', 'Rapid');
    const pro = bundled('overall', 'Professional');
    const expected = reliableChange({ from: 3, to: 2, reliability: Math.min(rapid.reliability!, pro.reliability!), sd: Math.max(rapid.sd!, pro.sd!) });
    expect(crossForm.rci).toBeCloseTo(expected.rci!, 12);
  });

  it('keeps a Professional assessment the coach has not released out of the client\'s own progress', async () => {
    const own = progressSchema.parse((await client.client.get('/api/data/GetProgress')).body);
    expect(own.assessments.map((x) => x.id)).toEqual([shared[0], unshared, shared[1]]);
    expect((await theCoach.client.post(`/api/user/SetClientAccessGranted/${professional}`)).status).toBe(200);
    const released = progressSchema.parse((await client.client.get('/api/data/GetProgress')).body);
    expect(released.assessments.map((x) => x.id)).toEqual([shared[0], unshared, shared[1], professional]);
  });

  it('answers another coach 404, a member who is no coach 403, a guest and nobody 401', async () => {
    const path = `/api/coach/GetClientProgress/${client.id}`;
    const otherCoach = await coach(server);
    expect((await otherCoach.client.get(path)).status).toBe(404);
    expect((await otherCoach.client.get('/api/coach/GetClientProgress/not-a-uuid')).status).toBe(404);
    expect((await (await person(server)).client.get(path)).status).toBe(403);
    // The client themselves is not a coach either.
    expect((await client.client.get(path)).status).toBe(403);
    expect((await (await person(server, { guest: true })).client.get(path)).status).toBe(401);
    expect((await server.client().get(path)).status).toBe(401);
  });
});

// ── Research data: seeded straight into the database ─────────────────────────

interface Seeded {
  /** Every seeded person's id, e-mail and name: none may reach the export. */
  userIds: string[];
  /** People the export should hold: opted in, with a completed assessment. */
  people: number;
  emails: string[];
  lastNames: string[];
  assessmentIds: string[];
  rows: AnswerRow[];
}

const seeded: Seeded = { userIds: [], people: 0, emails: [], lastNames: [], assessmentIds: [], rows: [] };
let seedCounter = 0;

/** People who opted into research, each with `perPerson` completed assessments of `form` (random answers), and life data. */
async function seedResearch(count: number, form: 'Rapid' | 'Professional', options: { optIn?: boolean; perPerson?: number; completed?: boolean } = {}): Promise<AnswerRow[]> {
  const db = server.database.db;
  const { optIn = true, perPerson = 1, completed = true } = options;
  const isNinetyItem = form === 'Professional';
  const questions = questionsForTrack(form);
  const now = new Date().toISOString();
  const rows: AnswerRow[] = [];
  const responses: { assessment_id: string; question_guid: string; response: number; order_index: number; updated_at: string }[] = [];
  for (let p = 0; p < count; p++) {
    seedCounter += 1;
    const userId = newId();
    const email = `research-${seedCounter}-${userId.slice(0, 6)}@bloom.test`;
    const lastName = `Researchling${seedCounter}x`;
    await db
      .insertInto('users')
      .values({
        id: userId,
        issuer: 'test-issuer',
        subject: userId,
        user_name: email,
        email,
        first_name: 'Rita',
        last_name: lastName,
        is_guest: 0,
        coach_status: 'none',
        coach_id: null,
        group_id: null,
        research_opt_in: optIn ? 1 : 0,
        access_pre_granted: 0,
        last_visited_route: null,
        referrer: null,
        merged_into: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (let k = 0; k < perPerson; k++) {
      const id = newId();
      const created = new Date(Date.UTC(2026, 0, 1 + 10 * k, 9, p % 60)).toISOString();
      await db
        .insertInto('assessments')
        .values({ id, user_id: userId, is_ninety_item: isNinetyItem ? 1 : 0, coach_access_granted: 0, client_access_granted: 0, created_at: created, completed_at: completed ? created : null })
        .execute();
      await db
        .insertInto('life_data')
        .values({
          assessment_id: id,
          relationship_status: 'Single',
          parenting_status: 'Prefer not to say',
          employment_status: 'Employed full time',
          age: [19, 41, 70, -1][seedCounter % 4]!,
          gender: 'Female',
          income: '$75,000 to $100,000',
          stressful_events: 'No',
          updated_at: created,
        })
        .execute();
      const answers = randomAnswers(isNinetyItem, seedCounter * 31 + k);
      for (const q of questions) responses.push({ assessment_id: id, question_guid: q.questionGuid, response: answers.get(q.questionGuid)!, order_index: q.order, updated_at: created });
      if (optIn && completed) {
        // The statistics read each person's latest completed assessment of a form (decision 0058).
        if (k === perPerson - 1) rows.push({ isNinetyItem, answers });
        seeded.assessmentIds.push(id);
      }
    }
    seeded.userIds.push(userId);
    seeded.emails.push(email);
    seeded.lastNames.push(lastName);
    if (optIn && completed) seeded.people += 1;
  }
  for (let i = 0; i < responses.length; i += 500) await db.insertInto('responses').values(responses.slice(i, i + 500)).execute();
  seeded.rows.push(...rows);
  return rows;
}

async function asAdmin(): Promise<Person> {
  return person(server, { email: `${ADMIN_EMAIL}`, firstName: 'Ada', lastName: 'Admin' });
}

describe('GetInstrumentStatistics and ExportResearchData', () => {
  let admin: Person;
  beforeAll(async () => {
    admin = await asAdmin();
  });

  it('below 30 research-consenting completed assessments, every figure is null ("not enough data")', async () => {
    await seedResearch(5, 'Rapid');
    await seedResearch(3, 'Professional');
    const response = await admin.client.get('/api/admin/GetInstrumentStatistics');
    expect(response.status).toBe(200);
    const statistics = instrumentStatisticsSchema.parse(response.body);
    expect(statistics.minNForFigure).toBe(30);
    expect(statistics.forms.Rapid.n).toBe(5);
    expect(statistics.forms.Professional.n).toBe(3);
    for (const form of [statistics.forms.Rapid, statistics.forms.Professional]) {
      expect(form.scales).toHaveLength(14);
      for (const scale of form.scales) {
        expect(scale).toMatchObject({ enoughData: false, alpha: null, mean: null, sd: null });
        // Only the change measures (DESIGN §13: overall, experiences, feelings, the eight petals) use σ and α;
        // Energy, Activity and Excitement get no change rows, so nothing is "used" for them.
        if ((PROGRESS_MEASURES as readonly string[]).includes(scale.scale)) expect(scale.reliabilityInUse?.source).toBe('baseline');
        else expect(scale.reliabilityInUse).toBeNull();
        for (const item of scale.items) expect(item).toMatchObject({ enoughData: false, mean: null, sd: null, correctedItemTotal: null });
      }
    }
    expect(statistics.normGroup).toMatchObject({ source: 'baseline', provisional: true });
  });

  it('after the data changed, answers the kept figures at once and computes the new ones in the background, one computation at a time', async () => {
    const db = server.database.db;
    const before = instrumentStatisticsSchema.parse((await admin.client.get('/api/admin/GetInstrumentStatistics')).body);
    expect(before.forms.Rapid.n).toBe(5);
    const computations = liveStatisticsActivity(db).computations;
    // Not counted: people who did not opt in, and assessments not completed.
    await seedResearch(4, 'Rapid', { optIn: false });
    await seedResearch(2, 'Rapid', { completed: false });
    await seedResearch(30, 'Rapid');
    // Two each: only the latest of each person counts, so 30 people make the 30.
    await seedResearch(30, 'Professional', { perPerson: 2 });
    // The first caller to see the change is answered from the kept figures, which say how old they are.
    const stale = instrumentStatisticsSchema.parse((await admin.client.get('/api/admin/GetInstrumentStatistics')).body);
    expect(stale.forms.Rapid.n).toBe(5);
    expect(stale.computedAt).toBe(before.computedAt);
    // Others arriving meanwhile join the computation under way rather than starting their own.
    for (const response of await Promise.all([1, 2, 3].map(() => admin.client.get('/api/admin/GetInstrumentStatistics')))) expect(response.status).toBe(200);
    // Polling, as the admins' page would: the figures become current without anyone waiting on a computation.
    const deadline = Date.now() + 10_000;
    let current = before;
    while (current.forms.Rapid.n === 5 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      current = instrumentStatisticsSchema.parse((await admin.client.get('/api/admin/GetInstrumentStatistics')).body);
    }
    expect(current.forms.Rapid.n).toBe(35);
    expect(Date.parse(current.computedAt)).toBeGreaterThanOrEqual(Date.parse(before.computedAt));
    await liveStatisticsSettled(db);
    // One change, however many callers saw it: one computation.
    expect(liveStatisticsActivity(db)).toEqual({ computations: computations + 1, computing: false });
  });

  it('from 30 on, α, mean, SD and the item figures are numbers, equal to the domain\'s from the same rows', async () => {
    const started = performance.now();
    const response = await admin.client.get('/api/admin/GetInstrumentStatistics');
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    const statistics = instrumentStatisticsSchema.parse(response.body);
    const expected = computeScaleFigures(seeded.rows);
    const analyses = computeItemAnalyses(seeded.rows);
    expect(statistics.forms.Rapid.n).toBe(35);
    expect(statistics.forms.Professional.n).toBe(33);
    for (const form of ['Rapid', 'Professional'] as const) {
      for (const scale of statistics.forms[form].scales) {
        const figure = expected.forms[form].measures[scale.scale];
        expect(scale).toMatchObject({ n: figure.n, k: figure.items, enoughData: true });
        // Rows arrive in another order than the test built them: sums differ in the last bits, and figures are rounded to 4 places.
        expect(scale.alpha).toBeCloseTo(figure.alpha!, 3);
        expect(scale.mean).toBeCloseTo(figure.mean!, 3);
        expect(scale.sd).toBeCloseTo(figure.sd!, 3);
        const analysis = analyses.find((a) => a.track === form && a.measure === scale.scale)!;
        expect(scale.items.map((item) => item.questionGuid)).toEqual(analysis.questionGuids);
        scale.items.forEach((item, i) => {
          const want = analysis.items[i]!;
          expect(item).toMatchObject({ n: want.n, enoughData: true });
          expect(item.mean).toBeCloseTo(want.mean!, 10);
          expect(item.sd).toBeCloseTo(want.sd!, 10);
          expect(item.correctedItemTotal).toBeCloseTo(want.correctedItemTotal!, 10);
          expect(item.questionText).not.toBe('');
        });
      }
    }
    // Still fewer than 100: reliable change keeps the bundled figures.
    expect(statistics.forms.Rapid.scales[0]!.reliabilityInUse?.source).toBe('baseline');
    expect(statistics.forms.Rapid.scales.filter((scale) => scale.reliabilityInUse === null).map((scale) => scale.scale)).toEqual(['energy', 'Activity', 'Excitement']);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('answers members and guests 403 and nobody 401', async () => {
    const member = await person(server);
    expect((await member.client.get('/api/admin/GetInstrumentStatistics')).status).toBe(403);
    expect((await member.client.get('/api/admin/ExportResearchData')).status).toBe(403);
    // DESIGN §15 "admins only; else 403": a guest has a session, and is no admin either (signing up would not change that).
    const guest = await person(server, { guest: true });
    const refused = await guest.client.get('/api/admin/GetInstrumentStatistics');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await guest.client.get('/api/admin/ExportResearchData')).status).toBe(403);
    expect((await server.client().get('/api/admin/GetInstrumentStatistics')).status).toBe(401);
    expect((await server.client().get('/api/admin/ExportResearchData')).status).toBe(401);
  });

  it('exports de-identified item-level CSV of research-consenting completed assessments only', async () => {
    const response = await admin.client.get('/api/admin/ExportResearchData');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="bloom-research.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [header, ...rows] = parseCsv(response.text);
    expect(header).toEqual([...RESEARCH_COLUMNS]);
    expect(header).toHaveLength(12 + 30 + 90);
    // Every completed assessment (the statistics read each person's latest; the export keeps them all, numbered).
    expect(rows).toHaveLength(seeded.assessmentIds.length);
    // No names, e-mails, user ids or assessment ids.
    expect(response.text).not.toContain('@');
    for (const marker of [...seeded.userIds, ...seeded.assessmentIds, ...seeded.emails, ...seeded.lastNames, 'Rita']) expect(response.text).not.toContain(marker);
    const column = (name: string) => header!.indexOf(name);
    // Ages only in bands.
    expect(new Set(rows.map((row) => row[column('age_band')]))).toEqual(new Set(['18-24', '35-44', '65 and over', 'Prefer not to say']));
    // One random id per person: a person with two assessments keeps theirs, numbered in order.
    const byPerson = new Map<string, string[][]>();
    for (const row of rows) byPerson.set(row[0]!, [...(byPerson.get(row[0]!) ?? []), row]);
    expect(byPerson.size).toBe(seeded.people);
    const twice = [...byPerson.values()].filter((list) => list.length === 2);
    expect(twice).toHaveLength(30);
    for (const [first, second] of twice) {
      expect([first![column('assessment_number')], second![column('assessment_number')]]).toEqual(['1', '2']);
      expect([first![column('days_since_first_assessment')], second![column('days_since_first_assessment')]]).toEqual(['0', '10']);
      expect(first![column('form')]).toBe('Professional');
    }
    for (const id of byPerson.keys()) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The answers are there: a Rapid row has its 30 Rapid items and no Professional ones.
    const rapidRow = rows.find((row) => row[column('form')] === 'Rapid')!;
    const rapidItems = header!.map((name, i) => [name, rapidRow[i]] as const).filter(([name]) => name.startsWith('rapid_'));
    expect(rapidItems).toHaveLength(30);
    expect(rapidItems.every(([, value]) => /^[0-4]$/.test(value!))).toBe(true);
    expect(header!.map((name, i) => [name, rapidRow[i]] as const).filter(([name, value]) => name.startsWith('professional_') && value !== '')).toEqual([]);
    // A new export draws new ids.
    const again = parseCsv((await admin.client.get('/api/admin/ExportResearchData')).text);
    const idsAgain = new Set(again.slice(1).map((row) => row[0]));
    expect([...byPerson.keys()].some((id) => idsAgain.has(id))).toBe(false);
  });

  it('bands ages without ever writing the age', () => {
    expect([17, 18, 24, 25, 34, 35, 44, 45, 54, 55, 64, 65, 99].map(researchAgeBand)).toEqual([
      'under 18',
      '18-24',
      '18-24',
      '25-34',
      '25-34',
      '35-44',
      '35-44',
      '45-54',
      '45-54',
      '55-64',
      '55-64',
      '65 and over',
      '65 and over',
    ]);
    expect(researchAgeBand(-1)).toBe('Prefer not to say');
    expect(researchAgeBand(null)).toBe('');
  });
});

describe('reading the research data', () => {
  it('reads every research assessment once, with all its answers, whatever the batch size', async () => {
    const key = (row: { isNinetyItem: boolean; answers: ReadonlyMap<string, number | null> }) =>
      `${row.isNinetyItem ? 'P' : 'R'}|${[...row.answers].sort(([a], [b]) => a.localeCompare(b)).map(([g, v]) => `${g}:${v}`).join(',')}`;
    const expected = seeded.rows.map(key).sort();
    for (const batch of [undefined, 7, 1000]) {
      const rows = await researchAnswers(server.database.db, batch);
      expect(rows.map(key).sort()).toEqual(expected);
    }
  });
});

describe('live reliability from 100 research-consenting assessments', () => {
  it('GetProgress uses the live Rapid figures once they rest on 100 assessments, and says so', async () => {
    await seedResearch(100 - seeded.rows.filter((row) => !row.isNinetyItem).length, 'Rapid');
    const admin = await asAdmin();
    // The admins' call sees the change and starts the computation; progress pages then use its figures.
    expect((await admin.client.get('/api/admin/GetInstrumentStatistics')).status).toBe(200);
    await liveStatisticsSettled(server.database.db);
    const member = await person(server);
    await rapidAnswering(member, 1, `${day}T08:00:00.000Z`);
    await rapidAnswering(member, 3, `${day}T09:00:00.000Z`);
    const progress = progressSchema.parse((await member.client.get('/api/data/GetProgress')).body);
    const live = computeScaleFigures(seeded.rows).forms.Rapid.measures.overall;
    expect(live.n).toBe(100);
    expect(progress.reliability.Rapid).toMatchObject({ source: 'live', liveFrom: 100 });
    expect(progress.reliability.Rapid.measures.overall).toEqual({ source: 'live', reliability: live.alpha, sd: live.sd });
    expect(progress.reliability.Professional.source).toBe('baseline');
    const overall = progress.changes.find((c) => c.measure === 'overall')!;
    expect(overall.rci).toBeCloseTo(reliableChange({ from: 1, to: 3, reliability: live.alpha, sd: live.sd }).rci!, 12);
  });
});
