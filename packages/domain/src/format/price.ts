/** One formatter per currency, built on first use: the first Intl formatter of a page costs a phone tens of milliseconds of ICU start-up, and most pages show no price. */
const byCurrency = new Map<string, Intl.NumberFormat>();

/** "$9.99": a price in cents in its currency (the store only sells in USD today). */
export function formatPrice(cents: number, currency = 'usd'): string {
  const code = currency.toUpperCase();
  let format = byCurrency.get(code);
  if (!format) byCurrency.set(code, (format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code })));
  return format.format(cents / 100);
}
