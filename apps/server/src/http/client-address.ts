import { isIPv4, isIPv6 } from 'node:net';

/**
 * A client's address as the per-address rate limits count it. An IPv6 host is usually given a
 * whole /64 and can take a new address from it for every request, so an IPv6 address counts as
 * its /64; an IPv4-mapped IPv6 address (`::ffff:203.0.113.9`) counts as the IPv4 address it is.
 * Anything else is counted as it is.
 */
export function rateLimitAddress(ip: string): string {
  const address = ip.split('%')[0]!;
  const mapped = /^::ffff:(.+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return ip;
  return `${hextetsOf(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of a valid IPv6 address, each in lowercase without leading zeros. */
function hextetsOf(address: string): string[] {
  let text = address;
  // A trailing IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const ipv4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (ipv4) {
    const [a, b, c, d] = ipv4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const middle = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16).toString(16));
}
