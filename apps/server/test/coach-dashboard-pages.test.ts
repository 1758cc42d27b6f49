import { questionsForTrack, type Track } from '@bloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, coach, finishedAssessment, newGroup, newOrganization, person, type Person } from './coach-fixtures';
import { startTestServer, type TestResponse, type TestServer } from './harness';

/** The coach dashboard by pages (issue 27 part 3, decision 0032): GetDashboardOutline and GetClientsPage. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Page {
  clients: { user: { id: string; firstName: string | null; lastName: string | null; userName: string; group: { groupGuid: string } | null }; assessments: { id: string }[] }[];
  total: number;
  nextCursor: string | null;
}

const pagePath = (query: Record<string, string>) => `/api/coach/GetClientsPage?${new URLSearchParams(query).toString()}`;

/** Every page of a list, following nextCursor; checks each page's size and total on the way. */
async function allPages(who: Person, query: Record<string, string>, limit: number): Promise<Page['clients']> {
  const seen: Page['clients'] = [];
  let cursor: string | null = null;
  let total = -1;
  do {
    const response: TestResponse<Page> = await who.client.get<Page>(pagePath({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) }));
    expect(response.status).toBe(200);
    if (total === -1) total = response.body.total;
    expect(response.body.total).toBe(total);
    expect(response.body.clients.length).toBeLessThanOrEqual(limit);
    seen.push(...response.body.clients);
    cursor = response.body.nextCursor;
    if (cursor) expect(response.body.clients).toHaveLength(limit);
  } while (cursor);
  expect(seen).toHaveLength(total);
  return seen;
}

/** A coach with an organization (No Group + Team A) and clients: 7 in Team A, 2 in No Group, 5 independent. */
async function coachWithClients() {
  const owner = await coach(server);
  const { organizationGuid, defaultGroupGuid } = await newOrganization(owner, 'Acme');
  const teamA = await newGroup(owner, organizationGuid, 'Team A');
  const names = ['Zoë Álvarez', 'adam Baker', 'Ada baker', 'Élodie Durand', 'Bob Evans', 'Cy Evans', 'Dee Fox'];
  const inTeam: Person[] = [];
  for (const [i, name] of names.entries()) {
    const [firstName, lastName] = name.split(' ');
    const client = await clientOf(server, owner.id, { firstName, lastName, email: `team-${i}-${owner.id.slice(0, 6)}@example.test` });
    expect((await owner.client.post(`/api/coach/AssignUserToNewGroup/${client.id}/${teamA}`)).status).toBe(200);
    inTeam.push(client);
  }
  for (const i of [0, 1]) {
    const client = await clientOf(server, owner.id, { firstName: `Nog${i}`, lastName: 'Member' });
    expect((await owner.client.post(`/api/coach/AssignUserToNewGroup/${client.id}/${defaultGroupGuid}`)).status).toBe(200);
  }
  const independent: Person[] = [];
  for (const i of [0, 1, 2, 3, 4]) independent.push(await clientOf(server, owner.id, { firstName: `Indie${i}`, lastName: 'Solo', email: `SOLO.${i}@Example.test` }));
  return { owner, organizationGuid, defaultGroupGuid, teamA, inTeam, independent };
}

describe('the dashboard outline', () => {
  it('counts clients per organization and group, with No Group first, and the independent ones', async () => {
    const { owner, organizationGuid, defaultGroupGuid, teamA } = await coachWithClients();
    const outline = await owner.client.get('/api/coach/GetDashboardOutline');
    expect(outline.status).toBe(200);
    expect(outline.body).toEqual({
      totalClients: 14,
      independentClients: 5,
      organizations: [
        {
          organizationGuid,
          organizationName: 'Acme',
          clientCount: 9,
          groups: [
            { groupGuid: defaultGroupGuid, groupName: 'No Group', isDefault: true, clientCount: 2 },
            { groupGuid: teamA, groupName: 'Team A', isDefault: false, clientCount: 7 },
          ],
        },
      ],
    });
  });

  it('is empty for a coach without clients, and for coaches only', async () => {
    const fresh = await coach(server);
    expect((await fresh.client.get('/api/coach/GetDashboardOutline')).body).toEqual({ totalClients: 0, independentClients: 0, organizations: [] });
    const member = await person(server);
    expect((await member.client.get('/api/coach/GetDashboardOutline')).status).toBe(403);
    expect((await member.client.get(pagePath({}))).status).toBe(403);
    expect((await server.client().get(pagePath({}))).status).toBe(401);
  });
});

