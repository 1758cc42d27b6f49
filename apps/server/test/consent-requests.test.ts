import type { ClientUser, ConsentRecord, OrganizationWithGroups } from '@bloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, coach, finishedAssessment, newOrganization, person, type Person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * Consent stays with the client (issue 23 §3, decision 0020): a coach's "Grant all?" is a
 * request; the client confirms or declines it; every consent record names who acted; withdrawing
 * a pre-grant asks whether past assessments stay shared, and each sharing has its own record.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

async function statusSeenByCoach(theCoach: Person, clientId: string): Promise<Pick<ClientUser, 'accessPreGranted' | 'preGrantStatus'> | undefined> {
  const independent = (await theCoach.client.get<ClientUser[]>('/api/coach/GetClientsWithNoOrg')).body;
  const organizations = (await theCoach.client.get<OrganizationWithGroups[]>('/api/coach/GetOrganizationsByCoach')).body;
  const all = [...independent, ...organizations.flatMap((o) => o.groups.flatMap((g) => g.users))];
  const found = all.find((user) => user.id === clientId);
  return found && { accessPreGranted: found.accessPreGranted, preGrantStatus: found.preGrantStatus };
}

async function pendingRequest(who: Person): Promise<{ id: string; coach: { id: string; firstName: string | null } } | null> {
  const response = await who.client.get('/api/user/GetPreGrantRequest');
  expect(response.status).toBe(200);
  return response.body.request;
}

async function consents(who: Person): Promise<ConsentRecord[]> {
  return (await who.client.get<ConsentRecord[]>('/api/user/GetMyConsents')).body;
}

/** A coach, their client, and the client's confirmed pre-grant. */
async function preGrantedClient() {
  const theCoach = await coach(server);
  const client = await clientOf(server, theCoach.id);
  await theCoach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/true`);
  const request = await pendingRequest(client);
  expect((await client.client.post(`/api/user/ConfirmPreGrantRequest/${request!.id}`)).status).toBe(200);
  return { theCoach, client };
}

describe('the coach asks, the client answers', () => {
  it('shows the coach "requested" until the client confirms; the pre-grant record names the client', async () => {
    const theCoach = await coach(server);
    const client = await clientOf(server, theCoach.id);
    const { organizationGuid, defaultGroupGuid } = await newOrganization(theCoach, 'Asking Org');
    expect(organizationGuid).toBeTruthy();
    expect(await statusSeenByCoach(theCoach, client.id)).toEqual({ accessPreGranted: false, preGrantStatus: 'none' });
    expect(await pendingRequest(client)).toBeNull();

    const asked = await theCoach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/true`);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ accessPreGranted: false, preGrantStatus: 'requested' });
    // Asking twice is one request.
    expect((await theCoach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/true`)).body.preGrantStatus).toBe('requested');
    expect(await statusSeenByCoach(theCoach, client.id)).toEqual({ accessPreGranted: false, preGrantStatus: 'requested' });
    // Also in a group of an organization.
    await theCoach.client.post(`/api/coach/AssignUserToNewGroup/${client.id}/${defaultGroupGuid}`);
    expect(await statusSeenByCoach(theCoach, client.id)).toEqual({ accessPreGranted: false, preGrantStatus: 'requested' });

    // Nothing is shared and nothing is on the client's consent log until they answer.
    expect((await client.client.get('/api/user/getCurrentUser')).body.accessPreGranted).toBe(false);
    expect((await consents(client)).filter((c) => c.kind === 'pre_grant')).toEqual([]);
    const whileAsked = await client.client.post('/api/user/CreateNewAssessment/Rapid');
    expect(whileAsked.body.coachAccessGranted).toBe(false);

    const request = await pendingRequest(client);
    expect(request).toMatchObject({ coach: { id: theCoach.id, firstName: 'Casey' } });
    const confirmed = await client.client.post(`/api/user/ConfirmPreGrantRequest/${request!.id}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ accessPreGranted: true });
    expect(await pendingRequest(client)).toBeNull();
    expect(await statusSeenByCoach(theCoach, client.id)).toEqual({ accessPreGranted: true, preGrantStatus: 'granted' });
    expect((await client.client.get('/api/user/getCurrentUser')).body.accessPreGranted).toBe(true);
    // Answering again finds nothing to answer.
    expect((await client.client.post(`/api/user/ConfirmPreGrantRequest/${request!.id}`)).status).toBe(404);

    const [preGrant] = (await consents(client)).filter((c) => c.kind === 'pre_grant');
    expect(preGrant).toMatchObject({ revokedAt: null, revocable: true, coach: { id: theCoach.id }, grantedBy: { id: client.id, isYou: true }, revokedBy: null });
    // The coach asking again once granted changes nothing.
    expect((await theCoach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/true`)).body).toEqual({ accessPreGranted: true, preGrantStatus: 'granted' });
  });

  it('shows the coach "declined" when the client declines; asking again is a new request', async () => {
    const theCoach = await coach(server);
    const client = await clientOf(server, theCoach.id);
    await theCoach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/true`);
    const first = await pendingRequest(client);
    const declined = await client.client.post(`/api/user/DeclinePreGrantRequest/${first!.id}`);
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ accessPreGranted: false });
    expect(await pendingRequest(client)).toBeNull();
    expect(await statusSeenByCoach(theCoach, client.id)).toEqual({ accessPreGranted: false, preGrantStatus: 'declined' });
    expect((await client.client.get('/api/user/getCurrentUser')).body.accessPreGranted).toBe(false);
    expect((await consents(client)).filter((c) => c.kind === 'pre_grant')).toEqual([]);
    // A declined request cannot be confirmed afterwards.
    expect((await client.client.post(`/api/user/ConfirmPreGrantRequest/${first!.id}`)).status).toBe(404);

    await theCoach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/true`);
    const second = await pendingRequest(client);
    expect(second!.id).not.toBe(first!.id);
    expect(await statusSeenByCoach(theCoach, client.id)).toEqual({ accessPreGranted: false, preGrantStatus: 'requested' });
    // The coach withdraws the ask: the client has nothing left to answer.
    expect((await theCoach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/false`)).body).toEqual({ accessPreGranted: false, preGrantStatus: 'none' });
    expect(await pendingRequest(client)).toBeNull();
    expect((await client.client.post(`/api/user/ConfirmPreGrantRequest/${second!.id}`)).status).toBe(404);
    expect((await client.client.get('/api/user/getCurrentUser')).body.accessPreGranted).toBe(false);
  });

  it('names the coach where the coach acted: releasing results, ending a pre-grant, letting the client go', async () => {
    const { theCoach, client } = await preGrantedClient();
    const shared = await finishedAssessment(client, 'Professional');
    expect((await theCoach.client.post(`/api/user/SetClientAccessGranted/${shared}`)).status).toBe(200);
    expect((await theCoach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/false`)).status).toBe(200);

    let log = await consents(client);
    expect(log.find((c) => c.kind === 'client_access')).toMatchObject({ grantedBy: { id: theCoach.id, isYou: false, firstName: 'Casey' } });
    expect(log.find((c) => c.kind === 'pre_grant')).toMatchObject({ grantedBy: { isYou: true }, revokedBy: { id: theCoach.id, isYou: false } });
    // The coach ending the pre-grant leaves what was already shared shared, on its own record.
    expect(log.find((c) => c.kind === 'coach_access' && c.assessment?.id === shared)).toMatchObject({ revokedAt: null, grantedBy: { isYou: true } });

    // The coach asks again, then lets the client go: the ask goes with the relationship, and the sharing ends naming the coach.
    await theCoach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/true`);
    expect(await pendingRequest(client)).not.toBeNull();
    expect((await theCoach.client.post(`/api/coach/UnassignCoachFromUser/${client.id}`)).status).toBe(200);
    expect(await pendingRequest(client)).toBeNull();
    expect(await db().selectFrom('pre_grant_requests').select('id').where('client_id', '=', client.id).execute()).toEqual([]);
    log = await consents(client);
    expect(log.find((c) => c.kind === 'coach_access' && c.assessment?.id === shared)).toMatchObject({ revokedBy: { id: theCoach.id, isYou: false } });
  });
});

