import type { ClientUser, OrganizationWithGroups } from '@bloom/contracts';

/**
 * Drop zones of client management (spec 02 §4 "Drag and drop", §9): a zone id joins the
 * organization guid and the group guid with "|"; the Independent Clients zone is "no-org|no-group".
 */
export const ZONE_SEPARATOR = '|';
export const INDEPENDENT_ZONE = `no-org${ZONE_SEPARATOR}no-group`;

export const zoneId = (organizationGuid: string, groupGuid: string): string => `${organizationGuid}${ZONE_SEPARATOR}${groupGuid}`;

/** The group guid a zone stands for; null for Independent Clients (and for anything unknown). */
export function groupOfZone(zone: string): string | null {
  if (zone === INDEPENDENT_ZONE) return null;
  const [, group] = zone.split(ZONE_SEPARATOR);
  return group || null;
}

export interface ClientBoard {
  organizations: OrganizationWithGroups[];
  independent: ClientUser[];
}

export function zoneOfClient(board: ClientBoard, userId: string): string | null {
  if (board.independent.some((u) => u.id === userId)) return INDEPENDENT_ZONE;
  for (const organization of board.organizations) {
    for (const group of organization.groups) {
      if (group.users.some((u) => u.id === userId)) return zoneId(organization.organizationGuid, group.groupGuid);
    }
  }
  return null;
}

export function zoneExists(board: ClientBoard, zone: string): boolean {
  return zone === INDEPENDENT_ZONE || board.organizations.some((o) => o.groups.some((g) => zoneId(o.organizationGuid, g.groupGuid) === zone));
}

/**
 * The move a drop asks for, or null when it does nothing: dropped outside a zone, on an
 * unknown zone, or on the zone the client is already in.
 */
export function plannedMove(board: ClientBoard, userId: string, overZone: string | null | undefined): { from: string; to: string } | null {
  if (!overZone || !zoneExists(board, overZone)) return null;
  const from = zoneOfClient(board, userId);
  if (!from || from === overZone) return null;
  return { from, to: overZone };
}

/** The board with the client moved to another zone (appended at its end), as shown before the server answers. */
export function moveClient(board: ClientBoard, userId: string, to: string): ClientBoard {
  let moving: ClientUser | undefined;
  const without = (users: ClientUser[]) =>
    users.filter((u) => {
      if (u.id !== userId) return true;
      moving = u;
      return false;
    });
  const stripped: ClientBoard = {
    independent: without(board.independent),
    organizations: board.organizations.map((o) => ({ ...o, groups: o.groups.map((g) => ({ ...g, users: without(g.users) })) })),
  };
  if (!moving) return board;
  const client = moving;
  if (to === INDEPENDENT_ZONE) return { ...stripped, independent: [...stripped.independent, client] };
  return {
    ...stripped,
    organizations: stripped.organizations.map((o) => ({
      ...o,
      groups: o.groups.map((g) => (zoneId(o.organizationGuid, g.groupGuid) === to ? { ...g, users: [...g.users, client] } : g)),
    })),
  };
}

/** Whether the "Grant all?" box is ticked: the coach has asked (or the client has already granted). */
export const preGrantTicked = (user: Pick<ClientUser, 'preGrantStatus'>): boolean => user.preGrantStatus === 'requested' || user.preGrantStatus === 'granted';

/**
 * The coach's tick, as shown before the server answers: ticking asks the client (a pre-grant is
 * theirs to give, decision 0020), so it reads "requested"; unticking withdraws the ask or ends the pre-grant.
 */
export function preGrantAfterTick(user: Pick<ClientUser, 'preGrantStatus' | 'accessPreGranted'>, ticked: boolean): Pick<ClientUser, 'preGrantStatus' | 'accessPreGranted'> {
  if (!ticked) return { preGrantStatus: 'none', accessPreGranted: false };
  return user.preGrantStatus === 'granted' ? { preGrantStatus: 'granted', accessPreGranted: true } : { preGrantStatus: 'requested', accessPreGranted: false };
}

