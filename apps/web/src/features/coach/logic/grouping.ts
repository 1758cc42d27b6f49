import type { DashboardOutline } from '@bloom/contracts';

/**
 * The coach dashboard's sections (spec 02 §2), from the outline the server answers (decision
 * 0032): organizations by name, each with its groups ("No Group" first, then by name) and their
 * client counts. The clients themselves are loaded a page at a time per section.
 */
export interface DashboardGroup {
  key: string;
  name: string;
  clientCount: number;
}

export interface DashboardOrganization {
  key: string;
  name: string;
  groups: DashboardGroup[];
  clientCount: number;
}

export interface DashboardLayout {
  organizations: DashboardOrganization[];
  independentCount: number;
  totalCount: number;
}

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

export function layoutOutline(outline: DashboardOutline | undefined, noGroupLabel: string): DashboardLayout {
  if (!outline) return { organizations: [], independentCount: 0, totalCount: 0 };
  return {
    organizations: outline.organizations
      .map((organization) => ({
        key: organization.organizationGuid,
        name: organization.organizationName,
        clientCount: organization.clientCount,
        groups: organization.groups
          .map((group) => ({ key: group.groupGuid, name: group.groupName.trim() || noGroupLabel, clientCount: group.clientCount, isDefault: group.isDefault }))
          .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || byText(a.name, b.name))
          .map(({ key, name, clientCount }) => ({ key, name, clientCount })),
      }))
      .sort((a, b) => byText(a.name, b.name) || a.key.localeCompare(b.key)),
    independentCount: outline.independentClients,
    totalCount: outline.totalClients,
  };
}
