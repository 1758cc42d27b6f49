import { hash } from '@node-rs/argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { issueAccountToken } from '../src/idp/account-tokens';
import { RelyingParty } from '../src/auth/relying-party';
import { AccountStore, accountStoreFor } from '../src/idp/accounts';
import { DatabaseAdapter } from '../src/idp/adapter';
import { signInPassword } from '../src/idp/password-stamp';
import { pendingAddressOf } from '../src/idp/member-account';
import { ACCOUNT_ERROR_CODES } from '@bloom/contracts';
import { resetPassword } from '../src/idp/recovery';
import { callback, followToCallbackPage, formAction, getLoginUrl, onServer, openProviderLogin, postForm, signIn, type Person } from './auth-helpers';
import { startTestServer, type TestClient, type TestServer } from './harness';

/**
 * A password reset is not undone by a change from a session that was already under way (decision
 * 0068). ChangePassword, ChangeEmail and the sign-in's rehash check a password with argon2 outside
 * any transaction and write afterwards; each write now holds only over the hash that was checked.
 * The interleaving is made deterministic: the store's next argon2 step (hashing the new password,
 * or checking the current one) runs a complete reset before it answers. SQLite and PostgreSQL.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const RESET_PASSWORD = 'chosen through the reset link';
const original = { hashPassword: AccountStore.prototype.hashPassword, passwordMatches: AccountStore.prototype.passwordMatches };
afterEach(() => {
  AccountStore.prototype.hashPassword = original.hashPassword;
  AccountStore.prototype.passwordMatches = original.passwordMatches;
});

const db = () => server.database.db;
const accountOf = (email: string) => db().selectFrom('identity_accounts').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();

/** The owner follows a reset link (mailed to them) to the end: new password, every session ended. */
async function resetByOwner(email: string): Promise<void> {
  const account = await accountOf(email);
  const token = await issueAccountToken(db(), { accountId: account.id, purpose: 'reset-password', email: account.email });
  const outcome = await resetPassword(db(), server.config.appOrigin, accountStoreFor(db(), server.config), token, RESET_PASSWORD);
  expect(outcome.kind).toBe('done');
}

/** The next call of the store's `method` first lets the reset run to its end (once). */
function resetDuring(method: 'hashPassword' | 'passwordMatches', email: string): { ran: () => boolean } {
  let ran = false;
  const real = original[method] as (this: AccountStore, ...args: unknown[]) => Promise<unknown>;
  (AccountStore.prototype as unknown as Record<string, unknown>)[method] = async function (this: AccountStore, ...args: unknown[]) {
    const answer = await real.apply(this, args);
    if (!ran) {
      ran = true;
      AccountStore.prototype[method] = original[method] as never;
      await resetByOwner(email);
    }
    return answer;
  };
  return { ran: () => ran };
}

async function member(): Promise<{ browser: TestClient; person: Person }> {
  const browser = server.client();
  const { person } = await signIn(server, browser);
  return { browser, person };
}

async function passwordIs(email: string, password: string): Promise<boolean> {
  return accountStoreFor(db(), server.config).passwordMatches(await accountOf(email), password);
}

describe('a password reset during a change from a session', () => {
  it('ChangePassword does not overwrite the password the reset chose: 409', async () => {
    const { browser, person } = await member();
    const race = resetDuring('hashPassword', person.email);
    const changed = await browser.post('/api/user/ChangePassword', { currentPassword: person.password, newPassword: 'chosen by the session holder' });
    expect(race.ran()).toBe(true);
    expect(changed.status, changed.text).toBe(409);
    expect(changed.body.error).toEqual({ code: ACCOUNT_ERROR_CODES.passwordChangedMeanwhile, message: expect.stringMatching(/changed while this request was under way/) });
    expect(await passwordIs(person.email, RESET_PASSWORD)).toBe(true);
    expect(await passwordIs(person.email, 'chosen by the session holder')).toBe(false);
    // The reset ended the session that asked, too.
    expect((await browser.get('/api/user/GetAccount')).status).toBe(401);
  });

  it('ChangeEmail leaves no address change behind once the reset has withdrawn them: 409', async () => {
    const { browser, person } = await member();
    const account = await accountOf(person.email);
    const newEmail = `taker.${Date.now()}@bloom.test`;
    const race = resetDuring('passwordMatches', person.email);
    const asked = await browser.post('/api/user/ChangeEmail', { currentPassword: person.password, newEmail });
    expect(race.ran()).toBe(true);
    expect(asked.status, asked.text).toBe(409);
    expect(asked.body.error.code).toBe(ACCOUNT_ERROR_CODES.passwordChangedMeanwhile);
    expect(await pendingAddressOf(db(), account.id)).toBeNull();
    expect(await db().selectFrom('mail_outbox').select('id').where('recipient', '=', newEmail).execute()).toEqual([]);
  });
});

