import { questionsForTrack } from '@bloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH_SIZE, EXPORT_COLUMNS, exportedScores } from '../src/export/assessments-csv';
import { coveredScores } from '../src/reports/access';
import { finishedAssessment, person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'admin@bloom.test' });
});
afterAll(async () => {
  await server?.close();
});

/** A strict RFC 4180 reader: CRLF rows, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i += 1;
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else {
      if (ch === '\n' || ch === '\r' || ch === '"') throw new Error(`bare ${JSON.stringify(ch)} at ${i}`);
      field += ch;
      i += 1;
    }
  }
  if (field !== '' || row.length > 0) throw new Error('last row does not end with CRLF');
  return rows;
}

describe('GET /api/data/ExportCsv', () => {
  it('is for admins only', async () => {
    expect((await server.client().get('/api/data/ExportCsv')).status).toBe(401);
    const guest = await person(server, { guest: true });
    expect((await guest.client.get('/api/data/ExportCsv')).status).toBe(403);
    const member = await person(server);
    const refused = await member.client.get('/api/data/ExportCsv');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    // A coach is not an admin either; nor is someone whose user name merely looks like the admin's.
    const coach = await person(server, { coachStatus: 'approved' });
    expect((await coach.client.get('/api/data/ExportCsv')).status).toBe(403);
  });

  it('streams one RFC 4180 row per assessment with formulas neutralised', async () => {
    const formula = await person(server, { email: '=HYPERLINK("http://evil","x")@bloom.test' });
    const quoted = await person(server, { email: '"comma,quote"@bloom.test' });
    const plus = await person(server, { email: '+1@bloom.test' });
    const formulaAssessment = await finishedAssessment(formula, 'Professional', () => 4);
    const quotedAssessment = await finishedAssessment(quoted, 'Rapid', () => 2);
    await plus.client.post('/api/user/CreateNewAssessment/Rapid'); // unfinished: exported with empty completed_at

    const admin = await person(server, { email: 'Admin@Bloom.test' });
    const response = await admin.client.get('/api/data/ExportCsv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="data.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');

    const rows = parseCsv(response.text);
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows.slice(1)).toHaveLength(3);
    const byId = new Map(rows.slice(1).map((row) => [row[0], Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, row[i]]))]));

    const f = byId.get(formulaAssessment)!;
    expect(f.user_email).toBe(`'=HYPERLINK("http://evil","x")@bloom.test`);
    expect(f).toMatchObject({ user_id: formula.id, type: 'Professional', research_opt_in: 'false', wellbeing_overall: '4', mindset_overall: '4', resilience_percent: '100', energy_range_percent: '100' });
    expect(f.completed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(response.text).toContain(`"'=HYPERLINK(""http://evil"",""x"")@bloom.test"`);

    const q = byId.get(quotedAssessment)!;
    expect(q).toMatchObject({ user_email: '"comma,quote"@bloom.test', type: 'Rapid', wellbeing_overall: '2', resilience_percent: '100' });
    const p = [...byId.values()].find((row) => row.user_id === plus.id)!;
    expect(p).toMatchObject({ user_email: `'+1@bloom.test`, completed_at: '', wellbeing_overall: '' });
  });

  it('pages through more assessments than one batch, each exactly once', async () => {
    const owner = await person(server);
    const now = new Date().toISOString();
    const ids = Array.from({ length: EXPORT_BATCH_SIZE * 2 + 7 }, () => crypto.randomUUID());
    for (let i = 0; i < ids.length; i += 200) {
      await server.database.db
        .insertInto('assessments')
        .values(ids.slice(i, i + 200).map((id) => ({ id, user_id: owner.id, is_ninety_item: 0, coach_access_granted: 0, client_access_granted: 0, created_at: now, completed_at: null })))
        .execute();
    }
    const admin = await person(server, { email: 'admin@bloom.test' });
    const rows = parseCsv((await admin.client.get('/api/data/ExportCsv')).text).slice(1);
    const exported = rows.map((row) => row[0]);
    expect(new Set(exported).size).toBe(exported.length);
    for (const id of ids) expect(exported).toContain(id);
  });

  // Decision 0064: every result follows the coverage rule (DESIGN.md §11), the export too.
  it('leaves score cells empty below the coverage rule, and the energy range when Energy alone falls short', async () => {
    const rapid = questionsForTrack('Rapid');
    const answered = async (counts: Record<'Experiences' | 'Feelings' | 'Energy', number>): Promise<{ id: string; userId: string }> => {
      const member = await person(server);
      const created = await member.client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
      expect(created.status).toBe(201);
      const answers = (Object.keys(counts) as Array<keyof typeof counts>).flatMap((module) =>
        rapid
          .filter((question) => question.module === module)
          .slice(0, counts[module])
          .map((question) => ({ questionGuid: question.questionGuid, response: 3, order: question.order })),
      );
      expect((await member.client.post('/api/user/SaveQuestionResponse', answers)).status).toBe(200);
      return { id: created.body.id, userId: member.id };
    };
    const oneAnswer = await answered({ Experiences: 1, Feelings: 0, Energy: 0 });
    const energyShort = await answered({ Experiences: 12, Feelings: 12, Energy: 3 });
    const complete = await answered({ Experiences: 12, Feelings: 12, Energy: 6 });

    const admin = await person(server, { email: 'admin@bloom.test' });
    const rows = parseCsv((await admin.client.get('/api/data/ExportCsv')).text);
    const byId = new Map(rows.slice(1).map((row) => [row[0], Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, row[i]]))]));
    const scoreColumns = EXPORT_COLUMNS.slice(EXPORT_COLUMNS.indexOf('wellbeing_overall'));

    const one = byId.get(oneAnswer.id)!;
    expect(one.user_id).toBe(oneAnswer.userId);
    for (const column of scoreColumns) expect({ column, value: one[column] }).toEqual({ column, value: '' });

    const short = byId.get(energyShort.id)!;
    expect(short).toMatchObject({ wellbeing_overall: '3', wellbeing_experiences: '3', wellbeing_feelings: '3', resilience_percent: '100', energy_range_percent: '' });
    expect(short.mindset_overall).toMatch(/^\d/);

    const full = byId.get(complete.id)!;
    for (const column of scoreColumns) expect({ column, value: full[column] }).toEqual({ column, value: expect.stringMatching(/^\d/) });
  });

  it('scores a row exactly as coveredScores does, its quick count for covered rows included', () => {
    // Answer counts around each module's threshold, both tracks, with a seeded generator.
    const outcomes = { none: 0, withoutEnergy: 0, full: 0 };
    let seed = 17;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (const track of ['Rapid', 'Professional'] as const) {
      const questions = questionsForTrack(track);
      for (let sample = 0; sample < 150; sample += 1) {
        const responses = questions
          .filter((question) => random() < (question.module === 'Energy' ? 0.55 : 0.7) + 0.3 * (sample % 2))
          .map((question, index) => ({ questionGuid: index % 3 === 0 ? question.questionGuid.toUpperCase() : question.questionGuid, response: index % 5 }));
        const answers = new Map(responses.map((response) => [response.questionGuid.toLowerCase(), response.response]));
        let expected: unknown = null;
        try {
          expected = coveredScores({ is_ninety_item: track === 'Professional' ? 1 : 0 }, answers);
        } catch (error) {
          expect((error as { code?: string }).code).toBe('incomplete_assessment');
        }
        const scores = exportedScores(track === 'Professional', responses);
        expect(scores).toEqual(expected);
        outcomes[scores === null ? 'none' : scores.energy.energyRange === null ? 'withoutEnergy' : 'full'] += 1;
      }
    }
    // Every kind of row was among the samples.
    expect(Math.min(...Object.values(outcomes))).toBeGreaterThan(10);
  });
});
