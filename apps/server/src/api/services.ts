import type { FastifyInstance } from 'fastify';
import { createHousekeeping, type Housekeeping } from '../auth/housekeeping';
import { RelyingParty, type RelyingPartySettings } from '../auth/relying-party';
import { interactionRoutes } from '../idp/interactions';
import { inProcessFetch, providerPassthrough } from '../idp/mount';
import { createEmbeddedProvider } from '../idp/provider';
import { createPaymentProvider } from '../payments/index';
import { unhonouredPurchasesWarning } from '../payments/live-mode';
import type { PaymentProvider } from '../payments/provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bloom's side of OpenID Connect sign-in: the external provider's, or the embedded one's under /idp. */
    relyingParty: RelyingParty;
    /** Sweeps expired rows and abandoned guests: on a timer from ready to close, and on sign-in traffic (auth/housekeeping.ts). */
    housekeeping: Housekeeping;
    /** The active store: Stripe when configured, else the sandbox. */
    payments: PaymentProvider;
  }
}

/**
 * The services handlers reach through `app`: sign-in and payments. Without OIDC_ISSUER the
 * embedded identity provider is mounted under /idp (its pages are not API endpoints).
 */
export async function registerServices(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const { db } = app.database;
  let settings: RelyingPartySettings;
  if (config.oidc) {
    settings = {
      ...config.oidc,
      appOrigin: config.appOrigin,
      embedded: false,
      allowHttp: config.env !== 'production' && config.oidc.issuer.startsWith('http:'),
    };
  } else {
    const idp = await createEmbeddedProvider(db, config);
    await app.register(interactionRoutes, { idp, appOrigin: config.appOrigin });
    await app.register(providerPassthrough, { idp, appOrigin: config.appOrigin });
    settings = {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      appOrigin: config.appOrigin,
      embedded: true,
      allowHttp: true,
      fetch: inProcessFetch(app, config.appOrigin),
    };
  }
  app.decorate('relyingParty', new RelyingParty(settings, app.log));
  const housekeeping = createHousekeeping(db, app.log);
  app.decorate('housekeeping', housekeeping);
  app.addHook('onReady', async () => housekeeping.start());
  app.addHook('onClose', async () => housekeeping.stop());
  app.decorate('payments', await createPaymentProvider(config, db));
  // Live Stripe keys on a database with purchases made in the test store or test mode: those plans are locked now (payments/live-mode.ts).
  app.addHook('onReady', async () => {
    const warning = await unhonouredPurchasesWarning(db, config).catch(() => undefined);
    if (warning) app.log.warn(warning);
  });
}
