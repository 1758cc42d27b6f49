import { INSIGHT_CSV_COLUMNS, INSIGHT_REASON_TEXT, insightSchema, type Insight } from '@bloom/contracts';
import { previousQuarter, questionsForTrack } from '@bloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/crypto';
import { coach, newGroup, newOrganization, person, type Person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';
import { queriesDuring } from './support/query-count';
import { parseCsv } from './support/csv';

/**
 * Organization insight, the anonymous group lotus (DESIGN §14; issue 27; decision 0029),
 * through the real server: who is counted, k-anonymity, complementary suppression, the
 * previous quarter, access, and the CSV by the same rule.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const NOW = new Date().toISOString();
const QUARTER = previousQuarter(NOW);
/** A day into the previous quarter, and a minute ago (this quarter). */
const THEN = new Date(Date.parse(QUARTER.start) + 86_400_000).toISOString();
const RECENTLY = new Date(Date.now() - 60_000).toISOString();
/** A name no response may carry: the people's own names. */
const SURNAME = 'Quillfeather';

/** A client of `coachId` in `groupId`, as a database row (the API has no part in making clients here). */
async function member(coachId: string, groupId: string, index: number): Promise<string> {
  const id = newId();
  await server.database.db
    .insertInto('users')
    .values({
      id,
      issuer: 'test-issuer',
      subject: id,
      user_name: `${SURNAME.toLowerCase()}${index}-${id.slice(0, 6)}@bloom.test`,
      email: `${SURNAME.toLowerCase()}${index}-${id.slice(0, 6)}@bloom.test`,
      first_name: `Wren${index}`,
      last_name: SURNAME,
      is_guest: 0,
      coach_status: 'none',
      coach_id: coachId,
      group_id: groupId,
      research_opt_in: 0,
      access_pre_granted: 0,
      last_visited_route: null,
      referrer: null,
      merged_into: null,
      created_at: THEN,
      updated_at: THEN,
    })
    .execute();
  return id;
}

/** An assessment of `userId` answering every question with `answer` (or only three: below the coverage rule). */
async function assessment(userId: string, options: { answer: number; shared: boolean; at: string; professional?: boolean; partial?: boolean }): Promise<string> {
  const id = newId();
  const db = server.database.db;
  await db
    .insertInto('assessments')
    .values({
      id,
      user_id: userId,
      is_ninety_item: options.professional ? 1 : 0,
      coach_access_granted: options.shared ? 1 : 0,
      client_access_granted: 0,
      created_at: options.at,
      completed_at: options.partial ? null : options.at,
    })
    .execute();
  const questions = questionsForTrack(options.professional ? 'Professional' : 'Rapid').slice(0, options.partial ? 3 : undefined);
  await db
    .insertInto('responses')
    .values(questions.map((q) => ({ assessment_id: id, question_guid: q.questionGuid, response: options.answer, order_index: q.order, updated_at: options.at })))
    .execute();
  return id;
}

/** `count` clients of the coach in the group, each with one shared, complete Rapid assessment answering `answer(i)`. */
async function sharingMembers(coachId: string, groupId: string, count: number, answer: (i: number) => number = () => 2, at = RECENTLY): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await member(coachId, groupId, i);
    await assessment(id, { answer: answer(i), shared: true, at });
    ids.push(id);
  }
  return ids;
}

async function insight(who: Person, path: string): Promise<Insight> {
  const response = await who.client.get(path);
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  expect(response.text).not.toContain(SURNAME);
  return insightSchema.parse(response.body);
}
const ofOrganization = (who: Person, organizationId: string) => insight(who, `/api/coach/GetOrganizationInsight/${organizationId}`);
const ofGroup = (who: Person, groupId: string) => insight(who, `/api/coach/GetGroupInsight/${groupId}`);

/** A hidden answer is exactly the reason: no n, no chart data, no scores, no previous quarter. */
function expectHidden(answer: Insight, reason: 'fewer-than-five' | 'complementary') {
  expect(answer).toStrictEqual({ shown: false, n: null, reason });
}

