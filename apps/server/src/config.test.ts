import { describe, expect, it, vi } from 'vitest';
import { ConfigError, databaseLocation, isSecureOrigin, loadConfig } from './config';

const configWarnings = (environment: Record<string, string>) => loadConfig(environment, { onWarning: () => {} }).warnings;

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const LIVE_STRIPE = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
/** The environment docs/deploy.md's example sets, before this fault was found: no NODE_ENV, no Stripe keys. */
const DEPLOY_MD = {
  APP_ORIGIN: 'https://bloom.example',
  TRUST_PROXY: 'true',
  SMTP_URL: 'smtp://mail.example:587',
  MAIL_FROM: 'Bloom <no-reply@bloom.example>',
  SUPPORT_EMAIL: 'support@bloom.example',
  METRICS_TOKEN: 'a3f9'.repeat(16),
  SHUTDOWN_DRAIN_SECONDS: '10',
};

function problem(environment: Record<string, string>): string {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
}

describe('the payment provider', () => {
  it('is the sandbox store by default outside production, and Stripe when both keys are set', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).stripe).toBeUndefined();
    expect(loadConfig(STRIPE).stripe).toEqual({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x' });
  });

  it('under NODE_ENV=production, stops start-up unless Stripe is configured or PAYMENTS=sandbox says the test store is meant', () => {
    expect(problem({ NODE_ENV: 'production' })).toMatch(/STRIPE_SECRET_KEY/);
    expect(problem({ NODE_ENV: 'production' })).toMatch(/PAYMENTS=sandbox/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }).stripe).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', ...LIVE_STRIPE }).stripe).toBeDefined();
  });

  it('on an APP_ORIGIN that is not this machine, refuses the sandbox store unless PAYMENTS=sandbox names it, whatever NODE_ENV says', () => {
    // docs/deploy.md's variables, without NODE_ENV: plans would have been free for anyone.
    const message = problem(DEPLOY_MD);
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'PAYMENTS=sandbox', 'APP_ORIGIN']) expect(message).toContain(name);
    for (const origin of ['https://bloom.example', 'http://192.168.1.5:3000', 'http://bloom.local:3000', 'http://[2001:db8::1]:3000']) {
      expect(problem({ APP_ORIGIN: origin }), origin).toMatch(/STRIPE_SECRET_KEY/);
      expect(problem({ APP_ORIGIN: origin, NODE_ENV: 'test' }), origin).toMatch(/STRIPE_SECRET_KEY/);
      expect(loadConfig({ APP_ORIGIN: origin, PAYMENTS: 'sandbox' }).stripe, origin).toBeUndefined();
    }
    expect(loadConfig({ ...DEPLOY_MD, ...LIVE_STRIPE }).stripe).toBeDefined();
    expect(loadConfig({ ...DEPLOY_MD, NODE_ENV: 'production', PAYMENTS: 'sandbox' }).stripe).toBeUndefined();
  });

  it('on this machine (the README\'s npm start, the tests, the e2e run and the bench) takes the sandbox store without being asked', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ PORT: '3000' }).appOrigin).toBe('http://localhost:3000');
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1', 'http://127.0.0.1:4173', 'http://127.1.2.3:80', 'http://[::1]:3000', 'http://app.localhost:3000', 'HTTP://LOCALHOST:3000/']) {
      expect(loadConfig({ APP_ORIGIN: origin, NODE_ENV: 'test' }).stripe, origin).toBeUndefined();
    }
  });

  it('refuses a Stripe test-mode key under NODE_ENV=production or on a public APP_ORIGIN unless PAYMENTS=stripe-test names it', () => {
    // Test mode takes no money, and its published test cards pay for any plan.
    for (const key of ['sk_test_abc', 'rk_test_abc']) {
      const keys = { STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: 'whsec_x' };
      expect(problem({ NODE_ENV: 'production', ...keys })).toMatch(/STRIPE_SECRET_KEY: .*test.*PAYMENTS=stripe-test/s);
      expect(problem({ NODE_ENV: 'production', PAYMENTS: 'stripe', ...keys })).toMatch(/STRIPE_SECRET_KEY/);
      expect(problem({ ...DEPLOY_MD, ...keys })).toMatch(/STRIPE_SECRET_KEY: .*APP_ORIGIN/s);
      expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'stripe-test', ...keys }).stripe?.secretKey).toBe(key);
      expect(loadConfig({ ...DEPLOY_MD, PAYMENTS: 'stripe-test', ...keys }).stripe?.secretKey).toBe(key);
      // A developer's own machine tries Stripe in test mode with nothing else set.
      expect(loadConfig(keys).stripe?.secretKey).toBe(key);
    }
    expect(loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'rk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe).toBeDefined();
    // PAYMENTS=stripe-test with a live key, or with no keys, is a contradiction.
    expect(problem({ PAYMENTS: 'stripe-test', ...LIVE_STRIPE })).toMatch(/PAYMENTS/);
    expect(problem({ PAYMENTS: 'stripe-test' })).toMatch(/STRIPE_SECRET_KEY/);
  });

  it('refuses contradictions and unknown values, naming the variable', () => {
    expect(problem({ PAYMENTS: 'sandbox', ...STRIPE })).toMatch(/PAYMENTS/);
    expect(problem({ PAYMENTS: 'stripe' })).toMatch(/STRIPE_SECRET_KEY/);
    expect(problem({ PAYMENTS: 'paypal' })).toMatch(/PAYMENTS/);
    expect(loadConfig({ PAYMENTS: 'stripe', ...STRIPE }).stripe).toBeDefined();
  });
});