describe('a password reset during a sign-in that rehashes', () => {
  it('the old password is not written back over the new one, and does not sign in', async () => {
    const { person } = await member();
    // A hash made with other settings than this deployment's: the next sign-in upgrades it.
    const old = await hash(person.password, { memoryCost: 8 * 1024, timeCost: 1, parallelism: 1 });
    await db().updateTable('identity_accounts').set({ password_hash: old }).where('email', '=', person.email.toLowerCase()).execute();

    const race = resetDuring('hashPassword', person.email);
    const browser = server.client();
    const { page } = await openProviderLogin(server, browser, await getLoginUrl(browser, 'beginning'));
    const response = await postForm(server, browser, formAction(page), { email: person.email, password: person.password });
    expect(race.ran()).toBe(true);
    expect(response.status).toBe(401);
    expect(await passwordIs(person.email, RESET_PASSWORD)).toBe(true);
    expect(await passwordIs(person.email, person.password)).toBe(false);
  });

  it('two sign-ins rehashing the same password at once both succeed', async () => {
    const { person } = await member();
    const old = await hash(person.password, { memoryCost: 8 * 1024, timeCost: 1, parallelism: 1 });
    await db().updateTable('identity_accounts').set({ password_hash: old }).where('email', '=', person.email.toLowerCase()).execute();
    const store = accountStoreFor(db(), server.config);
    const [first, second] = await Promise.all([store.authenticate(person.email, person.password), store.authenticate(person.email, person.password)]);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await passwordIs(person.email, person.password)).toBe(true);
  });
});

/**
 * A reset (or a change from another session) that lands while someone is signing in with the old
 * password must not leave them signed in (decision 0073): the reset ends the sessions and provider
 * state that exist when it commits, and everything this sign-in makes afterwards is refused too.
 * Each test runs the owner's reset at one step of the sign-in and then lets the browser go on.
 */
