import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Provider, ProviderContext } from 'oidc-provider';
import { allRedirectUris } from '../auth/flows';
import { LOGIN_TRANSACTION_TTL_MS } from '../auth/login-transactions';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { newToken } from '../lib/crypto';
import { accountStoreFor, type AccountStore } from './accounts';
import { databaseAdapterFactory } from './adapter';
import { IDP_PATH } from './links';
import { getOrCreateSecret } from './secrets';
import { messagePage } from './views';

/**
 * The identity provider built into Bloom (DESIGN.md §6), used when no external
 * OIDC_ISSUER is configured. It is a certified OpenID provider (oidc-provider) with
 * Bloom's own sign-up / log-in pages, one first-party client, and all state in the
 * database so any instance can serve any step.
 */
export const EMBEDDED_CLIENT_ID = 'bloom-web';
/** Where the provider is mounted (idp/links.ts, which the session plugin reads without loading this module). */
export { IDP_PATH };
/**
 * `prompt=create` (OpenID Connect "Initiating User Registration"): the person came to sign up, so
 * the interaction opens on "Create your account" (interactions.ts). Advertised in discovery's
 * `prompt_values_supported`, which is how Bloom's relying party decides to send it to any provider.
 */
export const CREATE_PROMPT = 'create';

/**
 * How long a sign-in page (the provider's interaction) lives: as long as Bloom's login
 * transaction, ten minutes, which starts a moment before it. A page that outlived the transaction
 * let a person create the account or sign in at the provider only for Bloom's callback to refuse
 * them ("more than ten minutes old"). The shorter of the two wins rather than a longer transaction:
 * the transaction's state, nonce and PKCE verifier serve every provider, an external one too, and
 * an unfinished sign-in page (about 1 KB stored, decision 0081) goes three times sooner. A reset
 * needs no sign-in page: its mailed link lives 30 minutes on its own, and its page leads to a new
 * sign-in. Decision 0004.
 */
export const INTERACTION_TTL_SECONDS = LOGIN_TRANSACTION_TTL_MS / 1000;
/** Scopes the first-party client receives without a consent screen. */
const FIRST_PARTY_SCOPE = 'openid email profile';

export interface EmbeddedProvider {
  /**
   * The oidc-provider instance, built on the first request that needs it (discovery, an
   * interaction page, /idp/*). Loading oidc-provider with Koa and jose and building the
   * provider added about 20 MB to the resident memory of every Bloom process, most of
   * which never see a sign-in (issue 28 part 4, decision 0040).
   */
  provider(): Promise<Provider>;
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: AccountStore;
}

/**
 * What the relying party needs at start-up (issuer, client id and secret) and the account
 * store; the provider itself is built on first use, once, and again after a failed build.
 */
export async function createEmbeddedProvider(db: Db, config: AppConfig): Promise<EmbeddedProvider> {
  const issuer = `${config.appOrigin}${IDP_PATH}`;
  const clientSecret = await getOrCreateSecret(db, `idp.client_secret.${EMBEDDED_CLIENT_ID}`, newToken);
  const accounts = accountStoreFor(db, config);
  let building: Promise<Provider> | undefined;
  const provider = (): Promise<Provider> => {
    building ??= buildProvider(db, config, { issuer, clientSecret, accounts }).catch((error: unknown) => {
      building = undefined;
      throw error;
    });
    return building;
  };
  return { provider, issuer, clientId: EMBEDDED_CLIENT_ID, clientSecret, accounts };
}