describe('the metrics token', () => {
  it('is unset by default, so /metrics is off', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });

  it('is taken as given when it is long enough', () => {
    const token = 'a3f9'.repeat(16);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it('refuses a short token or one with spaces, naming the variable', () => {
    expect(problem({ METRICS_TOKEN: 'secret' })).toMatch(/METRICS_TOKEN: must be at least 32 printable characters/);
    expect(problem({ METRICS_TOKEN: `${'x'.repeat(32)} y` })).toMatch(/METRICS_TOKEN/);
  });
});

describe('the support address (SUPPORT_EMAIL, decision 0072)', () => {
  it('is unset by default and taken as given when it is a plain address', () => {
    expect(loadConfig({}).supportEmail).toBeUndefined();
    expect(loadConfig({ SUPPORT_EMAIL: '' }).supportEmail).toBeUndefined();
    expect(loadConfig({ SUPPORT_EMAIL: 'help@bloom.example' }).supportEmail).toBe('help@bloom.example');
  });

  it('refuses anything that is not one plain address: a header could carry it into mail', () => {
    for (const value of ['help', 'Bloom <help@bloom.example>', 'help@bloom.example\r\nBcc: x@y.z', 'a@b.c, d@e.f', 'a b@c.d']) {
      expect(problem({ SUPPORT_EMAIL: value })).toMatch(/SUPPORT_EMAIL: must be a plain e-mail address/);
    }
  });
});

describe('the proxies believed (TRUST_PROXY)', () => {
  it('believes none by default, a balancer on a private network with true, or the addresses named', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    // Never every hop: a client could then write its own address into X-Forwarded-For.
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).trustProxy).toBe('10.0.0.0/8, 192.168.1.7,fd00::/8');
  });

  it('with true believes the socket peer (the balancer) when it is on the machine or a private network, and no hop beyond it', () => {
    const trust = loadConfig({ TRUST_PROXY: 'true' }).trustProxy;
    expect(typeof trust).toBe('function');
    const believes = trust as (address: string, hop: number) => boolean;
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '172.16.0.9', '172.31.255.1', '192.168.1.20', '169.254.1.1', 'fe80::1', 'fd12:3456::1', '::ffff:10.0.0.7']) {
      expect(believes(address, 0), address).toBe(true);
      // A private client (an intranet, a VPN) must not be able to write its own address before its real one.
      expect(believes(address, 1), `${address} at hop 1`).toBe(false);
    }
    for (const address of ['203.0.113.7', '172.32.0.1', '8.8.8.8', '2001:db8::1', '::ffff:203.0.113.7', 'not an address']) expect(believes(address, 0), address).toBe(false);
  });

  it('refuses anything else, naming the variable', () => {
    for (const value of ['yes', '1', '10.0.0.0/8;rm', 'everyone', '10.0.0.0/8,', '999.1.1.1', '10.0.0.0/33', '10.0.0.0/0', 'fd00::/129', '1.2.3', '10.0.0.0/8/8', '10.0.0.0/x']) {
      expect(problem({ TRUST_PROXY: value }), value).toMatch(/TRUST_PROXY: must be/);
    }
  });
});

