import { domainToASCII } from 'node:url';
import { z } from 'zod';
import { isLoopbackOrigin, isTrustedProxyEntry, trustTheBalancerOnAPrivateNetwork } from './config-addresses';

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

/** `false`, `true`, or trusted proxies: IPv4 or IPv6 addresses or ranges (CIDR), or proxy-addr's names, each one proxy-addr can parse. */
const isTrustedProxiesValue = (value: string) => value === 'false' || value === 'true' || value.split(',').every((item) => isTrustedProxyEntry(item.trim()));

/** One plain address, with nothing a mail header or a display name could add (SUPPORT_EMAIL, ADMIN_EMAILS). */
const PLAIN_EMAIL = /^[^\s@<>",;()]+@[^\s@<>",;()]+$/;

/** A Stripe secret or restricted key of test mode: Stripe takes no money, and its published test cards pay for anything. */
const STRIPE_TEST_KEY = /^(sk|rk)_test_/;

/**
 * The shapes of Stripe's keys, so a publishable key (`pk_…`) or the two swapped stop start-up
 * instead of failing every checkout. The messages never repeat the value: it is a secret.
 */
const STRIPE_SECRET_KEY_SHAPE = /^(sk|rk)_(live|test)_\S+$/;
const STRIPE_WEBHOOK_SECRET_SHAPE = /^whsec_\S+$/;

/** Said with every refused URL that carries credentials: the usual cause is a password with a character the URL reads as its own. */
const PERCENT_ENCODE =
  'percent-encode special characters in the user name and password (# as %23, / as %2F, ? as %3F, @ as %40, : as %3A, % as %25)';

/**
 * Reads a URL for a check without ever putting it in a message (it may hold a password).
 * `new URL` refuses what the WHATWG parser cannot read; the check then says what is wrong.
 */
function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * SMTP_URL as nodemailer reads it (its shared/url.js: the WHATWG parser, and the legacy one,
 * which prints the whole URL in a DEP0170 warning, for what that refuses). Each send reads it
 * again, and a configuration failure is retried forever (docs/mail.md), so a URL nodemailer
 * would misread or refuse stops start-up instead: no URL at all (a `#`, `/` or `?` in the
 * password ends the authority early, so the rest is taken for a port), a `#fragment`, a
 * `?query` or a path (what followed the unencoded character: the host read would be part of
 * the password), no host, port 0, or a host nodemailer cannot resolve as a name.
 */
