import type { CoachDashboardEntry } from '@bloom/contracts';
import { describe, expect, it } from 'vitest';
import { layoutDashboard } from './grouping';

const entry = (id: string, last: string, group: CoachDashboardEntry['user']['group'] = null): CoachDashboardEntry => ({
  user: { id, firstName: 'F', lastName: last, userName: `${id}@x.test`, group },
  assessments: [],
});
const inGroup = (groupGuid: string, groupName: string, organizationGuid: string, organizationName: string) => ({
  groupGuid,
  groupName,
  organization: { organizationGuid, organizationName },
});

describe('layoutDashboard', () => {
  it('groups by organization then group, with independent clients apart', () => {
    const layout = layoutDashboard(
      [
        entry('a', 'Zed'),
        entry('b', 'Young', inGroup('g2', 'Team', 'o1', 'Beta')),
        entry('c', 'Adams', inGroup('g1', 'No Group', 'o1', 'Beta')),
        entry('d', 'Brown', inGroup('g3', 'Night', 'o2', 'alpha')),
        entry('e', 'Abbot'),
        entry('f', 'Baker', inGroup('g2', 'Team', 'o1', 'Beta')),
      ],
      'No Group',
    );
    expect(layout.independent.map((e) => e.user.id)).toEqual(['e', 'a']);
    expect(layout.organizations.map((o) => [o.name, o.clientCount])).toEqual([
      ['alpha', 1],
      ['Beta', 3],
    ]);
    expect(layout.organizations[1]!.groups.map((g) => [g.name, g.clients.map((c) => c.user.id)])).toEqual([
      ['No Group', ['c']],
      ['Team', ['f', 'b']],
    ]);
  });

  it('is empty for no entries', () => {
    expect(layoutDashboard([], 'No Group')).toEqual({ organizations: [], independent: [] });
  });
});
