import { describe, expect, it } from 'vitest';
import { sha256 } from '../src/lib/crypto';
import { COMMON_PASSWORD_MESSAGE } from '../src/idp/password-policy';
import { INTERACTION_TTL_SECONDS } from '../src/idp/provider';
import { callback, followToCallbackPage, formAction, getLoginUrl, newPerson, onServer, openProviderLogin, postForm, signIn, type Person } from './auth-helpers';
import type { TestClient } from './harness';
import type { CaughtMail } from './mail-catcher';
import { serverWithMailCatcher } from './support/mail-server';
import { enqueueMail } from '../src/mail';

/**
 * Issue 25 §2–3 (DESIGN.md §12, decision 0028): the embedded provider's mailed links. Mail goes
 * through a real SMTP server in this process (mail-catcher.ts), and each link is followed as a
 * browser would. Runs on SQLite and PostgreSQL.
 */
const ADMIN = 'recovery-admin@bloom.test';
/** A second admin address, one that an existing account is asked to move to. */
const ADMIN_TO_MOVE_TO = 'recovery-admin-two@bloom.test';
// TRUST_PROXY: each test names its own client address, so the per-address limits of one never touch another.
const setup = serverWithMailCatcher({ ADMIN_EMAILS: `${ADMIN}, ${ADMIN_TO_MOVE_TO}`, TRUST_PROXY: 'true' });

let addressCounter = 0;
/** A client address of its own (X-Forwarded-For, honoured with TRUST_PROXY). */
const ownAddress = () => ({ 'x-forwarded-for': `198.51.100.${++addressCounter}` });

const LINK = /http:\/\/127\.0\.0\.1(\/idp\/(?:verify|reset)\?token=[A-Za-z0-9_-]{43})/;

/** The newest message of `template`'s subject to `to`, waiting for it; `after` skips ones already seen. */
async function mailTo(to: string, subject: RegExp, after = 0): Promise<CaughtMail> {
  return setup.catcher.waitFor((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject) && setup.catcher.messages.indexOf(mail) >= after, 10_000);
}

function linkIn(mail: CaughtMail): { path: string; token: string } {
  const match = LINK.exec(mail.text);
  if (!match) throw new Error(`no link in:\n${mail.text}`);
  return { path: match[1]!, token: new URL(match[1]!, 'http://x').searchParams.get('token')! };
}

/** Sign-up's confirmation ("Confirm your e-mail address") and a new address's ("Confirm your new e-mail address"). */
const VERIFY_SUBJECT = /Confirm your (new )?e-mail address/;
const RESET_SUBJECT = /Reset your Bloom password/;
const CHANGED_SUBJECT = /password was changed/;

/** Signs a new person up through the provider and returns them with their browser and the confirmation mail. */
async function signUp(overrides: Partial<Person> = {}) {
  const before = setup.catcher.messages.length;
  const browser = setup.server.client();
  const { person, response } = await signIn(setup.server, browser, { person: newPerson(overrides) });
  const mail = await mailTo(person.email, VERIFY_SUBJECT, before);
  return { person, browser, userId: response.body.user.id as string, mail };
}

async function logIn(browser: TestClient, person: Pick<Person, 'email' | 'password'>) {
  const { page } = await openProviderLogin(setup.server, browser, await getLoginUrl(browser, 'beginning'));
  return postForm(setup.server, browser, formAction(page), { email: person.email, password: person.password }, ownAddress());
}

async function logInFully(browser: TestClient, person: Pick<Person, 'email' | 'password'>) {
  const response = await logIn(browser, person);
  expect(response.status, response.text).toBe(303);
  const { code, state } = await followToCallbackPage(setup.server, browser, response);
  const signedIn = await callback(browser, 'beginning', code, state);
  expect(signedIn.status, signedIn.text).toBe(200);
  return signedIn;
}

async function accountOf(email: string) {
  return setup.server.database.db.selectFrom('identity_accounts').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
}

async function tokenRow(token: string) {
  return setup.server.database.db.selectFrom('account_tokens').selectAll().where('id', '=', sha256(token)).executeTakeFirstOrThrow();
}

/** Every row of the tables that could hold a token, as text. */
async function databaseText(): Promise<string> {
  const db = setup.server.database.db;
  const tables = ['account_tokens', 'identity_accounts', 'users', 'sessions', 'oidc_store', 'rate_limits', 'app_secrets', 'login_transactions'] as const;
  const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));
  // The outbox keeps a message's values only until it is sent (mail/dispatcher.ts): wait for that.
  await expect.poll(async () => (await db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute()).length, { timeout: 10_000 }).toBe(0);
  const outbox = await db.selectFrom('mail_outbox').selectAll().execute();
  return JSON.stringify([...rows, outbox]);
}

