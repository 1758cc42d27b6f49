import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, coach, finishedAssessment, newOrganization, person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'admin@bloom.test' });
});
afterAll(async () => {
  await server?.close();
});

const COACH_GETS = ['/api/coach/GetAssessmentsByCoach', '/api/coach/GetOrganizationsByCoach', '/api/coach/GetClientsWithNoOrg'];

describe('who may use the coach calls', () => {
  it('answers nobody and guests with 401, members who are not coaches with 403', async () => {
    const nobody = server.client();
    const guest = await person(server, { guest: true });
    const member = await person(server);
    for (const path of COACH_GETS) {
      expect((await nobody.get(path)).status).toBe(401);
      expect((await guest.client.get(path)).status).toBe(401);
      const refused = await member.client.get(path);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
    }
    expect((await member.client.post('/api/coach/SetCoachName', { firstName: 'A', lastName: 'B' })).status).toBe(403);
  });

  it('tells a coach awaiting approval so, but lets them set their name', async () => {
    const pending = await coach(server, { coachStatus: 'pending' });
    const refused = await pending.client.get('/api/coach/GetAssessmentsByCoach');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/awaiting approval/);
    const named = await pending.client.post('/api/coach/SetCoachName', { firstName: ' Ada ', lastName: 'Lovelace' });
    expect(named.status).toBe(200);
    expect(named.body).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    const me = await pending.client.get('/api/user/getCurrentUser');
    expect(me.body.coachPending).toBe(true);
    expect(me.body.userRoles).not.toContain('Coach');
  });
});

describe('admin approval of coaches', () => {
  it('lists pending coaches to admins only and approves them', async () => {
    const pending = await coach(server, { coachStatus: 'pending', firstName: 'Pending', lastName: 'Person' });
    const admin = await person(server, { email: 'admin@bloom.test' });
    const member = await person(server);
    expect((await member.client.get('/api/admin/PendingCoaches')).status).toBe(403);
    expect((await member.client.post(`/api/admin/ApproveCoach/${pending.id}`)).status).toBe(403);

    const list = await admin.client.get('/api/admin/PendingCoaches');
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: string }) => c.id)).toContain(pending.id);
    expect((await admin.client.post(`/api/admin/ApproveCoach/${member.id}`)).status).toBe(404);
    expect((await admin.client.post('/api/admin/ApproveCoach/not-a-uuid')).status).toBe(404);

    const approved = await admin.client.post(`/api/admin/ApproveCoach/${pending.id}`);
    expect(approved.status).toBe(200);
    expect((await pending.client.get('/api/coach/GetAssessmentsByCoach')).status).toBe(200);
    const after = await admin.client.get('/api/admin/PendingCoaches');
    expect(after.body.map((c: { id: string }) => c.id)).not.toContain(pending.id);
  });

  it('lists every coach with whether an admin vetted them; approving vets, revoking un-vets, admins only', async () => {
    const selfRegistered = await coach(server, { firstName: 'Open', lastName: 'Signup' });
    const admin = await person(server, { email: 'admin@bloom.test' });
    const member = await person(server);
    const vettedOf = async () =>
      ((await admin.client.get('/api/admin/Coaches')).body as Array<{ id: string; vetted: boolean; coachStatus: string }>).find((c) => c.id === selfRegistered.id);
    // Open sign-up makes a coach, not a vetted one.
    expect(await vettedOf()).toMatchObject({ coachStatus: 'approved', vetted: false });
    expect((await member.client.get('/api/admin/Coaches')).status).toBe(403);
    expect((await selfRegistered.client.post(`/api/admin/ApproveCoach/${selfRegistered.id}`)).status).toBe(403);

    expect((await admin.client.post(`/api/admin/ApproveCoach/${selfRegistered.id}`)).status).toBe(200);
    expect(await vettedOf()).toMatchObject({ vetted: true });
    expect((await member.client.post(`/api/admin/RevokeCoachApproval/${selfRegistered.id}`)).status).toBe(403);
    expect((await admin.client.post(`/api/admin/RevokeCoachApproval/${member.id}`)).status).toBe(404);
    expect((await admin.client.post(`/api/admin/RevokeCoachApproval/${selfRegistered.id}`)).status).toBe(200);
    expect(await vettedOf()).toMatchObject({ coachStatus: 'approved', vetted: false });
  });
});

