import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveClient, releaseClients } from '../src/coaching/relationship';
import { newId, newToken, sha256 } from '../src/lib/crypto';
import { clientOf, coach as newCoach, newGroup, newOrganization, person, type Person } from './coach-fixtures';
import { startAnotherInstance, startTestServer, TestClient, type TestServer } from './harness';

/**
 * Coaching writes that race each other (decision 0065). Only PostgreSQL runs two of them at
 * once (SQLite has one writer), so there the rounds below fail without the locks; on SQLite
 * they hold the same rules. Each round sends its requests together; several rounds make the
 * interleaving that loses a write likely on every run.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const ROUNDS = 6;

async function placementOf(userId: string) {
  return db().selectFrom('users').select(['coach_id', 'group_id', 'access_pre_granted']).where('id', '=', userId).executeTakeFirstOrThrow();
}

/** Users whose group_id names a group that no longer exists (missing from every list). */
async function inMissingGroups(userIds: string[]) {
  const rows = await db()
    .selectFrom('users')
    .leftJoin('groups', 'groups.id', 'users.group_id')
    .select(['users.id', 'users.group_id'])
    .where('users.id', 'in', userIds)
    .where('users.group_id', 'is not', null)
    .where('groups.id', 'is', null)
    .execute();
  return rows;
}

