import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './client-address';

describe('the address a rate limit counts', () => {
  it.each([
    // IPv4 as it is, and an IPv4-mapped IPv6 address as its IPv4 address.
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:198.51.100.1', '198.51.100.1'],
    // IPv6 as its /64, however the address is written.
    ['2001:db8:85a3:42::8a2e:370:7334', '2001:db8:85a3:42::/64'],
    ['2001:0DB8:85A3:0042:0000:8A2E:0370:7335', '2001:db8:85a3:42::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    // Anything else as it is.
    ['unknown', 'unknown'],
    ['', ''],
  ])('counts %j as %j', (ip, counted) => expect(rateLimitAddress(ip)).toBe(counted));

  it('counts two IPv6 addresses together exactly when they share their first 64 bits', () => {
    const hextet = fc.integer({ min: 0, max: 0xffff });
    const address = fc.array(hextet, { minLength: 8, maxLength: 8 });
    // Written the long way, with leading zeros, or with the longest run of zeros compressed.
    const written = (groups: number[], style: number) => {
      const hex = groups.map((group) => (style === 1 ? group.toString(16).padStart(4, '0').toUpperCase() : group.toString(16)));
      if (style !== 2) return hex.join(':');
      let best = { start: -1, length: 0 };
      for (let start = 0; start < 8; start++) {
        let length = 0;
        while (start + length < 8 && groups[start + length] === 0) length++;
        if (length > best.length) best = { start, length };
      }
      if (best.length < 2) return hex.join(':');
      return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
    };
    fc.assert(
      fc.property(address, address, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), (a, b, styleA, styleB) => {
        const samePrefix = a.slice(0, 4).every((group, index) => group === b[index]);
        expect(rateLimitAddress(written(a, styleA)) === rateLimitAddress(written(b, styleB))).toBe(samePrefix);
        const sibling = [...a.slice(0, 4), ...b.slice(4)];
        expect(rateLimitAddress(written(sibling, styleB))).toBe(rateLimitAddress(written(a, styleA)));
      }),
    );
  });
});
