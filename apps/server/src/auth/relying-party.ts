import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import { passwordStampFromAmr } from '../idp/password-stamp';
import type { VerifiedIdentity } from '../users/users';
import { redirectUriFor, type LoginFlow } from './flows';

/**
 * Bloom as an OpenID Connect relying party (DESIGN.md §6): authorization code flow
 * with PKCE (S256), state and nonce. openid-client verifies the ID token (signature,
 * iss, aud, exp, nonce) during the code exchange.
 */
export interface RelyingPartySettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  appOrigin: string;
  /** True for the provider built into this server. */
  embedded: boolean;
  /** Plain-http issuers are accepted for the embedded provider and outside production only. */
  allowHttp: boolean;
  /** How requests reach the provider; the embedded one is called in-process. */
  fetch?: oidc.CustomFetch;
}

export const LOGIN_SCOPE = 'openid email profile';

/**
 * Who signed in. For the embedded provider also `passwordStamp`: which password the sign-in was
 * made with, from the ID token's `amr` (idp/password-stamp.ts, decision 0073), so the session
 * starts only while that password is still the account's; null for any other provider.
 */
export interface SignedInIdentity extends VerifiedIdentity {
  passwordStamp: string | null;
}

/**
 * The issuer recorded on users of the embedded provider. Its real issuer URL follows
 * APP_ORIGIN, and moving Bloom to another address must not turn every account into a
 * stranger, so its people are recorded under this fixed name instead.
 */
export const EMBEDDED_ISSUER_KEY = 'urn:bloom:embedded-provider';

/** A sign-in that cannot finish: `rejected` is the caller's fault (400), `unavailable` the provider's (503). */
export class LoginError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface StartedLogin {
  redirectUrl: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** openid-client's own timeout for the discovery request (it aborts the fetch's signal). */
const DISCOVERY_TIMEOUT_SECONDS = 10;
/** Past this, a discovery still unfinished is given up even if the fetch ignored its signal. */
const DISCOVERY_DEADLINE_MS = (DISCOVERY_TIMEOUT_SECONDS + 2) * 1000;