async function openConsents(userId: string) {
  return db().selectFrom('consents').select(['kind', 'coach_id', 'revoked_by']).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

describe('a coach acting on a client at the moment the client switches coach', () => {
  const actions: Array<[string, (a: Person, x: Person, groupId: string) => string]> = [
    ['moves them to a group', (_a, x, groupId) => `/api/coach/AssignUserToNewGroup/${x.id}/${groupId}`],
    ['makes them independent', (_a, x) => `/api/coach/AssignUserToNewGroup/${x.id}`],
    ['lets them go', (_a, x) => `/api/coach/UnassignCoachFromUser/${x.id}`],
  ];
  it.each(actions)('the old coach %s: the switch stands, and the old coach is answered 404 once it lost', async (_name, path) => {
    const [a, b] = [await newCoach(server), await newCoach(server)];
    const x = await person(server);
    const { organizationGuid } = await newOrganization(a, 'Racing');
    const groupId = await newGroup(a, organizationGuid, 'Team');
    for (let round = 0; round < ROUNDS; round++) {
      expect((await x.client.post(`/api/coach/AssignCoachToUser/${a.id}`)).status).toBe(200);
      const [switched, acted] = await Promise.all([x.client.post(`/api/coach/AssignCoachToUser/${b.id}`), a.client.post(path(a, x, groupId))]);
      expect(switched.status, `round ${round}`).toBe(200);
      expect([200, 404], `round ${round}`).toContain(acted.status);
      // Whichever came first, the client's own switch is what they end with: b's independent client.
      expect(await placementOf(x.id), `round ${round}: a answered ${acted.status}`).toEqual({ coach_id: b.id, group_id: null, access_pre_granted: 0 });
      // Leave b for the next round (the client's own call).
      expect((await x.client.post(`/api/coach/UnassignCoachFromUser/${x.id}`)).status).toBe(200);
    }
  });

  it('a placement made on the condition that the client is still the coach\'s changes nothing once they have left (the interleaving, made deterministic)', async () => {
    const [a, b] = [await newCoach(server), await newCoach(server)];
    const x = await clientOf(server, b.id);
    const { organizationGuid } = await newOrganization(a, 'Too late');
    const groupId = await newGroup(a, organizationGuid, 'Team');
    // a's handler read x as a's client; x's switch to b then committed before a took x's lock.
    for (const groupOrNone of [groupId, null]) {
      expect(await moveClient(db(), x.id, { coachId: a.id, groupId: groupOrNone, actedBy: a.id, whileCoachIs: a.id })).toBe(false);
    }
    expect(await moveClient(db(), x.id, { coachId: null, groupId: null, actedBy: a.id, whileCoachIs: a.id })).toBe(false);
    expect(await placementOf(x.id)).toEqual({ coach_id: b.id, group_id: null, access_pre_granted: 0 });
  });
});

describe('a coach releasing results at the moment the client leaves them', () => {
  // The interleaving made deterministic on PostgreSQL: the client's row is held (as the client's
  // switch to another coach holds it) while the coach's release is sent; the switch commits once
  // the release waits for that row. Before the fix the release had already read "my client" and
  // then released anyway (200). SQLite runs one writer, and holding the row there holds everything.
  it.runIf(Boolean(process.env.DATABASE_URL))('answers 404 and releases nothing once the client has another coach', async () => {
    const [a, b] = [await newCoach(server), await newCoach(server)];
    const x = await clientOf(server, a.id);
    const created = await x.client.post<{ id: string }>('/api/user/CreateNewAssessment/Professional');
    expect(created.status).toBe(201);
    const holder = new pg.Client({ connectionString: server.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from users where id = $1 for update', [x.id]);
      const release = a.client.post(`/api/user/SetClientAccessGranted/${created.body.id}`);
      // Wait until the release waits for x's row.
      for (let tries = 0; ; tries++) {
        const { rows } = await holder.query<{ waiting: number }>(
          "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        );
        if (rows[0]!.waiting > 0) break;
        if (tries > 200) throw new Error('the release never waited for the client\'s row');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await holder.query('update users set coach_id = $1 where id = $2', [b.id, x.id]);
      await holder.query('commit');
      const released = await release;
      expect(released.status).toBe(404);
    } finally {
      await holder.end();
    }
    const row = await db().selectFrom('assessments').select('client_access_granted').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row.client_access_granted).toBe(0);
    expect((await openConsents(x.id)).filter((consent) => consent.kind === 'client_access')).toEqual([]);
  });

  it('answers 404 to a coach who is no longer the client\'s, and releases for the current one', async () => {
    const [a, b] = [await newCoach(server), await newCoach(server)];
    const x = await clientOf(server, a.id);
    const created = await x.client.post<{ id: string }>('/api/user/CreateNewAssessment/Professional');
    expect((await x.client.post(`/api/coach/AssignCoachToUser/${b.id}`)).status).toBe(200);
    expect((await a.client.post(`/api/user/SetClientAccessGranted/${created.body.id}`)).status).toBe(404);
    expect((await b.client.post(`/api/user/SetClientAccessGranted/${created.body.id}`)).status).toBe(200);
    expect((await openConsents(x.id)).filter((consent) => consent.kind === 'client_access')).toEqual([{ kind: 'client_access', coach_id: null, revoked_by: null }]);
  });
});

describe('releasing clients (a deleted group or organization, a coach deleting their account)', () => {
  it('ends grants only of the clients it released, not of one who has meanwhile moved to another coach', async () => {
    const [a, b] = [await newCoach(server), await newCoach(server)];
    const x = await clientOf(server, a.id);
    const created = await x.client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
    // x, read as a's client by the release, has switched to b and shared an assessment with b since.
    expect((await x.client.post(`/api/coach/AssignCoachToUser/${b.id}`)).status).toBe(200);
    expect((await x.client.post(`/api/user/SetCoachAccessGranted/${created.body.id}`)).status).toBe(200);
    await db().transaction().execute((trx) => releaseClients(trx, a.id, [x.id]));
    expect((await placementOf(x.id)).coach_id).toBe(b.id);
    expect(await openConsents(x.id)).toEqual([{ kind: 'coach_access', coach_id: b.id, revoked_by: null }]);
    expect((await b.client.get(`/api/user/GetAssessmentById/${created.body.id}`)).status).toBe(200);
  });
});

describe('joining a group while its coach deletes it', () => {
  /** An invitation into `groupId` of `coach`, as InviteClient stores it; returns its token. */
  async function invitationInto(coach: Person, organizationId: string, groupId: string): Promise<string> {
    const token = newToken();
    const now = Date.now();
    await db()
      .insertInto('coach_invitations')
      .values({
        id: newId(),
        coach_id: coach.id,
        token_hash: sha256(token),
        email: `invited-${newId().slice(-12)}@bloom.test`,
        first_name: null,
        last_name: null,
        organization_id: organizationId,
        group_id: groupId,
        created_at: new Date(now).toISOString(),
        sent_at: new Date(now).toISOString(),
        expires_at: new Date(now + 86_400_000).toISOString(),
        accepted_at: null,
        accepted_by: null,
      })
      .execute();
    return token;
  }

  const deletions: Array<[string, (organizationGuid: string, groupId: string) => string]> = [
    ['the group', (_organization, groupId) => `/api/organization/DeleteGroup/${groupId}`],
    ['its organization', (organizationGuid) => `/api/organization/DeleteOrganization/${organizationGuid}`],
  ];
  it.each(deletions)('deleting %s: nobody is left in a group that no longer exists, whoever comes first', async (_name, deletion) => {
    const a = await newCoach(server);
    const everyone: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { organizationGuid } = await newOrganization(a, `Closing ${round}`);
      const groupId = await newGroup(a, organizationGuid, 'Team');
      // Joining by the organization list, moved there by the coach, accepting an invitation into it.
      const joiners = [await person(server), await person(server)];
      const moved = [await clientOf(server, a.id), await clientOf(server, a.id)];
      const invited = await person(server);
      const token = await invitationInto(a, organizationGuid, groupId);
      everyone.push(...[...joiners, ...moved, invited].map((p) => p.id));
      const [deleted, ...placed] = await Promise.all([
        a.client.post(deletion(organizationGuid, groupId)),
        ...joiners.map((p) => p.client.post(`/api/organization/AssignGroupToUser/${groupId}`)),
        ...moved.map((p) => a.client.post(`/api/coach/AssignUserToNewGroup/${p.id}/${groupId}`)),
        invited.client.post('/api/user/AcceptInvitation', { invite: token }),
      ]);
      expect(deleted!.status, `round ${round}`).toBe(200);
      // A placement that came second finds no group (404); accepting the invitation then places them without it.
      expect(placed.map((r) => r.status).every((status) => status === 200 || status === 404), `round ${round}: ${placed.map((r) => r.status)}`).toBe(true);
      expect(await inMissingGroups(everyone), `round ${round}`).toEqual([]);
      // A move that came first was undone by the deletion (released); one that came second changed nothing.
      for (const [index, p] of moved.entries()) {
        const expected = placed[joiners.length + index]!.status === 200 ? { coach_id: null, group_id: null } : { coach_id: a.id, group_id: null };
        expect(await placementOf(p.id), `round ${round}`).toMatchObject(expected);
      }
    }
  });
});

describe('one coach creating the same name twice at once (decision 0007: duplicates are 409)', () => {
  // On PostgreSQL through two instances, as behind a load balancer; on SQLite through the one.
  let second: TestServer | undefined;
  beforeAll(async () => {
    if (process.env.DATABASE_URL) second = await startAnotherInstance(server);
  });
  afterAll(async () => {
    await second?.close();
  });
  const PARALLEL = 8;

  /** The coach's browser, its requests spread over the instances. */
  function browsers(coach: Person): TestClient[] {
    const instances = second ? [server, second] : [server];
    return Array.from({ length: PARALLEL }, (_, index) => {
      const browser = new TestClient(instances[index % instances.length]!.baseUrl);
      for (const [name, value] of coach.client.cookies) browser.cookies.set(name, value);
      return browser;
    });
  }
  /** The name in a different letter case for every other request: the same name. */
  const spelled = (name: string, index: number) => encodeURIComponent(index % 2 === 0 ? name : name.toUpperCase());

  it('creates an organization once, and answers 409 to the others', async () => {
    const a = await newCoach(server);
    for (let round = 0; round < ROUNDS; round++) {
      const name = `Acme ${round}`;
      const answers = await Promise.all(browsers(a).map((browser, index) => browser.post(`/api/organization/AddNewOrganization/${spelled(name, index)}`)));
      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual([201, ...Array<number>(PARALLEL - 1).fill(409)]);
    }
    const organizations = await db().selectFrom('organizations').select('name').where('coach_id', '=', a.id).execute();
    expect(organizations).toHaveLength(ROUNDS);
  });

  it('creates a group once, and answers 409 to the others', async () => {
    const a = await newCoach(server);
    const { organizationGuid } = await newOrganization(a, 'Acme');
    for (let round = 0; round < ROUNDS; round++) {
      const name = `Team ${round}`;
      const answers = await Promise.all(browsers(a).map((browser, index) => browser.post(`/api/organization/AddNewGroup/${organizationGuid}/${spelled(name, index)}`)));
      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual([201, ...Array<number>(PARALLEL - 1).fill(409)]);
    }
    // "No Group" and one group per round.
    const groups = await db().selectFrom('groups').select('name').where('organization_id', '=', organizationGuid).execute();
    expect(groups).toHaveLength(ROUNDS + 1);
  });
});