describe('pages of clients', () => {
  it('pages through a group in a stable order (last name, first name, ignoring case), each client once, with their assessments', async () => {
    const { owner, teamA, inTeam } = await coachWithClients();
    const assessment = await finishedAssessment(inTeam[4]!, 'Rapid');
    const seen = await allPages(owner, { groupId: teamA }, 3);
    expect(seen.map((entry) => `${entry.user.firstName} ${entry.user.lastName}`)).toEqual([
      'Ada baker',
      'adam Baker',
      'Élodie Durand',
      'Bob Evans',
      'Cy Evans',
      'Dee Fox',
      'Zoë Álvarez',
    ].sort((a, b) => {
      // The server's key: last name, then first name, folded; Álvarez sorts as "alvarez".
      const key = (name: string) => name.split(' ').reverse().join(' ').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
      return key(a) < key(b) ? -1 : 1;
    }));
    expect(new Set(seen.map((entry) => entry.user.id)).size).toBe(7);
    expect(seen.every((entry) => entry.user.group?.groupGuid === teamA)).toBe(true);
    expect(seen.find((entry) => entry.user.id === inTeam[4]!.id)!.assessments.map((a) => a.id)).toEqual([assessment]);
  });

  it('lists the independent clients alone, and everyone without a scope', async () => {
    const { owner, independent } = await coachWithClients();
    const solo = await allPages(owner, { independent: 'true' }, 2);
    expect(solo.map((entry) => entry.user.id).sort()).toEqual(independent.map((p) => p.id).sort());
    expect(solo.every((entry) => entry.user.group === null)).toBe(true);
    const everyone = await allPages(owner, {}, 100);
    expect(everyone).toHaveLength(14);
  });

  it('a page of 25 by default, and the first page again gives the same clients', async () => {
    const owner = await coach(server);
    for (let i = 0; i < 27; i++) await clientOf(server, owner.id, { firstName: 'Many', lastName: `Client ${String(i).padStart(2, '0')}` });
    const first = await owner.client.get<Page>(pagePath({}));
    expect(first.body.clients).toHaveLength(25);
    expect(first.body.total).toBe(27);
    expect(first.body.nextCursor).not.toBeNull();
    expect((await owner.client.get<Page>(pagePath({}))).body).toEqual(first.body);
    const rest = await owner.client.get<Page>(pagePath({ cursor: first.body.nextCursor! }));
    expect(rest.body.clients.map((entry) => entry.user.lastName)).toEqual(['Client 25', 'Client 26']);
    expect(rest.body.nextCursor).toBeNull();
  });
});

