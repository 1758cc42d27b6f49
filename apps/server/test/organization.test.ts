import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, coach, finishedAssessment, newGroup, newOrganization, person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const add = (who: { client: { post: (p: string) => Promise<{ status: number; body: any }> } }, encodedName: string) =>
  who.client.post(`/api/organization/AddNewOrganization/${encodedName}`);

describe('adding organizations and groups', () => {
  it('creates an organization with its "No Group" group', async () => {
    const mine = await coach(server);
    const created = await add(mine, encodeURIComponent('  Acme Health  '));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      organizationGuid: expect.any(String),
      organizationName: 'Acme Health',
      groups: [{ groupGuid: expect.any(String), groupName: 'No Group', isDefault: true, users: [] }],
    });
    expect((await add(mine, 'acme%20health')).status).toBe(409);
    const group = await mine.client.post(`/api/organization/AddNewGroup/${created.body.organizationGuid}/${encodeURIComponent('Night shift')}`);
    expect(group.status).toBe(201);
    expect(group.body).toEqual({ groupGuid: expect.any(String), groupName: 'Night shift' });
    expect((await mine.client.post(`/api/organization/AddNewGroup/${created.body.organizationGuid}/no%20group`)).status).toBe(409);

    const orgs = await mine.client.get('/api/coach/GetOrganizationsByCoach');
    expect(orgs.body).toHaveLength(1);
    expect(orgs.body[0].groups.map((g: { groupName: string; isDefault: boolean }) => [g.groupName, g.isDefault])).toEqual([
      ['No Group', true],
      ['Night shift', false],
    ]);
  });

  it('accepts any script up to 100 characters, stored as plain text', async () => {
    const mine = await coach(server);
    const names = ['Équipe 東京 🌸', '🌸'.repeat(100), '<img src=x onerror=alert(1)>', 'Slash / and % and ?'];
    for (const name of names) {
      const created = await add(mine, encodeURIComponent(name));
      expect({ name, status: created.status }).toEqual({ name, status: 201 });
      expect(created.body.organizationName).toBe(name);
    }
    const composed = await add(mine, encodeURIComponent('Cafe\u0301'));
    expect(composed.body.organizationName).toBe('Caf\u00e9');
  });

  it('refuses empty, over-long, control-character and text-direction-override names with 400', async () => {
    const mine = await coach(server);
    const { organizationGuid } = await newOrganization(mine, 'Valid');
    const bad = ['%20%20%20', '%00', 'a%00b', 'a%0Ab', 'tab%09here', '%E2%80%A8', encodeURIComponent('Acme\u202Eeman'), encodeURIComponent('\u2067Acme'), encodeURIComponent('x'.repeat(101)), encodeURIComponent('🌸'.repeat(101))];
    for (const name of bad) {
      const organization = await add(mine, name);
      expect({ name, status: organization.status }).toEqual({ name, status: 400 });
      expect(organization.body.error.message).toMatch(/Organization name/);
      const group = await mine.client.post(`/api/organization/AddNewGroup/${organizationGuid}/${name}`);
      expect({ name, status: group.status }).toEqual({ name, status: 400 });
    }
    expect((await mine.client.post('/api/organization/AddNewOrganization/%E0%A4%A')).status).toBe(400);
  });

  it('refuses names made only of invisible characters with 400 "… must contain a visible character" (spec 02 §5)', async () => {
    const mine = await coach(server);
    const { organizationGuid } = await newOrganization(mine, 'Seen');
    // Zero-width space, word joiner, byte-order mark, soft hyphen, zero-width (non-)joiners, Mongolian vowel separator, combining mark alone.
    const invisible = ['\u200B', '\u2060', '\uFEFF', '\u00AD', '\u200B\u200C\u200D', ' \u2060 \u00AD ', '\u180E', '\u0301'];
    for (const name of invisible) {
      const organization = await add(mine, encodeURIComponent(name));
      expect({ name: JSON.stringify(name), status: organization.status }).toEqual({ name: JSON.stringify(name), status: 400 });
      // (A byte-order mark alone is trimmed away as white space: nothing is left, so the name "is required".)
      expect(organization.body.error.message).toMatch(/Organization name (must contain a visible character|is required)/);
      const group = await mine.client.post(`/api/organization/AddNewGroup/${organizationGuid}/${encodeURIComponent(name)}`);
      expect({ name: JSON.stringify(name), status: group.status }).toEqual({ name: JSON.stringify(name), status: 400 });
      expect(group.body.error.message).toMatch(/Group name (must contain a visible character|is required)/);
    }
    // People's names too (coach and client names share the rule).
    const named = await mine.client.post('/api/coach/SetCoachName', { firstName: '\u200B', lastName: 'Lovelace' });
    expect(named.status).toBe(400);
    expect(named.body.error.message).toMatch(/First name must contain a visible character/);
    // A visible character anywhere is enough, with invisible ones kept as typed; punctuation and symbols count.
    for (const name of ['\u200BAcme', 'Team\u00ADA', '—', '#1', '🌸']) {
      const created = await add(mine, encodeURIComponent(name));
      expect({ name: JSON.stringify(name), status: created.status }).toEqual({ name: JSON.stringify(name), status: 201 });
    }
    const orgs = (await mine.client.get('/api/coach/GetOrganizationsByCoach')).body as Array<{ organizationName: string; groups: unknown[] }>;
    expect(orgs.find((o) => o.organizationName === 'Seen')!.groups).toHaveLength(1);
  });

  it('is for approved coaches only', async () => {
    const member = await person(server);
    const pending = await coach(server, { coachStatus: 'pending' });
    expect((await add(member, 'Mine')).status).toBe(403);
    expect((await add(pending, 'Mine')).status).toBe(403);
    expect((await server.client().post('/api/organization/AddNewOrganization/Mine')).status).toBe(401);
  });
});

