import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researchAssessments } from '../src/progress/repository';
import { newPerson, signIn, type Person } from './auth-helpers';
import { person as personWithSession } from './coach-fixtures';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { answerEverything } from './reports-fixtures';
import { parseCsv } from './support/csv';

/**
 * A guest's research choice meeting the research choice of the account it signs in to
 * (decision 0070). The same person, in two browsers: the account's own and a guest visit that
 * ends with a sign-in to that account, which merges the visit into it (DESIGN.md §6).
 *
 * The latest explicit No wins: a guest who said No (or, finishing a Rapid, did not say Yes)
 * takes an opted-in account out of research, recorded as a withdrawal in the account's consent
 * log; a Yes from a guest never opts in an account that has a research choice of its own.
 */
const ADMIN_EMAIL = 'merge-research-admin@bloom.test';
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = (await personWithSession(server, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The research export's rows (one per completed assessment of a research-consenting person). */
async function researchExportRows(): Promise<number> {
  const response = await admin.get('/api/admin/ExportResearchData');
  expect(response.status).toBe(200);
  return parseCsv(response.text).length - 1;
}

const researchRowsOf = async (userId: string) =>
  (await researchAssessments(db()).select('assessments.id').where('assessments.user_id', '=', userId).execute()).map((row) => row.id);

interface Member {
  client: TestClient;
  person: Person;
  id: string;
}

/** An account of the embedded provider that opted into research and finished a Rapid assessment. */
async function optedInMember(): Promise<Member & { assessmentId: string }> {
  const client = server.client();
  const { person, response } = await signIn(server, client, { person: newPerson() });
  const member = { client, person, id: response.body.user.id as string };
  expect((await client.post('/api/user/SaveResearchOptIn/true')).status).toBe(200);
  const assessmentId = await finishRapid(client);
  return { ...member, assessmentId };
}

async function finishRapid(client: TestClient): Promise<string> {
  const created = await client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
  expect(created.status).toBe(201);
  await answerEverything(client);
  return created.body.id;
}

/** A guest visit in another browser that finishes a Rapid assessment; `choices` are its research answers, in order. */
async function guestWhoFinished(choices: readonly boolean[]): Promise<{ client: TestClient; guestId: string; assessmentId: string }> {
  const client = server.client();
  const guestId = (await client.post('/api/user/ContinueAsGuest', {})).body.id as string;
  const assessmentId = await finishRapid(client);
  for (const choice of choices) expect((await client.post(`/api/user/SaveResearchOptIn/${choice}`)).status).toBe(200);
  return { client, guestId, assessmentId };
}

/** The guest signs in to the member's account at the end of the journey: the visit merges into it. */
async function signInAtTheEnd(guest: TestClient, member: Member): Promise<void> {
  const { response } = await signIn(server, guest, { flow: 'end', person: member.person, existing: true });
  expect(response.body.user.id).toBe(member.id);
  await server.database.sessionCache?.caughtUp(); // PostgreSQL: the member's other sessions learn of the change by NOTIFY (decision 0035)
}

const researchRecordsOf = (userId: string) =>
  db().selectFrom('consents').select(['granted_at', 'revoked_at', 'revoked_by']).where('user_id', '=', userId).where('kind', '=', 'research').execute();

describe('a guest’s research No meeting an opted-in account', () => {
  it('a No on /Research takes the account out of research when the visit merges: its answers join no statistics and no export', async () => {
    const member = await optedInMember();
    expect(await researchRowsOf(member.id)).toEqual([member.assessmentId]);
    const before = await researchExportRows();

    const guest = await guestWhoFinished([false]);
    await signInAtTheEnd(guest.client, member);

    expect(await researchRowsOf(member.id)).toEqual([]);
    expect(await researchExportRows()).toBe(before - 1);
    // Both browsers now say so, and the account's consent log shows the withdrawal, by them.
    expect((await guest.client.get('/api/user/getCurrentUser')).body.researchOptIn).toBe(false);
    expect((await member.client.get('/api/user/getCurrentUser')).body.researchOptIn).toBe(false);
    const records = await researchRecordsOf(member.id);
    expect(records).toHaveLength(1);
    expect(records[0]!.revoked_at).not.toBeNull();
    expect(records[0]!.revoked_by).toBe(member.id);
    const log = (await member.client.get<{ kind: string; revokedAt: string | null; revokedBy: { isYou: boolean } | null }[]>('/api/user/GetMyConsents')).body;
    expect(log.filter((entry) => entry.kind === 'research')).toEqual([expect.objectContaining({ revokedBy: expect.objectContaining({ isYou: true }) })]);
    // The guest's own answers are the account's now; they stay out of research with the rest.
    const owned = await db().selectFrom('assessments').select('id').where('user_id', '=', member.id).execute();
    expect(owned.map((row) => row.id).sort()).toEqual([member.assessmentId, guest.assessmentId].sort());
  });

  it('a No after a Rapid with an Energy question skipped (results, not every answer) counts too (review of 2026-11-27)', async () => {
    const member = await optedInMember();
    const client = server.client();
    await client.post('/api/user/ContinueAsGuest', {});
    expect((await client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
    for (const moduleName of ['Experiences', 'Feelings', 'Energy']) {
      const page = await client.get<{ wellsprings: { questions: { questionGuid: string; order: number }[] }[] }>(`/api/data/GetModuleQuestions/${moduleName}`);
      const questions = page.body.wellsprings.flatMap((w) => w.questions);
      // Rapid/Energy lets a person go on with a question unanswered: the last one here.
      const answered = moduleName === 'Energy' ? questions.slice(0, -1) : questions;
      expect((await client.post('/api/user/SaveQuestionResponse', answered.map((q, i) => ({ questionGuid: q.questionGuid, response: i % 5, order: q.order })))).status).toBe(200);
    }
    expect((await client.get('/api/data/GetResultsCoverage')).body.hasResults).toBe(true);
    // The page saves its route on arrival (spec 01 §7), then the person says No.
    expect((await client.post('/api/user/SaveUserProgress', { route: '/Research' })).status).toBe(200);
    expect((await client.post('/api/user/SaveResearchOptIn/false')).status).toBe(200);
    await signInAtTheEnd(client, member);
    expect((await member.client.get('/api/user/getCurrentUser')).body.researchOptIn).toBe(false);
    expect(await researchRowsOf(member.id)).toEqual([]);
  });

  it('a guest with results that never reached /Research (left on the Energy page) said nothing: the account\'s Yes stays (review of 2026-11-27)', async () => {
    const member = await optedInMember();
    const client = server.client();
    await client.post('/api/user/ContinueAsGuest', {});
    expect((await client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
    for (const moduleName of ['Experiences', 'Feelings']) {
      const page = await client.get<{ wellsprings: { questions: { questionGuid: string; order: number }[] }[] }>(`/api/data/GetModuleQuestions/${moduleName}`);
      const answers = page.body.wellsprings.flatMap((w) => w.questions).map((q, i) => ({ questionGuid: q.questionGuid, response: i % 5, order: q.order }));
      expect((await client.post('/api/user/SaveQuestionResponse', answers)).status).toBe(200);
    }
    expect((await client.post('/api/user/SaveUserProgress', { route: '/Rapid/Energy' })).status).toBe(200);
    expect((await client.get('/api/data/GetResultsCoverage')).body.hasResults).toBe(true);
    await signInAtTheEnd(client, member);
    expect((await member.client.get('/api/user/getCurrentUser')).body.researchOptIn).toBe(true);
    expect(await researchRowsOf(member.id)).toEqual([member.assessmentId]);
  });

  it('a Yes the guest took back (its withdrawal on record) counts as a No too', async () => {
    const member = await optedInMember();
    const guest = await guestWhoFinished([true, false]);
    await signInAtTheEnd(guest.client, member);
    expect(await researchRowsOf(member.id)).toEqual([]);
    expect((await researchRecordsOf(member.id)).filter((record) => record.revoked_at === null)).toEqual([]);
    // The guest's own record of its Yes and No stays on the guest row: the log is never rewritten.
    expect(await researchRecordsOf(guest.guestId)).toEqual([expect.objectContaining({ revoked_by: guest.guestId })]);
  });

  it('a Yes the account gave after the guest’s No is the latest choice, and stays', async () => {
    const client = server.client();
    const { person, response } = await signIn(server, client, { person: newPerson() });
    const member = { client, person, id: response.body.user.id as string };
    const memberAssessment = await finishRapid(client);
    const guest = await guestWhoFinished([false]);
    await pause(5);
    expect((await client.post('/api/user/SaveResearchOptIn/true')).status).toBe(200);
    await signInAtTheEnd(guest.client, member);
    expect((await client.get('/api/user/getCurrentUser')).body.researchOptIn).toBe(true);
    // Of each form, a person's latest completed assessment (decision 0058): the guest's, taken later.
    expect(await researchRowsOf(member.id)).toEqual([guest.assessmentId]);
    expect(memberAssessment).not.toBe(guest.assessmentId);
    expect((await researchRecordsOf(member.id)).filter((record) => record.revoked_at === null)).toHaveLength(1);
  });

  it('a guest who finished nothing and said nothing leaves the account’s Yes alone', async () => {
    const member = await optedInMember();
    const guest = server.client();
    await guest.post('/api/user/ContinueAsGuest', {});
    expect((await guest.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
    await signInAtTheEnd(guest, member);
    expect((await member.client.get('/api/user/getCurrentUser')).body.researchOptIn).toBe(true);
    expect(await researchRowsOf(member.id)).toEqual([member.assessmentId]);
  });
});

describe('a guest’s research Yes meeting an account that said No', () => {
  it('keeps the account’s No: a guest’s Yes never opts in an account with a choice of its own', async () => {
    const client = server.client();
    const { person, response } = await signIn(server, client, { person: newPerson() });
    const member = { client, person, id: response.body.user.id as string };
    expect((await client.post('/api/user/SaveResearchOptIn/true')).status).toBe(200);
    expect((await client.post('/api/user/SaveResearchOptIn/false')).status).toBe(200);
    await finishRapid(client);
    const before = await researchExportRows();
    const guest = await guestWhoFinished([true]);
    expect(await researchExportRows()).toBe(before + 1); // the guest's own Yes covered its answers while it was a visit of its own
    await signInAtTheEnd(guest.client, member);
    expect(await researchExportRows()).toBe(before);
    expect((await client.get('/api/user/getCurrentUser')).body.researchOptIn).toBe(false);
    expect(await researchRowsOf(member.id)).toEqual([]);
    expect((await researchRecordsOf(member.id)).filter((record) => record.revoked_at === null)).toEqual([]);
  });
});
