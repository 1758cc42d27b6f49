import type { DashboardOutline } from '@bloom/contracts';
import { describe, expect, it } from 'vitest';
import { layoutOutline } from './grouping';

const group = (groupGuid: string, groupName: string, clientCount: number, isDefault = false) => ({ groupGuid, groupName, clientCount, isDefault });

describe('layoutOutline', () => {
  it('orders organizations by name, and groups with No Group first, then by name, with their counts', () => {
    const outline: DashboardOutline = {
      totalClients: 9,
      independentClients: 2,
      organizations: [
        { organizationGuid: 'o1', organizationName: 'Beta', clientCount: 6, groups: [group('g2', 'team', 4), group('g1', 'No Group', 1, true), group('g4', 'Alpha team', 1)] },
        { organizationGuid: 'o2', organizationName: 'alpha', clientCount: 1, groups: [group('g3', '  ', 1, true)] },
      ],
    };
    const layout = layoutOutline(outline, 'No Group');
    expect(layout.organizations.map((o) => [o.name, o.clientCount])).toEqual([
      ['alpha', 1],
      ['Beta', 6],
    ]);
    expect(layout.organizations[0]!.groups).toEqual([{ key: 'g3', name: 'No Group', clientCount: 1 }]);
    expect(layout.organizations[1]!.groups.map((g) => [g.name, g.clientCount])).toEqual([
      ['No Group', 1],
      ['Alpha team', 1],
      ['team', 4],
    ]);
    expect(layout.independentCount).toBe(2);
    expect(layout.totalCount).toBe(9);
  });

  it('orders names with accents and case folded away, and equal names by their key', () => {
    const organization = (organizationGuid: string, organizationName: string) => ({ organizationGuid, organizationName, clientCount: 0, groups: [] });
    const outline: DashboardOutline = {
      totalClients: 0,
      independentClients: 0,
      organizations: [organization('o4', 'Zeta'), organization('o2', 'élan'), organization('o3', 'Elan'), organization('o1', 'Eagle'), organization('o5', 'elbow')],
    };
    expect(layoutOutline(outline, 'No Group').organizations.map((o) => o.key)).toEqual(['o1', 'o2', 'o3', 'o5', 'o4']);
  });

  it('is empty before the outline arrives', () => {
    expect(layoutOutline(undefined, 'No Group')).toEqual({ organizations: [], independentCount: 0, totalCount: 0 });
  });
});
