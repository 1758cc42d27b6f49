import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderContext } from 'oidc-provider';
import { allRedirectUris } from '../../src/auth/flows';
import { postLogoutRedirectUri } from '../../src/auth/relying-party';

/**
 * An "external" OpenID provider for API tests of OIDC_ISSUER: the oidc-provider package (a
 * certified OpenID provider) on its own loopback port, owing nothing to Bloom's embedded one. Its
 * development log-in form accepts any name as the account id and any password; the account's
 * e-mail is `<name>@external.test`, verified. RP-initiated logout is on, with Bloom's front page
 * registered as the place to return to. `promptValues` is what its discovery lists in
 * `prompt_values_supported` (oidc-provider lists none by itself).
 */
export const EXTERNAL_CLIENT_ID = 'bloom-external';
export const EXTERNAL_CLIENT_SECRET = 'external-provider-secret';

export interface ExternalProvider {
  issuer: string;
  /** OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for startTestServer. */
  environment: Record<string, string>;
  close(): Promise<void>;
}

export async function startExternalProvider(appOrigin: string, options: { promptValues?: string[] } = {}): Promise<ExternalProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: EXTERNAL_CLIENT_ID,
        client_secret: EXTERNAL_CLIENT_SECRET,
        redirect_uris: allRedirectUris(appOrigin),
        post_logout_redirect_uris: [postLogoutRedirectUri(appOrigin)],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    cookies: { keys: ['external-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    conformIdTokenClaims: false,
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    ...(options.promptValues ? { discovery: { prompt_values_supported: options.promptValues } } : {}),
    findAccount: async (_ctx: unknown, subject: string) => ({
      accountId: subject,
      claims: async () => ({ sub: subject, email: `${subject}@external.test`, email_verified: true, given_name: 'Ext', family_name: 'Ernal', name: 'Ext Ernal' }),
    }),
    // A first-party client: no consent screen.
    loadExistingGrant: async (ctx: ProviderContext) => {
      const { provider: op, client, account } = ctx.oidc;
      if (!client || !account) return undefined;
      const grant = new op.Grant({ accountId: account.accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    environment: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: EXTERNAL_CLIENT_ID, OIDC_CLIENT_SECRET: EXTERNAL_CLIENT_SECRET },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
