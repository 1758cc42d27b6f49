import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionDetails } from 'oidc-provider';
import { forgetSlidingHits, hitSlidingRateLimit, type SlidingRule } from '../auth/sliding-rate-limit';
import { landingAfterFinishedSignIn } from '../auth/return-path';
import { isSecureOrigin } from '../config';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../http/database-unavailable';
import { isAdminAddress } from '../users/roles';
import { newToken } from '../lib/crypto';
import { deleteProviderStateOfAccount } from './adapter';
import type { IdentityAccount } from './accounts';
import { KnownBrowsers } from './known-browsers';
import { describeForProvider } from './mount';
import { sendPage } from './page-reply';
import { emailProblem, logInEmailProblem, nameProblem, passwordProblem } from './password-policy';
import { credentialStamp, signInAmr, signInPassword } from './password-stamp';
import { CREATE_PROMPT, IDP_PATH, INTERACTION_TTL_SECONDS, type EmbeddedProvider } from './provider';
import { getOrCreateSecret } from './secrets';
import { FORGOT_PATH, RESET_PATH, VERIFY_PATH } from './links';
import { confirmAddress, lookUpAddressLink, lookUpResetLink, queuePasswordResetMail, queueVerificationMail, resetPassword } from './recovery';
import {
  addressAttemptKey,
  emailAttemptKey,
  forgotAddressKey,
  forgotEmailKey,
  knownBrowserAttemptKey,
  RECOVERY_LIMITS,
  SIGN_IN_LIMITS,
  SIGN_UP_LIMITS,
  signUpAddressKey,
  signUpInteractionKey,
} from './sign-in-limits';
import { SIGN_IN_STYLESHEET } from './stylesheet';
import {
  STYLESHEET_PATH,
  addressConfirmedPage,
  carryPath,
  confirmAddressPage,
  forgotPasswordPage,
  forgotPasswordSentPage,
  linkProblemPage,
  loginPage,
  messagePage,
  passwordResetDonePage,
  resetPasswordPage,
  signupPage,
  tooManyAttemptsPage,
  waitingTime,
  type BackToLogIn,
  type CarryTarget,
  type FieldErrors,
  type SignupField,
} from './views';

/**
 * Bloom's sign-in pages for the embedded provider: "Log in" and "Create your account".
 * The provider sends the browser to /idp/interaction/{uid}; these routes show the forms,
 * check what was typed, and tell the provider who signed in. Beside them, the pages mailed
 * links lead to: "Forgot password?", the reset form and the address confirmation (recovery.ts).
 */
const WRONG_CREDENTIALS = 'The e-mail address or password is not right.';
/** oidc-provider's interaction ids (nanoid): only such a value is put back into a link. */
const INTERACTION_UID = /^[A-Za-z0-9_-]{1,64}$/;
/** The address boxes' maxlength. */
const MAX_ADDRESS_LENGTH = 254;
/** As long as a sign-in page lives: its address goes with it. */
const TYPED_ADDRESS_MAX_AGE_SECONDS = INTERACTION_TTL_SECONDS;

