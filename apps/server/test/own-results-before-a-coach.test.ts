import { describe, expect, it } from 'vitest';
import { coach, finishedAssessment, person, type Person } from './coach-fixtures';
import { invitationTokenIn, serverWithMailCatcher } from './support/mail-server';
import { vetCoach } from '../src/coaching/vetting';

/**
 * Decision 0086: a Professional assessment created while its owner has no coach is the owner's
 * own. Its results (and a plan bought for it) stay open to them once they join a coach through
 * an invitation; an assessment created while coached still waits for the coach's release
 * (403 pending_coach_approval), and nothing here includes a plan that was not bought.
 * On SQLite and PostgreSQL, with the invitation mail caught over SMTP (support/mail-server.ts).
 */
const setup = serverWithMailCatcher();

let counter = 0;
/** Someone signed in with an address an invitation can be sent to. */
const member = () => person(setup.server, { email: `robin-${++counter}-${Date.now().toString(36)}@invited.test` });

interface MemberAssessment {
  id: string;
  clientAccessGranted: boolean;
  planUnlocked?: boolean;
}

async function buyPlan(buyer: Person, assessmentId: string): Promise<void> {
  const url = await buyer.client.post<{ redirectUrl: string }>(`/api/user/GetPurchaseUrl/${assessmentId}`);
  expect(url.status, JSON.stringify(url.body)).toBe(200);
  const session = new URL(url.body.redirectUrl, 'http://app.test').searchParams.get('session')!;
  expect((await buyer.client.post(`/api/purchase/sandbox/${session}/pay`)).status).toBe(200);
  expect((await buyer.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).body).toMatchObject({ unlocked: true });
}

/** The coach invites `client` by their address and the client accepts through the mail's link. */
async function joinThroughInvitation(casey: Person, client: Person): Promise<void> {
  const invited = await casey.client.post('/api/coach/InviteClient', { email: client.email });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const mail = await setup.catcher.waitFor((message) => message.to.includes(client.email!) && message.text.includes('/Client?invite='), 10_000);
  expect((await client.client.post('/api/user/AcceptInvitation', { invite: invitationTokenIn(mail) })).status).toBe(200);
  const row = await setup.server.database.db.selectFrom('users').select('coach_id').where('id', '=', client.id).executeTakeFirstOrThrow();
  expect(row.coach_id).toBe(casey.id);
}

async function listed(who: Person, assessmentId: string): Promise<MemberAssessment | undefined> {
  const all = await who.client.get<MemberAssessment[]>('/api/user/GetAllAssessments');
  expect(all.status).toBe(200);
  return all.body.find((assessment) => assessment.id === assessmentId);
}

async function progressIds(who: Person): Promise<string[]> {
  const progress = await who.client.get<{ assessments: Array<{ id: string }> }>('/api/data/GetProgress');
  expect(progress.status).toBe(200);
  return progress.body.assessments.map((assessment) => assessment.id);
}

const report = (who: Person, id: string) => who.client.get(`/api/data/GetBloomProfileReport/${id}`);
const plan = (who: Person, id: string) => who.client.get(`/api/data/GetPositivityPlan/${id}`);

describe('a Professional assessment taken before the person had a coach (decision 0086)', () => {
  it('keeps its report, its bought plan and its place in progress after they join a coach through an invitation', async () => {
    const robin = await member();
    const own = await finishedAssessment(robin, 'Professional');
    await buyPlan(robin, own);
    expect((await plan(robin, own)).status).toBe(200);

    const casey = await coach(setup.server);
    await vetCoach(setup.server.database.db, casey.id, casey.id);
    await joinThroughInvitation(casey, robin);

    expect((await report(robin, own)).status).toBe(200);
    expect((await plan(robin, own)).status).toBe(200);
    expect(await progressIds(robin)).toEqual([own]);
    expect(await listed(robin, own)).toMatchObject({ clientAccessGranted: true, planUnlocked: true });
    // The checkout call sends them to the plan they own, not to "pending coach approval".
    const again = await robin.client.post<{ redirectUrl: string }>(`/api/user/GetPurchaseUrl/${own}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ redirectUrl: `/PositivityPlan/${own}` });

    // A Professional assessment created after joining waits for the coach's release, as before.
    const coached = await finishedAssessment(robin, 'Professional');
    const pending = await report(robin, coached);
    expect(pending.status).toBe(403);
    expect(pending.body).toMatchObject({ error: { code: 'pending_coach_approval' } });
    expect((await plan(robin, coached)).body).toMatchObject({ error: { code: 'pending_coach_approval' } });
    expect(await listed(robin, coached)).toMatchObject({ clientAccessGranted: false });
    expect(await progressIds(robin)).toEqual([own]);
    expect((await casey.client.post(`/api/user/SetClientAccessGranted/${coached}`)).status).toBe(200);
    expect((await report(robin, coached)).status).toBe(200);
    expect(await progressIds(robin)).toEqual([own, coached]);
  });

  it('includes no plan that was not bought, and the coach may still release it (and so include the plan)', async () => {
    const robin = await member();
    const own = await finishedAssessment(robin, 'Professional');
    expect((await plan(robin, own)).body).toMatchObject({ error: { code: 'plan_locked' } });

    const casey = await coach(setup.server);
    await vetCoach(setup.server.database.db, casey.id, casey.id);
    await joinThroughInvitation(casey, robin);

    expect((await report(robin, own)).status).toBe(200);
    expect((await plan(robin, own)).body).toMatchObject({ error: { code: 'plan_locked' } });
    expect(await listed(robin, own)).toMatchObject({ clientAccessGranted: true, planUnlocked: false });

    // The coach sees it as not released by them, with Grant client access still theirs to press.
    const entry = async () =>
      (await casey.client.get('/api/coach/GetClientsPage')).body.clients.find((e: { user: { id: string } }) => e.user.id === robin.id)?.assessments.find((a: { id: string }) => a.id === own);
    expect(await entry()).toMatchObject({ releasedByThisCoach: false });
    expect((await casey.client.post(`/api/user/SetClientAccessGranted/${own}`)).status).toBe(200);
    expect(await entry()).toMatchObject({ clientAccessGranted: true, releasedByThisCoach: true });
    expect((await plan(robin, own)).status).toBe(200);
  });

  it('leaves a Rapid assessment as it was: its results were never withheld', async () => {
    const robin = await member();
    const rapid = await finishedAssessment(robin, 'Rapid');
    expect(await listed(robin, rapid)).toMatchObject({ clientAccessGranted: false });
  });
});
