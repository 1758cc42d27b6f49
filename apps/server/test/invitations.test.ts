import { INVITATION_ERROR_CODES, INVITATIONS_PER_COACH_PER_DAY, type CoachInvitation } from '@bloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, coach, finishedAssessment, newGroup, newOrganization, person, type Person } from './coach-fixtures';
import type { CaughtMail } from './mail-catcher';
import { invitationTokenIn, serverWithMailCatcher } from './support/mail-server';
import { sha256 } from '../src/lib/crypto';
import { deleteOldInvitations } from '../src/coaching/invitations';
import { MailDispatcher } from '../src/mail/dispatcher';
import { createMailTransport } from '../src/mail/transport';

/**
 * Coach invitations (issue 25 §4, DESIGN.md §12, decision 0030), on SQLite and PostgreSQL, with
 * the mail sent to a real SMTP server in this process (mail-catcher.ts): the coach invites, the
 * mail carries `/Client?invite=…`, the person who accepts becomes the coach's client in the
 * named organization and group; expired, used, withdrawn and replaced links are refused; another
 * coach's invitation is 404; the token is stored only hashed; the coach list shows only the
 * caller's own coach.
 */
const setup = serverWithMailCatcher();

let counter = 0;
const address = (label: string) => `${label}-${++counter}-${Date.now().toString(36)}@invited.test`;

/** The invitation mail to `to` (the `nth` one, oldest first) and the token its link carries. */
async function invitationMail(to: string, nth = 1): Promise<{ mail: CaughtMail; token: string }> {
  const mail = await setup.catcher.waitFor((message) => message.to.includes(to) && setup.catcher.to(to).indexOf(message) === nth - 1, 10_000);
  return { mail, token: invitationTokenIn(mail) };
}