export async function interactionRoutes(app: FastifyInstance, options: { idp: EmbeddedProvider; appOrigin: string }): Promise<void> {
  const { idp, appOrigin } = options;
  const { accounts } = idp;
  const db = app.database.db;
  const secureCookies = new URL(appOrigin).protocol === 'https:';
  const knownBrowsers = new KnownBrowsers(await getOrCreateSecret(db, 'idp.known_browser_key', newToken), secureCookies);
  const typedAddressCookie = secureCookies ? '__Secure-bloom_typed_address' : 'bloom_typed_address';
  /** The address last carried between this sign-in page's forms (carryPath), for its GET pages' boxes. */
  const typedAddress = (request: FastifyRequest): string | undefined => request.cookies[typedAddressCookie]?.slice(0, MAX_ADDRESS_LENGTH) || undefined;
  /** Sent to this sign-in page's paths only, never read by scripts, and gone with the page (HttpOnly; logs redact cookies). */
  const typedAddressCookieOptions = (uid: string) => ({ path: `${IDP_PATH}/interaction/${uid}`, httpOnly: true, sameSite: 'lax', secure: secureCookies }) as const;

  // These are pages a person reads, so a database that cannot be reached is told on a page too
  // (503, "try again"), not in the API's JSON envelope; any other error goes on to the app's handler.
  app.setErrorHandler((error, request, reply) => {
    if (!isDatabaseUnavailable(error)) throw error;
    request.log.warn({ err: { message: (error as Error).message, code: (error as { code?: unknown }).code } }, 'database unavailable');
    return databaseUnavailable(reply, {
      title: 'Please try again in a moment',
      message: 'Bloom could not reach its records just now. Nothing was lost: please wait a few seconds and try again.',
    });
  });

  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SIGN_IN_STYLESHEET),
  );

  /** Where the provider sends the browser: "Create your account" for someone who came to sign up (prompt=create), else "Log in". */
  app.get<{ Params: { uid: string } }>(`${IDP_PATH}/interaction/:uid`, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return backToBloom(request, reply);
    if (interaction.prompt.name === CREATE_PROMPT) return sendPage(reply, 200, signupPage({ uid: interaction.uid, values: { email: typedAddress(request) } }));
    if (interaction.prompt.name !== 'login') return finishConsent(request, reply, interaction);
    return sendPage(reply, 200, loginPage({ uid: interaction.uid, email: typedAddress(request) }));
  });

  /** "Log in" by name, whichever form the interaction opened on (the pages' own buttons post to carryPath, bringing the address). */
  app.get<{ Params: { uid: string } }>(`${IDP_PATH}/interaction/:uid/login`, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return backToBloom(request, reply);
    return sendPage(reply, 200, loginPage({ uid: interaction.uid, email: typedAddress(request) }));
  });

  app.get<{ Params: { uid: string } }>(`${IDP_PATH}/interaction/:uid/signup`, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return backToBloom(request, reply);
    return sendPage(reply, 200, signupPage({ uid: interaction.uid, values: { email: typedAddress(request) } }));
  });

  /**
   * "Forgot password?", "Create your account", "Log in" and "Back to log in" post the form they are
   * in here (views.ts carryPath), so the next page's box holds the address typed so far (WCAG 3.3.7)
   * while the address stays out of URLs. Nothing is checked, counted or sent, and the other fields
   * posted along (a password) are not read: the address is kept for this sign-in page's paths
   * (typedAddress) and the browser is sent on to the page's GET (post/redirect/get, so Back and
   * reload never ask to send a form again), which shows it in the box.
   */
  for (const page of ['login', 'signup', 'forgot'] as const satisfies readonly CarryTarget[]) {
    app.post<{ Params: { uid: string } }>(carryPath(':uid', page), async (request, reply) => {
      if (!cameFromThisSite(request, appOrigin)) return refused(reply);
      const { uid } = request.params;
      if (!INTERACTION_UID.test(uid)) return expired(reply);
      const email = formFields(request.body, ['email']).email.trim().slice(0, MAX_ADDRESS_LENGTH);
      if (email) reply.setCookie(typedAddressCookie, email, { ...typedAddressCookieOptions(uid), maxAge: TYPED_ADDRESS_MAX_AGE_SECONDS });
      else reply.clearCookie(typedAddressCookie, typedAddressCookieOptions(uid));
      return reply.header('cache-control', 'no-store').redirect(`${IDP_PATH}/interaction/${uid}/${page}`, 303);
    });
  }

  app.post<{ Params: { uid: string } }>(`${IDP_PATH}/interaction/:uid/login`, async (request, reply) => {
    if (!cameFromThisSite(request, appOrigin)) return refused(reply);
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return expired(reply);
    const form = formFields(request.body, ['email', 'password']);
    const email = form.email.trim();
    const errors: FieldErrors<'email' | 'password'> = {};
    const addressProblem = logInEmailProblem(email);
    if (addressProblem) errors.email = addressProblem;
    if (!form.password) errors.password = 'Enter your password.';
    if (errors.email || errors.password) return sendPage(reply, 400, loginPage({ uid: interaction.uid, email, errors }));

    const attempt = await countAttempt(request, email);
    if (!attempt.allowed) return tooManyAttempts(reply, attempt.retryAfterSeconds);
    const account = await accounts.authenticate(email, form.password);
    if (!account) return sendPage(reply, 401, loginPage({ uid: interaction.uid, email, errors: { password: WRONG_CREDENTIALS } }));
    // The owner is back: this browser's earlier mistakes no longer count against it.
    if (attempt.knownBrowserId) await forgetSlidingHits(db, knownBrowserAttemptKey(attempt.knownBrowserId), SIGN_IN_LIMITS.perKnownBrowser);
    knownBrowsers.remember(request, reply, email, credentialStamp(account.password_hash));
    return signedIn(request, reply, account, { uid: interaction.uid, email });
  });

  app.post<{ Params: { uid: string } }>(`${IDP_PATH}/interaction/:uid/signup`, async (request, reply) => {
    if (!cameFromThisSite(request, appOrigin)) return refused(reply);
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return expired(reply);
    const form = formFields(request.body, ['firstName', 'lastName', 'email', 'password']);
    const values = { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim() };
    const errors: FieldErrors<SignupField> = {};
    const problems: Array<[SignupField, string | null]> = [
      ['firstName', nameProblem(values.firstName, 'first name')],
      ['lastName', nameProblem(values.lastName, 'last name')],
      ['email', emailProblem(values.email)],
      ['password', passwordProblem(form.password, values.email)],
    ];
    for (const [field, problem] of problems) if (problem) errors[field] = problem;
    if (Object.keys(errors).length > 0) return sendPage(reply, 400, signupPage({ uid: interaction.uid, values, errors }));

    // New accounts from this address (decision 0081): each one mails whatever address was typed.
    const fromAddress = await hitSlidingRateLimit(db, signUpAddressKey(request.ip), { limit: app.config.signUpsPerIp, windowMs: SIGN_UP_LIMITS.perIpWindowMs });
    if (!fromAddress.allowed) return tooManySignUps(reply, fromAddress.retryAfterSeconds);
    // One account per interaction, claimed atomically so racing posts cannot each make one.
    const interactionKey = signUpInteractionKey(interaction.uid);
    const claimed = await hitSlidingRateLimit(db, interactionKey, SIGN_UP_LIMITS.perInteraction);
    if (!claimed.allowed) return alreadySignedUp(reply);
    const giveBackClaim = () => forgetSlidingHits(db, interactionKey, SIGN_UP_LIMITS.perInteraction);
    const account = await givingBackOnFailure(giveBackClaim, async () => {
      const attempt = await countAttempt(request, values.email);
      if (!attempt.allowed) return attempt;
      // The account works at once; the confirmation link is queued with it (recovery.ts).
      return accounts.create({ email: values.email, password: form.password, givenName: values.firstName, familyName: values.lastName }, (trx, created) =>
        queueVerificationMail(trx, appOrigin, created),
      );
    });
    if (account && 'allowed' in account) {
      await giveBackClaim();
      return tooManyAttempts(reply, account.retryAfterSeconds);
    }
    if (!account) {
      await giveBackClaim();
      return sendPage(reply, 409, signupPage({
        uid: interaction.uid,
        values,
        errors: { email: 'An account with this e-mail address already exists. Log in instead, using the link below.' },
      }));
    }
    knownBrowsers.remember(request, reply, values.email, credentialStamp(account.password_hash));
    try {
      return await signedIn(request, reply, account, { uid: interaction.uid, email: values.email });
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // The account is saved; only the sign-in that follows failed. Sending the form again would
      // now say the address is taken, so the page says what happened and what to do instead.
      request.log.warn({ err: { message: (error as Error).message } }, 'account created, sign-in not finished: database unavailable');
      return databaseUnavailable(reply, {
        title: 'Your account was created',
        message: 'Bloom could not finish signing you in just now. Please return to Bloom in a moment and log in with your e-mail address and password.',
      });
    }
  });

  // ── Forgot password, reset, confirm an address (decision 0028). None needs a live interaction:
  // links arrive by mail, perhaps in another browser, perhaps after the interaction expired.

  /** Opened from the log-in page (the uid only leads back to it) or on its own (from a mail or the account page). */
  const forgotPaths = [FORGOT_PATH, `${IDP_PATH}/interaction/:uid/forgot`];
  for (const path of forgotPaths) {
    app.get<{ Params: { uid?: string } }>(path, async (request, reply) => {
      const { action, back } = forgotLinks(request.params.uid);
      // From a sign-in page, with the address typed there (carryPath); the cookie is that page's only.
      return sendPage(reply, 200, forgotPasswordPage({ action, back, email: request.params.uid ? typedAddress(request) : undefined }));
    });
    app.post<{ Params: { uid?: string } }>(path, async (request, reply) => {
      if (!cameFromThisSite(request, appOrigin)) return refused(reply);
      const { action, back } = forgotLinks(request.params.uid);
      const email = formFields(request.body, ['email']).email.trim();
      const problem = emailProblem(email);
      if (problem) return sendPage(reply, 400, forgotPasswordPage({ action, back, email, error: problem }));
      const fromAddress = await hitSlidingRateLimit(db, forgotAddressKey(request.ip), RECOVERY_LIMITS.forgotPerIp);
      if (!fromAddress.allowed) return tooManyRequests(reply, fromAddress.retryAfterSeconds);
      // Past three links an hour for one address the answer stays the same and nothing is sent.
      const forAddress = await hitSlidingRateLimit(db, forgotEmailKey(email), RECOVERY_LIMITS.forgotPerEmail);
      if (forAddress.allowed) await queuePasswordResetMail(db, appOrigin, email);
      return sendPage(reply, 200, forgotPasswordSentPage({ email, back }));
    });
  }

  app.get<{ Querystring: { token?: unknown } }>(RESET_PATH, async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const found = await lookUpResetLink(db, token);
    if (found.state !== 'valid') return linkProblem(reply, 'reset', found.state);
    return sendPage(reply, 200, resetPasswordPage({ token, email: found.token.email }));
  });

  app.post(RESET_PATH, async (request, reply) => {
    if (!cameFromThisSite(request, appOrigin)) return refused(reply);
    const form = formFields(request.body, ['token', 'password']);
    const outcome = await resetPassword(db, appOrigin, accounts, form.token, form.password);
    if (outcome.kind === 'invalid') return linkProblem(reply, 'reset', outcome.state);
    if (outcome.kind === 'weak') return sendPage(reply, 400, resetPasswordPage({ token: form.token, email: outcome.email, error: outcome.problem }));
    request.log.info('password reset; every session of the account ended');
    return sendPage(reply, 200, passwordResetDonePage({ appOrigin }));
  });

  app.get<{ Querystring: { token?: unknown } }>(VERIFY_PATH, async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const found = await lookUpAddressLink(db, token);
    if (found.state !== 'valid') return linkProblem(reply, 'address', found.state);
    return sendPage(reply, 200, confirmAddressPage({ token, email: found.token.email, newAddress: found.token.purpose === 'change-email', choosePassword: isAdminAddress(app.config, found.token.email) }));
  });

  app.post(VERIFY_PATH, async (request, reply) => {
    if (!cameFromThisSite(request, appOrigin)) return refused(reply);
    const { token, password } = formFields(request.body, ['token', 'password']);
    const outcome = await confirmAddress(db, appOrigin, accounts, { token, newPassword: password, isAdminAddress: (email) => isAdminAddress(app.config, email) });
    if (outcome.kind === 'taken') return linkProblem(reply, 'address', 'taken');
    if (outcome.kind === 'weak') {
      return sendPage(reply, 400, confirmAddressPage({ token, email: outcome.email, newAddress: outcome.newAddress, choosePassword: true, error: outcome.problem }));
    }
    if (outcome.kind === 'invalid') {
      const found = await lookUpAddressLink(db, token);
      return linkProblem(reply, 'address', found.state === 'valid' ? 'unknown' : found.state);
    }
    if (outcome.passwordSet) request.log.info('admin address confirmed with a new password; every session of the account ended');
    return sendPage(reply, 200, addressConfirmedPage({ email: outcome.email, changed: outcome.kind === 'changed', passwordSet: outcome.passwordSet, appOrigin }));
  });

  /**
   * The forgot form posts back to where it was opened; "Back to log in" returns to the interaction
   * with the address typed or sent to (carryPath), or, without one, to Bloom.
   */
  function forgotLinks(uid: string | undefined): { action: string; back: BackToLogIn } {
    if (uid && INTERACTION_UID.test(uid)) return { action: `${IDP_PATH}/interaction/${uid}/forgot`, back: { carryTo: carryPath(uid, 'login') } };
    return { action: FORGOT_PATH, back: { href: `${appOrigin}/Dashboard` } };
  }

  function linkProblem(reply: FastifyReply, kind: 'reset' | 'address', state: 'used' | 'expired' | 'unknown' | 'taken') {
    const status = state === 'unknown' ? 404 : state === 'taken' ? 409 : 410;
    return sendPage(reply, status, linkProblemPage({ kind, state, appOrigin }));
  }

  function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number) {
    return sendPage(reply.header('retry-after', String(retryAfterSeconds)), 429, messagePage({
      title: 'Too many requests',
      message: `For your security, this form is paused for a moment. Please wait ${waitingTime(retryAfterSeconds)} and try again.`,
      appOrigin,
    }));
  }

  /** The interaction named in the path, if this browser holds its cookie (which also makes the uid a CSRF token). */
  async function loadInteraction(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply): Promise<InteractionDetails | null> {
    reply.header('cache-control', 'no-store');
    const provider = await idp.provider();
    try {
      const details = await provider.interactionDetails(describeForProvider(request, appOrigin), reply.raw);
      return details.uid === request.params.uid ? details : null;
    } catch (error) {
      // The provider's own "no such interaction" (no cookie, expired, another browser's) is null;
      // a database that cannot be reached is not the page's fault (the error handler: 503).
      if (isDatabaseUnavailable(error)) throw error;
      return null;
    }
  }

  /**
   * Tells the provider who signed in, with the password hash that was checked (decision 0073).
   * A reset or change that committed while that password was being checked has already ended the
   * account's sessions and provider state, so what is saved here would outlive it: once the
   * interaction's result is saved, the hash is compared again (password-stamp.ts); when it is no
   * longer the account's, the account's provider state goes (this interaction with it) and the
   * form answers as for a wrong password, which that password now is.
   */
  async function signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    account: Pick<IdentityAccount, 'id' | 'password_hash'>,
    form: { uid: string; email: string },
  ) {
    const provider = await idp.provider();
    let returnTo: string;
    try {
      // `remember: false` keeps the provider's own session cookie to this browser session.
      returnTo = await provider.interactionResult(
        describeForProvider(request, appOrigin),
        reply.raw,
        // Signing up or logging in both answer a `create` prompt: the person chose, and is signed in.
        { login: { accountId: account.id, remember: false, amr: signInAmr(account.password_hash) }, [CREATE_PROMPT]: {} },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      return expired(reply);
    }
    if (!(await signInPassword.stillCurrent(db, account.id, credentialStamp(account.password_hash)))) {
      await deleteProviderStateOfAccount(db, account.id);
      request.log.info('sign-in refused: the password was replaced while it was being checked');
      return sendPage(reply, 401, loginPage({ uid: form.uid, email: form.email, errors: { password: WRONG_CREDENTIALS } }));
    }
    // Signed in: the address carried between this page's forms is no longer needed.
    if (request.cookies[typedAddressCookie] !== undefined) {
      reply.clearCookie(typedAddressCookie, typedAddressCookieOptions(form.uid));
    }
    return reply.redirect(returnTo, 303);
  }

  /** Consent is implied for Bloom's own client; this only runs if the provider still asks. */
  async function finishConsent(request: FastifyRequest, reply: FastifyReply, interaction: InteractionDetails) {
    const accountId = interaction.session?.accountId;
    const clientId = interaction.params.client_id;
    if (interaction.prompt.name !== 'consent' || !accountId || typeof clientId !== 'string') return expired(reply);
    const provider = await idp.provider();
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(describeForProvider(request, appOrigin), reply.raw, { consent: { grantId } });
    return reply.redirect(returnTo, 303);
  }

  /**
   * Counts the attempt before the password is checked, so parallel guesses cannot outrun the limit.
   * A browser known to the account counts only against itself; any other against the caller's
   * address and then the e-mail (the e-mail is not touched when the address is already over).
   */
  async function countAttempt(
    request: FastifyRequest,
    email: string,
  ): Promise<{ allowed: true; knownBrowserId: string | null } | { allowed: false; retryAfterSeconds: number }> {
    // A known browser's token counts only while the password it was made with is the account's (known-browsers.ts).
    const account = emailProblem(email) ? undefined : await accounts.findByEmail(email);
    const knownBrowserId = knownBrowsers.recognise(request, email, credentialStamp(account?.password_hash));
    if (knownBrowserId) {
      const result = await hitSlidingRateLimit(db, knownBrowserAttemptKey(knownBrowserId), SIGN_IN_LIMITS.perKnownBrowser);
      return result.allowed ? { allowed: true, knownBrowserId } : { allowed: false, retryAfterSeconds: result.retryAfterSeconds };
    }
    const checks: Array<[string, SlidingRule]> = [
      [addressAttemptKey(request.ip), { ...SIGN_IN_LIMITS.perIp, limit: app.config.signInAttemptsPerIp }],
      [emailAttemptKey(email), SIGN_IN_LIMITS.perEmail],
    ];
    for (const [key, rule] of checks) {
      const result = await hitSlidingRateLimit(db, key, rule);
      if (!result.allowed) return { allowed: false, retryAfterSeconds: result.retryAfterSeconds };
    }
    return { allowed: true, knownBrowserId: null };
  }

  function tooManySignUps(reply: FastifyReply, retryAfterSeconds: number) {
    return sendPage(reply.header('retry-after', String(retryAfterSeconds)), 429, messagePage({
      title: 'Too many new accounts from here',
      message: `Several Bloom accounts were created from this network within the hour. Please wait ${waitingTime(retryAfterSeconds)} and try again, or log in if you already have an account.`,
      appOrigin,
    }));
  }

  function alreadySignedUp(reply: FastifyReply) {
    return sendPage(reply, 409, messagePage({
      title: 'Your account was already created',
      message: 'An account was already created on this sign-in page, and each page makes one. To make another account, return to Bloom and start again.',
      appOrigin,
    }));
  }

  function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number) {
    return sendPage(reply.header('retry-after', String(retryAfterSeconds)), 429, tooManyAttemptsPage({ retryAfterSeconds, appOrigin }));
  }

  /**
   * A sign-in page whose interaction is finished or gone, reached mostly by pressing Back after
   * signing in: nothing is left to do here, so go back into Bloom rather than call it expired.
   */
  async function backToBloom(request: FastifyRequest, reply: FastifyReply) {
    const landing = await landingAfterFinishedSignIn(db, (name) => request.cookies[name], isSecureOrigin(app.config));
    return reply.header('cache-control', 'no-store').redirect(landing, 303);
  }

  function expired(reply: FastifyReply) {
    return sendPage(reply, 400, messagePage({
      title: 'This sign-in page has expired',
      message: `Sign-in pages are valid for ${INTERACTION_TTL_SECONDS / 60} minutes and only in the browser that opened them. Please return to Bloom and start again.`,
      appOrigin,
    }));
  }

  function databaseUnavailable(reply: FastifyReply, text: { title: string; message: string }) {
    return sendPage(reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)), 503, messagePage({ ...text, appOrigin }));
  }

  function refused(reply: FastifyReply) {
    return sendPage(reply, 403, messagePage({
      title: 'This form was refused',
      message: 'It was not sent from Bloom’s own sign-in page. Please return to Bloom and start again.',
      appOrigin,
    }));
  }
}