describe('moving clients between groups', () => {
  it('moves a client into a group and back to Independent Clients', async () => {
    const mine = await coach(server);
    const client = await clientOf(server, mine.id, { firstName: 'Mo', lastName: 'Ver' });
    const { organizationGuid } = await newOrganization(mine, 'Org');
    const team = await newGroup(mine, organizationGuid, 'Team');
    expect((await mine.client.post(`/api/coach/AssignUserToNewGroup/${client.id}/${team}`)).body).toEqual({ ok: true, groupGuid: team });

    let orgs = await mine.client.get('/api/coach/GetOrganizationsByCoach');
    const teamGroup = orgs.body[0].groups.find((g: { groupGuid: string }) => g.groupGuid === team);
    expect(teamGroup.users).toEqual([{ id: client.id, firstName: 'Mo', lastName: 'Ver', userName: client.email, accessPreGranted: false, preGrantStatus: 'none' }]);
    expect((await mine.client.get('/api/coach/GetClientsWithNoOrg')).body).toEqual([]);

    expect((await mine.client.post(`/api/coach/AssignUserToNewGroup/${client.id}`)).status).toBe(200);
    orgs = await mine.client.get('/api/coach/GetOrganizationsByCoach');
    expect(orgs.body[0].groups.every((g: { users: unknown[] }) => g.users.length === 0)).toBe(true);
    expect((await mine.client.get('/api/coach/GetClientsWithNoOrg')).body.map((u: { id: string }) => u.id)).toEqual([client.id]);
  });
});

describe('deleting groups and organizations', () => {
  it("removes a deleted group's clients from the coach's list, keeping their accounts", async () => {
    const mine = await coach(server);
    const client = await clientOf(server, mine.id);
    const assessment = await finishedAssessment(client, 'Rapid');
    const { organizationGuid, defaultGroupGuid } = await newOrganization(mine, 'Org');
    const team = await newGroup(mine, organizationGuid, 'Team');
    await mine.client.post(`/api/coach/AssignUserToNewGroup/${client.id}/${team}`);
    await mine.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/true`);

    expect((await mine.client.post(`/api/organization/DeleteGroup/${defaultGroupGuid}`)).status).toBe(400);
    const deleted = await mine.client.post(`/api/organization/DeleteGroup/${team}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ releasedClients: 1 });
    expect((await mine.client.get('/api/coach/GetAssessmentsByCoach')).body).toEqual([]);
    await server.database.sessionCache?.caughtUp(); // PostgreSQL: the client's cached session learns of the change by NOTIFY (decision 0035)
    const me = await client.client.get('/api/user/getCurrentUser');
    expect(me.body).toMatchObject({ coachGuid: null, accessPreGranted: false });
    expect((await client.client.get(`/api/user/GetAssessmentById/${assessment}`)).status).toBe(200);
    expect((await mine.client.post(`/api/organization/DeleteGroup/${team}`)).status).toBe(404);
  });

  it('deletes an organization with its groups and releases all their clients', async () => {
    const mine = await coach(server);
    const a = await clientOf(server, mine.id);
    const b = await clientOf(server, mine.id);
    const stays = await clientOf(server, mine.id);
    const { organizationGuid, defaultGroupGuid } = await newOrganization(mine, 'Org');
    const team = await newGroup(mine, organizationGuid, 'Team');
    await mine.client.post(`/api/coach/AssignUserToNewGroup/${a.id}/${defaultGroupGuid}`);
    await mine.client.post(`/api/coach/AssignUserToNewGroup/${b.id}/${team}`);

    const deleted = await mine.client.post(`/api/organization/DeleteOrganization/${organizationGuid}`);
    expect(deleted.body).toEqual({ releasedClients: 2 });
    expect((await mine.client.get('/api/coach/GetOrganizationsByCoach')).body).toEqual([]);
    expect((await mine.client.get('/api/coach/GetAssessmentsByCoach')).body.map((e: { user: { id: string } }) => e.user.id)).toEqual([stays.id]);
    const groups = await server.database.db.selectFrom('groups').select('id').where('organization_id', '=', organizationGuid).execute();
    expect(groups).toEqual([]);
  });
});