describe('the public origin (APP_ORIGIN)', () => {
  it('is kept as its origin: lower case, no default port, no trailing slash, so HTTPS turns on Secure cookies and HSTS however it is written', () => {
    const config = loadConfig({ APP_ORIGIN: 'HTTPS://Bloom.Example:443/', PAYMENTS: 'sandbox' });
    expect(config.appOrigin).toBe('https://bloom.example');
    expect(isSecureOrigin(config)).toBe(true);
    expect(loadConfig({ APP_ORIGIN: 'http://127.0.0.1:8080' }).appOrigin).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ APP_ORIGIN: 'http://localhost:3000/' }).appOrigin).toBe('http://localhost:3000');
  });

  it('refuses a path, a query, credentials or another scheme, naming the variable', () => {
    for (const value of ['HTTPS://Bloom.Example:443/app/', 'https://bloom.example/app', 'https://bloom.example/?x=1', 'https://bloom.example/#top', 'https://user:pw@bloom.example', 'ftp://bloom.example', 'bloom.example']) {
      expect(problem({ APP_ORIGIN: value, PAYMENTS: 'sandbox' }), value).toMatch(/APP_ORIGIN: must be/);
    }
  });
});

describe('the administrators (ADMIN_EMAILS)', () => {
  it('takes plain addresses, comma-separated, in lower case', () => {
    expect([...loadConfig({ ADMIN_EMAILS: 'Boss@Bloom.test, other@bloom.test,' }).adminEmails]).toEqual(['boss@bloom.test', 'other@bloom.test']);
    expect(loadConfig({}).adminEmails.size).toBe(0);
  });

  it('refuses an entry that is not one plain address, naming the variable and the entry', () => {
    for (const value of ['Alice <alice@x.com>', 'alice', 'Alice <alice@x.com>; bob@x.com', 'a@x.com; b@x.com', 'a b@x.com', 'ok@x.com, alice']) {
      expect(problem({ ADMIN_EMAILS: value }), value).toMatch(/ADMIN_EMAILS: .*plain e-mail address/);
    }
    expect(problem({ ADMIN_EMAILS: 'ok@x.com, alice' })).toContain('"alice"');
  });
});

describe('warnings at start-up', () => {
  it('warns when COACH_SIGNUP=approval has no ADMIN_EMAILS: nobody could approve a coach', () => {
    expect(configWarnings({ COACH_SIGNUP: 'approval' })).toEqual([expect.stringMatching(/COACH_SIGNUP=approval.*ADMIN_EMAILS/s)]);
    expect(configWarnings({ COACH_SIGNUP: 'approval', ADMIN_EMAILS: 'boss@bloom.test' })).toEqual([]);
    expect(configWarnings({})).toEqual([]);
  });

  it('are written to the log stream (stderr) by loadConfig, where an operator sees them', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    try {
      loadConfig({ COACH_SIGNUP: 'approval' });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/COACH_SIGNUP=approval/), expect.anything());
    } finally {
      warn.mockRestore();
    }
  });
});