describe('the whole list (GetAssessmentsByCoach)', () => {
  it('holds what the pages hold: each client once, their group, and only their completed assessments, newest first', async () => {
    const { owner, organizationGuid, teamA, inTeam, independent } = await coachWithClients();
    const older = await finishedAssessment(inTeam[4]!, 'Rapid');
    const newer = await finishedAssessment(inTeam[4]!, 'Professional');
    const finished = await finishedAssessment(independent[0]!, 'Rapid');
    expect((await independent[0]!.client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);

    const whole = await owner.client.get<Page['clients']>('/api/coach/GetAssessmentsByCoach');
    expect(whole.status).toBe(200);
    const everyone = await allPages(owner, {}, 4);
    const byId = (entries: Page['clients']) => new Map(entries.map((entry) => [entry.user.id, entry]));
    expect(whole.body).toHaveLength(14);
    expect(byId(whole.body)).toEqual(byId(everyone));

    const entryOf = (who: Person) => whole.body.find((entry) => entry.user.id === who.id)!;
    expect(entryOf(inTeam[4]!).assessments.map((a) => a.id)).toEqual([newer, older]);
    expect(entryOf(inTeam[4]!).assessments[0]).toMatchObject({ isNinetyItem: true, coachAccessGranted: false, clientAccessGranted: false });
    expect(entryOf(inTeam[4]!).user.group).toEqual({ groupGuid: teamA, groupName: 'Team A', organization: { organizationGuid, organizationName: 'Acme' } });
    expect(entryOf(independent[0]!).assessments.map((a) => a.id)).toEqual([finished]);
    expect(entryOf(independent[0]!).user.group).toBeNull();
    expect(entryOf(inTeam[0]!).assessments).toEqual([]);
    // In the database's order of last name, first name and id, as before the pages.
    const order = whole.body.map((entry) => [entry.user.lastName ?? '', entry.user.firstName ?? '', entry.user.id].join('\u0000'));
    expect(order).toEqual([...order].sort());
  });
});

describe('search', () => {
  it('finds clients by name and e-mail, ignoring case and accents, and pages the matches', async () => {
    const { owner, inTeam, independent } = await coachWithClients();
    const ids = async (search: string, scope: Record<string, string> = {}) => (await allPages(owner, { ...scope, search }, 2)).map((entry) => entry.user.id).sort();
    expect(await ids('elodie')).toEqual([inTeam[3]!.id]);
    expect(await ids('ÁLVAREZ')).toEqual([inTeam[0]!.id]);
    expect(await ids('baker')).toEqual([inTeam[1]!.id, inTeam[2]!.id].sort());
    expect(await ids('ADAM baker')).toEqual([inTeam[1]!.id]);
    expect(await ids('solo.3@example')).toEqual([independent[3]!.id]);
    expect(await ids('SOLO')).toEqual(independent.map((p) => p.id).sort());
    expect(await ids('  evans ')).toHaveLength(2);
    // Within a scope: independent clients only.
    expect(await ids('example.test', { independent: 'true' })).toEqual(independent.map((p) => p.id).sort());
    // Wildcards of SQL mean nothing here.
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    const none = await owner.client.get<Page>(pagePath({ search: 'nobody-has-this' }));
    expect(none.body).toEqual({ clients: [], total: 0, nextCursor: null });
  });
});

describe("another coach's clients", () => {
  it('never appear: their group is 404, and searches and pages find only one’s own', async () => {
    const { owner, teamA, inTeam } = await coachWithClients();
    const other = await coach(server);
    await clientOf(server, other.id, { firstName: 'Theirs', lastName: 'Only' });
    const refused = await other.client.get(pagePath({ groupId: teamA }));
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('not_found');
    expect((await other.client.get(pagePath({ groupId: 'not-a-uuid' }))).status).toBe(404);
    const theirs = await allPages(other, {}, 100);
    expect(theirs.map((entry) => entry.user.lastName)).toEqual(['Only']);
    expect((await other.client.get<Page>(pagePath({ search: 'baker' }))).body.total).toBe(0);
    const text = (await other.client.get(pagePath({ search: inTeam[0]!.email! }))).text;
    expect(text).not.toContain(inTeam[0]!.id);
    const outline = await other.client.get('/api/coach/GetDashboardOutline');
    expect(outline.body).toEqual({ totalClients: 1, independentClients: 1, organizations: [] });
    expect(JSON.stringify((await owner.client.get('/api/coach/GetDashboardOutline')).body)).not.toContain('Theirs');
  });
});

describe('bad input', () => {
  it('answers 400 with the reason, never a 500', async () => {
    const { owner, teamA } = await coachWithClients();
    const cases: Record<string, string>[] = [
      { limit: '0' },
      { limit: '101' },
      { limit: '-1' },
      { limit: 'ten' },
      { cursor: 'not-a-cursor' },
      { cursor: Buffer.from(JSON.stringify({ a: 1 })).toString('base64url') },
      { independent: 'yes' },
      { groupId: teamA, independent: 'true' },
      { search: 'x'.repeat(101) },
    ];
    for (const query of cases) {
      const response = await owner.client.get(pagePath(query));
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.error.code).toBe('bad_request');
    }
  });
});

/**
 * Results exist by the coverage rule (DESIGN.md §11: two thirds of Experiences and of Feelings),
 * not only once every question is answered: the Energy pages let a person go on with questions
 * unanswered. Before, the lists held only completed assessments, so a coached client's
 * Professional results left before Energy never reached the coach, who could then never release
 * them: "Pending coach approval" for good.
 */