export class RelyingParty {
  #configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    readonly settings: RelyingPartySettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Discovers the provider once and keeps the result; a failed discovery is retried on the next call.
   * One that does not finish in time counts as failed too, whatever the fetch underneath does: a
   * promise kept while it never settles would hold every later sign-in of this instance (decision 0071).
   */
  configuration(): Promise<oidc.Configuration> {
    this.#configuration ??= withinDeadline(this.discover(), DISCOVERY_DEADLINE_MS).catch((error: unknown) => {
      this.#configuration = undefined;
      this.log.error({ err: error, issuer: this.settings.issuer }, 'OpenID provider discovery failed');
      throw new LoginError('unavailable', 'Signing in is not available right now. Please try again in a moment.', { cause: error });
    });
    return this.#configuration;
  }

  private async discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret, allowHttp, fetch } = this.settings;
    // openid-client skips the ID token's signature by default (TLS vouches for the token endpoint);
    // Bloom checks it anyway, which also covers plain-http issuers in development.
    const execute = [oidc.enableNonRepudiationChecks, ...(allowHttp ? [oidc.allowInsecureRequests] : [])];
    return oidc.discovery(new URL(issuer), clientId, { client_secret: clientSecret }, oidc.ClientSecretBasic(clientSecret), {
      execute,
      ...(fetch ? { [oidc.customFetch]: fetch } : {}),
      timeout: DISCOVERY_TIMEOUT_SECONDS,
    });
  }

  /** `signUp`: the person came to create an account, so the provider is asked to open on its sign-up form when it can. */
  async startLogin(flow: LoginFlow, { signUp = false }: { signUp?: boolean } = {}): Promise<StartedLogin> {
    const configuration = await this.configuration();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const parameters: Record<string, string> = {
      redirect_uri: redirectUriFor(this.settings.appOrigin, flow),
      scope: LOGIN_SCOPE,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    // The code travels in the URL fragment, which browsers never send to servers or in Referer headers;
    // the callback page reads it from the hash (or from the query, for providers that ignore response_mode).
    const modes = configuration.serverMetadata().response_modes_supported;
    if (!modes || modes.includes('fragment')) parameters.response_mode = 'fragment';
    // Logging out of Bloom must really log out: the embedded provider has no other clients to share a
    // single sign-on session with, so it always asks for the password.
    const prompts = this.settings.embedded ? ['login'] : [];
    // OpenID Connect "Initiating User Registration": prompt=create only where discovery lists it
    // (the embedded provider does); any other provider opens its default page, which links to sign-up.
    if (signUp && offersPrompt(configuration, 'create')) prompts.unshift('create');
    if (prompts.length > 0) parameters.prompt = prompts.join(' ');
    const url = oidc.buildAuthorizationUrl(configuration, parameters);
    return { redirectUrl: url.href, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code (with the PKCE verifier) and returns who signed in, with the ID token itself
   * (the hint for ending the provider's session at log-out, see endSessionUrl). Throws LoginError.
   */
  async finishLogin(input: { flow: LoginFlow; code: string; state: string; nonce: string; codeVerifier: string }): Promise<{ identity: SignedInIdentity; idToken: string | undefined }> {
    const configuration = await this.configuration();
    const metadata = configuration.serverMetadata();
    const callbackUrl = new URL(redirectUriFor(this.settings.appOrigin, input.flow));
    callbackUrl.searchParams.set('code', input.code);
    callbackUrl.searchParams.set('state', input.state);
    // RFC 9207 mix-up defence compares `iss` with the one configured issuer; the callback page only
    // forwards code and state, and Bloom talks to exactly one provider, so the expected value is supplied here.
    if (metadata.authorization_response_iss_parameter_supported) callbackUrl.searchParams.set('iss', metadata.issuer);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: input.codeVerifier,
        expectedState: input.state,
        expectedNonce: input.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw classify(error);
    }
    const claims = tokens.claims();
    if (!claims) throw new LoginError('rejected', 'The identity provider did not return an ID token.');
    let profile: Record<string, unknown> = { ...claims };
    if (typeof profile.email !== 'string' && metadata.userinfo_endpoint) {
      try {
        profile = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
      } catch (error) {
        this.log.warn({ err: error }, 'userinfo request failed; continuing with the ID token claims');
      }
    }
    const identity = identityFrom(this.settings.embedded ? EMBEDDED_ISSUER_KEY : metadata.issuer, claims.sub, profile);
    return { identity: { ...identity, passwordStamp: this.settings.embedded ? passwordStampFromAmr(claims.amr) : null }, idToken: tokens.id_token };
  }

  /**
   * Where to send the browser at log-out so an external provider ends its own session too
   * (OpenID Connect RP-Initiated Logout 1.0): its `end_session_endpoint`, with the ID token as
   * `id_token_hint` and Bloom's front page as `post_logout_redirect_uri` (which the provider must
   * have registered). Null for the embedded provider (it keeps no session worth ending: every
   * sign-in asks for the password), for a provider without the endpoint, and when the provider
   * cannot be reached: Bloom's own log-out never waits on it.
   */
  async endSessionUrl(idTokenHint: string | undefined): Promise<string | null> {
    if (this.settings.embedded) return null;
    let configuration: oidc.Configuration;
    try {
      configuration = await this.configuration();
    } catch {
      return null;
    }
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    const parameters: Record<string, string> = { post_logout_redirect_uri: postLogoutRedirectUri(this.settings.appOrigin) };
    if (idTokenHint) parameters.id_token_hint = idTokenHint;
    return oidc.buildEndSessionUrl(configuration, parameters).href;
  }
}

/** Where an external provider returns the browser after ending its session: Bloom's front page. */
export function postLogoutRedirectUri(appOrigin: string): string {
  return `${appOrigin}/`;
}

/**
 * Only an address the provider says it verified may grant admin rights (see isAdmin). That holds
 * for the embedded provider too: its `email_verified` is true once the address was confirmed by
 * a link mailed to it (idp/recovery.ts, decision 0028), and not before.
 */
export function identityFrom(issuer: string, subject: string, profile: Record<string, unknown>): VerifiedIdentity {
  const email = typeof profile.email === 'string' && profile.email.trim() ? profile.email.trim() : null;
  const verified = profile.email_verified === true || profile.email_verified === 'true';
  let firstName = stringClaim(profile.given_name);
  let lastName = stringClaim(profile.family_name);
  const fullName = stringClaim(profile.name);
  if (!firstName && !lastName && fullName) {
    const split = fullName.lastIndexOf(' ');
    firstName = split > 0 ? fullName.slice(0, split) : fullName;
    lastName = split > 0 ? fullName.slice(split + 1) : null;
  }
  const userName = email ?? stringClaim(profile.preferred_username) ?? fullName ?? subject;
  return {
    issuer,
    subject,
    userName: userName.slice(0, 254),
    trustedEmail: email && verified ? email.toLowerCase() : null,
    firstName,
    lastName,
  };
}

function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

function offersPrompt(configuration: oidc.Configuration, prompt: string): boolean {
  const supported = configuration.serverMetadata().prompt_values_supported;
  return Array.isArray(supported) && supported.includes(prompt);
}

function stringClaim(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** Protocol and token-validation failures are the caller's (400); timeouts and network failures are the provider's (503). */
function classify(error: unknown): LoginError {
  if (error instanceof LoginError) return error;
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
    return new LoginError('rejected', 'The sign-in could not be completed: the code was not accepted. Please start signing in again.', { cause: error });
  }
  if (error instanceof oidc.ClientError) {
    const code = error.code ?? '';
    if (code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT' || code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
      return new LoginError('unavailable', 'The identity provider did not answer properly. Please try again in a moment.', { cause: error });
    }
    return new LoginError('rejected', 'The sign-in response could not be verified. Please start signing in again.', { cause: error });
  }
  return new LoginError('unavailable', 'The identity provider could not be reached. Please try again in a moment.', { cause: error });
}
