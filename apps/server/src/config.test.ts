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