describe("a coach's own current user says whether their releases include the plan", () => {
  it('is false for a self-registered coach, true once an admin approves them, false again on revoking; absent for others', async () => {
    const selfRegistered = await coach(server, { firstName: 'Open', lastName: 'Door' });
    const admin = await person(server, { email: 'admin@bloom.test' });
    const member = await person(server);
    const pending = await coach(server, { coachStatus: 'pending' });
    const includes = async () => (await selfRegistered.client.get('/api/user/getCurrentUser')).body.coachIncludesPlans;
    // Open sign-up (the default) makes a coach whose release shows profile and charts only (decisions 0019, 0056).
    expect(await includes()).toBe(false);
    expect((await admin.client.post(`/api/admin/ApproveCoach/${selfRegistered.id}`)).status).toBe(200);
    expect(await includes()).toBe(true);
    expect((await admin.client.post(`/api/admin/RevokeCoachApproval/${selfRegistered.id}`)).status).toBe(200);
    expect(await includes()).toBe(false);
    // Only coaches are told: a member's, an admin's and a pending coach's current user have no such field.
    for (const other of [member, admin, pending]) {
      const me = await other.client.get('/api/user/getCurrentUser');
      expect(me.status).toBe(200);
      expect(me.body).not.toHaveProperty('coachIncludesPlans');
    }
  });
});

describe('the coach list and choosing a coach', () => {
  it("lists only the caller's own coach (decision 0030): other coaches are joined by invitation", async () => {
    const listed = await coach(server, { firstName: 'Listed', lastName: 'Coach' });
    const other = await coach(server, { firstName: 'Other', lastName: 'Coach' });
    const pending = await coach(server, { coachStatus: 'pending', firstName: 'Hidden', lastName: 'Pending' });
    // A coach without a coach of their own, and a member without one, see nobody.
    expect((await listed.client.get('/api/coach/GetCoachList')).body).toEqual([]);
    const member = await person(server);
    const none = await member.client.get('/api/coach/GetCoachList');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);

    const client = await clientOf(server, listed.id);
    const seen = await client.client.get('/api/coach/GetCoachList');
    expect(seen.body).toEqual([{ id: listed.id, firstName: 'Listed', lastName: 'Coach' }]);
    expect(seen.text).not.toContain(other.id);
    expect(seen.text).not.toContain(pending.id);
    // A coach who is not (or no longer) approved is not offered.
    const pendingsClient = await clientOf(server, pending.id);
    expect((await pendingsClient.client.get('/api/coach/GetCoachList')).body).toEqual([]);
  });

  it('assigns an approved coach, refuses others, and unassigns', async () => {
    const chosen = await coach(server);
    const pending = await coach(server, { coachStatus: 'pending' });
    const member = await person(server);
    expect((await member.client.post(`/api/coach/AssignCoachToUser/${pending.id}`)).status).toBe(404);
    expect((await member.client.post(`/api/coach/AssignCoachToUser/${member.id}`)).status).toBe(404);
    expect((await member.client.post('/api/coach/AssignCoachToUser/nope')).status).toBe(404);
    expect((await chosen.client.post(`/api/coach/AssignCoachToUser/${chosen.id}`)).status).toBe(400);

    const assigned = await member.client.post(`/api/coach/AssignCoachToUser/${chosen.id}`);
    expect(assigned.status).toBe(200);
    expect((await member.client.get('/api/user/getCurrentUser')).body.coachGuid).toBe(chosen.id);
    const dashboard = await chosen.client.get('/api/coach/GetAssessmentsByCoach');
    expect(dashboard.body.map((e: { user: { id: string } }) => e.user.id)).toContain(member.id);

    // Someone else's id: a member may only unassign themselves.
    const stranger = await person(server);
    expect((await stranger.client.post(`/api/coach/UnassignCoachFromUser/${member.id}`)).status).toBe(403);
    expect((await member.client.post(`/api/coach/UnassignCoachFromUser/${member.id}`)).status).toBe(200);
    expect((await member.client.get('/api/user/getCurrentUser')).body.coachGuid).toBeNull();
  });

  it('ends what was shared with the old coach when the client changes coach', async () => {
    const first = await coach(server);
    const second = await coach(server);
    const client = await clientOf(server, first.id);
    const id = await finishedAssessment(client, 'Rapid');
    expect((await client.client.post(`/api/user/SetCoachAccessGranted/${id}`)).status).toBe(200);
    expect((await first.client.get(`/api/data/GetCoachAssessmentOverview/${id}`)).status).toBe(200);

    expect((await client.client.post(`/api/coach/AssignCoachToUser/${second.id}`)).status).toBe(200);
    expect((await first.client.get(`/api/data/GetCoachAssessmentOverview/${id}`)).status).toBe(404);
    expect((await second.client.get(`/api/data/GetCoachAssessmentOverview/${id}`)).status).toBe(404);
    const entry = (await second.client.get('/api/coach/GetAssessmentsByCoach')).body.find((e: { user: { id: string } }) => e.user.id === client.id);
    expect(entry.assessments[0].coachAccessGranted).toBe(false);
  });
});

