import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

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
    expect(loadConfig({ NODE_ENV: 'production', ...STRIPE }).stripe).toBeDefined();
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
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe('loopback, linklocal, uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).trustProxy).toBe('10.0.0.0/8, 192.168.1.7,fd00::/8');
  });

  it('refuses anything else, naming the variable', () => {
    for (const value of ['yes', '1', '10.0.0.0/8;rm', 'everyone', '10.0.0.0/8,']) expect(problem({ TRUST_PROXY: value }), value).toMatch(/TRUST_PROXY/);
  });
});