export function setPreGrant(board: ClientBoard, userId: string, ticked: boolean): ClientBoard {
  return updateClient(board, userId, (u) => preGrantAfterTick(u, ticked));
}

function updateClient(board: ClientBoard, userId: string, change: (user: ClientUser) => Partial<ClientUser>): ClientBoard {
  const update = (users: ClientUser[]) => users.map((u) => (u.id === userId ? { ...u, ...change(u) } : u));
  return {
    independent: update(board.independent),
    organizations: board.organizations.map((o) => ({ ...o, groups: o.groups.map((g) => ({ ...g, users: update(g.users) })) })),
  };
}

/** The board with a client's pre-grant as it was in `before` (a change the server refused). */
export function restorePreGrant(board: ClientBoard, before: Pick<ClientUser, 'id' | 'preGrantStatus' | 'accessPreGranted'>): ClientBoard {
  const { preGrantStatus, accessPreGranted } = before;
  return updateClient(board, before.id, () => ({ preGrantStatus, accessPreGranted }));
}

export const organizationClientCount = (organization: OrganizationWithGroups): number =>
  organization.groups.reduce((count, group) => count + group.users.length, 0);

/** A zone a client can be moved to, as the "Move to" list and the announcements name it. */
export interface ZoneOption {
  zone: string;
  /** The zone's whole name, for announcements: "Acme — Team A", "Independent Clients". */
  label: string;
  /** Its name in the "Move to" list, under its organization's heading there: "Team A". */
  name: string;
  /** The organization it is in, a heading of the list; null for Independent Clients. */
  organization: { guid: string; name: string } | null;
}

/**
 * Every zone a client can be moved to, in page order (Independent Clients first, then each
 * organization's groups), with its names for the "Move to" list and the announcements.
 */
export function zoneOptions(board: ClientBoard, labels: { independent: string; group: (organization: string, group: string) => string }): ZoneOption[] {
  return [
    { zone: INDEPENDENT_ZONE, label: labels.independent, name: labels.independent, organization: null },
    ...board.organizations.flatMap((o) =>
      o.groups.map((g) => ({
        zone: zoneId(o.organizationGuid, g.groupGuid),
        label: labels.group(o.organizationName, g.groupName),
        name: g.groupName,
        organization: { guid: o.organizationGuid, name: o.organizationName },
      })),
    ),
  ];
}

/**
 * The "Move to" list's parts: each organization's groups under its heading (an optgroup), so a
 * closed list shows the group, not an organization's name cut off; Independent Clients on its own.
 */
export function zoneOptionGroups(zones: readonly ZoneOption[]): { organization: ZoneOption['organization']; options: ZoneOption[] }[] {
  const parts: { organization: ZoneOption['organization']; options: ZoneOption[] }[] = [];
  for (const option of zones) {
    const last = parts.at(-1);
    if (last && last.organization?.guid === option.organization?.guid) last.options.push(option);
    else parts.push({ organization: option.organization, options: [option] });
  }
  return parts;
}

export const clientName = (user: Pick<ClientUser, 'firstName' | 'lastName'>, fallback: string): string =>
  [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ') || fallback;

/**
 * Names must not be empty or only spaces (spec 02 §5), nor only other invisible characters (a
 * zero-width space, a soft hyphen, …): as the server's displayNameSchema, a name needs a letter,
 * number, punctuation mark or symbol.
 */
export const isBlank = (value: string): boolean => !/[\p{L}\p{N}\p{P}\p{S}]/u.test(value);

/**
 * A name that is "." or ".." once trimmed: it travels as a path segment, which the browser's URL
 * parser drops (".") or climbs up with (".."), even percent-encoded as %2E, so the call would go
 * to another address. Three dots or more are an ordinary segment.
 */
export const isDotSegment = (value: string): boolean => value.trim() === '.' || value.trim() === '..';

/** A client on the board, wherever they are. */
export function clientOnBoard(board: ClientBoard, userId: string): ClientUser | undefined {
  const everyone = [...board.independent, ...board.organizations.flatMap((o) => o.groups.flatMap((g) => g.users))];
  return everyone.find((u) => u.id === userId);
}