describe('assessments with results but questions unanswered', () => {
  /** Starts an assessment and answers the questions `keep` keeps. */
  async function answered(who: Person, track: Track, keep: (question: { module: string; questionGuid: string }) => boolean): Promise<string> {
    const created = await who.client.post<{ id: string }>(`/api/user/CreateNewAssessment/${track}`);
    expect(created.status).toBe(201);
    const answers = questionsForTrack(track)
      .filter(keep)
      .map((question, index) => ({ questionGuid: question.questionGuid, response: index % 5, order: question.order }));
    if (answers.length > 0) expect((await who.client.post('/api/user/SaveQuestionResponse', answers)).status).toBe(200);
    return created.body.id;
  }
  const hasResults = async (who: Person, id: string) => (await who.client.get<{ id: string; hasResults: boolean }[]>('/api/user/GetAllAssessments')).body.find((row) => row.id === id)?.hasResults;

  /** The client's assessments as the whole list and as the pages list them: the same. */
  async function listedFor(owner: Person, client: Person): Promise<Page['clients'][number]['assessments']> {
    const whole = (await owner.client.get<Page['clients']>('/api/coach/GetAssessmentsByCoach')).body.find((entry) => entry.user.id === client.id);
    const paged = (await allPages(owner, {}, 10)).find((entry) => entry.user.id === client.id);
    expect(whole).toBeDefined();
    expect(paged).toEqual(whole);
    return whole!.assessments;
  }

  it('lists a Professional assessment left before Energy, so the coach can release it to the client', async () => {
    const owner = await coach(server);
    const client = await clientOf(server, owner.id);
    const id = await answered(client, 'Professional', (question) => question.module !== 'Energy');
    expect(await hasResults(client, id)).toBe(true);
    expect((await client.client.get(`/api/data/GetBloomProfileReport/${id}`)).body.error.code).toBe('pending_coach_approval');
    expect(await listedFor(owner, client)).toEqual([expect.objectContaining({ id, isNinetyItem: true, coachAccessGranted: false, clientAccessGranted: false })]);

    expect((await client.client.post(`/api/user/SetCoachAccessGranted/${id}`)).status).toBe(200);
    expect(await listedFor(owner, client)).toEqual([expect.objectContaining({ id, coachAccessGranted: true, clientAccessGranted: false })]);
    expect((await owner.client.post(`/api/user/SetClientAccessGranted/${id}`)).status).toBe(200);
    expect(await listedFor(owner, client)).toEqual([expect.objectContaining({ id, coachAccessGranted: true, clientAccessGranted: true })]);
    expect((await client.client.get(`/api/data/GetBloomProfileReport/${id}`)).status).toBe(200);
  });

  it('lists a Rapid assessment with one Energy question skipped once the client sends it to the coach', async () => {
    const owner = await coach(server);
    const client = await clientOf(server, owner.id);
    const energy = questionsForTrack('Rapid').filter((question) => question.module === 'Energy');
    const skipped = energy.at(-1)!;
    const id = await answered(client, 'Rapid', (question) => question !== skipped);
    expect(await hasResults(client, id)).toBe(true);
    expect((await client.client.post(`/api/user/SetCoachAccessGranted/${id}`)).status).toBe(200);
    expect(await listedFor(owner, client)).toEqual([expect.objectContaining({ id, isNinetyItem: false, coachAccessGranted: true })]);
    expect((await owner.client.get(`/api/data/GetCoachAssessmentOverview/${id}`)).status).toBe(200);
  });

  it('still lists no assessment without results, and keeps each client’s newest first', async () => {
    const owner = await coach(server);
    const client = await clientOf(server, owner.id);
    const finished = await finishedAssessment(client, 'Rapid');
    const short = await answered(client, 'Professional', (question) => question.module !== 'Energy');
    // Below two thirds of Feelings: no results, whatever else is answered.
    const threeFeelings = new Set(questionsForTrack('Rapid').filter((question) => question.module === 'Feelings').slice(0, 3).map((question) => question.questionGuid));
    const without = await answered(client, 'Rapid', (question) => question.module !== 'Feelings' || threeFeelings.has(question.questionGuid));
    expect(await hasResults(client, without)).toBe(false);
    expect((await client.client.post(`/api/user/SetCoachAccessGranted/${without}`)).status).toBe(200);
    const nothing = await answered(client, 'Professional', () => false);
    expect(await hasResults(client, nothing)).toBe(false);

    const listed = await listedFor(owner, client);
    expect(listed.map((assessment) => assessment.id)).toEqual([short, finished]);
    // A client with only an assessment without results is listed with none.
    const starter = await clientOf(server, owner.id, { firstName: 'Only', lastName: 'Started' });
    await answered(starter, 'Rapid', (question) => question.module === 'Experiences');
    expect(await listedFor(owner, starter)).toEqual([]);
  });
});