describe('the coach dashboard', () => {
  it("lists the coach's own clients with completed assessments and their organization", async () => {
    const mine = await coach(server);
    const other = await coach(server);
    const independent = await clientOf(server, mine.id, { firstName: 'Indy', lastName: 'Pendent' });
    const grouped = await clientOf(server, mine.id, { firstName: 'Gro', lastName: 'Uped' });
    const notMine = await clientOf(server, other.id);
    const rapid = await finishedAssessment(independent, 'Rapid');
    const pro = await finishedAssessment(grouped, 'Professional');
    await finishedAssessment(notMine, 'Rapid');
    await independent.client.post('/api/user/CreateNewAssessment/Professional'); // unfinished: not listed

    const org = await newOrganization(mine, 'Acme Health');
    expect((await mine.client.post(`/api/coach/AssignUserToNewGroup/${grouped.id}/${org.defaultGroupGuid}`)).status).toBe(200);

    const dashboard = await mine.client.get('/api/coach/GetAssessmentsByCoach');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toHaveLength(2);
    const byId = new Map(dashboard.body.map((e: { user: { id: string } }) => [e.user.id, e]));
    expect(byId.get(notMine.id)).toBeUndefined();
    expect(byId.get(independent.id)).toEqual({
      user: { id: independent.id, firstName: 'Indy', lastName: 'Pendent', userName: independent.email, group: null },
      assessments: [{ id: rapid, date: expect.any(String), isNinetyItem: false, coachAccessGranted: false, clientAccessGranted: false, releasedByThisCoach: false }],
    });
    expect(byId.get(grouped.id)).toMatchObject({
      user: { group: { groupGuid: org.defaultGroupGuid, groupName: 'No Group', organization: { organizationGuid: org.organizationGuid, organizationName: 'Acme Health' } } },
      assessments: [{ id: pro, isNinetyItem: true }],
    });
  });

  it('opens the coach views only once the client grants access', async () => {
    const mine = await coach(server);
    const client = await clientOf(server, mine.id);
    const id = await finishedAssessment(client, 'Professional');
    for (const path of ['GetCoachAssessmentOverview', 'GetCoachComprehensive']) {
      expect((await mine.client.get(`/api/data/${path}/${id}`)).status).toBe(404);
    }
    expect((await client.client.post(`/api/user/SetCoachAccessGranted/${id}`)).status).toBe(200);
    const overview = await mine.client.get(`/api/data/GetCoachAssessmentOverview/${id}`);
    expect(overview.status).toBe(200);
    expect(overview.body.experiences).toHaveLength(12);
    expect(overview.body.activity).toHaveLength(3);
    expect(overview.body.experiences[0]).toEqual({ wellspringEnergy: expect.any(String), wellspringName: expect.any(String), responseText: expect.any(String), average: expect.any(Number) });
    const comprehensive = await mine.client.get(`/api/data/GetCoachComprehensive/${id}`);
    expect(comprehensive.status).toBe(200);
    expect(comprehensive.body.experiences).toHaveLength(4);
    expect(comprehensive.body.experiences[0].wellsprings[0].questions).toHaveLength(3);
    expect(overview.headers.get('cache-control')).toContain('no-store');
  });
});