function smtpUrlProblem(value: string): string | undefined {
  if (!/^smtps?:\/\//i.test(value)) return 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example:587';
  const url = parseUrl(value);
  if (!url) return 'cannot be read as a URL (a port that is not a number, or a character of the password taken for the end of it)';
  if (url.hash || value.includes('#')) return 'has a #fragment, where nodemailer would take part of the password for the host';
  // A query is nodemailer's options (`?requireTLS=true`, `?tls.rejectUnauthorized=false`); an @ in it is the rest of a password with an unencoded ?.
  if (url.search.includes('@')) return 'has an @ after the host (in the ?options), where nodemailer would take part of the password for the host';
  if (url.pathname !== '' && url.pathname !== '/') return 'has a path, where nodemailer would take part of the password for the host';
  if (!url.hostname) return 'has no host';
  if (url.port === '0') return 'has port 0; give the SMTP server\'s port (587, or 465 for smtps://) or none';
  if (!isSmtpHost(url.hostname)) return 'has a host that is not a name or an address';
  return undefined;
}

/** A host nodemailer resolves: an IPv6 literal the WHATWG parser has checked, or a name `domainToASCII` maps (as nodemailer does). */
function isSmtpHost(hostname: string): boolean {
  if (hostname.startsWith('[')) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(hostname);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are among what nodemailer refuses in a host
  return !/[\x00-\x20#%/:<>?@[\\\]^|\x7f]/.test(decoded) && domainToASCII(decoded) !== '';
}

/**
 * DATABASE_URL as pg-connection-string reads it: the WHATWG parser, again with a placeholder
 * host for `user:password@/db` (a Unix socket named by `?host=`). A query carries pg's options
 * (`sslmode=require`). Refused: what the parser cannot read (a port that is not a number, or an
 * unencoded `#`, `/` or `?` in the password ending the authority there), a `#fragment`, a
 * database name with a `/`, or an `@` after the host (the rest of such a password), port 0.
 */
function databaseUrlProblem(value: string): string | undefined {
  if (!/^postgres(ql)?:\/\//i.test(value)) return 'must be a postgres:// or postgresql:// URL, e.g. postgres://bloom:password@db.internal:5432/bloom';
  const url = parseUrl(value) ?? parseUrl(value.replace('@/', '@placeholder/'));
  if (!url) return 'cannot be read as a URL (a port that is not a number, or a character of the password taken for the end of it)';
  if (url.hash || value.includes('#')) return 'has a #fragment, where pg would take part of the password for the host or the database';
  if (!/^(\/[^/]*)?$/.test(url.pathname)) return 'has a database name with a /, where pg would take part of the password for the host or the database';
  if (`${url.pathname}${url.search}`.includes('@')) return 'has an @ after the host (in the database name or the options), where pg would take part of the password for the host';
  if (url.port === '0') return 'has port 0; give PostgreSQL\'s port (5432) or none';
  return undefined;
}

/**
 * Where DATABASE_URL points, for messages: `host:port/database`, never the user name or the
 * password. pg's defaults fill what the URL leaves out (`localhost`, 5432).
 */
export function databaseLocation(databaseUrl: string): string {
  const url = parseUrl(databaseUrl) ?? parseUrl(databaseUrl.replace('@/', '@placeholder/'));
  if (!url) return 'an unreadable URL';
  const placeholder = !parseUrl(databaseUrl);
  const host = url.searchParams.get('host') || (placeholder ? '' : url.hostname) || 'localhost';
  return `${host}:${url.searchParams.get('port') || url.port || '5432'}/${url.pathname.slice(1)}`;
}

/** A zod refinement from one of the checks above: its message, with the advice to percent-encode, names no part of the value. */
function urlCheck(problemOf: (value: string) => string | undefined) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = problemOf(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `${problem}; ${PERCENT_ENCODE} (the value is not shown: it may hold a password)` });
  };
}

/** PORT, read with surrounding spaces ignored: blank is unset. */
const trimmed = (value: unknown) => (typeof value === 'string' ? emptyAsUndefined(value.trim()) : value);

/**
 * APP_ORIGIN as the browser's origin: lower case, without the default port or a trailing slash,
 * so that `isSecureOrigin` and the CSRF check compare like with like. A path, a query or
 * credentials have no place in it (every URL is built on it) and stop start-up.
 */
function toOrigin(value: string, ctx: z.RefinementCtx): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    ctx.addIssue({ code: 'custom', message: 'must be an origin: http:// or https://, a host and an optional port, with no path, e.g. https://bloom.example' });
    return z.NEVER;
  }
  return url.origin;
}

const environmentSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
    // Not 0: the system would pick a port, which the default APP_ORIGIN (http://localhost:$PORT) cannot name.
    PORT: z.preprocess(trimmed, z.coerce.number().int().min(1, 'must be a port from 1 to 65535').max(65535, 'must be a port from 1 to 65535').default(3000)),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
    DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().superRefine(urlCheck(databaseUrlProblem)).optional()),
    APP_ORIGIN: z.preprocess(emptyAsUndefined, z.string().transform(toOrigin).optional()),
    ADMIN_EMAILS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .superRefine((value, ctx) => {
          for (const entry of value.split(',').map((item) => item.trim())) {
            if (entry && (entry.length > 254 || !PLAIN_EMAIL.test(entry))) {
              ctx.addIssue({
                code: 'custom',
                message: `${JSON.stringify(entry)} is not a plain e-mail address; list plain addresses separated by commas, e.g. alice@bloom.example, bob@bloom.example`,
              });
            }
          }
        })
        .default(''),
    ),
    OIDC_ISSUER: z.preprocess(emptyAsUndefined, z.url().optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    STRIPE_SECRET_KEY: z.preprocess(
      emptyAsUndefined,
      z.string().regex(STRIPE_SECRET_KEY_SHAPE, 'must be a Stripe secret or restricted key (sk_live_…, rk_live_…, or sk_test_…, rk_test_…), not a publishable key (pk_…) or the webhook secret').optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyAsUndefined,
      z.string().regex(STRIPE_WEBHOOK_SECRET_SHAPE, "must be the webhook endpoint's signing secret (whsec_…), not an API key").optional(),
    ),
    PAYMENTS: z.preprocess(emptyAsUndefined, z.enum(['sandbox', 'stripe', 'stripe-test']).optional()),
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
    SIGN_UPS_PER_IP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(5)),
    SMTP_URL: z.preprocess(emptyAsUndefined, z.string().superRefine(urlCheck(smtpUrlProblem)).optional()),
    MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().regex(/^[^\r\n]*@[^\r\n]*$/, 'must be a sender address, e.g. Bloom <no-reply@bloom.example>').default(DEFAULT_MAIL_FROM)),
    SUPPORT_EMAIL: z.preprocess(
      emptyAsUndefined,
      z.string().max(254).regex(PLAIN_EMAIL, 'must be a plain e-mail address, e.g. support@bloom.example').optional(),
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
    if ((env.PAYMENTS === 'stripe' || env.PAYMENTS === 'stripe-test') && !stripeConfigured) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: `PAYMENTS=${env.PAYMENTS} needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET` });
    }
    // A store that takes no money unlocks plans for anyone: the sandbox store for whoever presses
    // Pay, Stripe's test mode for whoever types its published test card. In production, and on
    // any origin that is not this machine (NODE_ENV may well be forgotten), such a store runs only
    // when asked for by name, never because the keys were forgotten or the wrong ones pasted
    // (decision 0076). The README's `npm start`, the tests, the e2e run and the bench all run on
    // localhost or 127.0.0.1.
    const takesMoneyOnly = [
      env.NODE_ENV === 'production' ? 'NODE_ENV=production' : undefined,
      env.APP_ORIGIN !== undefined && !isLoopbackOrigin(env.APP_ORIGIN) ? `APP_ORIGIN=${env.APP_ORIGIN} (not this machine)` : undefined,
    ].filter(Boolean);
    const where = `under ${takesMoneyOnly.join(' and ')}`;
    if (takesMoneyOnly.length > 0 && !stripeConfigured && env.PAYMENTS === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: `is not set, so the sandbox store (no real payments: anyone can unlock a plan) would run ${where}. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=sandbox to run the test store on purpose`,
      });
    }
    const testKey = stripeConfigured && STRIPE_TEST_KEY.test(env.STRIPE_SECRET_KEY ?? '');
    if (env.PAYMENTS === 'stripe-test' && stripeConfigured && !testKey) {
      ctx.addIssue({ code: 'custom', path: ['PAYMENTS'], message: 'PAYMENTS=stripe-test runs Stripe in test mode, but STRIPE_SECRET_KEY is not a test key (sk_test_… or rk_test_…)' });
    }
    if (takesMoneyOnly.length > 0 && testKey && env.PAYMENTS !== 'stripe-test') {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: `is a test-mode key (${env.STRIPE_SECRET_KEY!.slice(0, 8)}…): Stripe's test mode takes no money, and its published test cards unlock a plan for anyone, ${where}. Set a live key (sk_live_… or rk_live_…) and its webhook secret, or PAYMENTS=stripe-test to run Stripe's test mode on purpose`,
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
  /**
   * Fastify's trustProxy: false; for TRUST_PROXY=true, a function believing the socket's peer
   * when it is private and no hop beyond it (decision 0057); or the proxies named, as proxy-addr reads them.
   */
  trustProxy: false | string | ((address: string, hop: number) => boolean);
  /** The least time between two live norm snapshots (norms/norms-refresh.ts, decision 0060). */
  normsMinIntervalMs: number;
  /** Password attempts on the provider's forms per client address in any five minutes (idp/sign-in-limits.ts). */
  signInAttemptsPerIp: number;
  /** Sign-ins started (GetLoginUrl*) per client address in any ten minutes (api/rate-limits.ts). */
  signInStartsPerIp: number;
  /** New guest visits (ContinueAsGuest without a session) per client address in any ten minutes (api/rate-limits.ts). */
  guestsPerIp: number;
  /** Accounts created on the embedded provider's sign-up form per client address in any hour (idp/sign-in-limits.ts, decision 0081). */
  signUpsPerIp: number;
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
  /** What start-up should tell the operator, though it runs: each is also given to `onWarning` (by default `process.emitWarning`, on stderr). */
  warnings: readonly string[];
}

