import type { CoachDashboardEntry } from '@bloom/contracts';

/**
 * The coach dashboard's layout (spec 02 §2): clients grouped by organization name, then by
 * group name; clients without an organization under "Independent Clients". Organizations and
 * groups are sorted by name ("No Group" first within an organization); clients by last, then
 * first name, then user name.
 */
export interface DashboardGroup {
  key: string;
  name: string;
  clients: CoachDashboardEntry[];
}

export interface DashboardOrganization {
  key: string;
  name: string;
  groups: DashboardGroup[];
  clientCount: number;
}

export interface DashboardLayout {
  organizations: DashboardOrganization[];
  independent: CoachDashboardEntry[];
}

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
const clientOrder = (a: CoachDashboardEntry, b: CoachDashboardEntry) =>
  byText(a.user.lastName ?? '', b.user.lastName ?? '') || byText(a.user.firstName ?? '', b.user.firstName ?? '') || byText(a.user.userName, b.user.userName);

export function layoutDashboard(entries: readonly CoachDashboardEntry[], noGroupLabel: string): DashboardLayout {
  const organizations = new Map<string, { name: string; groups: Map<string, DashboardGroup> }>();
  const independent: CoachDashboardEntry[] = [];
  for (const entry of entries) {
    const group = entry.user.group;
    if (!group) {
      independent.push(entry);
      continue;
    }
    const orgKey = group.organization.organizationGuid;
    let organization = organizations.get(orgKey);
    if (!organization) organizations.set(orgKey, (organization = { name: group.organization.organizationName, groups: new Map() }));
    const groupName = group.groupName.trim() || noGroupLabel;
    let bucket = organization.groups.get(group.groupGuid);
    if (!bucket) organization.groups.set(group.groupGuid, (bucket = { key: group.groupGuid, name: groupName, clients: [] }));
    bucket.clients.push(entry);
  }
  const isNoGroup = (g: DashboardGroup) => g.name.toLowerCase() === noGroupLabel.toLowerCase();
  return {
    organizations: [...organizations.entries()]
      .map(([key, org]) => {
        const groups = [...org.groups.values()]
          .map((g) => ({ ...g, clients: [...g.clients].sort(clientOrder) }))
          .sort((a, b) => Number(isNoGroup(b)) - Number(isNoGroup(a)) || byText(a.name, b.name));
        return { key, name: org.name, groups, clientCount: groups.reduce((n, g) => n + g.clients.length, 0) };
      })
      .sort((a, b) => byText(a.name, b.name) || a.key.localeCompare(b.key)),
    independent: independent.sort(clientOrder),
  };
}
