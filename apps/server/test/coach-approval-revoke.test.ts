import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './auth-helpers';
import { clientOf, coach, finishedAssessment, person, type Person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * What "Revoke approval" does (decision 0019, amended): under COACH_SIGNUP=approval the admin's
 * approval is what lets a coach coach, so revoking it returns the coach to waiting for approval;
 * under open sign-up it only stops including clients' plans.
 */
const ADMIN = 'admin@bloom.test';
type CoachRow = { id: string; coachStatus: string; vetted: boolean; revocable: boolean };

const rowOf = async (admin: Person, coachId: string) =>
  ((await admin.client.get('/api/admin/Coaches')).body as CoachRow[]).find((row) => row.id === coachId);

/** PostgreSQL: another user's row change reaches the session cache by NOTIFY, about when the COMMIT is answered (decision 0035). */
const noticesHeard = (server: TestServer) => server.database.sessionCache?.caughtUp();

describe('under COACH_SIGNUP=approval', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAILS: ADMIN, COACH_SIGNUP: 'approval' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('can stop a coach approved without a vetting (approved before vettings existed, or while sign-up was open): Revoke is offered and works', async () => {
    const coachClient = server.client();
    const signedUp = await signIn(server, coachClient, { flow: 'coach' });
    const coachId: string = signedUp.response.body.user.id;
    const admin = await person(server, { email: ADMIN });
    await server.database.db.updateTable('users').set({ coach_status: 'approved' }).where('id', '=', coachId).execute();
    await noticesHeard(server);
    expect((await coachClient.get('/api/coach/GetAssessmentsByCoach')).status).toBe(200);
    expect(await rowOf(admin, coachId)).toMatchObject({ coachStatus: 'approved', vetted: false, revocable: true });

    expect((await admin.client.post(`/api/admin/RevokeCoachApproval/${coachId}`)).status).toBe(200);
    await noticesHeard(server);
    expect(await rowOf(admin, coachId)).toMatchObject({ coachStatus: 'pending', vetted: false, revocable: false });
    expect((await coachClient.get('/api/coach/GetAssessmentsByCoach')).status).toBe(403);
  });

  it('returns a revoked coach to waiting for approval: coach calls 403, shared reports 404, until approved again', async () => {
    const coachClient = server.client();
    const signedUp = await signIn(server, coachClient, { flow: 'coach' });
    const coachId: string = signedUp.response.body.user.id;
    const admin = await person(server, { email: ADMIN });
    expect((await coachClient.get('/api/coach/GetAssessmentsByCoach')).status).toBe(403);
    expect(await rowOf(admin, coachId)).toMatchObject({ coachStatus: 'pending', vetted: false, revocable: false });

    expect((await admin.client.post(`/api/admin/ApproveCoach/${coachId}`)).status).toBe(200);
    await noticesHeard(server);
    const client = await clientOf(server, coachId);
    const shared = await finishedAssessment(client, 'Rapid');
    expect((await client.client.post(`/api/user/SetCoachAccessGranted/${shared}`)).status).toBe(200);
    expect((await coachClient.get('/api/coach/GetAssessmentsByCoach')).status).toBe(200);
    expect((await coachClient.get(`/api/data/GetBloomProfileReport/${shared}`)).status).toBe(200);

    const revoked = await admin.client.post(`/api/admin/RevokeCoachApproval/${coachId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ id: coachId, vetted: false });
    await noticesHeard(server);
    // The panel then says "Waiting for approval" and offers Approve: that is now the coach's real state.
    expect(await rowOf(admin, coachId)).toMatchObject({ coachStatus: 'pending', vetted: false });
    expect((await admin.client.get('/api/admin/PendingCoaches')).body.map((row: { id: string }) => row.id)).toContain(coachId);

    const refused = await coachClient.get('/api/coach/GetAssessmentsByCoach');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/awaiting approval/);
    expect((await coachClient.get(`/api/data/GetBloomProfileReport/${shared}`)).status).toBe(404);
    const me = (await coachClient.get('/api/user/getCurrentUser')).body;
    expect(me.coachPending).toBe(true);
    expect(me.userRoles).not.toContain('Coach');
    expect(me).not.toHaveProperty('coachIncludesPlans');

    // Their clients stay theirs and keep their own results; the coach is no longer listed to them.
    expect((await client.client.get(`/api/data/GetBloomProfileReport/${shared}`)).status).toBe(200);
    expect((await client.client.get('/api/coach/GetCoachList')).body).toEqual([]);

    // Signing in again through the coach page does not approve them again.
    const again = server.client();
    await signIn(server, again, { flow: 'coach', person: signedUp.person, existing: true });
    expect((await again.get('/api/coach/GetAssessmentsByCoach')).status).toBe(403);

    // Approving again gives back the coaching, the clients and what they had shared.
    expect((await admin.client.post(`/api/admin/ApproveCoach/${coachId}`)).status).toBe(200);
    await noticesHeard(server);
    expect(await rowOf(admin, coachId)).toMatchObject({ coachStatus: 'approved', vetted: true });
    expect((await coachClient.get('/api/coach/GetAssessmentsByCoach')).status).toBe(200);
    expect((await coachClient.get(`/api/data/GetBloomProfileReport/${shared}`)).status).toBe(200);
  });

  it('leaves a coach awaiting approval waiting, refuses members and unknown ids', async () => {
    const admin = await person(server, { email: ADMIN });
    const member = await person(server);
    const pending = await coach(server, { coachStatus: 'pending' });
    expect((await member.client.post(`/api/admin/RevokeCoachApproval/${pending.id}`)).status).toBe(403);
    expect((await admin.client.post(`/api/admin/RevokeCoachApproval/${member.id}`)).status).toBe(404);
    expect((await admin.client.post('/api/admin/RevokeCoachApproval/not-a-uuid')).status).toBe(404);
    expect((await admin.client.post(`/api/admin/RevokeCoachApproval/${pending.id}`)).status).toBe(200);
    expect(await rowOf(admin, pending.id)).toMatchObject({ coachStatus: 'pending', vetted: false });
  });
});

describe('under open sign-up', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAILS: ADMIN, COACH_SIGNUP: 'open' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('only stops including plans: the coach keeps coaching and reading what clients shared', async () => {
    const mine = await coach(server);
    const admin = await person(server, { email: ADMIN });
    const client = await clientOf(server, mine.id);
    const shared = await finishedAssessment(client, 'Rapid');
    expect((await client.client.post(`/api/user/SetCoachAccessGranted/${shared}`)).status).toBe(200);
    expect((await admin.client.post(`/api/admin/ApproveCoach/${mine.id}`)).status).toBe(200);
    expect(await rowOf(admin, mine.id)).toMatchObject({ coachStatus: 'approved', vetted: true });

    expect((await admin.client.post(`/api/admin/RevokeCoachApproval/${mine.id}`)).status).toBe(200);
    await noticesHeard(server);
    // The panel then says "Coaching; clients' plans are not included": under open sign-up anyone may coach.
    // Nothing left to revoke under open sign-up: the panel offers only Approve.
    expect(await rowOf(admin, mine.id)).toMatchObject({ coachStatus: 'approved', vetted: false, revocable: false });
    expect((await mine.client.get('/api/coach/GetAssessmentsByCoach')).status).toBe(200);
    expect((await mine.client.get(`/api/data/GetBloomProfileReport/${shared}`)).status).toBe(200);
    expect((await mine.client.get('/api/user/getCurrentUser')).body.coachIncludesPlans).toBe(false);
  });
});