async function buildProvider(
  db: Db,
  config: AppConfig,
  { issuer, clientSecret, accounts }: Pick<EmbeddedProvider, 'issuer' | 'clientSecret' | 'accounts'>,
): Promise<Provider> {
  // Loaded only when needed: deployments with an external provider never load it, and Bloom's own only on first use.
  const { Provider: ProviderClass, interactionPolicy } = await import('oidc-provider');
  const signingKey = JSON.parse(await getOrCreateSecret(db, 'idp.signing_key', generateSigningKey)) as Record<string, unknown>;
  const cookieKeys = JSON.parse(await getOrCreateSecret(db, 'idp.cookie_keys', () => JSON.stringify([newToken()]))) as string[];
  const cookieOptions = { httpOnly: true, sameSite: 'lax', signed: true };

  const provider = new ProviderClass(issuer, {
    adapter: databaseAdapterFactory(db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: clientSecret,
        client_name: 'Bloom',
        redirect_uris: allRedirectUris(config.appOrigin),
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: cookieKeys, long: cookieOptions, short: cookieOptions },
    // `amr` goes into every ID token: it names the password the sign-in was made with (password-stamp.ts, decision 0073).
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    scopes: ['openid', 'email', 'profile'],
    // The ID token carries the profile claims, so Bloom needs no extra userinfo round trip.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: { enabled: false },
      dPoP: { enabled: false },
      userinfo: { enabled: true },
    },
    issueRefreshToken: async () => false,
    // Discovery does not list prompt values by itself; Bloom's relying party reads this one.
    discovery: { prompt_values_supported: ['none', CREATE_PROMPT, 'login', 'consent'] },
    clientBasedCORS: () => false,
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      // The sign-in page lives as long as the RP's login transaction (see INTERACTION_TTL_SECONDS).
      Interaction: INTERACTION_TTL_SECONDS,
      Session: 60 * 60,
      Grant: 24 * 60 * 60,
    },
    interactions: { policy: withCreatePrompt(interactionPolicy), url: async (_ctx: unknown, interaction: { uid: string }) => `${IDP_PATH}/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, subject: string) => {
      const account = await accounts.findById(subject);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: async () => ({
          sub: account.id,
          email: account.email,
          // True once the address was confirmed by a link mailed to it (recovery.ts).
          email_verified: account.email_verified_at !== null,
          given_name: account.given_name,
          family_name: account.family_name,
          name: `${account.given_name} ${account.family_name}`.trim(),
        }),
      };
    },
    loadExistingGrant: firstPartyGrant,
    renderError: async (ctx: ProviderContext, out: { error?: string }) => {
      ctx.type = 'html';
      ctx.body = messagePage({
        title: 'We could not sign you in',
        message:
          out.error === 'invalid_request' || out.error === 'session_not_found'
            ? 'This sign-in page is no longer valid, perhaps because it was open for a long time. Please return to Bloom and start again.'
            : `Something went wrong while signing you in (${out.error ?? 'unknown error'}). Please return to Bloom and start again.`,
        appOrigin: config.appOrigin,
      });
    },
  });
  // Bloom's server tells the provider its public origin through X-Forwarded-* (see mount.ts),
  // so every URL it builds matches the issuer whatever Host header a request arrived with.
  provider.proxy = true;
  return provider;
}

/**
 * Bloom's own web app is the only client and asks for sign-in, not for access to data
 * held elsewhere, so consent is implied: the grant is created (or topped up) here and
 * the consent prompt never shows.
 */
async function firstPartyGrant(ctx: ProviderContext) {
  const { provider, client, account, session, result } = ctx.oidc;
  if (!client || !account) return undefined;
  const grantId = result?.consent?.grantId ?? session?.grantIdFor(client.clientId);
  let grant = grantId ? await provider.Grant.find(grantId) : undefined;
  if (grant && (grant.accountId !== account.accountId || grant.clientId !== client.clientId)) grant = undefined;
  if (grant && FIRST_PARTY_SCOPE.split(' ').every((scope) => grant!.getOIDCScope().split(' ').includes(scope))) return grant;
  grant ??= new provider.Grant({ accountId: account.accountId, clientId: client.clientId });
  grant.addOIDCScope(FIRST_PARTY_SCOPE);
  await grant.save();
  return grant;
}

/**
 * The default policy (login, then consent) with a requestable `create` prompt checked first, so an
 * interaction asked to create an account has `prompt.name === 'create'`. Signing up or logging in
 * resolves it (interactions.ts submits `create` with the login result).
 */
function withCreatePrompt(policies: typeof import('oidc-provider').interactionPolicy) {
  const policy = policies.base();
  policy.unshift(new policies.Prompt({ name: CREATE_PROMPT, requestable: true }));
  // Every sign-in asks for the password (docs/security-identity.md), whatever the address says:
  // Bloom asks with prompt=login, but that is a parameter the browser can drop, and the provider's
  // own session outlives Bloom's log-out, so without this the next person at a shared browser
  // would be signed in as the last one. Only the interaction that just took the password passes.
  policy
    .get('login')
    ?.checks.push(
      new policies.Check('fresh_login', 'Every sign-in asks for the password', (ctx) =>
        ctx.oidc.result?.login ? policies.Check.NO_NEED_TO_PROMPT : policies.Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}

/** One P-256 signing key (ES256): small, fast, and supported by every OIDC client library. */
function generateSigningKey(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  return JSON.stringify({ ...jwk, kid: randomUUID(), alg: 'ES256', use: 'sig' });
}