/**
 * Same-origin check for the sign-in forms (the JSON API's CSRF hook covers /api only).
 * Sec-Fetch-Site, which pages cannot forge, must say same-origin when the browser sends it.
 * Older browsers without it are judged by Origin, which must then name this site if present
 * ("null" is refused). The interaction cookie check in loadInteraction is a second, independent layer.
 */
function cameFromThisSite(request: FastifyRequest, appOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const origin = request.headers.origin;
  return origin === undefined || origin === appOrigin;
}

function formFields<F extends string>(body: unknown, names: readonly F[]): Record<F, string> {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const out = {} as Record<F, string>;
  for (const name of names) {
    const value = source[name];
    out[name] = typeof value === 'string' ? value.slice(0, 1000) : '';
  }
  return out;
}

/**
 * Runs the steps between a sign-up's claim on its page and its account. When one fails (the
 * database went away), no account was made, so the claim is given back: the person's retry on
 * the same page makes the account instead of hearing that it already exists. If the database is
 * still away the give-back fails too; the claim then lapses with its 30-minute window.
 */
async function givingBackOnFailure<T>(giveBack: () => Promise<unknown>, steps: () => Promise<T>): Promise<T> {
  try {
    return await steps();
  } catch (error) {
    await giveBack().catch(() => undefined);
    throw error;
  }
}