describe('GetOrganizationInsight and GetGroupInsight', () => {
  let owner: Person;

  beforeAll(async () => {
    owner = await coach(server);
  });

  describe('an organization whose group has 5 sharing members, and some who are not counted', () => {
    let organizationId: string;
    let groupId: string;
    let defaultGroupId: string;

    beforeAll(async () => {
      const org = await newOrganization(owner, 'Visible Org');
      organizationId = org.organizationGuid;
      defaultGroupId = org.defaultGroupGuid;
      groupId = await newGroup(owner, organizationId, 'Five');
      // Each answers every question with 0, 1, 2, 3 or 4 now, and with 1 in the previous quarter.
      const ids = await sharingMembers(owner.id, groupId, 5, (i) => i);
      for (const id of ids) await assessment(id, { answer: 1, shared: true, at: THEN });
      // Not counted: a client who shared nothing, one whose only shared assessment is below the coverage rule,
      // and one whose newer assessment is not shared (their older shared one counts: it is their latest shared).
      const hidden = await member(owner.id, groupId, 10);
      await assessment(hidden, { answer: 4, shared: false, at: RECENTLY });
      const partial = await member(owner.id, groupId, 11);
      await assessment(partial, { answer: 4, shared: true, at: RECENTLY, partial: true });
      // A member of another coach's in the same group id would be impossible; another coach's client elsewhere is simply not here.
    });

    it('shows the organization and the group with n 5, the means of the members\' latest shared qualifying assessments', async () => {
      for (const answer of [await ofOrganization(owner, organizationId), await ofGroup(owner, groupId)]) {
        expect(answer.shown).toBe(true);
        if (!answer.shown) return;
        expect(answer.n).toBe(5);
        expect(answer.scores.overall).toBeCloseTo(2, 12);
        expect(answer.scores.petals.Body).toBeCloseTo(2, 12);
        expect(answer.chartData).toHaveLength(8);
        expect(answer.chartData[0]!.id).toBe('Body');
        expect(answer.chartData.every((petal) => petal.wellsprings.every((w) => w.outer.value === 2 && w.inner.value === 2))).toBe(true);
      }
    });

    it('gives the previous quarter and the change since, as a change of means (not a reliable change)', async () => {
      const answer = await ofOrganization(owner, organizationId);
      if (!answer.shown) throw new Error('expected shown');
      expect(answer.previousQuarter).toMatchObject({ quarter: QUARTER.label, asOf: QUARTER.end, shown: true, n: 5, kind: 'change' });
      if (!answer.previousQuarter.shown) throw new Error('expected the previous quarter');
      expect(answer.previousQuarter.scores.overall).toBe(1);
      expect(answer.previousQuarter.change.overall).toBeCloseTo(1, 12);
      expect(answer.previousQuarter.change.petals.Efficacy).toBeCloseTo(1, 12);
      expect(JSON.stringify(answer)).not.toMatch(/reliable|rci/i);
    });

    it('hides the empty "No Group" group (fewer than five) without hiding anything else: the rest of the organization is nobody', async () => {
      expectHidden(await ofGroup(owner, defaultGroupId), 'fewer-than-five');
    });

    it('does not count a client who stops sharing: with 4 left, organization and group are hidden, with no n', async () => {
      const extra = await newOrganization(owner, 'Shrinking Org');
      const group = await newGroup(owner, extra.organizationGuid, 'Almost');
      const ids = await sharingMembers(owner.id, group, 5);
      expect((await ofGroup(owner, group)).n).toBe(5);
      await server.database.db.updateTable('assessments').set({ coach_access_granted: 0 }).where('user_id', '=', ids[0]!).execute();
      expectHidden(await ofOrganization(owner, extra.organizationGuid), 'fewer-than-five');
      expectHidden(await ofGroup(owner, group), 'fewer-than-five');
    });
  });

  it('hides an organization and its group of 4 sharing members: the reason, and no figure at all', async () => {
    const org = await newOrganization(owner, 'Small Org');
    const group = await newGroup(owner, org.organizationGuid, 'Four');
    await sharingMembers(owner.id, group, 4);
    const organization = await owner.client.get(`/api/coach/GetOrganizationInsight/${org.organizationGuid}`);
    expect(organization.body).toStrictEqual({ shown: false, n: null, reason: 'fewer-than-five' });
    expectHidden(await ofGroup(owner, group), 'fewer-than-five');
  });

  it('complementary suppression: an organization of 7 with groups of 5 and 2 shows the organization and hides both groups', async () => {
    const org = await newOrganization(owner, 'Seven Org');
    const five = await newGroup(owner, org.organizationGuid, 'Five');
    const two = await newGroup(owner, org.organizationGuid, 'Two');
    await sharingMembers(owner.id, five, 5);
    await sharingMembers(owner.id, two, 2);
    const organization = await ofOrganization(owner, org.organizationGuid);
    expect(organization.shown && organization.n).toBe(7);
    expectHidden(await ofGroup(owner, two), 'fewer-than-five');
    // Organization − the 5-group would be the 2 people: the 5-group is hidden as its complement.
    expectHidden(await ofGroup(owner, five), 'complementary');
  });

  it('withholds the previous quarter when only 1 to 4 people re-assessed since (the difference would be their change)', async () => {
    const org = await newOrganization(owner, 'Steady Org');
    const group = await newGroup(owner, org.organizationGuid, 'Steady');
    const ids = await sharingMembers(owner.id, group, 6, () => 2, THEN);
    await assessment(ids[0]!, { answer: 4, shared: true, at: RECENTLY });
    const answer = await ofOrganization(owner, org.organizationGuid);
    if (!answer.shown) throw new Error('expected shown');
    expect(answer.n).toBe(6);
    expect(answer.previousQuarter).toStrictEqual({ quarter: QUARTER.label, asOf: QUARTER.end, shown: false, reason: 'change', n: null });
  });

  it('reads a constant number of queries whatever the number of members (no query per member)', async () => {
    // Background work (housekeeping, the mail dispatcher) may query during a request on a loaded
    // machine and only ever adds to a count: each request is counted three times, the least kept.
    const queriesFor = async (members: number) => {
      const org = await newOrganization(owner, `Count Org ${members} ${newId()}`);
      const group = await newGroup(owner, org.organizationGuid, 'Counted');
      const ids = await sharingMembers(owner.id, group, members);
      for (const id of ids) await assessment(id, { answer: 3, shared: true, at: THEN });
      const counts: number[] = [];
      for (let round = 0; round < 3; round++) counts.push(await queriesDuring(server, () => ofGroup(owner, group)));
      return Math.min(...counts);
    };
    const few = await queriesFor(5);
    const many = await queriesFor(12);
    expect(few).toBeGreaterThan(0);
    expect(many).toBe(few);
  });

  describe('who may ask', () => {
    let organizationId: string;
    let groupId: string;

    beforeAll(async () => {
      const org = await newOrganization(owner, 'Private Org');
      organizationId = org.organizationGuid;
      groupId = await newGroup(owner, organizationId, 'Private');
      await sharingMembers(owner.id, groupId, 5);
    });

    it('another coach gets 404, as for an unknown or malformed id', async () => {
      const other = await coach(server);
      for (const path of [
        `/api/coach/GetOrganizationInsight/${organizationId}`,
        `/api/coach/GetGroupInsight/${groupId}`,
        `/api/coach/GetOrganizationInsight/${newId()}`,
        `/api/coach/GetGroupInsight/not-an-id`,
      ]) {
        const response = await other.client.get(path);
        expect(response.status, path).toBe(404);
        expect(response.text).not.toContain('"n"');
      }
    });

    it('a member who is not a coach gets 403, a pending coach 403, a guest and nobody 401', async () => {
      const member = await person(server);
      const pending = await coach(server, { coachStatus: 'pending' });
      const guest = await person(server, { guest: true });
      const nobody = server.client();
      for (const path of [`/api/coach/GetOrganizationInsight/${organizationId}`, `/api/coach/GetGroupInsight/${groupId}`, '/api/coach/ExportInsightCsv']) {
        expect((await member.client.get(path)).status, path).toBe(403);
        expect((await pending.client.get(path)).status, path).toBe(403);
        expect((await guest.client.get(path)).status, path).toBe(401);
        expect((await nobody.get(path)).status, path).toBe(401);
      }
    });
  });
});