describe("another coach's data is not found", () => {
  it('answers every call aimed at another coach with 404', async () => {
    const mine = await coach(server);
    const other = await coach(server);
    const theirClient = await clientOf(server, other.id);
    const myClient = await clientOf(server, mine.id);
    const theirOrg = await newOrganization(other, 'Their Org');
    const theirGroup = theirOrg.defaultGroupGuid;
    const theirAssessment = await finishedAssessment(theirClient, 'Professional');
    await theirClient.client.post(`/api/user/SetCoachAccessGranted/${theirAssessment}`);

    const attempts: Array<[string, string]> = [
      ['POST', `/api/coach/UnassignCoachFromUser/${theirClient.id}`],
      ['POST', `/api/coach/AssignUserToNewGroup/${theirClient.id}`],
      ['POST', `/api/coach/AssignUserToNewGroup/${theirClient.id}/${theirGroup}`],
      ['POST', `/api/coach/AssignUserToNewGroup/${myClient.id}/${theirGroup}`],
      ['POST', `/api/coach/SetUserAccessPreGranted/${theirClient.id}/true`],
      ['POST', `/api/user/SetClientAccessGranted/${theirAssessment}`],
      ['POST', `/api/organization/AddNewGroup/${theirOrg.organizationGuid}/Sneaky`],
      ['POST', `/api/organization/DeleteGroup/${theirGroup}`],
      ['POST', `/api/organization/DeleteOrganization/${theirOrg.organizationGuid}`],
      ['GET', `/api/data/GetCoachAssessmentOverview/${theirAssessment}`],
      ['GET', `/api/data/GetCoachComprehensive/${theirAssessment}`],
      ['GET', `/api/data/GetBloomProfileReport/${theirAssessment}`],
    ];
    for (const [method, path] of attempts) {
      const response = await mine.client.request(method, path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(response.body.error.code).toBe('not_found');
    }
    // Nothing changed on the other side.
    const theirs = await other.client.get('/api/coach/GetAssessmentsByCoach');
    expect(theirs.body.map((e: { user: { id: string } }) => e.user.id)).toEqual([theirClient.id]);
    const orgs = await other.client.get('/api/coach/GetOrganizationsByCoach');
    expect(orgs.body[0].groups.map((g: { groupName: string }) => g.groupName)).toEqual(['No Group']);
  });

  it('treats malformed ids as not found', async () => {
    const mine = await coach(server);
    for (const path of ['/api/coach/SetUserAccessPreGranted/../true', '/api/user/SetClientAccessGranted/1%20or%201=1', '/api/organization/DeleteGroup/x']) {
      expect((await mine.client.post(path)).status).toBe(404);
    }
  });
});

describe('client access and pre-grants', () => {
  it('lets a coach grant client access to their own clients’ Professional assessments only', async () => {
    const mine = await coach(server);
    const client = await clientOf(server, mine.id);
    const rapid = await finishedAssessment(client, 'Rapid');
    const pro = await finishedAssessment(client, 'Professional');
    // Withheld from the client until released.
    expect((await client.client.get(`/api/data/GetBloomProfileReport/${pro}`)).status).toBe(403);

    const member = await person(server);
    expect((await member.client.post(`/api/user/SetClientAccessGranted/${pro}`)).status).toBe(403);
    expect((await client.client.post(`/api/user/SetClientAccessGranted/${pro}`)).status).toBe(403);
    expect((await mine.client.post(`/api/user/SetClientAccessGranted/${rapid}`)).status).toBe(400);
    expect((await mine.client.post('/api/user/SetClientAccessGranted/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const granted = await mine.client.post(`/api/user/SetClientAccessGranted/${pro}`);
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ id: pro, clientAccessGranted: true });
    expect((await client.client.get(`/api/data/GetBloomProfileReport/${pro}`)).status).toBe(200);
    const consent = await server.database.db.selectFrom('consents').selectAll().where('user_id', '=', client.id).where('kind', '=', 'client_access').execute();
    expect(consent.map((c) => c.subject_id)).toEqual([pro]);
  });

  it('says whose release is open: a new coach may release again what a former coach released (decision 0056)', async () => {
    const former = await coach(server);
    const current = await coach(server);
    const client = await clientOf(server, former.id);
    const pro = await finishedAssessment(client, 'Professional');
    const summaryFor = async (who: typeof former) => {
      const whole = (await who.client.get('/api/coach/GetAssessmentsByCoach')).body.find((e: { user: { id: string } }) => e.user.id === client.id)?.assessments[0];
      const paged = (await who.client.get('/api/coach/GetClientsPage')).body.clients.find((e: { user: { id: string } }) => e.user.id === client.id)?.assessments[0];
      expect(paged).toEqual(whole);
      return whole;
    };
    expect((await client.client.post(`/api/user/SetCoachAccessGranted/${pro}`)).status).toBe(200);
    expect(await summaryFor(former)).toMatchObject({ clientAccessGranted: false, releasedByThisCoach: false });
    expect((await former.client.post(`/api/user/SetClientAccessGranted/${pro}`)).status).toBe(200);
    expect(await summaryFor(former)).toMatchObject({ clientAccessGranted: true, releasedByThisCoach: true });

    expect((await client.client.post(`/api/coach/AssignCoachToUser/${current.id}`)).status).toBe(200);
    expect((await client.client.post(`/api/user/SetCoachAccessGranted/${pro}`)).status).toBe(200);
    // Released, but not by this coach: their release is still to be made.
    expect(await summaryFor(current)).toMatchObject({ coachAccessGranted: true, clientAccessGranted: true, releasedByThisCoach: false });
    expect((await current.client.post(`/api/user/SetClientAccessGranted/${pro}`)).status).toBe(200);
    expect(await summaryFor(current)).toMatchObject({ clientAccessGranted: true, releasedByThisCoach: true });
  });

  it('applies a pre-grant, once the client confirms the request, to assessments created afterwards only', async () => {
    const mine = await coach(server);
    const client = await clientOf(server, mine.id);
    const before = await finishedAssessment(client, 'Rapid');
    expect((await mine.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/maybe`)).status).toBe(400);
    const on = await mine.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/true`);
    expect(on.body).toEqual({ accessPreGranted: false, preGrantStatus: 'requested' });
    const asked = await finishedAssessment(client, 'Rapid');
    const request = (await client.client.get('/api/user/GetPreGrantRequest')).body.request;
    expect((await client.client.post(`/api/user/ConfirmPreGrantRequest/${request.id}`)).body).toEqual({ accessPreGranted: true });
    const during = await finishedAssessment(client, 'Rapid');
    expect((await mine.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/false`)).body).toEqual({ accessPreGranted: false, preGrantStatus: 'none' });
    const after = await finishedAssessment(client, 'Rapid');

    const entry = (await mine.client.get('/api/coach/GetAssessmentsByCoach')).body[0];
    const granted = Object.fromEntries(entry.assessments.map((a: { id: string; coachAccessGranted: boolean }) => [a.id, a.coachAccessGranted]));
    expect(granted).toEqual({ [before]: false, [asked]: false, [during]: true, [after]: false });
    expect((await mine.client.get(`/api/data/GetCoachComprehensive/${during}`)).status).toBe(200);
    expect((await mine.client.get(`/api/data/GetCoachComprehensive/${before}`)).status).toBe(404);
    const clients = await mine.client.get('/api/coach/GetClientsWithNoOrg');
    expect(clients.body).toEqual([{ id: client.id, firstName: 'Robin', lastName: 'Client', userName: client.email, accessPreGranted: false, preGrantStatus: 'none' }]);
  });

  it('lets a coach remove a client from their list', async () => {
    const mine = await coach(server);
    const client = await clientOf(server, mine.id);
    await mine.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/true`);
    expect((await mine.client.post(`/api/coach/UnassignCoachFromUser/${client.id}`)).status).toBe(200);
    expect((await mine.client.get('/api/coach/GetAssessmentsByCoach')).body).toEqual([]);
    const me = await client.client.get('/api/user/getCurrentUser');
    expect(me.body).toMatchObject({ coachGuid: null, accessPreGranted: false });
    expect((await mine.client.post(`/api/coach/UnassignCoachFromUser/${client.id}`)).status).toBe(404);
  });
});

describe('names', () => {
  const bad = [
    { firstName: '', lastName: 'x' },
    { firstName: '   ', lastName: 'x' },
    { firstName: 'a\u0000b', lastName: 'x' },
    { firstName: 'line\nbreak', lastName: 'x' },
    { firstName: 'tab\there', lastName: 'x' },
    { firstName: 'x'.repeat(101), lastName: 'x' },
    { firstName: 'x' },
    { firstName: 42, lastName: 'x' },
  ];

  it('refuses empty, over-long and control-character names with 400', async () => {
    const mine = await coach(server);
    const member = await person(server);
    for (const body of bad) {
      expect((await mine.client.post('/api/coach/SetCoachName', body)).status).toBe(400);
      expect((await member.client.post('/api/user/SaveClientName', body)).status).toBe(400);
    }
    expect((await mine.client.post('/api/coach/SetCoachName', 'just a string')).status).toBe(400);
    expect((await mine.client.request('POST', '/api/coach/SetCoachName', { body: '{"firstName":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });

  it('stores any script, trimmed, and markup as plain text', async () => {
    const member = await person(server);
    const saved = await member.client.post('/api/user/SaveClientName', { firstName: '  Zoë 李 ', lastName: '<img src=x onerror=alert(1)>' });
    expect(saved.status).toBe(200);
    const me = await member.client.get('/api/user/getCurrentUser');
    expect(me.body).toMatchObject({ firstName: 'Zoë 李', lastName: '<img src=x onerror=alert(1)>' });
    expect(me.headers.get('content-type')).toContain('application/json');
    const emoji = '🌸'.repeat(100);
    expect((await member.client.post('/api/user/SaveClientName', { firstName: emoji, lastName: 'x' })).status).toBe(200);
  });
});

describe('site links', () => {
  it('gives the member resources address from the configuration', async () => {
    const response = await server.client().get('/api/data/GetSiteLinks');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ memberResourcesUrl: server.config.memberResourcesUrl });
  });
});