export class ConfigError extends Error {}

/** A configuration that starts but probably is not what was meant: on stderr as `(node:<pid>) [BLOOM_CONFIG] Warning: …`. */
function emitConfigWarning(message: string): void {
  process.emitWarning(message, { code: 'BLOOM_CONFIG' });
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env, { onWarning = emitConfigWarning }: { onWarning?: (message: string) => void } = {}): AppConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  const appOrigin = env.APP_ORIGIN ?? `http://localhost:${env.PORT}`;
  const adminEmails = new Set(
    env.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
  const warnings: string[] = [];
  if (env.COACH_SIGNUP === 'approval' && adminEmails.size === 0) {
    warnings.push("COACH_SIGNUP=approval but ADMIN_EMAILS is empty: new coaches wait for an administrator's approval and there is no administrator to give it. Name one in ADMIN_EMAILS");
  }
  if (env.NODE_ENV === 'development' && !isLoopbackOrigin(appOrigin)) {
    warnings.push(`APP_ORIGIN=${appOrigin} is not this machine but NODE_ENV is not set to production: set NODE_ENV=production (docs/deploy.md) for production's defaults and checks`);
  }
  // Not refused: the API tests start in-process servers with NODE_ENV=test on a public origin (security-web.test.ts, https cookies).
  if (env.NODE_ENV === 'test' && !isLoopbackOrigin(appOrigin)) {
    warnings.push(`NODE_ENV=test is for the test suites, but APP_ORIGIN=${appOrigin} is not this machine: passwords are stored with the test suites' cheap hashing. Set NODE_ENV=production (docs/deploy.md)`);
  }
  for (const warning of warnings) onWarning(warning);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    appOrigin,
    adminEmails,
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
    trustProxy: env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY === 'true' ? trustTheBalancerOnAPrivateNetwork : env.TRUST_PROXY,
    normsMinIntervalMs: env.NORMS_MIN_INTERVAL_MINUTES * 60_000,
    signInAttemptsPerIp: env.SIGN_IN_ATTEMPTS_PER_IP,
    signInStartsPerIp: env.SIGN_IN_STARTS_PER_IP,
    guestsPerIp: env.GUESTS_PER_IP,
    signUpsPerIp: env.SIGN_UPS_PER_IP,
    logLevel: env.LOG_LEVEL,
    shutdownDrainMs: (env.SHUTDOWN_DRAIN_SECONDS ?? (env.NODE_ENV === 'production' ? DEFAULT_PRODUCTION_DRAIN_SECONDS : 0)) * 1000,
    metricsToken: env.METRICS_TOKEN,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    supportEmail: env.SUPPORT_EMAIL,
    warnings,
  };
}

/** Cookies get the `__Host-` prefix and Secure flag only when served over HTTPS. */
export function isSecureOrigin(config: AppConfig): boolean {
  return config.appOrigin.startsWith('https://');
}