describe('a password reset during a sign-in with the old password', () => {
  const realAuthenticate = AccountStore.prototype.authenticate;
  const realUpsert = DatabaseAdapter.prototype.upsert;
  const realFinishLogin = RelyingParty.prototype.finishLogin;
  const realStillCurrent = signInPassword.stillCurrent;
  afterEach(() => {
    AccountStore.prototype.authenticate = realAuthenticate;
    DatabaseAdapter.prototype.upsert = realUpsert;
    RelyingParty.prototype.finishLogin = realFinishLogin;
    signInPassword.stillCurrent = realStillCurrent;
  });

  const providerStateOf = async (accountId: string) =>
    (await db().selectFrom('oidc_store').select('model').where('payload', 'like', `%"accountId":"${accountId}"%`).execute()).map((row) => row.model);

  /** Someone who knows the password (a squatter of the address, say) opens the log-in form in a browser of their own. */
  async function logInForm(): Promise<{ browser: TestClient; action: string; uid: string }> {
    const browser = server.client();
    const { interactionPath, page } = await openProviderLogin(server, browser, await getLoginUrl(browser, 'beginning'));
    return { browser, action: formAction(page), uid: interactionPath.split('/').pop()! };
  }

  it('during the password check: the form says the password is not right, and nothing of the sign-in remains', async () => {
    const { person } = await member();
    const account = await accountOf(person.email);
    let ran = false;
    AccountStore.prototype.authenticate = async function (this: AccountStore, email: string, password: string) {
      const answer = await realAuthenticate.call(this, email, password);
      AccountStore.prototype.authenticate = realAuthenticate;
      ran = true;
      await resetByOwner(person.email);
      return answer;
    };
    const { browser, action, uid } = await logInForm();
    const response = await postForm(server, browser, action, { email: person.email, password: person.password });
    expect(ran).toBe(true);
    expect(response.status, response.text).toBe(401);
    expect(response.text).toContain('The e-mail address or password is not right.');
    expect(await providerStateOf(account.id)).toEqual([]);
    // The provider's resume address is known from the page's: going there anyway signs in no one.
    const resume = await browser.get(onServer(server, `/idp/auth/${uid}`));
    expect(resume.headers.get('location') ?? '').not.toContain('code=');
    expect((await browser.get('/api/user/GetAccount')).status).toBe(401);
  });

  it('while the provider finishes the sign-in it had already accepted: the callback refuses it', async () => {
    const { person } = await member();
    const account = await accountOf(person.email);
    let ran = false;
    DatabaseAdapter.prototype.upsert = async function (this: DatabaseAdapter, id: string, payload: Record<string, unknown>, expiresIn?: number) {
      // The resume has read the interaction and now saves what it made of it: the reset lands first.
      if (!ran && payload.accountId === account.id && (this as unknown as { model: string }).model === 'Grant') {
        ran = true;
        await resetByOwner(person.email);
      }
      return realUpsert.call(this, id, payload, expiresIn);
    };
    const { browser, action } = await logInForm();
    const response = await postForm(server, browser, action, { email: person.email, password: person.password });
    const { code, state } = await followToCallbackPage(server, browser, response);
    expect(ran).toBe(true);
    const finished = await callback(browser, 'beginning', code, state);
    expect(finished.status, finished.text).toBe(400);
    expect(finished.body.error.code).toBe('login_rejected');
    expect((await browser.get('/api/user/GetAccount')).status).toBe(401);
  });

  it('after the code was exchanged, before Bloom’s session starts: the callback refuses it', async () => {
    const { person } = await member();
    let ran = false;
    RelyingParty.prototype.finishLogin = async function (this: RelyingParty, input) {
      const answer = await realFinishLogin.call(this, input);
      RelyingParty.prototype.finishLogin = realFinishLogin;
      ran = true;
      await resetByOwner(person.email);
      return answer;
    };
    const { browser, action } = await logInForm();
    const response = await postForm(server, browser, action, { email: person.email, password: person.password });
    const { code, state } = await followToCallbackPage(server, browser, response);
    const finished = await callback(browser, 'beginning', code, state);
    expect(ran).toBe(true);
    expect(finished.status, finished.text).toBe(400);
    expect(finished.body.error.code).toBe('login_rejected');
    expect((await browser.get('/api/user/GetAccount')).status).toBe(401);
  });

  it('while Bloom starts the session, after its first look at the password: the session it started ends', async () => {
    const { person } = await member();
    const { browser, action } = await logInForm();
    const response = await postForm(server, browser, action, { email: person.email, password: person.password });
    const { code, state } = await followToCallbackPage(server, browser, response);
    let ran = false;
    signInPassword.stillCurrent = async function (...args) {
      const answer = await realStillCurrent.apply(this, args);
      signInPassword.stillCurrent = realStillCurrent;
      ran = true;
      await resetByOwner(person.email);
      return answer;
    };
    const finished = await callback(browser, 'beginning', code, state);
    expect(ran).toBe(true);
    expect(finished.status, finished.text).toBe(400);
    expect(finished.body.error.code).toBe('login_rejected');
    expect((await browser.get('/api/user/GetAccount')).status).toBe(401);
  });

  it('the owner signs in with the new password as usual', async () => {
    const { person } = await member();
    await resetByOwner(person.email);
    const browser = server.client();
    await signIn(server, browser, { person: { ...person, password: RESET_PASSWORD }, existing: true });
    expect((await browser.get('/api/user/GetAccount')).status).toBe(200);
  });
});
