import { z } from 'zod';

/**
 * Configuration comes only from the environment (DESIGN.md §10). Every value is
 * validated at start-up so a typo stops the server with a message that names the
 * variable instead of surfacing later as a confusing runtime failure.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().min(1).optional());
const cents = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(1_000_000).default(fallback));

/** The sender when MAIL_FROM is unset: fine for the .eml outbox and a local catcher; a real SMTP server wants its own domain. */
export const DEFAULT_MAIL_FROM = 'Bloom <no-reply@localhost>';

/** SHUTDOWN_DRAIN_SECONDS under NODE_ENV=production when unset: two failed checks of a balancer asking every 2 s (docs/deploy.md). */
export const DEFAULT_PRODUCTION_DRAIN_SECONDS = 5;

/** One trusted proxy: an IPv4 or IPv6 address or range (CIDR), or one of proxy-addr's names. */
const TRUSTED_PROXY = /^(loopback|linklocal|uniquelocal|\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-fA-F]{0,4}(:[0-9a-fA-F]{0,4}){2,7}(\/\d{1,3})?)$/;
const isTrustedProxiesValue = (value: string) => value === 'false' || value === 'true' || value.split(',').every((item) => TRUSTED_PROXY.test(item.trim()));

/**
 * `TRUST_PROXY=true`: the load balancer is on the machine or a private network. Only those hops
 * are trusted, so `request.ip` is the address the balancer saw: an `X-Forwarded-For` a client
 * wrote itself (left of the balancer's entry) is not believed. Trusting every hop would let
 * anyone choose their address, and so their own rate limits.
 */
const PRIVATE_NETWORK_PROXIES = 'loopback, linklocal, uniquelocal';

const environmentSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL').optional(),
    ),
    APP_ORIGIN: z.preprocess(emptyAsUndefined, z.url().optional()),
    ADMIN_EMAILS: z.preprocess(emptyAsUndefined, z.string().default('')),
    OIDC_ISSUER: z.preprocess(emptyAsUndefined, z.url().optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    PAYMENTS: z.preprocess(emptyAsUndefined, z.enum(['sandbox', 'stripe']).optional()),
    PLAN_PRICE_CENTS: cents(999),
    PLAN_PROMO_PRICE_CENTS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(1_000_000).optional()),
    COACH_SIGNUP: z.preprocess(emptyAsUndefined, z.enum(['open', 'approval']).default('open')),
    MEMBER_RESOURCES_URL: z.preprocess(emptyAsUndefined, z.url().default('https://example.org/bloom/members')),
    TRUST_PROXY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine(isTrustedProxiesValue, 'must be false, true (a load balancer on a private network), or the load balancers\' addresses or ranges, comma-separated, e.g. 10.0.0.0/8')
        .default('false'),
    ),
    NORMS_MIN_INTERVAL_MINUTES: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(10_080).default(60)),
    SIGN_IN_ATTEMPTS_PER_IP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(50)),
    SIGN_IN_STARTS_PER_IP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(60)),
    GUESTS_PER_IP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(30)),
    SMTP_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587').optional()),
    MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().regex(/^[^\r\n]*@[^\r\n]*$/, 'must be a sender address, e.g. Bloom <no-reply@bloom.example>').default(DEFAULT_MAIL_FROM)),
    SUPPORT_EMAIL: z.preprocess(
      emptyAsUndefined,
      z.string().max(254).regex(/^[^\s@<>",;()]+@[^\s@<>",;()]+$/, 'must be a plain e-mail address, e.g. support@bloom.example').optional(),
    ),
    METRICS_TOKEN: z.preprocess(
      emptyAsUndefined,
      z.string().regex(/^[\x21-\x7e]{32,}$/, 'must be at least 32 printable characters without spaces, e.g. the output of `openssl rand -hex 32`').optional(),
    ),
    SHUTDOWN_DRAIN_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(300).optional()),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (or all left unset for the embedded provider)',
      });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
      });
    }
    const stripeConfigured = Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
    if (env.PAYMENTS === 'sandbox' && stripeConfigured) {
      ctx.addIssue({ code: 'custom', path: ['PAYMENTS'], message: 'PAYMENTS=sandbox and STRIPE_SECRET_KEY are both set; choose one store' });
    }
    if (env.PAYMENTS === 'stripe' && !stripeConfigured) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET' });
    }
    // The sandbox store takes no money and unlocks plans for anyone who presses Pay: in
    // production it runs only when asked for by name, never because the keys were forgotten.
    if (env.NODE_ENV === 'production' && !stripeConfigured && env.PAYMENTS !== 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'is not set, so the sandbox store (no real payments) would run under NODE_ENV=production. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=sandbox to run the test store on purpose',
      });
    }
    if (env.PLAN_PROMO_PRICE_CENTS !== undefined && env.PLAN_PROMO_PRICE_CENTS >= env.PLAN_PRICE_CENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PLAN_PROMO_PRICE_CENTS'],
        message: 'must be lower than PLAN_PRICE_CENTS',
      });
    }
  });

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Public origin, e.g. https://bloom.example. Derived from PORT when unset. */
  appOrigin: string;
  adminEmails: ReadonlySet<string>;
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  planPriceCents: number;
  planPromoPriceCents: number | undefined;
  coachSignup: 'open' | 'approval';
  memberResourcesUrl: string;
  /** Fastify's trustProxy: false, or the proxies believed, as proxy-addr reads them. */
  trustProxy: false | string;
  /** The least time between two live norm snapshots (norms/norms-refresh.ts, decision 0060). */
  normsMinIntervalMs: number;
  /** Password attempts on the provider's forms per client address in any five minutes (idp/sign-in-limits.ts). */
  signInAttemptsPerIp: number;
  /** Sign-ins started (GetLoginUrl*) per client address in any ten minutes (api/rate-limits.ts). */
  signInStartsPerIp: number;
  /** New guest visits (ContinueAsGuest without a session) per client address in any ten minutes (api/rate-limits.ts). */
  guestsPerIp: number;
  logLevel: string;
  /**
   * After SIGTERM, how long /readyz says 503 while the instance goes on serving, before its
   * listener closes (operations/shutdown.ts, decision 0071): SHUTDOWN_DRAIN_SECONDS, by default
   * 5 s in production, where a load balancer must see it leave, and none elsewhere.
   */
  shutdownDrainMs: number;
  /** The bearer token /metrics asks for; unset, /metrics answers 404 (operations/metrics.ts, decision 0034). */
  metricsToken: string | undefined;
  /** Outgoing mail (mail/, docs/mail.md): without `smtpUrl`, each message is written as an .eml file in DATA_DIR/outbox. */
  mail: { smtpUrl: string | undefined; from: string };
  /**
   * Where people write when something needs a person (SUPPORT_EMAIL, decision 0072): a payment
   * that does not match its checkout, an account change they did not make. Every mail's Reply-To.
   * Unset, those texts say "contact us" with no address, and production warns at start.
   */
  supportEmail: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  const appOrigin = (env.APP_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    appOrigin,
    adminEmails: new Set(
      env.ADMIN_EMAILS.split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET }
        : undefined,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
        : undefined,
    planPriceCents: env.PLAN_PRICE_CENTS,
    planPromoPriceCents: env.PLAN_PROMO_PRICE_CENTS,
    coachSignup: env.COACH_SIGNUP,
    memberResourcesUrl: env.MEMBER_RESOURCES_URL,
    trustProxy: env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY === 'true' ? PRIVATE_NETWORK_PROXIES : env.TRUST_PROXY,
    normsMinIntervalMs: env.NORMS_MIN_INTERVAL_MINUTES * 60_000,
    signInAttemptsPerIp: env.SIGN_IN_ATTEMPTS_PER_IP,
    signInStartsPerIp: env.SIGN_IN_STARTS_PER_IP,
    guestsPerIp: env.GUESTS_PER_IP,
    logLevel: env.LOG_LEVEL,
    shutdownDrainMs: (env.SHUTDOWN_DRAIN_SECONDS ?? (env.NODE_ENV === 'production' ? DEFAULT_PRODUCTION_DRAIN_SECONDS : 0)) * 1000,
    metricsToken: env.METRICS_TOKEN,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    supportEmail: env.SUPPORT_EMAIL,
  };
}

/** Cookies get the `__Host-` prefix and Secure flag only when served over HTTPS. */
export function isSecureOrigin(config: AppConfig): boolean {
  return config.appOrigin.startsWith('https://');
}
