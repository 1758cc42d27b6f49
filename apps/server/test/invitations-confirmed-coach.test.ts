import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_ERROR_CODES } from '@bloom/contracts';
import { signIn } from './auth-helpers';
import { startTestServer, type TestClient, type TestServer } from './harness';

/**
 * Invitations go out from Bloom's sender with a name the coach typed: only a coach whose own
 * address is confirmed may send or resend them (decision 0068). `users.email` holds an address
 * only once the provider vouches for it; a coach who signed up through the embedded provider has
 * none until the confirmation link is followed. SQLite and PostgreSQL.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

/** The change reaches this instance's session cache (PostgreSQL: by NOTIFY, decision 0035). */
async function setUser(id: string, values: { email?: string | null; coach_status?: 'approved' }): Promise<void> {
  await db().updateTable('users').set(values).where('id', '=', id).execute();
  await server.database.sessionCache?.caughtUp();
}

/** An approved coach who signed up through Bloom's own sign-in and has not confirmed the address yet. */
async function unconfirmedCoach(): Promise<{ browser: TestClient; id: string; email: string }> {
  const browser = server.client();
  const { person, response } = await signIn(server, browser);
  const id = response.body.user.id as string;
  await setUser(id, { coach_status: 'approved' });
  expect((await db().selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email).toBeNull();
  return { browser, id, email: person.email.toLowerCase() };
}

const queuedTo = async (to: string) => db().selectFrom('mail_outbox').select('id').where('recipient', '=', to).execute();

describe('inviting clients needs a confirmed address', () => {
  it('InviteClient answers 403 with a message until the address is confirmed', async () => {
    const coach = await unconfirmedCoach();
    const refused = await coach.browser.post('/api/coach/InviteClient', { email: 'invitee.one@bloom.test' });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error).toEqual({ code: INVITATION_ERROR_CODES.coachEmailUnconfirmed, message: expect.stringMatching(/Confirm your e-mail address/) });
    expect(await queuedTo('invitee.one@bloom.test')).toEqual([]);

    await setUser(coach.id, { email: coach.email });
    expect((await coach.browser.post('/api/coach/InviteClient', { email: 'invitee.one@bloom.test' })).status).toBe(201);
    expect(await queuedTo('invitee.one@bloom.test')).toHaveLength(1);
  });

  it('ResendInvitation answers 403 too when the address is not confirmed', async () => {
    const coach = await unconfirmedCoach();
    await setUser(coach.id, { email: coach.email });
    const sent = await coach.browser.post('/api/coach/InviteClient', { email: 'invitee.two@bloom.test' });
    expect(sent.status).toBe(201);
    await setUser(coach.id, { email: null });
    const refused = await coach.browser.post(`/api/coach/ResendInvitation/${sent.body.id}`);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error.code).toBe(INVITATION_ERROR_CODES.coachEmailUnconfirmed);
    expect(await queuedTo('invitee.two@bloom.test')).toHaveLength(1);
  });
});
