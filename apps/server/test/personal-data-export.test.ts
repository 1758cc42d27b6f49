import { personalDataExportSchema, type PersonalDataExport } from '@bloom/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/lib/crypto';
import { postForm, signIn } from './auth-helpers';
import { coach, newGroup, newOrganization, person, type Person } from './coach-fixtures';
import type { TestClient } from './harness';
import { invitationTokenIn, serverWithMailCatcher } from './support/mail-server';

/**
 * The personal-data export (GDPR Art. 15, 20) lists the coach invitations that concern the
 * caller and the mail Bloom queued or sent to their address, on SQLite and PostgreSQL, with
 * the mail going to a real SMTP server in this process. Never a link or token: a queued
 * message still holds its link in the outbox, and the export must not carry it.
 */
const setup = serverWithMailCatcher();

const db = () => setup.server.database.db;
let counter = 0;
const address = (label: string) => `${label}-${++counter}-${Date.now().toString(36)}@invited.test`;

async function exportOf(client: TestClient): Promise<{ data: PersonalDataExport; text: string }> {
  const response = await client.get('/api/user/ExportMyData');
  expect(response.status).toBe(200);
  return { data: personalDataExportSchema.strict().parse(response.body), text: response.text };
}

/** The token of the invitation link in the mail caught for `to`. */
async function caughtInvitationToken(to: string): Promise<string> {
  return invitationTokenIn(await setup.catcher.waitFor((message) => message.to.includes(to) && message.text.includes('/Client?invite='), 10_000));
}

/** The token a message still waiting in the outbox carries in its values. */
async function queuedInvitationToken(to: string): Promise<string> {
  const row = await db().selectFrom('mail_outbox').select('data').where('recipient', '=', to).where('sent_at', 'is', null).executeTakeFirstOrThrow();
  const link = (JSON.parse(row.data) as { link: string }).link;
  return new URLSearchParams(link.split('?')[1]).get('invite')!;
}

/** Waits for the dispatcher (outside a test, so no expect.poll). */
async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the mail dispatcher did not get there in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const mailRow = (to: string) => db().selectFrom('mail_outbox').select(['sent_at', 'last_error']).where('recipient', '=', to).executeTakeFirst();

interface InvitationWorld {
  casey: Person;
  organizationId: string;
  groupId: string;
  /** Accepted the invitation to their own (confirmed) address; its mail went out. */
  sam: Person;
  samAddress: string;
  samToken: string;
  /** Invited at their confirmed address, not accepted; the mail server defers it (450), so it waits with its link. */
  pat: Person;
  patAddress: string;
  patToken: string;
  /** Invited, not on Bloom. */
  robinAddress: string;
  stranger: Person;
}

async function invitationWorld(): Promise<InvitationWorld> {
  const casey = await coach(setup.server, { firstName: 'Casey', lastName: 'Coach' });
  const { organizationGuid: organizationId } = await newOrganization(casey, `Acme ${counter}`);
  const groupId = await newGroup(casey, organizationId, 'Team A');
  const samAddress = address('sam');
  const patAddress = address('pat');
  const robinAddress = address('robin');
  setup.catcher.defer.add(patAddress);

  const invite = async (body: Record<string, unknown>) => expect((await casey.client.post('/api/coach/InviteClient', body)).status).toBe(201);
  await invite({ email: samAddress, firstName: 'Sam', organizationId, groupId });
  await invite({ email: patAddress, firstName: 'Pat', lastName: 'Doe', organizationId });
  await invite({ email: robinAddress });

  const sam = await person(setup.server, { email: samAddress, firstName: 'Sam' });
  const samToken = await caughtInvitationToken(samAddress);
  expect((await sam.client.post('/api/user/AcceptInvitation', { invite: samToken })).status).toBe(200);
  await waitUntil(async () => (await mailRow(samAddress))?.sent_at != null);

  // The confirmed address as the provider gave it (capitals and all); the invitation stores it lower-cased.
  const pat = await person(setup.server, { email: patAddress.toUpperCase(), firstName: 'Pat' });
  await waitUntil(async () => (await mailRow(patAddress))?.last_error != null);
  const patToken = await queuedInvitationToken(patAddress);

  const stranger = await person(setup.server);
  return { casey, organizationId, groupId, sam, samAddress, samToken, pat, patAddress, patToken, robinAddress, stranger };
}

