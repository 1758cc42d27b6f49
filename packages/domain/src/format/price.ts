import { formatCount } from './count';

/** One formatter per other currency, built on first use. */
const byCurrency = new Map<string, Intl.NumberFormat>();

/**
 * "$9.99": a price in cents in its currency (the store only sells in USD today). Dollars are
 * written by hand, as `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` writes
 * them (format.test.ts compares the two): the first Intl formatter of a page costs a phone tens of
 * milliseconds of ICU start-up, and the profile report's plan offer was its only one. Other
 * currencies go through Intl.
 */
export function formatPrice(cents: number, currency = 'usd'): string {
  const code = currency.toUpperCase();
  if (code === 'USD' && Number.isSafeInteger(cents)) {
    const whole = Math.abs(cents);
    const amount = `$${formatCount(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
    return cents < 0 ? `-${amount}` : amount;
  }
  let format = byCurrency.get(code);
  if (!format) byCurrency.set(code, (format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code })));
  return format.format(cents / 100);
}