async function forgot(browser: TestClient, email: string, headers = ownAddress()) {
  const page = await browser.get(onServer(setup.server, '/idp/forgot'));
  expect(page.status).toBe(200);
  return postForm(setup.server, browser, formAction(page.text), { email }, headers);
}

async function expire(token: string) {
  await setup.server.database.db.updateTable('account_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', sha256(token)).execute();
}

describe('confirming the address after sign-up', () => {
  it('mails a link valid for 7 days, stores only its hash, and the account works before it is followed', async () => {
    const { person, browser, userId, mail } = await signUp({ firstName: 'Vera' });
    expect(mail.text).toContain('Hello Vera,');
    const { path, token } = linkIn(mail);
    expect(path.startsWith('/idp/verify?token=')).toBe(true);

    const row = await tokenRow(token);
    expect(row).toMatchObject({ purpose: 'verify-email', email: person.email.toLowerCase(), used_at: null });
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(7 * 24 * 60 * 60 * 1000);
    expect(await databaseText()).not.toContain(token);

    // Signed in and working, but the address is not one the provider vouches for yet.
    expect((await browser.get('/api/user/getCurrentUser')).body.userRoles).toEqual(['Member']);
    expect((await browser.get('/api/user/GetAccount')).body).toEqual({ email: person.email.toLowerCase(), emailVerified: false, pendingEmail: null, managedBy: 'bloom' });
    const user = await setup.server.database.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.email).toBeNull();
  });

  it('shows a button (a mail scanner opening the link confirms nothing), confirms once, and the claim follows', async () => {
    const { person, browser, userId, mail } = await signUp();
    const { path, token } = linkIn(mail);
    const reader = setup.server.client();
    const page = await reader.get(onServer(setup.server, path));
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('Confirm my address');
    expect(page.text).toContain(person.email.toLowerCase());
    expect((await accountOf(person.email)).email_verified_at).toBeNull();

    const confirmed = await postForm(setup.server, reader, formAction(page.text), { token }, ownAddress());
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.text).toContain('Your e-mail address is confirmed');
    expect((await accountOf(person.email)).email_verified_at).not.toBeNull();
    expect((await browser.get('/api/user/GetAccount')).body).toMatchObject({ emailVerified: true });
    const user = await setup.server.database.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.email).toBe(person.email.toLowerCase());

    // Once only.
    const again = await postForm(setup.server, reader, '/idp/verify', { token }, ownAddress());
    expect(again.status).toBe(410);
    expect(again.text).toContain('This link has already been used');
    expect((await reader.get(onServer(setup.server, path))).status).toBe(410);

    // The provider's email_verified claim now says true: a later sign-in fills users.email from it alone.
    await setup.server.database.db.updateTable('users').set({ email: null }).where('id', '=', userId).execute();
    await setup.server.database.sessionCache?.caughtUp(); // PostgreSQL: the change reaches the session cache by NOTIFY (decision 0035)
    await logInFully(setup.server.client(), person);
    expect((await setup.server.database.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email).toBe(person.email.toLowerCase());
  });

  it('an address in ADMIN_EMAILS makes an admin only once confirmed with a new password: whoever opened the account loses it (decision 0059)', async () => {
    // Someone else opens an account with the admin's address, choosing its password.
    const { person: squatter, browser, mail } = await signUp({ email: ADMIN.toUpperCase(), firstName: 'Sam' });
    expect((await browser.get('/api/user/getCurrentUser')).body.userRoles).toEqual(['Member']);
    expect((await browser.get('/api/data/ExportCsv')).status).toBe(403);

    // The address's owner follows the confirmation link: the page asks for a new password.
    const { path, token } = linkIn(mail);
    const owner = setup.server.client();
    const page = await owner.get(onServer(setup.server, path));
    expect(page.status).toBe(200);
    expect(page.text).toContain('administrator rights');
    expect(page.text).toMatch(/<input[^>]*type="password"[^>]*autocomplete="new-password"/);

    // Without one, or with one the policy refuses, nothing is confirmed.
    const bare = await postForm(setup.server, owner, formAction(page.text), { token }, ownAddress());
    expect(bare.status).toBe(400);
    const weak = await postForm(setup.server, owner, '/idp/verify', { token, password: 'short' }, ownAddress());
    expect(weak.status).toBe(400);
    expect(weak.text).toContain('Use at least 10 characters.');
    expect(weak.text).toContain(`value="${token}"`);
    expect((await accountOf(ADMIN)).email_verified_at).toBeNull();
    expect((await tokenRow(token)).used_at).toBeNull();
    expect((await browser.get('/api/user/getCurrentUser')).body.userRoles).toEqual(['Member']);

    const before = setup.catcher.messages.length;
    const confirmed = await postForm(setup.server, owner, '/idp/verify', { token, password: 'the owner chose this one' }, ownAddress());
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.text).toContain('Your e-mail address is confirmed');
    expect(confirmed.text).toContain('signed out of Bloom everywhere');
    await mailTo(ADMIN, CHANGED_SUBJECT, before);

    // The squatter's session ended, and their password opens nothing; the owner's makes an admin.
    expect((await browser.get('/api/user/getCurrentUser')).status).toBe(204);
    expect((await browser.get('/api/data/ExportCsv')).status).toBe(401);
    expect((await logIn(setup.server.client(), squatter)).status).toBe(401);
    const admin = setup.server.client();
    await logInFully(admin, { email: ADMIN, password: 'the owner chose this one' });
    expect((await admin.get('/api/user/getCurrentUser')).body.userRoles).toEqual(['Member', 'Admin']);
    expect((await admin.get('/api/data/ExportCsv')).status).toBe(200);
  });

  it('an account moved to an address in ADMIN_EMAILS takes the password its owner chooses there (decision 0059)', async () => {
    const { person: mover, browser } = await signUp({ firstName: 'Max' });
    const before = setup.catcher.messages.length;
    expect((await browser.post('/api/user/ChangeEmail', { currentPassword: mover.password, newEmail: ADMIN_TO_MOVE_TO })).status).toBe(200);
    const { path, token } = linkIn(await mailTo(ADMIN_TO_MOVE_TO, VERIFY_SUBJECT, before));

    const owner = setup.server.client();
    const page = await owner.get(onServer(setup.server, path));
    expect(page.text).toContain('Confirm your new e-mail address');
    expect(page.text).toContain('administrator rights');
    const bare = await postForm(setup.server, owner, formAction(page.text), { token }, ownAddress());
    expect(bare.status).toBe(400);
    expect(bare.text).toContain('Use this address');
    expect((await browser.get('/api/user/GetAccount')).body).toMatchObject({ email: mover.email.toLowerCase() });

    const changed = await postForm(setup.server, owner, '/idp/verify', { token, password: 'the owner chose this one' }, ownAddress());
    expect(changed.status, changed.text).toBe(200);
    expect(changed.text).toContain('Your e-mail address has been changed');
    expect((await browser.get('/api/user/GetAccount')).status).toBe(401);
    expect((await logIn(setup.server.client(), { email: ADMIN_TO_MOVE_TO, password: mover.password })).status).toBe(401);
    const admin = setup.server.client();
    await logInFully(admin, { email: ADMIN_TO_MOVE_TO, password: 'the owner chose this one' });
    expect((await admin.get('/api/user/getCurrentUser')).body.userRoles).toEqual(['Member', 'Admin']);
  });

  it('an expired link confirms nothing, and a new one can be asked for from the account page (not after confirming)', async () => {
    const { person, browser, mail } = await signUp();
    const { path, token } = linkIn(mail);
    await expire(token);
    const page = await setup.server.client().get(onServer(setup.server, path));
    expect(page.status).toBe(410);
    expect(page.text).toContain('This link has expired');
    expect((await postForm(setup.server, setup.server.client(), '/idp/verify', { token }, ownAddress())).status).toBe(410);
    expect((await accountOf(person.email)).email_verified_at).toBeNull();

    const before = setup.catcher.messages.length;
    const resent = await browser.post('/api/user/ResendVerificationEmail');
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body).toEqual({ sentTo: person.email.toLowerCase() });
    const fresh = linkIn(await mailTo(person.email, VERIFY_SUBJECT, before));
    expect(fresh.token).not.toBe(token);
    expect((await postForm(setup.server, setup.server.client(), '/idp/verify', { token: fresh.token }, ownAddress())).status).toBe(200);
    const done = await browser.post('/api/user/ResendVerificationEmail');
    expect(done.status).toBe(409);
    expect(done.body.error.code).toBe('already_verified');
  });

  it('sends at most five links an hour from the account page', async () => {
    const { browser } = await signUp();
    for (let index = 0; index < 5; index++) expect((await browser.post('/api/user/ResendVerificationEmail')).status).toBe(200);
    const refused = await browser.post('/api/user/ResendVerificationEmail');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers an unknown or malformed link with a page, never an error', async () => {
    for (const token of ['', 'short', 'A'.repeat(43), '<script>alert(1)</script>']) {
      const page = await setup.server.client().get(onServer(setup.server, `/idp/verify?token=${encodeURIComponent(token)}`));
      expect(page.status).toBe(404);
      expect(page.text).toContain('This link is not valid');
      expect(page.text).not.toContain('<script>alert');
    }
  });
});

