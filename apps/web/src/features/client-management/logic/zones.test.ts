import type { ClientUser } from '@bloom/contracts';
import { describe, expect, it } from 'vitest';
import { preGrantAfterTick, preGrantTicked, groupOfZone, INDEPENDENT_ZONE, isBlank, isDotSegment, moveClient, organizationClientCount, plannedMove, restorePreGrant, setPreGrant, zoneId, zoneOfClient, zoneOptionGroups, zoneOptions, type ClientBoard } from './zones';

const user = (id: string): ClientUser => ({ id, firstName: id.toUpperCase(), lastName: 'L', userName: `${id}@x.test`, accessPreGranted: false, preGrantStatus: 'none' });
const board: ClientBoard = {
  organizations: [
    {
      organizationGuid: 'o1',
      organizationName: 'Org',
      groups: [
        { groupGuid: 'g0', groupName: 'No Group', isDefault: true, users: [user('a')] },
        { groupGuid: 'g1', groupName: 'Team', isDefault: false, users: [user('b'), user('c')] },
      ],
    },
  ],
  independent: [user('d')],
};

describe('zones', () => {
  it('joins and splits zone ids', () => {
    expect(INDEPENDENT_ZONE).toBe('no-org|no-group');
    expect(zoneId('o1', 'g1')).toBe('o1|g1');
    expect(groupOfZone('o1|g1')).toBe('g1');
    expect(groupOfZone(INDEPENDENT_ZONE)).toBeNull();
    expect(zoneOfClient(board, 'c')).toBe('o1|g1');
    expect(zoneOfClient(board, 'd')).toBe(INDEPENDENT_ZONE);
    expect(zoneOfClient(board, 'zzz')).toBeNull();
  });

  it('ignores drops outside, on unknown zones and on the same zone', () => {
    expect(plannedMove(board, 'a', null)).toBeNull();
    expect(plannedMove(board, 'a', 'o9|g9')).toBeNull();
    expect(plannedMove(board, 'a', 'o1|g0')).toBeNull();
    expect(plannedMove(board, 'a', 'o1|g1')).toEqual({ from: 'o1|g0', to: 'o1|g1' });
    expect(plannedMove(board, 'd', 'o1|g0')).toEqual({ from: INDEPENDENT_ZONE, to: 'o1|g0' });
  });

  it('moves a client locally, between groups and to Independent Clients', () => {
    const moved = moveClient(board, 'a', 'o1|g1');
    expect(moved.organizations[0]!.groups.map((g) => g.users.map((u) => u.id))).toEqual([[], ['b', 'c', 'a']]);
    const out = moveClient(moved, 'b', INDEPENDENT_ZONE);
    expect(out.independent.map((u) => u.id)).toEqual(['d', 'b']);
    expect(organizationClientCount(out.organizations[0]!)).toBe(2);
    expect(moveClient(board, 'nobody', INDEPENDENT_ZONE)).toBe(board);
  });

  it('updates the pre-grant and lists the zones in page order', () => {
    expect(zoneOfClient(setPreGrant(board, 'b', true), 'b')).toBe('o1|g1');
    // Ticking asks the client: it reads "requested", and nothing is granted until they confirm.
    expect(setPreGrant(board, 'b', true).organizations[0]!.groups[1]!.users[0]).toMatchObject({ preGrantStatus: 'requested', accessPreGranted: false });
    // A tick the server refused is put back as it was, granted included.
    const granted: ClientBoard = { ...board, independent: [{ ...user('d'), preGrantStatus: 'granted', accessPreGranted: true }] };
    const before = granted.independent[0]!;
    const restored = restorePreGrant(setPreGrant(granted, 'd', false), before);
    expect(restored.independent[0]).toEqual(before);
    expect(restored.organizations).toEqual(granted.organizations);
    const zones = zoneOptions(board, { independent: 'Independent Clients', group: (o, g) => `${o} — ${g}` });
    const org = { guid: 'o1', name: 'Org' };
    expect(zones).toEqual([
      { zone: INDEPENDENT_ZONE, label: 'Independent Clients', name: 'Independent Clients', organization: null },
      { zone: 'o1|g0', label: 'Org — No Group', name: 'No Group', organization: org },
      { zone: 'o1|g1', label: 'Org — Team', name: 'Team', organization: org },
    ]);
    // The "Move to" list: Independent Clients on its own, each organization's groups under its name.
    expect(zoneOptionGroups(zones)).toEqual([
      { organization: null, options: [zones[0]] },
      { organization: org, options: [zones[1], zones[2]] },
    ]);
    expect(isBlank('  ')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
    expect(isDotSegment(' .. ')).toBe(true);
    expect(isDotSegment('.')).toBe(true);
    expect(isDotSegment('...')).toBe(false);
    expect(isDotSegment('.a')).toBe(false);
  });

  it('takes a name of only invisible characters for blank, as the server does (spec 02 §5: "… name required")', () => {
    for (const invisible of ['', '\u200B', '\u2060', '\uFEFF', '\u00AD', ' \u200B\u200C\u200D ', '\u180E', '\u0301', '\t']) {
      expect({ name: JSON.stringify(invisible), blank: isBlank(invisible) }).toEqual({ name: JSON.stringify(invisible), blank: true });
    }
    for (const visible of ['a', '\u200BAcme', 'Team\u00ADA', '—', '#1', '🌸', '東京', '٣']) {
      expect({ name: JSON.stringify(visible), blank: isBlank(visible) }).toEqual({ name: JSON.stringify(visible), blank: false });
    }
  });

  it('treats the coach\'s tick as a request: only the client turns it into a grant', () => {
    expect(preGrantAfterTick({ preGrantStatus: 'none', accessPreGranted: false }, true)).toEqual({ preGrantStatus: 'requested', accessPreGranted: false });
    expect(preGrantAfterTick({ preGrantStatus: 'declined', accessPreGranted: false }, true)).toEqual({ preGrantStatus: 'requested', accessPreGranted: false });
    expect(preGrantAfterTick({ preGrantStatus: 'granted', accessPreGranted: true }, true)).toEqual({ preGrantStatus: 'granted', accessPreGranted: true });
    expect(preGrantAfterTick({ preGrantStatus: 'granted', accessPreGranted: true }, false)).toEqual({ preGrantStatus: 'none', accessPreGranted: false });
    expect(preGrantTicked({ preGrantStatus: 'requested' })).toBe(true);
    expect(preGrantTicked({ preGrantStatus: 'granted' })).toBe(true);
    expect(preGrantTicked({ preGrantStatus: 'declined' })).toBe(false);
    expect(preGrantTicked({ preGrantStatus: 'none' })).toBe(false);
  });
});
