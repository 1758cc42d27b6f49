import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, coach, finishedAssessment, newOrganization, person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';
import { isErrorEnvelope } from './support/callers';
import { newId } from '../src/lib/crypto';

/**
 * Rows one person could add without end (decision 0082): consent records by toggling a switch,
 * organizations and groups by a coach's script, purchase rows and payment-provider calls by
 * opening and abandoning checkouts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PAYMENTS: 'sandbox' });
});
afterAll(async () => {
  await server?.close();
});

const countRows = async (table: 'consents' | 'purchases', userId: string) =>
  Number((await server.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

describe('the consent log', () => {
  it('is read by GetMyConsents however long it is (one SQL parameter per record once answered 500 on SQLite, 503 on PostgreSQL)', async () => {
    const casey = await coach(server);
    const robin = await clientOf(server, casey.id);
    const assessmentId = await finishedAssessment(robin, 'Rapid');
    expect((await robin.client.post(`/api/user/SetCoachAccessGranted/${assessmentId}`)).status).toBe(200);
    // Above PostgreSQL's 65,535 parameters, and so above SQLite's 32,766.
    const now = new Date().toISOString();
    const rows = Array.from({ length: 66_000 }, () => ({
      id: newId(),
      user_id: robin.id,
      kind: 'coach_access' as const,
      subject_id: assessmentId,
      granted_at: now,
      revoked_at: now,
      granted_by: robin.id,
      revoked_by: robin.id,
      coach_id: casey.id,
    }));
    for (let index = 0; index < rows.length; index += 2_000) await server.database.db.insertInto('consents').values(rows.slice(index, index + 2_000)).execute();
    const consents = await robin.client.get<Array<{ kind: string; assessment: { id: string } | null; coach: { id: string } | null }>>('/api/user/GetMyConsents');
    expect(consents.status).toBe(200);
    expect(consents.body).toHaveLength(66_001);
    expect(consents.body.every((record) => record.assessment?.id === assessmentId && record.coach?.id === casey.id)).toBe(true);
  }, 120_000);

  it('takes 60 changes an hour per person across the consent calls, then answers 429 with Retry-After and records nothing', async () => {
    const casey = await coach(server);
    const robin = await clientOf(server, casey.id);
    const assessmentId = await finishedAssessment(robin, 'Rapid');
    for (let index = 0; index < 28; index++) expect((await robin.client.post(`/api/user/SaveResearchOptIn/${index % 2 === 1}`)).status).toBe(200);
    for (let index = 0; index < 15; index++) {
      expect((await robin.client.post(`/api/user/SetCoachAccessGranted/${assessmentId}`)).status).toBe(200);
      expect((await robin.client.post(`/api/user/RevokeCoachAccess/${assessmentId}`)).status).toBe(200);
    }
    const research = (await robin.client.get<Array<{ id: string; kind: string; revokedAt: string | null }>>('/api/user/GetMyConsents')).body.find((record) => record.kind === 'research' && record.revokedAt === null);
    expect(research).toBeDefined();
    expect((await robin.client.post(`/api/user/RevokeConsent/${research!.id}`)).status).toBe(200);
    expect((await robin.client.post('/api/user/SaveResearchOptIn/true')).status).toBe(200); // the 60th
    const records = await countRows('consents', robin.id);

    for (const path of ['/api/user/SaveResearchOptIn/false', `/api/user/SetCoachAccessGranted/${assessmentId}`, `/api/user/RevokeCoachAccess/${assessmentId}`, `/api/user/RevokeConsent/${research!.id}`]) {
      const refused = await robin.client.post(path);
      expect(refused.status, path).toBe(429);
      expect(isErrorEnvelope(refused), path).toBe(true);
      expect(Number(refused.headers.get('retry-after')), path).toBeGreaterThan(0);
    }
    expect(await countRows('consents', robin.id)).toBe(records);
    expect((await robin.client.get<{ researchOptIn: boolean }>('/api/user/getCurrentUser')).body.researchOptIn).toBe(true);

    // Someone else is not affected, and a coach's pre-grant asks count against the coach.
    const guest = server.client();
    expect((await guest.post('/api/user/ContinueAsGuest', {})).status).toBe(200);
    expect((await guest.post('/api/user/SaveResearchOptIn/true')).status).toBe(200);
    for (let index = 0; index < 60; index++) expect((await casey.client.post(`/api/coach/SetUserAccessPreGranted/${robin.id}/${index % 2 === 0}`)).status).toBe(200);
    expect((await casey.client.post(`/api/coach/SetUserAccessPreGranted/${robin.id}/true`)).status).toBe(429);
  }, 60_000);
});

describe('organizations and groups', () => {
  it('allow 100 organizations per coach, then answer 409 with a message the form shows', async () => {
    const casey = await coach(server);
    for (let index = 0; index < 100; index++) await newOrganization(casey, `School ${index}`);
    const refused = await casey.client.post('/api/organization/AddNewOrganization/School%20100');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('too_many_organizations');
    expect(refused.body.error.message).toContain('100 organizations');
    expect((await casey.client.get<unknown[]>('/api/coach/GetOrganizationsByCoach')).body).toHaveLength(100);
    // Deleting one makes room for another; another coach has their own allowance.
    const first = (await casey.client.get<Array<{ organizationGuid: string }>>('/api/coach/GetOrganizationsByCoach')).body[0]!.organizationGuid;
    expect((await casey.client.post(`/api/organization/DeleteOrganization/${first}`)).status).toBe(200);
    await newOrganization(casey, 'School 100');
    await newOrganization(await coach(server), 'School 0');
  }, 60_000);

  it('allow 100 groups per organization besides its "No Group", then answer 409', async () => {
    const casey = await coach(server);
    const { organizationGuid } = await newOrganization(casey, 'Riverside');
    for (let index = 0; index < 100; index++) expect((await casey.client.post(`/api/organization/AddNewGroup/${organizationGuid}/Class%20${index}`)).status).toBe(201);
    const refused = await casey.client.post(`/api/organization/AddNewGroup/${organizationGuid}/Class%20100`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('too_many_groups');
    expect(refused.body.error.message).toContain('100 groups');
    const other = await newOrganization(casey, 'Hillside');
    expect((await casey.client.post(`/api/organization/AddNewGroup/${other.organizationGuid}/Class%200`)).status).toBe(201);
  }, 60_000);
});

describe('starting checkouts', () => {
  it('allows 20 an hour per account, then answers 429 with Retry-After without a purchase row or a provider call', async () => {
    const buyer = await person(server);
    const assessmentId = await finishedAssessment(buyer, 'Rapid');
    const payments = server.app.payments as unknown as { createCheckout: (...args: unknown[]) => Promise<unknown> };
    let checkouts = 0;
    const createCheckout = payments.createCheckout.bind(payments);
    payments.createCheckout = (...args) => {
      checkouts += 1;
      return createCheckout(...args);
    };
    try {
      for (let index = 0; index < 20; index++) {
        const started = await buyer.client.post<{ redirectUrl: string }>(`/api/user/GetPurchaseUrl/${assessmentId}`);
        expect(started.status).toBe(200);
        const session = new URL(started.body.redirectUrl, 'http://x').searchParams.get('session');
        expect((await buyer.client.get(`/api/user/PurchaseFailureCallback?session=${session}`)).status).toBe(200);
      }
      const rows = await countRows('purchases', buyer.id);
      const calls = checkouts;
      const refused = await buyer.client.post(`/api/user/GetPurchaseUrl/${assessmentId}`);
      expect(refused.status).toBe(429);
      expect(isErrorEnvelope(refused)).toBe(true);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await countRows('purchases', buyer.id)).toBe(rows);
      expect(checkouts).toBe(calls);

      const someoneElse = await person(server);
      const theirs = await finishedAssessment(someoneElse, 'Rapid');
      expect((await someoneElse.client.post(`/api/user/GetPurchaseUrl/${theirs}`)).status).toBe(200);
    } finally {
      payments.createCheckout = createCheckout;
    }
  }, 60_000);
});