describe('withdrawing a pre-grant', () => {
  it('gives each assessment shared through the pre-grant its own open record', async () => {
    const { theCoach, client } = await preGrantedClient();
    const first = await finishedAssessment(client, 'Rapid');
    const second = await finishedAssessment(client, 'Rapid');
    const records = (await consents(client)).filter((c) => c.kind === 'coach_access' && c.revokedAt === null);
    expect(records.map((c) => c.assessment?.id).sort()).toEqual([first, second].sort());
    expect(records.every((c) => c.revocable && c.grantedBy?.isYou && c.coach?.id === theCoach.id)).toBe(true);
  });

  it('asks whether past assessments stay shared, and refuses anything but keep or stop with 400', async () => {
    const { client } = await preGrantedClient();
    const preGrant = (await consents(client)).find((c) => c.kind === 'pre_grant')!;
    const missing = await client.client.post(`/api/user/RevokeConsent/${preGrant.id}`);
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('choice_required');
    for (const body of [{ pastAssessments: 'maybe' }, { pastAssessments: 'keep', extra: 1 }, ['keep'], 'keep']) {
      const refused = await client.client.post(`/api/user/RevokeConsent/${preGrant.id}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    // Nothing changed.
    expect((await client.client.get('/api/user/getCurrentUser')).body.accessPreGranted).toBe(true);
  });

  it('keep: future assessments stop being shared, past ones stay shared, each withdrawable on its own', async () => {
    const { theCoach, client } = await preGrantedClient();
    const first = await finishedAssessment(client, 'Rapid');
    const second = await finishedAssessment(client, 'Rapid');
    const preGrant = (await consents(client)).find((c) => c.kind === 'pre_grant')!;
    const withdrawn = await client.client.post<ConsentRecord>(`/api/user/RevokeConsent/${preGrant.id}`, { pastAssessments: 'keep' });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ revocable: false, revokedBy: { id: client.id, isYou: true } });
    expect(await statusSeenByCoach(theCoach, client.id)).toEqual({ accessPreGranted: false, preGrantStatus: 'none' });

    const next = await client.client.post('/api/user/CreateNewAssessment/Rapid');
    expect(next.body.coachAccessGranted).toBe(false);
    expect((await theCoach.client.get(`/api/data/GetCoachComprehensive/${first}`)).status).toBe(200);
    expect((await theCoach.client.get(`/api/data/GetCoachComprehensive/${second}`)).status).toBe(200);

    const firstRecord = (await consents(client)).find((c) => c.kind === 'coach_access' && c.assessment?.id === first)!;
    expect((await client.client.post(`/api/user/RevokeConsent/${firstRecord.id}`)).status).toBe(200);
    expect((await theCoach.client.get(`/api/data/GetCoachComprehensive/${first}`)).status).toBe(404);
    expect((await theCoach.client.get(`/api/data/GetCoachComprehensive/${second}`)).status).toBe(200);
    const open = (await consents(client)).filter((c) => c.revokedAt === null && c.kind === 'coach_access');
    expect(open.map((c) => c.assessment?.id)).toEqual([second]);
  });

  it('stop: every past assessment stops being shared and each record closes, naming the client', async () => {
    const { theCoach, client } = await preGrantedClient();
    const first = await finishedAssessment(client, 'Rapid');
    const second = await finishedAssessment(client, 'Professional');
    const preGrant = (await consents(client)).find((c) => c.kind === 'pre_grant')!;
    expect((await client.client.post(`/api/user/RevokeConsent/${preGrant.id}`, { pastAssessments: 'stop' })).status).toBe(200);

    for (const id of [first, second]) expect((await theCoach.client.get(`/api/data/GetCoachComprehensive/${id}`)).status).toBe(404);
    const entry = (await theCoach.client.get('/api/coach/GetAssessmentsByCoach')).body[0];
    expect(entry.assessments.every((a: { coachAccessGranted: boolean }) => !a.coachAccessGranted)).toBe(true);
    const log = await consents(client);
    expect(log.filter((c) => c.revokedAt === null && c.kind !== 'research')).toEqual([]);
    expect(log.filter((c) => c.kind === 'coach_access').every((c) => c.revokedBy?.isYou === true)).toBe(true);
  });
});

describe('only the client answers their request', () => {
  it('answers another coach, another client, the asking coach and malformed ids with 404; guests with 401', async () => {
    const theCoach = await coach(server);
    const client = await clientOf(server, theCoach.id);
    const otherCoach = await coach(server, { lastName: 'Other' });
    const otherClient = await clientOf(server, otherCoach.id);
    const guest = await person(server, { guest: true });

    expect((await otherCoach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/true`)).status).toBe(404);
    expect((await otherCoach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/false`)).status).toBe(404);
    expect(await pendingRequest(client)).toBeNull();

    await theCoach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/true`);
    const request = (await pendingRequest(client))!;
    expect(await pendingRequest(otherClient)).toBeNull();
    expect((await guest.client.get('/api/user/GetPreGrantRequest')).status).toBe(401);
    for (const answer of ['Confirm', 'Decline']) {
      for (const caller of [theCoach, otherCoach, otherClient]) {
        expect((await caller.client.post(`/api/user/${answer}PreGrantRequest/${request.id}`)).status, `${answer} by another`).toBe(404);
      }
      expect((await guest.client.post(`/api/user/${answer}PreGrantRequest/${request.id}`)).status).toBe(401);
      for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '1%20or%201=1']) {
        expect((await client.client.post(`/api/user/${answer}PreGrantRequest/${bad}`)).status, bad).toBe(404);
      }
    }
    // None of that touched the request or the flag.
    expect((await pendingRequest(client))?.id).toBe(request.id);
    expect((await client.client.get('/api/user/getCurrentUser')).body.accessPreGranted).toBe(false);
  });

  it('drops the request when the client changes coach: the new coach never inherits it', async () => {
    const theCoach = await coach(server);
    const client = await clientOf(server, theCoach.id);
    const nextCoach = await coach(server, { lastName: 'Next' });
    await theCoach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/true`);
    const request = (await pendingRequest(client))!;
    expect((await client.client.post(`/api/coach/AssignCoachToUser/${nextCoach.id}`)).status).toBe(200);
    expect(await pendingRequest(client)).toBeNull();
    expect((await client.client.post(`/api/user/ConfirmPreGrantRequest/${request.id}`)).status).toBe(404);
    expect((await client.client.get('/api/user/getCurrentUser')).body.accessPreGranted).toBe(false);
    expect(await statusSeenByCoach(nextCoach, client.id)).toEqual({ accessPreGranted: false, preGrantStatus: 'none' });
  });
});
