import { BlockList, isIP } from 'node:net';

/**
 * The network addresses configuration reads (config.ts): which origins are this machine, which
 * proxy addresses proxy-addr can parse, and which peers count as a private network's.
 */

/** proxy-addr's names for address ranges (TRUST_PROXY may use them). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * One entry of TRUST_PROXY as proxy-addr will read it without throwing: one of its names, or an
 * IPv4 or IPv6 address with an optional prefix length from 1 to 32 or 128 (it refuses /0).
 */
export function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const length = Number(prefix);
  return length >= 1 && length <= (version === 4 ? 32 : 128);
}

/** proxy-addr's `loopback`, `linklocal` and `uniquelocal`; IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry. */
const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix, type] of [
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['169.254.0.0', 16, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, type);
}

export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  return version !== 0 && PRIVATE_NETWORKS.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * `TRUST_PROXY=true` (decision 0057): believe the socket's peer, the load balancer, when it is on
 * this machine or a private network, and no hop beyond it. So `request.ip` is the address the
 * balancer saw, even when that client is itself on a private network (an intranet, a VPN) and
 * writes addresses of its choice into `X-Forwarded-For` before it. In proxy-addr's terms, hop 0
 * is the socket's peer and hop 1 the right-most `X-Forwarded-For` entry.
 */
export function trustTheBalancerOnAPrivateNetwork(address: string, hop: number): boolean {
  return hop === 0 && isPrivateAddress(address);
}

/** An origin on this machine: `localhost` (or a name under it), 127.0.0.0/8 or `[::1]`. The WHATWG URL parser has made it lower case. */
export function isLoopbackOrigin(origin: string): boolean {
  const { hostname } = new URL(origin);
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (hostname === '[::1]') return true;
  return isIP(hostname) === 4 && hostname.startsWith('127.');
}