/** What no export may hold: the links' tokens, their hashes, or a link at all. */
async function secretsOf(world: InvitationWorld): Promise<string[]> {
  const hashes = await db().selectFrom('coach_invitations').select('token_hash').where('coach_id', '=', world.casey.id).execute();
  return [world.samToken, world.patToken, ...hashes.map((row) => row.token_hash), sha256(world.samToken), 'invite=', '/Client?'];
}

function expectNone(text: string, forbidden: readonly string[]) {
  for (const secret of forbidden) expect(text, secret).not.toContain(secret);
}

describe('GET /api/user/ExportMyData: coach invitations and mail', () => {
  let world: InvitationWorld;
  beforeAll(async () => {
    world = await invitationWorld();
  });

  it("lists a coach's invitations, pending and accepted, with where they place the person, never a token nor who accepted", async () => {
    const { data, text } = await exportOf(world.casey.client);
    expect(data.invitations.sent).toEqual([
      expect.objectContaining({
        email: world.samAddress,
        firstName: 'Sam',
        lastName: null,
        organization: { id: world.organizationId, name: expect.stringMatching(/^Acme/) },
        group: { id: world.groupId, name: 'Team A' },
        accepted: true,
        acceptedAt: expect.any(String),
      }),
      expect.objectContaining({ email: world.patAddress, firstName: 'Pat', lastName: 'Doe', organization: expect.objectContaining({ id: world.organizationId }), group: expect.objectContaining({ name: 'No Group' }), accepted: false, acceptedAt: null }),
      expect.objectContaining({ email: world.robinAddress, organization: null, group: null, accepted: false, acceptedAt: null }),
    ]);
    const stored = await db().selectFrom('coach_invitations').select(['id', 'sent_at', 'expires_at']).where('coach_id', '=', world.casey.id).orderBy('created_at').orderBy('id').execute();
    expect(data.invitations.sent.map(({ id, sentAt, expiresAt }) => ({ id, sent_at: sentAt, expires_at: expiresAt }))).toEqual(stored);
    expect(data.invitations.accepted).toEqual([]);
    expect(data.invitations.addressedToYou).toEqual([]);
    // The mail went to the invited people, not to the coach.
    expect(data.mail).toEqual([]);
    expectNone(text, [...(await secretsOf(world)), world.sam.id, world.pat.id]);
  });

  it('lists the invitation a person accepted, the coach by the name shown to clients, and its mail without the link', async () => {
    const { data, text } = await exportOf(world.sam.client);
    expect(data.invitations.accepted).toEqual([
      {
        id: expect.any(String),
        coach: { id: world.casey.id, firstName: 'Casey', lastName: 'Coach' },
        addressedTo: { email: world.samAddress, firstName: 'Sam', lastName: null },
        organizationName: expect.stringMatching(/^Acme/),
        groupName: 'Team A',
        sentAt: expect.any(String),
        acceptedAt: expect.any(String),
      },
    ]);
    expect(data.invitations.addressedToYou).toEqual([]);
    expect(data.invitations.sent).toEqual([]);
    // Sent: the outbox no longer holds the values, so the subject has the template's neutral words.
    expect(data.mail).toEqual([
      { id: expect.any(String), to: world.samAddress, template: 'coach-invitation', subject: 'Your coach invites you to Bloom', status: 'sent', queuedAt: expect.any(String), sentAt: expect.any(String) },
    ]);
    expectNone(text, [...(await secretsOf(world)), world.casey.email!]);
  });

  it('lists an invitation to the confirmed address nobody has accepted, and the mail still waiting with its link, without the link', async () => {
    const outbox = await db().selectFrom('mail_outbox').select('data').where('recipient', '=', world.patAddress).executeTakeFirstOrThrow();
    expect(outbox.data).toContain(world.patToken);

    const { data, text } = await exportOf(world.pat.client);
    expect(data.invitations.addressedToYou).toEqual([
      {
        id: expect.any(String),
        coach: { id: world.casey.id, firstName: 'Casey', lastName: 'Coach' },
        addressedTo: { email: world.patAddress, firstName: 'Pat', lastName: 'Doe' },
        organizationName: expect.stringMatching(/^Acme/),
        groupName: 'No Group',
        sentAt: expect.any(String),
        expiresAt: expect.any(String),
      },
    ]);
    expect(data.invitations.accepted).toEqual([]);
    expect(data.mail).toEqual([
      { id: expect.any(String), to: world.patAddress, template: 'coach-invitation', subject: 'Casey Coach invites you to Bloom', status: 'retrying', queuedAt: expect.any(String), sentAt: null },
    ]);
    expectNone(text, [...(await secretsOf(world)), world.casey.email!, world.samAddress]);
  });

  it("gives anyone else none of it", async () => {
    const { data, text } = await exportOf(world.stranger.client);
    expect(data.invitations).toEqual({ sent: [], accepted: [], addressedToYou: [] });
    expect(data.mail).toEqual([]);
    expectNone(text, [world.samAddress, world.patAddress, world.robinAddress, world.casey.id]);
  });
});

