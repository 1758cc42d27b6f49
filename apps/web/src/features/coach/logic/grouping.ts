import type { DashboardOutline } from '@bloom/contracts';
import { foldedText } from '@bloom/contracts/text';
import { byCodeUnits } from '../../../lib/by-code-units';

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

/**
 * Names compared as the server orders a coach's clients: accents and case folded away
 * (`foldedText`), then code unit by code unit. Not `localeCompare`: a page's first collation
 * loads ICU's collator, about 20 ms of one task on a laptop and four times that on a phone,
 * for the two or three names a dashboard usually sorts.
 */
const byText = (a: string, b: string) => byCodeUnits(foldedText(a), foldedText(b));

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
      .sort((a, b) => byText(a.name, b.name) || byCodeUnits(a.key, b.key)),
    independentCount: outline.independentClients,
    totalCount: outline.totalClients,
  };
}
