/** Shared set-up for the report and purchase API tests: members with finished assessments. */
import { expect } from 'vitest';
import type { LifeData } from '@bloom/domain';
import { newId, newToken } from '../src/lib/crypto';
import { signInAs, type TestClient, type TestServer, type TestUserOptions } from './harness';

type Question = { questionGuid: string; order: number };
type ModulePage = { wellsprings: { questions: Question[] }[] };

export const MODULES = ['Experiences', 'Feelings', 'Energy'] as const;

/** Answers every question of the caller's latest assessment through the journey endpoints. */
export async function answerEverything(client: TestClient, value: (index: number) => number = (i) => i % 5): Promise<void> {
  for (const moduleName of MODULES) {
    const page = await client.get<ModulePage>(`/api/data/GetModuleQuestions/${moduleName}`);
    expect(page.status).toBe(200);
    const answers = page.body.wellsprings
      .flatMap((w) => w.questions)
      .map((q, index) => ({ questionGuid: q.questionGuid, response: value(index), order: q.order }));
    const saved = await client.post('/api/user/SaveQuestionResponse', answers);
    expect(saved.status).toBe(200);
  }
}

export interface Member {
  client: TestClient;
  userId: string;
  assessmentId: string;
}

/** A signed-in person with one finished assessment (Rapid unless told otherwise). */
export async function memberWithAssessment(
  server: TestServer,
  options: TestUserOptions & { type?: 'Rapid' | 'Professional'; finish?: boolean } = {},
): Promise<Member> {
  const client = server.client();
  const { id } = await signInAs(server, client, options);
  const created = await client.post<{ id: string }>(`/api/user/CreateNewAssessment/${options.type ?? 'Rapid'}`);
  expect(created.status).toBe(201);
  if (options.finish !== false) await answerEverything(client);
  return { client, userId: id, assessmentId: created.body.id };
}

/**
 * A purchase of the member's assessment written straight to the database (no store, no network):
 * one left from before a rule, by an earlier store or mode, or opened by the other provider. Its
 * reference is `ref`, or a new one of the provider's kind (`sbx_…`, `cs_test_…`); it was made a
 * minute ago, so it sorts before anything the test does next. Answers the reference.
 */
export async function insertPurchase(
  server: TestServer,
  member: Member,
  values: { status: 'pending' | 'paid' | 'fulfilled'; provider?: 'sandbox' | 'stripe'; ref?: string; amountCents?: number },
): Promise<string> {
  const provider = values.provider ?? 'sandbox';
  const ref = values.ref ?? (provider === 'sandbox' ? `sbx_${newToken()}` : `cs_test_${newId().replace(/-/g, '')}`);
  await server.database.db
    .insertInto('purchases')
    .values({
      id: newId(),
      assessment_id: member.assessmentId,
      user_id: member.userId,
      provider,
      provider_ref: ref,
      amount_cents: values.amountCents ?? 999,
      currency: 'usd',
      status: values.status,
      created_at: new Date(Date.now() - 60_000).toISOString(),
      fulfilled_at: values.status === 'fulfilled' ? new Date().toISOString() : null,
    })
    .execute();
  return ref;
}

/** Life situations every field of which is stated: a person the norm group can be matched on field by field. */
export const STATED_LIFE_DATA: LifeData = {
  relationshipStatus: 'Single',
  parentingStatus: 'No children',
  employmentStatus: 'Student',
  age: 29,
  gender: 'Nonbinary',
  income: '<$25,000',
  stressfulEvents: 'No',
};

/** A signed-in member whose Rapid assessment has every question answered `response`, with the given life data (the norm-group tests). */
export async function memberWithAnsweredRapid(server: TestServer, lifeData: LifeData, response = 3): Promise<{ client: TestClient; assessmentId: string }> {
  const client = server.client();
  await signInAs(server, client);
  const created = await client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
  expect(created.status).toBe(201);
  await answerEverything(client, () => response);
  expect((await client.post('/api/user/SaveLifeData', lifeData)).status).toBe(200);
  return { client, assessmentId: created.body.id };
}

/** Goes through the sandbox store like the browser does: checkout, Pay, success callback. */
export async function buyWithSandbox(member: Member): Promise<{ session: string; callback: { status: number; body: any } }> {
  const url = await member.client.post<{ redirectUrl: string }>(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
  expect(url.status).toBe(200);
  const session = new URL(url.body.redirectUrl, 'http://x').searchParams.get('session')!;
  expect(session).toBeTruthy();
  const paid = await member.client.post<{ redirectUrl: string }>(`/api/purchase/sandbox/${session}/pay`);
  expect(paid.status).toBe(200);
  expect(paid.body.redirectUrl).toBe(`/purchase-success-callback?session=${session}`);
  const callback = await member.client.get(`/api/user/PurchaseSuccessCallback?session=${encodeURIComponent(session)}`);
  return { session, callback };
}