describe('the SMTP server (SMTP_URL)', () => {
  const PASSWORD = 'Tr0ub4dor';
  it('refuses a URL nodemailer would misread or refuse at every send, naming the variable, saying to percent-encode, never echoing the value', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    try {
      for (const value of [
        `smtp://bloom:${PASSWORD}#3/x@mail.example:587`, // '#' and '/' unencoded: no URL at all (ERR_INVALID_URL at every send)
        `smtp://bloom:${PASSWORD}@pw#x@127.0.0.1:2599`, // '#' unencoded: part of the password read as the host
        `smtp://bloom:${PASSWORD}@mail.example:submission`,
        `smtp://bloom:${PASSWORD}@mail.example:0`,
        `smtp://bloom:${PASSWORD}@mail.example:587/bloom`,
        `smtp://bloom:${PASSWORD}@mail.example:587?pool=true@x`, // an @ in the options: the rest of a password with an unencoded ?
        `smtp://bl?oom:${PASSWORD}@mail.example:587`,
        `smtp://bl/oom:${PASSWORD}@mail.example:587`,
        'smtp:///',
        'smtp://mail%20example:587',
      ]) {
        const message = problem({ SMTP_URL: value });
        expect(message, value).toMatch(/SMTP_URL: .*percent-encode/);
        expect(message, value).not.toContain(PASSWORD);
        expect(message, value).not.toContain('mail.example');
      }
      // A URL nodemailer cannot read makes Node print it whole (DEP0170); none reaches nodemailer.
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('takes a URL that nodemailer reads as written: percent-encoded credentials, an optional trailing slash', async () => {
    const { parseConnectionUrl } = await import('nodemailer/lib/shared');
    const cases: Array<[string, { host: string; port?: number; secure: boolean; auth?: { user: string; pass: string } }]> = [
      ['smtp://mail.example:587', { host: 'mail.example', port: 587, secure: false }],
      ['smtp://127.0.0.1:9', { host: '127.0.0.1', port: 9, secure: false }],
      ['smtps://bloom:Tr0ub4dor%233%2Fx@mail.example:465', { host: 'mail.example', port: 465, secure: true, auth: { user: 'bloom', pass: 'Tr0ub4dor#3/x' } }],
      ['smtp://ops%40bloom.example:p%3Fw@mail.example/', { host: 'mail.example', secure: false, auth: { user: 'ops@bloom.example', pass: 'p?w' } }],
      ['smtp://bloom:secret@[::1]:2525', { host: '::1', port: 2525, secure: false, auth: { user: 'bloom', pass: 'secret' } }],
    ];
    for (const [value, expected] of cases) {
      expect(loadConfig({ SMTP_URL: value }).mail.smtpUrl, value).toBe(value);
      expect(parseConnectionUrl(value), value).toEqual(expected);
    }
  });

  it("takes nodemailer's options in the query, which a relay may need (its own CA, STARTTLS required): review of 2026-11-27", async () => {
    const { parseConnectionUrl } = await import('nodemailer/lib/shared');
    for (const value of ['smtp://u:p@mail.example:587?requireTLS=true', 'smtps://relay.internal:465/?tls.rejectUnauthorized=false', 'smtp://u:p@mail.example:587/?pool=true', 'smtp://mail.example:25?ignoreTLS=true']) {
      expect(loadConfig({ SMTP_URL: value }).mail.smtpUrl, value).toBe(value);
    }
    expect(parseConnectionUrl('smtps://relay.internal:465/?tls.rejectUnauthorized=false&requireTLS=true')).toMatchObject({ host: 'relay.internal', tls: { rejectUnauthorized: false }, requireTLS: true });
  });
});

describe('the PostgreSQL database (DATABASE_URL)', () => {
  const PASSWORD = 'Zq9pgpass';
  it('refuses a URL pg would misread or refuse, naming the variable, saying to percent-encode, never echoing the password', () => {
    for (const value of [
      `postgres://bloom:${PASSWORD}@127.0.0.1:notaport/bloom`,
      `postgres://bloom:${PASSWORD}#1@db.internal:5432/bloom`, // '#' unencoded
      `postgres://bloom:5432#${PASSWORD}@db.internal/bloom`, // '#' unencoded: the rest a fragment
      `postgres://bloom:12/${PASSWORD}@db.internal:5432/bloom`, // '/' unencoded: the rest a database name
      `postgres://bloom:12/${PASSWORD}@db.internal`, // the same, the rest one database name
      `postgres://bloom:12?${PASSWORD}@db.internal/bloom`, // '?' unencoded: the rest an option
      `postgres://bloom:${PASSWORD}@db.internal:0/bloom`,
      `postgres://bloom:${PASSWORD}@db internal/bloom`,
      'mysql://bloom@db.internal/bloom',
    ]) {
      const message = problem({ DATABASE_URL: value });
      expect(message, value).toMatch(/DATABASE_URL: .*percent-encode/);
      expect(message, value).not.toContain(PASSWORD);
    }
  });

  it('takes the URLs pg reads: percent-encoded credentials, options, a Unix socket', () => {
    for (const value of [
      'postgres://bloom:secret@db.internal:5432/bloom',
      'postgresql://bloom@127.0.0.1:5432/postgres',
      'postgres://bloom:p%23w%2F@db.internal/bloom?sslmode=require',
      'postgres:///bloom?host=/var/run/postgresql',
      'postgres://bloom:secret@/bloom?host=/var/run/postgresql',
      'postgres://bloom:p@ss@db.internal/bloom',
    ]) {
      expect(loadConfig({ DATABASE_URL: value }).databaseUrl, value).toBe(value);
    }
  });

  it('is named in messages by host, port and database, never by its credentials', () => {
    expect(databaseLocation(`postgres://bloom:${PASSWORD}@db.internal:6432/bloom?sslmode=require`)).toBe('db.internal:6432/bloom');
    expect(databaseLocation(`postgresql://bloom:${PASSWORD}@[::1]/bloom`)).toBe('[::1]:5432/bloom');
    expect(databaseLocation('postgres:///bloom?host=/var/run/postgresql')).toBe('/var/run/postgresql:5432/bloom');
    expect(databaseLocation(`postgres://bloom:${PASSWORD}@/bloom`)).toBe('localhost:5432/bloom');
  });
});

describe('the port (PORT)', () => {
  it('is 3000 when unset or blank, and taken with surrounding spaces', () => {
    expect(loadConfig({}).port).toBe(3000);
    expect(loadConfig({ PORT: ' ' }).port).toBe(3000);
    expect(loadConfig({ PORT: ' 8080 ' }).port).toBe(8080);
  });

  it('refuses 0 (a port the system picks, which APP_ORIGIN cannot name) and anything not a port, naming the variable', () => {
    for (const value of ['0', '-1', '65536', '80a', '3.5']) expect(problem({ PORT: value }), value).toMatch(/PORT: /);
  });
});

describe('the Stripe keys', () => {
  it('refuses a key of the wrong kind (a publishable key, the two swapped), naming the variable, never echoing the key', () => {
    const secret = 'Sx7pq2LiveSecretPart';
    const refused = [
      [{ STRIPE_SECRET_KEY: `pk_live_${secret}`, STRIPE_WEBHOOK_SECRET: 'whsec_x' }, /STRIPE_SECRET_KEY: must be/],
      [{ STRIPE_SECRET_KEY: `whsec_${secret}`, STRIPE_WEBHOOK_SECRET: `sk_live_${secret}` }, /STRIPE_SECRET_KEY: must be.*STRIPE_WEBHOOK_SECRET: must be/s],
      [{ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: `sk_live_${secret}` }, /STRIPE_WEBHOOK_SECRET: must be/],
      [{ STRIPE_SECRET_KEY: `sk_prod_${secret}`, STRIPE_WEBHOOK_SECRET: 'whsec_x' }, /STRIPE_SECRET_KEY: must be/],
    ] as const;
    for (const [keys, expected] of refused) {
      const message = problem({ ...keys, PAYMENTS: 'stripe' });
      expect(message).toMatch(expected);
      expect(message).not.toContain(secret);
    }
    for (const key of ['sk_live_x', 'rk_live_x', 'sk_test_x', 'rk_test_x']) {
      expect(loadConfig({ STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe?.secretKey).toBe(key);
    }
  });
});

describe('NODE_ENV=test', () => {
  it('warns on an APP_ORIGIN that is not this machine: its password hashing is the cheap one of the test suites', () => {
    expect(configWarnings({ NODE_ENV: 'test', APP_ORIGIN: 'https://bloom.example', PAYMENTS: 'sandbox' })).toEqual([
      expect.stringMatching(/^NODE_ENV=test .*APP_ORIGIN=https:\/\/bloom\.example.*password/),
    ]);
    expect(configWarnings({ NODE_ENV: 'test', APP_ORIGIN: 'http://127.0.0.1:4000' })).toEqual([]);
    expect(configWarnings({ NODE_ENV: 'test' })).toEqual([]);
  });
});