describe('forgot password', () => {
  it('is reached from the log-in page and leads back to it', async () => {
    const browser = setup.server.client();
    const { interactionPath, page } = await openProviderLogin(setup.server, browser, await getLoginUrl(browser, 'beginning'));
    expect(page).toContain(`formaction="${interactionPath}/open/forgot" formmethod="post" formnovalidate>Forgot password?</button>`);
    const form = await browser.get(onServer(setup.server, `${interactionPath}/forgot`));
    expect(form.status).toBe(200);
    expect(formAction(form.text)).toBe(`${interactionPath}/forgot`);
    expect(form.text).toContain(`formaction="${interactionPath}/open/login" formmethod="post" formnovalidate form="forgot-form">Back to log in</button>`);
  });

  it('keeps the address typed on the log-in page, and takes it back there and to sign-up, out of every URL (WCAG 3.3.7)', async () => {
    const { person } = await signUp();
    const browser = setup.server.client();
    const { interactionPath, page } = await openProviderLogin(setup.server, browser, await getLoginUrl(browser, 'beginning'));
    const typed = person.email;
    const boxHolds = (html: string) => expect(html).toMatch(new RegExp(`id="email"[^>]*value="${typed.replace(/[.+]/g, '\\$&')}"`));
    const noAddressIn = (url: string) => expect(url.includes('@') || url.includes('%40'), url).toBe(false);
    /** Presses the button labelled `label` on `html`, posting `fields`: the address is kept for this sign-in page, and the page follows. */
    const press = async (html: string, label: string, fields: Record<string, string>) => {
      const match = new RegExp(`formaction="([^"]+)"[^>]*>${label}</button>`).exec(html);
      expect(match, html).not.toBeNull();
      const posted = await postForm(setup.server, browser, match![1]!, fields, ownAddress());
      expect(posted.status, posted.text).toBe(303);
      const location = posted.headers.get('location')!;
      noAddressIn(location);
      expect(posted.headers.get('set-cookie')).toMatch(new RegExp(`^bloom_typed_address=[^;]+; Max-Age=${INTERACTION_TTL_SECONDS}; Path=${interactionPath}; HttpOnly; SameSite=Lax$`));
      const shown = await browser.get(onServer(setup.server, location));
      expect(shown.status).toBe(200);
      return { location, text: shown.text };
    };
    // A failed log-in keeps the address in its box …
    const failed = await postForm(setup.server, browser, formAction(page), { email: typed, password: 'not the password' }, ownAddress());
    expect(failed.status).toBe(401);
    boxHolds(failed.text);
    const before = setup.catcher.messages.length;
    const attempts = async () => JSON.stringify(await setup.server.database.db.selectFrom('rate_limits').selectAll().execute());
    const counted = await attempts();

    // … and "Forgot password?" posts the log-in form (password and all): the reset form opens with it, nothing is sent.
    const forgotForm = await press(failed.text, 'Forgot password\\?', { email: typed, password: 'not the password' });
    expect(forgotForm.location).toBe(`${interactionPath}/forgot`);
    expect(forgotForm.text).toContain('<h1>Reset your password</h1>');
    boxHolds(forgotForm.text);
    expect(formAction(forgotForm.text)).toBe(`${interactionPath}/forgot`);

    // "Back to log in" brings it back, and leaves the password to type.
    const back = await press(forgotForm.text, 'Back to log in', { email: typed });
    expect(back.location).toBe(`${interactionPath}/login`);
    expect(back.text).toContain('<h1>Log in to Bloom</h1>');
    boxHolds(back.text);
    expect(back.text).toMatch(/id="password"[^>]*autofocus/);

    // "Create your account", and its "Log in", likewise.
    const signup = await press(back.text, 'Create your account', { email: typed, password: '' });
    expect(signup.location).toBe(`${interactionPath}/signup`);
    expect(signup.text).toContain('<h1>Create your Bloom account</h1>');
    boxHolds(signup.text);
    const logIn = await press(signup.text, 'Log in', { firstName: 'A', lastName: 'B', email: typed, password: '' });
    boxHolds(logIn.text);
    // Pages opened again (Back, reload) still hold it; another browser's do not.
    boxHolds((await browser.get(onServer(setup.server, interactionPath))).text);
    expect((await setup.server.client().get(onServer(setup.server, `${interactionPath}/forgot`))).text).toMatch(/id="email"[^>]*value=""/);

    // None of it counted as an attempt or sent a mail, and no page put the address in a URL.
    expect(await attempts()).toBe(counted);
    await databaseText();
    expect(setup.catcher.messages.slice(before)).toEqual([]);
    for (const html of [failed.text, forgotForm.text, back.text, signup.text, logIn.text]) {
      for (const [, url] of html.matchAll(/(?:href|action|formaction)="([^"]*)"/g)) noAddressIn(url!);
    }

    // The answer to a sent request leads back with the address it was sent to.
    const sent = await postForm(setup.server, browser, `${interactionPath}/forgot`, { email: typed }, ownAddress());
    expect(sent.status).toBe(200);
    expect(sent.text).toContain(`<form method="post" action="${interactionPath}/open/login" class="switch">`);
    expect(sent.text).toContain(`<input type="hidden" name="email" value="${typed}">`);

    // Signed in, the address is forgotten with the sign-in page.
    const signedIn = await postForm(setup.server, browser, formAction(logIn.text), { email: typed, password: person.password }, ownAddress());
    expect(signedIn.status, signedIn.text).toBe(303);
    expect(signedIn.headers.get('set-cookie')).toContain(`bloom_typed_address=; Max-Age=0; Path=${interactionPath}`);
  });

  it('carries the address only for a form from Bloom, and only into a live sign-in page', async () => {
    const browser = setup.server.client();
    const { interactionPath } = await openProviderLogin(setup.server, browser, await getLoginUrl(browser, 'beginning'));
    for (const page of ['forgot', 'signup', 'login']) {
      const forged = await postForm(setup.server, browser, `${interactionPath}/open/${page}`, { email: 'someone@bloom.test' }, { 'sec-fetch-site': 'cross-site', ...ownAddress() });
      expect(forged.status).toBe(403);
      expect(forged.headers.get('set-cookie')).toBeNull();
    }
    expect((await browser.get(onServer(setup.server, `${interactionPath}/login`))).text).toMatch(/id="email"[^>]*value=""/);
    // Another browser, without the sign-in page's cookie: not its page, so back into Bloom (the reset form, which needs none, opens).
    const stranger = setup.server.client();
    for (const page of ['signup', 'login']) {
      const posted = await postForm(setup.server, stranger, `${interactionPath}/open/${page}`, { email: 'someone@bloom.test' }, ownAddress());
      expect(posted.status).toBe(303);
      const shown = await stranger.get(onServer(setup.server, posted.headers.get('location')!));
      expect(shown.status).toBe(303);
      expect(new URL(shown.headers.get('location')!, 'http://x').pathname).not.toContain('/idp/');
    }
    // A made-up sign-in page id goes into no path or cookie.
    const madeUp = await postForm(setup.server, browser, '/idp/interaction/a%3Bb/open/login', { email: 'someone@bloom.test' }, ownAddress());
    expect(madeUp.status).toBe(400);
    expect(madeUp.headers.get('set-cookie')).toBeNull();
  });

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const { person } = await signUp();
    const before = setup.catcher.messages.length;
    const nobody = `nobody.${Date.now()}@bloom.test`;
    const known = await forgot(setup.server.client(), person.email);
    const unknown = await forgot(setup.server.client(), nobody);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    // Word for word the same page, but for the address the person typed.
    expect(known.text.replaceAll(person.email, 'ADDRESS')).toBe(unknown.text.replaceAll(nobody, 'ADDRESS'));
    expect(known.text).toContain('If an account exists for');
    const mail = await mailTo(person.email, RESET_SUBJECT, before);
    expect(linkIn(mail).path.startsWith('/idp/reset?token=')).toBe(true);
    // Give the dispatcher time to send anything else it had: only the known address got mail.
    await databaseText();
    expect(setup.catcher.messages.slice(before).filter((message) => message.to.some((to) => to.startsWith('nobody.')))).toEqual([]);
  });

  it('refuses a malformed address on the form, and refuses CSRF', async () => {
    const browser = setup.server.client();
    const bad = await forgot(browser, 'not an address');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Error: Enter an e-mail address like name@example.com.');
    const forged = await postForm(setup.server, browser, '/idp/forgot', { email: 'someone@bloom.test' }, { 'sec-fetch-site': 'cross-site', ...ownAddress() });
    expect(forged.status).toBe(403);
  });

  it('cannot be used to flood an inbox or from one machine: three links an hour per address, ten requests per 15 minutes per client', async () => {
    const { person } = await signUp();
    const before = setup.catcher.messages.length;
    for (let index = 0; index < 5; index++) expect((await forgot(setup.server.client(), person.email)).status).toBe(200);
    await databaseText();
    expect(setup.catcher.to(person.email.toLowerCase()).filter((mail) => RESET_SUBJECT.test(mail.subject) && setup.catcher.messages.indexOf(mail) >= before)).toHaveLength(3);

    const oneMachine = ownAddress();
    for (let index = 0; index < 10; index++) expect((await forgot(setup.server.client(), `flood${index}@bloom.test`, oneMachine)).status).toBe(200);
    const refused = await forgot(setup.server.client(), 'flood-last@bloom.test', oneMachine);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.text).toContain('Too many requests');
  });
});