describe('GET /api/user/ExportMyData: mail with Bloom’s own sign-in', () => {
  it('lists the mail about the account to its address before it is confirmed, other mail to it only once it is, never a link', async () => {
    const client = setup.server.client();
    const { person: signedUp } = await signIn(setup.server, client, { flow: 'end' });
    const to = signedUp.email.toLowerCase();
    const confirmation = await setup.catcher.waitFor((message) => message.to.includes(to) && /Confirm your e-mail/.test(message.subject), 10_000);
    const token = /token=([A-Za-z0-9_-]+)/.exec(confirmation.text)![1]!;
    const casey = await coach(setup.server, { firstName: 'Casey', lastName: 'Coach' });
    expect((await casey.client.post('/api/coach/InviteClient', { email: to })).status).toBe(201);
    const inviteToken = await caughtInvitationToken(to);

    // Not confirmed: whoever typed the address may not own it, so an invitation to it is not theirs to see.
    const before = await exportOf(client);
    expect(before.data.profile.email).toBeNull();
    expect(before.data.signInAccount).toMatchObject({ email: to, emailVerifiedAt: null });
    expect(before.data.mail).toEqual([expect.objectContaining({ to, template: 'verify-email', subject: 'Confirm your e-mail address for Bloom' })]);
    expect(before.data.invitations.addressedToYou).toEqual([]);
    expectNone(before.text, [token, sha256(token), 'token=', inviteToken, 'invite=']);

    expect((await postForm(setup.server, setup.server.client(), '/idp/verify', { token })).status).toBe(200);
    const after = await exportOf(client);
    expect(after.data.profile.email).toBe(to);
    const verifiedAt = (await db().selectFrom('identity_accounts').select('email_verified_at').where('email', '=', to).executeTakeFirstOrThrow()).email_verified_at;
    expect(verifiedAt).not.toBeNull();
    expect(after.data.signInAccount).toMatchObject({ email: to, emailVerifiedAt: verifiedAt });
    expect(after.data.mail.map((mail) => mail.template)).toEqual(['verify-email', 'coach-invitation']);
    expect(after.data.invitations.addressedToYou).toEqual([expect.objectContaining({ coach: { id: casey.id, firstName: 'Casey', lastName: 'Coach' }, addressedTo: { email: to, firstName: null, lastName: null } })]);
    expectNone(after.text, [token, sha256(token), 'token=', inviteToken, 'invite=']);
  });
});

describe('what erasure does with what the export lists', () => {
  it('forgets the accepted invitation and the mail with the person who accepted, a coach’s invitations with the coach, and leaves another coach’s pending invitation on that coach’s list', async () => {
    const world = await invitationWorld();
    const invitations = () => db().selectFrom('coach_invitations').select(['email', 'accepted_by']).where('coach_id', '=', world.casey.id).orderBy('created_at').orderBy('id').execute();
    const mailTo = (to: string) => db().selectFrom('mail_outbox').select('id').where('recipient', '=', to).execute();
    const erase = async (who: Person) => expect((await who.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);

    await erase(world.sam);
    expect(await invitations()).toEqual([
      { email: world.patAddress, accepted_by: null },
      { email: world.robinAddress, accepted_by: null },
    ]);
    expect(await mailTo(world.samAddress)).toEqual([]);

    // Pat's address is in Casey's invitation, which is Casey's record: it stays on her list (she may withdraw it); the mail to Pat goes.
    await erase(world.pat);
    expect((await world.casey.client.get<{ email: string }[]>('/api/coach/GetInvitations')).body.map((row) => row.email).sort()).toEqual([world.patAddress, world.robinAddress].sort());
    expect(await mailTo(world.patAddress)).toEqual([]);

    await erase(world.casey);
    expect(await invitations()).toEqual([]);
  });
});
