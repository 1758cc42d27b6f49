import type { AppConfig } from '../config';

export const PLAN_CURRENCY = 'usd';

/** GET /api/user/GetPlanPricing: the regular price and the optional promotion, in cents. */
export interface PlanPricing {
  priceCents: number;
  promoPriceCents: number | null;
  currency: typeof PLAN_CURRENCY;
}

export function planPricing(config: Pick<AppConfig, 'planPriceCents' | 'planPromoPriceCents'>): PlanPricing {
  return { priceCents: config.planPriceCents, promoPriceCents: config.planPromoPriceCents ?? null, currency: PLAN_CURRENCY };
}

/** What a buyer pays today: the promotional price while one is configured. */
export function chargeCents(config: Pick<AppConfig, 'planPriceCents' | 'planPromoPriceCents'>): number {
  return config.planPromoPriceCents ?? config.planPriceCents;
}

/** A plan that costs nothing is unlocked for everyone (DESIGN.md §5). */
export function planIsFree(config: Pick<AppConfig, 'planPriceCents' | 'planPromoPriceCents'>): boolean {
  return chargeCents(config) === 0;
}

/** Cents to the dollars number of GET /api/user/getPositivityPlanPrice (999 → 9.99). */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100;