describe('ExportInsightCsv', () => {
  let owner: Person;
  let csv: string;
  let rows: string[][];

  beforeAll(async () => {
    owner = await coach(server);
    const seven = await newOrganization(owner, 'Seven Org');
    const five = await newGroup(owner, seven.organizationGuid, 'Five');
    const two = await newGroup(owner, seven.organizationGuid, 'Two');
    await sharingMembers(owner.id, five, 5, () => 3);
    await sharingMembers(owner.id, two, 2, () => 1);
    const shown = await newOrganization(owner, 'Alpha Org');
    const team = await newGroup(owner, shown.organizationGuid, 'Team');
    await sharingMembers(owner.id, team, 6, (i) => (i % 2 === 0 ? 1 : 3));
    // A group name a spreadsheet would run as a formula (written before names were checked).
    await server.database.db.insertInto('groups').values({ id: newId(), organization_id: shown.organizationGuid, name: '=HYPERLINK("x")', created_at: NOW }).execute();
    // Another coach's organization is not in this coach's file.
    const other = await coach(server);
    await newOrganization(other, 'Not Yours Org');

    const response = await owner.client.get('/api/coach/ExportInsightCsv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain('bloom-groups.csv');
    expect(response.headers.get('cache-control')).toBe('no-store');
    csv = response.text;
    rows = parseCsv(csv);
  });

  const row = (organization: string, group: string) => rows.find((r) => r[0] === organization && r[1] === group);
  const column = (name: (typeof INSIGHT_CSV_COLUMNS)[number]) => INSIGHT_CSV_COLUMNS.indexOf(name);

  it('has one row per organization and group of the coach, organizations by name, "No Group" first', () => {
    expect(rows[0]).toEqual([...INSIGHT_CSV_COLUMNS]);
    expect(rows.slice(1).map((r) => `${r[0]}/${r[1]}`)).toEqual([
      'Alpha Org/',
      'Alpha Org/No Group',
      `Alpha Org/'=HYPERLINK("x")`,
      'Alpha Org/Team',
      'Seven Org/',
      'Seven Org/No Group',
      'Seven Org/Five',
      'Seven Org/Two',
    ]);
    expect(csv).not.toContain('Not Yours Org');
  });

  it('follows the same rule: the organization of 7 is shown, its groups of 5 and 2 are hidden with no n and no scores', () => {
    expect(row('Seven Org', '')![column('n')]).toBe('7');
    expect(row('Seven Org', '')![column('shown')]).toBe('true');
    // (5 × 3 + 2 × 1) / 7
    expect(Number(row('Seven Org', '')![column('overall')])).toBeCloseTo(2.43, 2);
    for (const group of ['Five', 'Two']) {
      const line = row('Seven Org', group)!;
      expect(line[column('n')]).toBe('');
      expect(line[column('shown')]).toBe('false');
      expect(line.slice(column('overall'))).toEqual(new Array(INSIGHT_CSV_COLUMNS.length - column('overall')).fill(''));
    }
    expect(row('Seven Org', 'Five')![column('reason')]).toBe(INSIGHT_REASON_TEXT.complementary);
    expect(row('Seven Org', 'Two')![column('reason')]).toBe(INSIGHT_REASON_TEXT['fewer-than-five']);
    expect(row('Alpha Org', 'Team')![column('n')]).toBe('6');
    expect(row('Alpha Org', 'Team')![column('overall')]).toBe('2');
  });

  it('names no person, and a formula-like group name is written as text', () => {
    expect(csv).not.toContain(SURNAME);
    expect(csv).not.toMatch(/wren\d/i);
    expect(csv).not.toMatch(/@bloom\.test/);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