describe('joining an organization without choosing a coach', () => {
  it('lists the organizations and groups of approved coaches and joins one', async () => {
    const owner = await coach(server);
    const { organizationGuid, defaultGroupGuid } = await newOrganization(owner, 'Open Org');
    const team = await newGroup(owner, organizationGuid, 'Team');
    const pending = await coach(server, { coachStatus: 'pending' });
    await server.database.db
      .insertInto('organizations')
      .values({ id: crypto.randomUUID(), coach_id: pending.id, name: 'Pending Org', created_at: new Date().toISOString() })
      .execute();

    const member = await person(server);
    const orgs = await member.client.get('/api/organization/GetNoCoachOrganizations');
    expect(orgs.status).toBe(200);
    expect(orgs.body).toContainEqual({ organizationGuid, organizationName: 'Open Org', coachName: 'Casey Coach' });
    expect(orgs.body.map((o: { organizationName: string }) => o.organizationName)).not.toContain('Pending Org');
    const groups = await member.client.get('/api/organization/GetGroupsByOrganization');
    expect(groups.body[organizationGuid]).toEqual([
      { groupGuid: defaultGroupGuid, groupName: 'No Group' },
      { groupGuid: team, groupName: 'Team' },
    ]);
    // The owner does not see their own organizations offered to join.
    const own = await owner.client.get('/api/organization/GetNoCoachOrganizations');
    expect(own.body.map((o: { organizationGuid: string }) => o.organizationGuid)).not.toContain(organizationGuid);

    expect((await member.client.post('/api/organization/AssignGroupToUser/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await owner.client.post(`/api/organization/AssignGroupToUser/${team}`)).status).toBe(400);
    const joined = await member.client.post(`/api/organization/AssignGroupToUser/${team}`);
    expect(joined.body).toEqual({ groupGuid: team, coachGuid: owner.id });
    const dashboard = await owner.client.get('/api/coach/GetAssessmentsByCoach');
    expect(dashboard.body[0].user).toMatchObject({ id: member.id, group: { groupGuid: team, organization: { organizationGuid } } });
    expect((await server.client().get('/api/organization/GetNoCoachOrganizations')).status).toBe(401);
  });

  it("names each organization's coach, as plain text, so two coaches' organizations of the same name can be told apart", async () => {
    const alice = await coach(server, { firstName: 'Alice', lastName: 'Coachone' });
    const bob = await coach(server, { firstName: '<b>Bob</b>', lastName: 'Coachtwo' });
    const unnamed = await coach(server, { firstName: '', lastName: '' });
    await server.database.db.updateTable('users').set({ first_name: null, last_name: null }).where('id', '=', unnamed.id).execute();
    const a = await newOrganization(alice, 'Twin Org');
    const b = await newOrganization(bob, 'Twin Org');
    const c = await newOrganization(unnamed, 'Twin Org');

    const member = await person(server);
    const orgs = await member.client.get('/api/organization/GetNoCoachOrganizations');
    expect(orgs.status).toBe(200);
    const twins = orgs.body.filter((o: { organizationName: string }) => o.organizationName === 'Twin Org');
    expect(twins).toHaveLength(3);
    expect(twins).toContainEqual({ organizationGuid: a.organizationGuid, organizationName: 'Twin Org', coachName: 'Alice Coachone' });
    expect(twins).toContainEqual({ organizationGuid: b.organizationGuid, organizationName: 'Twin Org', coachName: '<b>Bob</b> Coachtwo' });
    expect(twins).toContainEqual({ organizationGuid: c.organizationGuid, organizationName: 'Twin Org', coachName: '' });
  });
});
