import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    ['/Coach', '/Coach'],
    ['/YourLifeLotus?tab=2', '/YourLifeLotus?tab=2'],
    ['/PositivityPlan/0190a3b4-aaaa-7bbb-8ccc-123456789abc', '/PositivityPlan/0190a3b4-aaaa-7bbb-8ccc-123456789abc'],
    // Dot segments are resolved, never allowed to climb out of the site.
    ['/a/../../Dashboard', '/Dashboard'],
  ])('keeps the same-site path %s', (value, expected) => expect(safeReturnPath(value)).toBe(expected));

  it.each([
    ['another site, protocol-relative', '//evil.example/x'],
    ['another site behind a backslash', '/\\evil.example'],
    ['another site once its dot segment is resolved', '/.//evil.example'],
    ['another site after climbing out', '/a/..//evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'Dashboard'],
    ['a control character', '/Dash\nboard'],
    ['a tab that browsers would strip', '/\t/evil.example'],
    ['the provider itself (a loop)', '/idp/interaction/abc'],
    ['the API', '/api/user/getCurrentUser'],
    ['a one-shot callback page', '/login-callback-beginning'],
    ['an empty value', ''],
    ['a very long value', `/${'a'.repeat(600)}`],
    ['a number', 42],
    ['nothing', undefined],
  ])('refuses %s', (_label, value) => expect(safeReturnPath(value)).toBeNull());
});