describe('resetting the password', () => {
  async function resetLinkFor(person: Person) {
    const before = setup.catcher.messages.length;
    expect((await forgot(setup.server.client(), person.email)).status).toBe(200);
    return linkIn(await mailTo(person.email, RESET_SUBJECT, before));
  }

  it('works once, within 30 minutes, under the password policy, and ends every session of the account', async () => {
    const { person, browser, mail: verifyMail } = await signUp({ firstName: 'Rosa' });
    // A second browser signed in to the same account, and the provider's own session and grant.
    const other = setup.server.client();
    await logInFully(other, person);
    expect((await other.get('/api/user/GetAccount')).status).toBe(200);
    const accountId = (await accountOf(person.email)).id;
    const providerRows = () => setup.server.database.db.selectFrom('oidc_store').select('model').where('payload', 'like', `%"accountId":"${accountId}"%`).execute();
    expect((await providerRows()).map((row) => row.model)).toEqual(expect.arrayContaining(['Session', 'Grant']));

    const { path, token } = await resetLinkFor(person);
    const row = await tokenRow(token);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(30 * 60 * 1000);
    expect(await databaseText()).not.toContain(token);

    const reader = setup.server.client();
    const form = await reader.get(onServer(setup.server, path));
    expect(form.status).toBe(200);
    expect(form.text).toContain('Choose a new password');
    expect(form.text).toContain('autocomplete="new-password"');

    const common = await postForm(setup.server, reader, formAction(form.text), { token, password: 'password123' }, ownAddress());
    expect(common.status).toBe(400);
    expect(common.text).toContain(`Error: ${COMMON_PASSWORD_MESSAGE}`);
    const short = await postForm(setup.server, reader, '/idp/reset', { token, password: 'short' }, ownAddress());
    expect(short.status).toBe(400);
    expect(short.text).toContain('Use at least 10 characters.');
    expect((await tokenRow(token)).used_at).toBeNull();

    const before = setup.catcher.messages.length;
    const done = await postForm(setup.server, reader, '/idp/reset', { token, password: 'a brand new long password' }, ownAddress());
    expect(done.status, done.text).toBe(200);
    expect(done.text).toContain('Your password has been changed');

    // Every Bloom session of the account is gone: the old cookies are nobody's now.
    expect((await browser.get('/api/user/GetAccount')).status).toBe(401);
    expect((await browser.get('/api/user/getCurrentUser')).status).toBe(204);
    expect((await other.get('/api/user/GetAccount')).status).toBe(401);
    expect(await providerRows()).toEqual([]);
    const notice = await mailTo(person.email, CHANGED_SUBJECT, before);
    expect(notice.text).toContain('Hello Rosa,');
    // The app's long date (spec 01 §9: "November 26, 2026"), then the time in UTC.
    expect(notice.text).toMatch(/When: (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC/);

    // Once only.
    const again = await postForm(setup.server, reader, '/idp/reset', { token, password: 'yet another long password' }, ownAddress());
    expect(again.status).toBe(410);
    expect(again.text).toContain('This link has already been used');
    expect((await reader.get(onServer(setup.server, path))).status).toBe(410);

    // The old password no longer opens the account; the new one does.
    expect((await logIn(setup.server.client(), person)).status).toBe(401);
    await logInFully(setup.server.client(), { email: person.email, password: 'a brand new long password' });

    // Following the link proved the address, which was not yet confirmed.
    expect((await accountOf(person.email)).email_verified_at).not.toBeNull();
    // …so sign-up's link has nothing left to do.
    expect((await postForm(setup.server, setup.server.client(), '/idp/verify', { token: linkIn(verifyMail).token }, ownAddress())).status).toBe(410);
  });

  it('an expired link shows the page that asks for a new one, and changes nothing', async () => {
    const { person } = await signUp();
    const { path, token } = await resetLinkFor(person);
    await expire(token);
    const page = await setup.server.client().get(onServer(setup.server, path));
    expect(page.status).toBe(410);
    expect(page.text).toContain('This link has expired');
    expect(page.text).toContain('href="/idp/forgot"');
    const late = await postForm(setup.server, setup.server.client(), '/idp/reset', { token, password: 'a brand new long password' }, ownAddress());
    expect(late.status).toBe(410);
    expect((await logIn(setup.server.client(), person)).status).toBe(303);
  });

  it('a reset link does nothing once the account has another address', async () => {
    const { person, browser } = await signUp();
    const { token } = await resetLinkFor(person);
    const newEmail = `moved.${Date.now()}@bloom.test`;
    const before = setup.catcher.messages.length;
    expect((await browser.post('/api/user/ChangeEmail', { currentPassword: person.password, newEmail })).status).toBe(200);
    const confirm = linkIn(await mailTo(newEmail, VERIFY_SUBJECT, before));
    expect((await postForm(setup.server, setup.server.client(), '/idp/verify', { token: confirm.token }, ownAddress())).status).toBe(200);
    expect((await postForm(setup.server, setup.server.client(), '/idp/reset', { token, password: 'a brand new long password' }, ownAddress())).status).toBe(410);
  });

  it('withdraws a pending address change when another is asked for, and when the password is reset or changed', async () => {
    // Someone who knew the password asks to move the account to their own address; the owner
    // throws them out with a reset. Their link must not then take the account.
    const { person, browser } = await signUp();
    const askFor = async (who: TestClient, password: string, newEmail: string) => {
      const before = setup.catcher.messages.length;
      expect((await who.post('/api/user/ChangeEmail', { currentPassword: password, newEmail })).status).toBe(200);
      return linkIn(await mailTo(newEmail, VERIFY_SUBJECT, before)).token;
    };
    const follow = async (token: string) => (await postForm(setup.server, setup.server.client(), '/idp/verify', { token }, ownAddress())).status;
    const first = await askFor(browser, person.password, `first.${Date.now()}@bloom.test`);
    const second = await askFor(browser, person.password, `second.${Date.now()}@bloom.test`);
    expect(await follow(first)).toBe(410);

    const { token } = await resetLinkFor(person);
    expect((await postForm(setup.server, setup.server.client(), '/idp/reset', { token, password: 'a brand new long password' }, ownAddress())).status).toBe(200);
    expect(await follow(second)).toBe(410);

    const owner = setup.server.client();
    await logInFully(owner, { email: person.email, password: 'a brand new long password' });
    const third = await askFor(owner, 'a brand new long password', `third.${Date.now()}@bloom.test`);
    expect((await owner.post('/api/user/ChangePassword', { currentPassword: 'a brand new long password', newPassword: 'yet another long password' })).status).toBe(200);
    expect(await follow(third)).toBe(410);
    expect((await owner.get('/api/user/GetAccount')).body).toMatchObject({ email: person.email.toLowerCase() });
  });
});

describe('changing the password from the account page', () => {
  it('needs the current password, applies the policy, keeps this session, ends the others and sends a notice', async () => {
    const { person, browser } = await signUp();
    const other = setup.server.client();
    await logInFully(other, person);

    const wrong = await browser.post('/api/user/ChangePassword', { currentPassword: 'not my password', newPassword: 'a brand new long password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('wrong_password');
    const weak = await browser.post('/api/user/ChangePassword', { currentPassword: person.password, newPassword: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toEqual({ code: 'weak_password', message: COMMON_PASSWORD_MESSAGE });
    const same = await browser.post('/api/user/ChangePassword', { currentPassword: person.password, newPassword: person.password });
    expect(same.status).toBe(400);
    expect(same.body.error.code).toBe('weak_password');

    const before = setup.catcher.messages.length;
    const changed = await browser.post('/api/user/ChangePassword', { currentPassword: person.password, newPassword: 'a brand new long password' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({ changed: true });
    expect(changed.headers.get('cache-control')).toBe('no-store');
    expect((await browser.get('/api/user/GetAccount')).status).toBe(200);
    expect((await other.get('/api/user/GetAccount')).status).toBe(401);
    await mailTo(person.email, CHANGED_SUBJECT, before);
    expect((await logIn(setup.server.client(), person)).status).toBe(401);
    await logInFully(setup.server.client(), { email: person.email, password: 'a brand new long password' });
  });

  it('slows down guesses at the current password from a stolen session', async () => {
    const { person, browser } = await signUp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await browser.post('/api/user/ChangePassword', { currentPassword: `guess ${attempt}`, newPassword: 'a brand new long password' })).status).toBe(400);
    }
    const paused = await browser.post('/api/user/ChangePassword', { currentPassword: person.password, newPassword: 'a brand new long password' });
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('changing the e-mail address from the account page', () => {
  it('changes only when the new address confirms, then tells the old one; the new address logs in', async () => {
    const { person, browser, userId } = await signUp({ firstName: 'Mona' });
    const newEmail = `Mona.New.${Date.now()}@Bloom.test`;
    const wrong = await browser.post('/api/user/ChangeEmail', { currentPassword: 'not my password', newEmail });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('wrong_password');
    const invalid = await browser.post('/api/user/ChangeEmail', { currentPassword: person.password, newEmail: 'nope' });
    expect(invalid.body.error.code).toBe('invalid_email');
    const same = await browser.post('/api/user/ChangeEmail', { currentPassword: person.password, newEmail: person.email.toUpperCase() });
    expect(same.body.error.code).toBe('same_email');

    const before = setup.catcher.messages.length;
    const asked = await browser.post('/api/user/ChangeEmail', { currentPassword: person.password, newEmail });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body).toEqual({ pendingEmail: newEmail.toLowerCase() });
    expect((await browser.get('/api/user/GetAccount')).body).toMatchObject({ email: person.email.toLowerCase(), pendingEmail: newEmail.toLowerCase() });

    const mail = await mailTo(newEmail, VERIFY_SUBJECT, before);
    expect(mail.to).toEqual([newEmail.toLowerCase()]);
    // Its own message: the link works for a day (the token's lifetime, as the account page says), and it
    // speaks of a change of address, not of sign-up's week-long link or "if you did not create an account".
    expect(mail.subject).toBe('Confirm your new e-mail address for Bloom');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('This link works for 24 hours.');
      expect(part).toContain('If you did not ask to change your address, you can ignore this e-mail.');
      expect(part).not.toMatch(/7 days|create a Bloom account|creating a Bloom account/);
    }
    const { path, token } = linkIn(mail);
    const row = await tokenRow(token);
    expect(row).toMatchObject({ purpose: 'change-email', email: newEmail.toLowerCase() });
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(24 * 60 * 60 * 1000);
    // Nothing changed yet: the old address still logs in.
    expect((await accountOf(person.email)).email).toBe(person.email.toLowerCase());

    const page = await setup.server.client().get(onServer(setup.server, path));
    expect(page.text).toContain('Confirm your new e-mail address');
    const noticeFrom = setup.catcher.messages.length;
    const confirmed = await postForm(setup.server, setup.server.client(), '/idp/verify', { token }, ownAddress());
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.text).toContain('Your e-mail address has been changed');

    const notice = await mailTo(person.email, /e-mail address of your Bloom account was changed/, noticeFrom);
    expect(notice.text).toContain(newEmail.toLowerCase());
    expect((await browser.get('/api/user/GetAccount')).body).toEqual({ email: newEmail.toLowerCase(), emailVerified: true, pendingEmail: null, managedBy: 'bloom' });
    const user = await setup.server.database.db.selectFrom('users').select(['email', 'user_name']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user).toEqual({ email: newEmail.toLowerCase(), user_name: newEmail.toLowerCase() });
    expect((await logIn(setup.server.client(), person)).status).toBe(401);
    await logInFully(setup.server.client(), { email: newEmail, password: person.password });
    expect((await postForm(setup.server, setup.server.client(), '/idp/verify', { token }, ownAddress())).status).toBe(410);
  });

  it('refuses an address another account has, and a link whose address was taken meanwhile changes nothing', async () => {
    const first = await signUp();
    const second = await signUp();
    const taken = await first.browser.post('/api/user/ChangeEmail', { currentPassword: first.person.password, newEmail: second.person.email });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('email_taken');

    const wanted = `wanted.${Date.now()}@bloom.test`;
    const before = setup.catcher.messages.length;
    expect((await first.browser.post('/api/user/ChangeEmail', { currentPassword: first.person.password, newEmail: wanted })).status).toBe(200);
    const { token } = linkIn(await mailTo(wanted, VERIFY_SUBJECT, before));
    // Someone signs up with that address before the link is followed.
    await signUp({ email: wanted });
    const late = await postForm(setup.server, setup.server.client(), '/idp/verify', { token }, ownAddress());
    expect(late.status).toBe(409);
    expect(late.text).toContain('This address is already in use');
    expect((await accountOf(first.person.email)).email).toBe(first.person.email.toLowerCase());
  });
});

describe('erasing an account with an address change pending', () => {
  it('forgets the confirmation mail to the new address, and leaves mail of other kinds to that address alone', async () => {
    const { person, browser } = await signUp();
    const newEmail = `pending.${Date.now()}@bloom.test`;
    // Mail to that address that is not about this account (it may be someone else's address).
    await enqueueMail(setup.server.database.db, { to: newEmail, template: 'coach-invitation', data: { coachName: 'Casey Coach' } });
    const before = setup.catcher.messages.length;
    expect((await browser.post('/api/user/ChangeEmail', { currentPassword: person.password, newEmail })).status).toBe(200);
    await mailTo(newEmail, VERIFY_SUBJECT, before);
    const templatesTo = async (to: string) =>
      (await setup.server.database.db.selectFrom('mail_outbox').select('template').where('recipient', '=', to.toLowerCase()).orderBy('template').execute()).map((row) => row.template);
    expect(await templatesTo(newEmail)).toEqual(['coach-invitation', 'confirm-new-email']);
    // The person's data export lists the confirmation to the new address, and not the other mail to it.
    const exported = await browser.get<{ mail: Array<{ to: string; template: string }> }>('/api/user/ExportMyData');
    expect(exported.body.mail.filter((mail) => mail.to.toLowerCase() === newEmail.toLowerCase()).map((mail) => mail.template)).toEqual(['confirm-new-email']);

    expect((await browser.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);
    expect(await templatesTo(newEmail)).toEqual(['coach-invitation']);
    expect(await templatesTo(person.email)).toEqual([]);
  });
});