async function invite(who: Person, body: Record<string, unknown>): Promise<{ invitation: CoachInvitation; token: string }> {
  const response = await who.client.post<CoachInvitation>('/api/coach/InviteClient', body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const { token } = await invitationMail(String(body.email).trim().toLowerCase());
  return { invitation: response.body, token };
}

const preview = (who: Person | null, token: string) => (who ? who.client : setup.server.client()).get(`/api/user/GetInvitation?invite=${encodeURIComponent(token)}`);
const accept = (who: Person, token: string) => who.client.post('/api/user/AcceptInvitation', { invite: token });

async function placementOf(userId: string) {
  return setup.server.database.db.selectFrom('users').select(['coach_id', 'group_id']).where('id', '=', userId).executeTakeFirstOrThrow();
}

describe('inviting a client', () => {
  it('queues the invitation mail with the link, in the organization and group named, and lists it without the token', async () => {
    const casey = await coach(setup.server, { firstName: 'Casey', lastName: 'Coach' });
    const org = await newOrganization(casey, 'Acme');
    const team = await newGroup(casey, org.organizationGuid, 'Team A');
    const email = address('robin');

    const created = await casey.client.post<CoachInvitation>('/api/coach/InviteClient', { email: `  ${email.toUpperCase()} `, firstName: 'Robin', organizationId: org.organizationGuid, groupId: team });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toMatchObject({
      email,
      firstName: 'Robin',
      lastName: null,
      organization: { organizationGuid: org.organizationGuid, organizationName: 'Acme' },
      group: { groupGuid: team, groupName: 'Team A', isDefault: false },
      status: 'pending',
    });
    const days = (Date.parse(created.body.expiresAt) - Date.parse(created.body.sentAt)) / 86_400_000;
    expect(days).toBe(14);

    // The outbox row was written in the call's transaction and names the template and the link.
    const outbox = await setup.server.database.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.template).toBe('coach-invitation');

    const { mail, token } = await invitationMail(email);
    expect(mail.subject).toBe('Casey Coach invites you to Bloom');
    expect(mail.text).toContain('Hello Robin,');
    expect(mail.text).toContain(`http://127.0.0.1/Client?invite=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43);

    // Only the token's hash is stored; no column holds the token itself.
    const row = await setup.server.database.db.selectFrom('coach_invitations').selectAll().where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const listed = await casey.client.get<CoachInvitation[]>('/api/coach/GetInvitations');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('private, no-store');
    expect(listed.body).toEqual([created.body]);
    expect(listed.text).not.toContain(token);
    expect(listed.text).not.toContain(row.token_hash);
  });

  it('places in the organization\'s "No Group" group when only the organization is named, and as an independent client when none is', async () => {
    const casey = await coach(setup.server);
    const org = await newOrganization(casey, 'Solo Org');
    const inOrg = await invite(casey, { email: address('org'), organizationId: org.organizationGuid });
    expect(inOrg.invitation.group).toEqual({ groupGuid: org.defaultGroupGuid, groupName: 'No Group', isDefault: true });
    const alone = await invite(casey, { email: address('alone'), firstName: '', lastName: null });
    expect(alone.invitation).toMatchObject({ organization: null, group: null, firstName: null, lastName: null });

    // The page names the organization, not its "No Group" group.
    expect((await preview(null, inOrg.token)).body).toEqual({ coach: { firstName: 'Casey', lastName: 'Coach' }, organizationName: 'Solo Org', groupName: null });
    const first = await person(setup.server);
    expect((await accept(first, inOrg.token)).body).toEqual({ coachGuid: casey.id, organizationGuid: org.organizationGuid, groupGuid: org.defaultGroupGuid });
    expect(await placementOf(first.id)).toEqual({ coach_id: casey.id, group_id: org.defaultGroupGuid });

    const second = await person(setup.server);
    expect((await accept(second, alone.token)).body).toEqual({ coachGuid: casey.id, organizationGuid: null, groupGuid: null });
    expect(await placementOf(second.id)).toEqual({ coach_id: casey.id, group_id: null });
    const independent = await casey.client.get('/api/coach/GetClientsWithNoOrg');
    expect(independent.body.map((c: { id: string }) => c.id)).toContain(second.id);
  });

  it('refuses a bad address, the coach\'s own address, a second pending invitation to one address, and a coach without a name', async () => {
    const casey = await coach(setup.server);
    for (const email of ['', 'not-an-address', 'a@b', 'two words@example.com', `${'x'.repeat(250)}@example.com`]) {
      const refused = await casey.client.post('/api/coach/InviteClient', { email });
      expect(refused.status, email).toBe(400);
      expect(refused.body.error.message).toMatch(/e-mail address/);
    }
    expect((await casey.client.post('/api/coach/InviteClient', {})).status).toBe(400);
    const self = await casey.client.post('/api/coach/InviteClient', { email: casey.email!.toUpperCase() });
    expect(self.status).toBe(400);
    expect(self.body.error.code).toBe(INVITATION_ERROR_CODES.selfInvite);

    const email = address('twice');
    await invite(casey, { email });
    const again = await casey.client.post('/api/coach/InviteClient', { email });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe(INVITATION_ERROR_CODES.alreadyInvited);

    const nameless = await person(setup.server, { coachStatus: 'approved' });
    await setup.server.database.db.updateTable('users').set({ first_name: null, last_name: null }).where('id', '=', nameless.id).execute();
    await setup.server.database.sessionCache?.caughtUp(); // PostgreSQL: the change reaches the session cache by NOTIFY (decision 0035)
    const unnamed = await nameless.client.post('/api/coach/InviteClient', { email: address('unnamed') });
    expect(unnamed.status).toBe(409);
    expect(unnamed.body.error.code).toBe(INVITATION_ERROR_CODES.coachNameMissing);
  });

  it('makes one invitation of several sent at once to one address (a double click, two tabs)', async () => {
    const casey = await coach(setup.server);
    const email = address('twice');
    const answers = await Promise.all([1, 2, 3].map(() => casey.client.post('/api/coach/InviteClient', { email })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const rows = await setup.server.database.db.selectFrom('coach_invitations').select('id').where('coach_id', '=', casey.id).where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it("answers 404 for another coach's organization or group, and 400 for a group of another organization", async () => {
    const casey = await coach(setup.server);
    const olive = await coach(setup.server, { firstName: 'Olive' });
    const hers = await newOrganization(olive, 'Olive Org');
    const herGroup = await newGroup(olive, hers.organizationGuid, 'Olive Team');
    const mine = await newOrganization(casey, 'Mine');
    const other = await newOrganization(casey, 'Mine Too');
    const otherTeam = await newGroup(casey, other.organizationGuid, 'Elsewhere');

    expect((await casey.client.post('/api/coach/InviteClient', { email: address('x'), organizationId: hers.organizationGuid })).status).toBe(404);
    expect((await casey.client.post('/api/coach/InviteClient', { email: address('x'), groupId: herGroup })).status).toBe(404);
    expect((await casey.client.post('/api/coach/InviteClient', { email: address('x'), organizationId: mine.organizationGuid, groupId: herGroup })).status).toBe(404);
    expect((await casey.client.post('/api/coach/InviteClient', { email: address('x'), organizationId: 'not-a-uuid' })).status).toBe(404);
    const mismatch = await casey.client.post('/api/coach/InviteClient', { email: address('x'), organizationId: mine.organizationGuid, groupId: otherTeam });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.code).toBe(INVITATION_ERROR_CODES.groupNotInOrganization);
    // A group alone names its organization.
    const byGroup = await invite(casey, { email: address('bygroup'), groupId: otherTeam });
    expect(byGroup.invitation.organization?.organizationGuid).toBe(other.organizationGuid);
  });

  it('answers 429 with Retry-After once a coach has sent 200 invitations and resends in a day', async () => {
    const casey = await coach(setup.server);
    const { invitation } = await invite(casey, { email: address('limit') });
    const day = 24 * 60 * 60 * 1000;
    const windowStart = Math.floor(Date.now() / day) * day;
    await setup.server.database.db
      .updateTable('rate_limits')
      .set({ hits: INVITATIONS_PER_COACH_PER_DAY, window_start: windowStart })
      .where('key', '=', `coach-invite:user:${casey.id}`)
      .execute();
    for (const refused of [
      await casey.client.post('/api/coach/InviteClient', { email: address('limit') }),
      await casey.client.post(`/api/coach/ResendInvitation/${invitation.id}`),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('rate_limited');
      expect(refused.body.error.message).toMatch(/200 invitations today/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another coach is not held back, and the refused coach can still withdraw and list.
    const olive = await coach(setup.server);
    await invite(olive, { email: address('free') });
    expect((await casey.client.get('/api/coach/GetInvitations')).status).toBe(200);
    expect((await casey.client.post(`/api/coach/WithdrawInvitation/${invitation.id}`)).status).toBe(200);
  });
});

describe('invitation mail to one address (decision 0084)', () => {
  const mailTo = (email: string) => setup.server.database.db.selectFrom('mail_outbox').select('id').where('recipient', '=', email).where('template', '=', 'coach-invitation').execute();
  const slotsOf = (email: string) => setup.server.database.db.selectFrom('rate_limits').select(['key', 'window_start']).where('key', 'like', `coach-invite:email:${email}#%`).execute();

  it('is at most five in any 24 hours, from every coach together, however the address is written; then 429 with Retry-After', async () => {
    const email = address('popular');
    const first = await coach(setup.server);
    const { invitation } = await invite(first, { email });
    // The same coach's resends count, and so do other coaches' invitations.
    for (let index = 0; index < 2; index++) expect((await first.client.post(`/api/coach/ResendInvitation/${invitation.id}`)).status).toBe(200);
    for (const written of [email.toUpperCase(), `  ${email} `]) {
      const other = await coach(setup.server);
      expect((await other.client.post('/api/coach/InviteClient', { email: written })).status).toBe(201);
    }
    const before = await setup.server.database.db.selectFrom('coach_invitations').select('token_hash').where('id', '=', invitation.id).executeTakeFirstOrThrow();
    const mailed = (await mailTo(email)).length;

    const late = await coach(setup.server);
    for (const refused of [
      await late.client.post('/api/coach/InviteClient', { email: email.toUpperCase() }),
      await first.client.post(`/api/coach/ResendInvitation/${invitation.id}`),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe(INVITATION_ERROR_CODES.recipientLimited);
      expect(refused.body.error.message).toMatch(/5 invitations in the last 24 hours/);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(23 * 60 * 60);
      expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    }
    // Nothing was written: no invitation of the late coach, the resent link unchanged, no mail queued.
    expect(await setup.server.database.db.selectFrom('coach_invitations').select('id').where('coach_id', '=', late.id).execute()).toEqual([]);
    expect(await setup.server.database.db.selectFrom('coach_invitations').select('token_hash').where('id', '=', invitation.id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await mailTo(email)).toHaveLength(mailed);
    // Another address is not held back.
    await invite(late, { email: address('elsewhere') });

    // Once the oldest of the five is 24 hours old, one more goes out.
    const slots = await slotsOf(email);
    expect(slots).toHaveLength(5);
    const oldest = slots.reduce((a, b) => (Number(a.window_start) <= Number(b.window_start) ? a : b));
    await setup.server.database.db.updateTable('rate_limits').set({ window_start: Date.now() - 24 * 60 * 60 * 1000 - 1000 }).where('key', '=', oldest.key).execute();
    expect((await late.client.post('/api/coach/InviteClient', { email })).status).toBe(201);
    expect((await first.client.post(`/api/coach/ResendInvitation/${invitation.id}`)).status).toBe(429);
  });

  it('counts only mail that goes out: a refused invitation leaves the count as it was', async () => {
    const email = address('refused');
    const casey = await coach(setup.server);
    await invite(casey, { email });
    expect((await casey.client.post('/api/coach/InviteClient', { email })).status).toBe(409);
    expect(await slotsOf(email)).toHaveLength(1);
  });

  it("is forgotten with the person's account, for their own address", async () => {
    const email = address('erased');
    const member = await person(setup.server, { email });
    const casey = await coach(setup.server);
    await invite(casey, { email });
    expect(await slotsOf(email)).toHaveLength(1);
    expect((await member.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);
    expect(await slotsOf(email)).toEqual([]);
  });
});

describe('accepting an invitation', () => {
  it('shows the coach and placement to anyone holding the link, then makes the accepting member the coach\'s client in that group, once', async () => {
    const casey = await coach(setup.server, { firstName: 'Casey', lastName: 'Coach' });
    const org = await newOrganization(casey, 'Harbour Clinic');
    const team = await newGroup(casey, org.organizationGuid, 'Tuesday Group');
    const email = address('accept');
    const { invitation, token } = await invite(casey, { email, firstName: 'Robin', lastName: 'Client', organizationId: org.organizationGuid, groupId: team });

    const seen = await preview(null, token);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('cache-control')).toBe('no-store');
    expect(seen.body).toEqual({ coach: { firstName: 'Casey', lastName: 'Coach' }, organizationName: 'Harbour Clinic', groupName: 'Tuesday Group' });
    expect(seen.text).not.toContain(email);
    expect(seen.text).not.toContain('Robin');

    // Guests and nobody must sign in first.
    expect((await setup.server.client().post('/api/user/AcceptInvitation', { invite: token })).status).toBe(401);
    expect((await (await person(setup.server, { guest: true })).client.post('/api/user/AcceptInvitation', { invite: token })).status).toBe(401);
    // The coach cannot accept their own invitation.
    const own = await accept(casey, token);
    expect(own.status).toBe(400);
    expect(own.body.error.code).toBe(INVITATION_ERROR_CODES.ownInvitation);

    // The token is the proof: the account need not have the invited address.
    const robin = await person(setup.server, { email: address('robin-other-address') });
    const accepted = await accept(robin, token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ coachGuid: casey.id, organizationGuid: org.organizationGuid, groupGuid: team });
    expect(await placementOf(robin.id)).toEqual({ coach_id: casey.id, group_id: team });
    expect((await robin.client.get('/api/user/getCurrentUser')).body.coachGuid).toBe(casey.id);
    const organizations = await casey.client.get('/api/coach/GetOrganizationsByCoach');
    const group = organizations.body.find((o: { organizationGuid: string }) => o.organizationGuid === org.organizationGuid).groups.find((g: { groupGuid: string }) => g.groupGuid === team);
    expect(group.users.map((u: { id: string }) => u.id)).toEqual([robin.id]);
    const row = await setup.server.database.db.selectFrom('coach_invitations').selectAll().where('id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(row.accepted_by).toBe(robin.id);
    expect(row.accepted_at).not.toBeNull();

    // The same person again (a double click): the same answer, nothing moves.
    expect((await accept(robin, token)).body).toEqual(accepted.body);
    // Someone else: 409; the page: 404; the coach's list no longer has it, and it cannot be resent or withdrawn.
    const late = await accept(await person(setup.server), token);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe(INVITATION_ERROR_CODES.used);
    const used = await preview(null, token);
    expect(used.status).toBe(404);
    expect(used.body.error.code).toBe(INVITATION_ERROR_CODES.used);
    expect((await casey.client.get<CoachInvitation[]>('/api/coach/GetInvitations')).body.map((i) => i.id)).not.toContain(invitation.id);
    expect((await casey.client.post(`/api/coach/ResendInvitation/${invitation.id}`)).status).toBe(409);
    expect((await casey.client.post(`/api/coach/WithdrawInvitation/${invitation.id}`)).status).toBe(409);
  });

  it('moves a client of another coach, ending what they shared with the old coach', async () => {
    const first = await coach(setup.server);
    const second = await coach(setup.server, { firstName: 'Second' });
    const client = await clientOf(setup.server, first.id);
    const assessmentId = await finishedAssessment(client, 'Rapid');
    expect((await client.client.post(`/api/user/SetCoachAccessGranted/${assessmentId}`)).status).toBe(200);
    expect((await first.client.get(`/api/data/GetCoachAssessmentOverview/${assessmentId}`)).status).toBe(200);

    const { token } = await invite(second, { email: address('mover') });
    expect((await accept(client, token)).status).toBe(200);
    expect(await placementOf(client.id)).toEqual({ coach_id: second.id, group_id: null });
    expect((await first.client.get(`/api/data/GetCoachAssessmentOverview/${assessmentId}`)).status).toBe(404);
    expect((await second.client.get(`/api/data/GetCoachAssessmentOverview/${assessmentId}`)).status).toBe(404);
  });

  it('refuses an expired link, lists it as expired, and a resend makes a new link that works while the old one does not', async () => {
    const casey = await coach(setup.server);
    const email = address('expired');
    const { invitation, token } = await invite(casey, { email });
    await setup.server.database.db.updateTable('coach_invitations').set({ expires_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', invitation.id).execute();

    const expired = await preview(null, token);
    expect(expired.status).toBe(404);
    expect(expired.body.error.code).toBe(INVITATION_ERROR_CODES.expired);
    expect(expired.body.error.message).toMatch(/expired/);
    const late = await accept(await person(setup.server), token);
    expect(late.status).toBe(404);
    expect(late.body.error.code).toBe(INVITATION_ERROR_CODES.expired);
    const listed = (await casey.client.get<CoachInvitation[]>('/api/coach/GetInvitations')).body.find((i) => i.id === invitation.id);
    expect(listed?.status).toBe('expired');

    const resent = await casey.client.post<CoachInvitation>(`/api/coach/ResendInvitation/${invitation.id}`);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: invitation.id, status: 'pending', email });
    expect(Date.parse(resent.body.expiresAt)).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    const { token: fresh } = await invitationMail(email, 2);
    expect(fresh).not.toBe(token);

    const old = await preview(null, token);
    expect(old.status).toBe(404);
    expect(old.body.error.code).toBe(INVITATION_ERROR_CODES.notFound);
    expect((await accept(await person(setup.server), token)).status).toBe(404);
    expect((await preview(null, fresh)).status).toBe(200);
    const member = await person(setup.server);
    expect((await accept(member, fresh)).status).toBe(200);
    expect((await placementOf(member.id)).coach_id).toBe(casey.id);
  });

  it('refuses an old link after a resend of a pending invitation', async () => {
    const casey = await coach(setup.server);
    const email = address('resent');
    const { invitation, token } = await invite(casey, { email });
    expect((await casey.client.post(`/api/coach/ResendInvitation/${invitation.id}`)).status).toBe(200);
    const { token: fresh } = await invitationMail(email, 2);
    const member = await person(setup.server);
    const refused = await accept(member, token);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe(INVITATION_ERROR_CODES.notFound);
    expect((await placementOf(member.id)).coach_id).toBeNull();
    expect((await accept(member, fresh)).status).toBe(200);
  });

  it('refuses a withdrawn link and forgets the invitation', async () => {
    const casey = await coach(setup.server);
    const email = address('withdrawn');
    const { invitation, token } = await invite(casey, { email });
    const withdrawn = await casey.client.post(`/api/coach/WithdrawInvitation/${invitation.id}`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toEqual({ withdrawn: true });

    expect((await preview(null, token)).status).toBe(404);
    const refused = await accept(await person(setup.server), token);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe(INVITATION_ERROR_CODES.notFound);
    expect((await casey.client.get<CoachInvitation[]>('/api/coach/GetInvitations')).body).toEqual([]);
    expect(await setup.server.database.db.selectFrom('coach_invitations').select('id').where('email', '=', email).execute()).toEqual([]);
    expect((await casey.client.post(`/api/coach/WithdrawInvitation/${invitation.id}`)).status).toBe(404);
    expect((await casey.client.post(`/api/coach/ResendInvitation/${invitation.id}`)).status).toBe(404);
    // After a withdrawal the same address can be invited again.
    await invite(casey, { email });
  });

  it("answers 404 for another coach's invitation, and for unknown or malformed links", async () => {
    const casey = await coach(setup.server);
    const olive = await coach(setup.server);
    const { invitation, token } = await invite(casey, { email: address('theirs') });
    expect((await olive.client.post(`/api/coach/ResendInvitation/${invitation.id}`)).status).toBe(404);
    expect((await olive.client.post(`/api/coach/WithdrawInvitation/${invitation.id}`)).status).toBe(404);
    expect((await olive.client.post('/api/coach/ResendInvitation/not-a-uuid')).status).toBe(404);
    expect((await olive.client.get<CoachInvitation[]>('/api/coach/GetInvitations')).body).toEqual([]);
    // Nothing changed: the link still works.
    expect((await preview(null, token)).status).toBe(200);

    for (const bogus of ['nope', sha256(token), token.slice(0, -1)]) {
      const response = await preview(null, bogus);
      expect(response.status, bogus).toBe(404);
      expect(response.body.error.code).toBe(INVITATION_ERROR_CODES.notFound);
    }
    expect((await setup.server.client().get('/api/user/GetInvitation')).status).toBe(400);
    expect((await (await person(setup.server)).client.post('/api/user/AcceptInvitation', {})).status).toBe(400);
  });

  it('lets exactly one of two people accepting at once have it', async () => {
    const casey = await coach(setup.server);
    const { token } = await invite(casey, { email: address('race') });
    const people = await Promise.all([person(setup.server), person(setup.server), person(setup.server)]);
    const answers = await Promise.all(people.map((who) => accept(who, token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const placements = await Promise.all(people.map((who) => placementOf(who.id)));
    expect(placements.filter((p) => p.coach_id === casey.id)).toHaveLength(1);
  });

  it('answers the same account accepting one invitation three times at once the same each time, with one client relation (decision 0030)', async () => {
    const casey = await coach(setup.server);
    const org = await newOrganization(casey, 'Triple Org');
    const team = await newGroup(casey, org.organizationGuid, 'Triple Team');
    const { invitation, token } = await invite(casey, { email: address('triple'), groupId: team });
    const robin = await person(setup.server);
    const answers = await Promise.all([1, 2, 3].map(() => accept(robin, token)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(answer.body).toEqual({ coachGuid: casey.id, organizationGuid: org.organizationGuid, groupGuid: team });
    expect(await placementOf(robin.id)).toEqual({ coach_id: casey.id, group_id: team });
    const row = await setup.server.database.db.selectFrom('coach_invitations').select('accepted_by').where('id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(row.accepted_by).toBe(robin.id);
    const organizations = await casey.client.get('/api/coach/GetOrganizationsByCoach');
    const group = organizations.body.find((o: { organizationGuid: string }) => o.organizationGuid === org.organizationGuid).groups.find((g: { groupGuid: string }) => g.groupGuid === team);
    expect(group.users.map((u: { id: string }) => u.id)).toEqual([robin.id]);
  });
});

describe('what happens to an invitation around it', () => {
  it('places in the organization\'s "No Group" group once the group is deleted, and as an independent client once the organization is', async () => {
    const casey = await coach(setup.server);
    const org = await newOrganization(casey, 'Changing Org');
    const team = await newGroup(casey, org.organizationGuid, 'Short-lived');
    const groupGone = await invite(casey, { email: address('group-gone'), groupId: team });
    const orgGone = await invite(casey, { email: address('org-gone'), organizationId: org.organizationGuid });

    expect((await casey.client.post(`/api/organization/DeleteGroup/${team}`)).status).toBe(200);
    const listed = (await casey.client.get<CoachInvitation[]>('/api/coach/GetInvitations')).body.find((i) => i.id === groupGone.invitation.id);
    expect(listed).toMatchObject({ organization: { organizationGuid: org.organizationGuid }, group: null });
    const first = await person(setup.server);
    expect((await accept(first, groupGone.token)).body).toEqual({ coachGuid: casey.id, organizationGuid: org.organizationGuid, groupGuid: org.defaultGroupGuid });

    expect((await casey.client.post(`/api/organization/DeleteOrganization/${org.organizationGuid}`)).status).toBe(200);
    expect((await preview(null, orgGone.token)).body).toMatchObject({ organizationName: null, groupName: null });
    const second = await person(setup.server);
    expect((await accept(second, orgGone.token)).body).toEqual({ coachGuid: casey.id, organizationGuid: null, groupGuid: null });
  });

  it("goes with the coach's account, and an accepted one with the accepting person's account", async () => {
    const casey = await coach(setup.server);
    const pending = await invite(casey, { email: address('gone-with-coach') });
    const olive = await coach(setup.server);
    const accepted = await invite(olive, { email: address('gone-with-client') });
    const client = await person(setup.server);
    expect((await accept(client, accepted.token)).status).toBe(200);

    expect((await client.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);
    expect(await setup.server.database.db.selectFrom('coach_invitations').select('id').where('id', '=', accepted.invitation.id).execute()).toEqual([]);
    expect((await casey.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);
    expect(await setup.server.database.db.selectFrom('coach_invitations').select('id').where('id', '=', pending.invitation.id).execute()).toEqual([]);
    expect((await preview(null, pending.token)).status).toBe(404);
  });
});

describe('housekeeping', () => {
  it('forgets invitations nobody accepted 30 days after they expired, and keeps accepted ones', async () => {
    const casey = await coach(setup.server);
    const stale = await invite(casey, { email: address('stale') });
    const kept = await invite(casey, { email: address('kept') });
    expect((await accept(await person(setup.server), kept.token)).status).toBe(200);
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await setup.server.database.db.updateTable('coach_invitations').set({ expires_at: longAgo }).where('id', 'in', [stale.invitation.id, kept.invitation.id]).execute();
    expect((await casey.client.get<CoachInvitation[]>('/api/coach/GetInvitations')).body).toEqual([]);
    await deleteOldInvitations(setup.server.database.db);
    const left = await setup.server.database.db.selectFrom('coach_invitations').select('id').where('coach_id', '=', casey.id).execute();
    expect(left.map((row) => row.id)).toEqual([kept.invitation.id]);
  });
});

describe('the "Change coach" list', () => {
  it('shows a client only their own coach, and nothing without one; "No Coach" still works', async () => {
    const casey = await coach(setup.server, { firstName: 'Casey', lastName: 'Listed' });
    const olive = await coach(setup.server, { firstName: 'Olive', lastName: 'Unlisted' });
    const member = await person(setup.server);
    expect((await member.client.get('/api/coach/GetCoachList')).body).toEqual([]);
    expect((await casey.client.get('/api/coach/GetCoachList')).body).toEqual([]);

    const { token } = await invite(casey, { email: address('list') });
    expect((await accept(member, token)).status).toBe(200);
    const list = await member.client.get('/api/coach/GetCoachList');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ id: casey.id, firstName: 'Casey', lastName: 'Listed' }]);
    expect(list.text).not.toContain(olive.id);

    expect((await member.client.post(`/api/coach/UnassignCoachFromUser/${member.id}`)).status).toBe(200);
    expect((await member.client.get('/api/coach/GetCoachList')).body).toEqual([]);
    expect((await member.client.get('/api/user/getCurrentUser')).body.coachGuid).toBeNull();
  });
});

describe('an invitation gone before its mail went out', () => {
  // The app's dispatcher stops here: each invitation's mail waits in the outbox, as it does between
  // the call's commit and the dispatcher's next round, or through an SMTP outage. The test's own
  // dispatcher then sends whatever is still queued.
  let dispatcher: MailDispatcher;
  beforeAll(async () => {
    await setup.server.app.mail.stop();
    const { server } = setup;
    const quiet = { info() {}, warn() {}, error() {} };
    dispatcher = new MailDispatcher({
      db: server.database.db,
      dialect: server.database.dialect,
      transport: createMailTransport({ smtpUrl: setup.catcher.url, dataDir: server.config.dataDir }),
      from: server.config.mail.from,
      appOrigin: server.config.appOrigin,
      supportEmail: server.config.supportEmail,
      log: quiet,
    });
  });
  afterAll(async () => {
    dispatcher.start();
    await dispatcher.stop(); // closes its transport
  });

  const queuedTo = (email: string) =>
    setup.server.database.db.selectFrom('mail_outbox').select(['template', 'sent_at']).where('recipient', '=', email).where('sent_at', 'is', null).execute();
  async function inviteQueued(who: Person, email: string): Promise<CoachInvitation> {
    const response = await who.client.post<CoachInvitation>('/api/coach/InviteClient', { email });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  it('withdrawn: its queued mail is forgotten and never sent, while the coach’s other invitation’s mail is', async () => {
    const casey = await coach(setup.server);
    const withdrawnTo = address('withdrawn-unsent');
    const keptTo = address('kept-unsent');
    const withdrawn = await inviteQueued(casey, withdrawnTo);
    await inviteQueued(casey, keptTo);
    expect(await queuedTo(withdrawnTo)).toEqual([{ template: 'coach-invitation', sent_at: null }]);

    expect((await casey.client.post(`/api/coach/WithdrawInvitation/${withdrawn.id}`)).status).toBe(200);
    expect(await queuedTo(withdrawnTo)).toEqual([]);
    await dispatcher.runOnce();
    expect(setup.catcher.to(withdrawnTo)).toEqual([]);
    expect(setup.catcher.to(keptTo)).toHaveLength(1);
  });

  it('resent: only the mail with the working link goes out, not the replaced one as well', async () => {
    const casey = await coach(setup.server);
    const email = address('resent-unsent');
    const invitation = await inviteQueued(casey, email);
    expect((await casey.client.post(`/api/coach/ResendInvitation/${invitation.id}`)).status).toBe(200);
    expect(await queuedTo(email)).toHaveLength(1);
    await dispatcher.runOnce();
    const [mail, ...more] = setup.catcher.to(email);
    expect(more).toEqual([]);
    expect((await preview(null, invitationTokenIn(mail!))).status).toBe(200);
  });

  it('the coach’s account erased: its invitations’ queued mail is forgotten, another coach’s invitation to the same person still goes out', async () => {
    const casey = await coach(setup.server, { firstName: 'Casey', lastName: 'Erased' });
    const olive = await coach(setup.server, { firstName: 'Olive', lastName: 'Stays' });
    const email = address('coach-erased');
    const other = address('coach-erased-other');
    await inviteQueued(casey, email);
    await inviteQueued(casey, other);
    await inviteQueued(olive, email);
    expect(await queuedTo(email)).toHaveLength(2);

    expect((await casey.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);
    expect(await queuedTo(email)).toHaveLength(1);
    expect(await queuedTo(other)).toEqual([]);
    await dispatcher.runOnce();
    expect(setup.catcher.to(other)).toEqual([]);
    const sent = setup.catcher.to(email);
    expect(sent.map((mail) => mail.subject)).toEqual(['Olive Stays invites you to Bloom']);
    expect(sent[0]!.text).not.toContain('Casey');
    expect((await preview(null, invitationTokenIn(sent[0]!))).status).toBe(200);
  });
});
