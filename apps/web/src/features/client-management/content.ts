/** Texts of client management (spec 02 §2 "Client Management", §4, §5). */
export const CLIENT_MANAGEMENT_TEXT = {
  title: 'Client Management',
  back: 'Back',
  instructions: [
    'Drag and drop users to assign them to new groups.',
    'Tick the checkbox next to a client to ask them to grant you access to all their future assessment reports. They confirm or decline on their dashboard; until then the request shows as “Requested”.',
  ],
  keyboardHint: 'With a keyboard, choose a group in the “Move to” list on a client and press Move, or focus a client’s handle and press Space to pick it up, the arrow keys to go from group to group, and Space again to drop it.',
  organizationNamePlaceholder: 'Enter organization name',
  addOrganization: 'Add Organization',
  organizationNameRequired: 'Organization name required',
  groupNamePlaceholder: 'Enter group name',
  addGroup: 'Add Group',
  groupNameRequired: 'Group name required',
  noOrganizations: 'No organizations',
  independentClients: 'Independent Clients',
  deleteOrganization: 'Delete Org',
  deleteGroup: 'Delete Group',
  noClientsInZone: 'Drop clients here',
  loading: 'Loading your clients...',
  failed: 'We could not load your clients. Please reload the page to try again.',
  notCoach: 'Client management is for approved coaches. Sign up or log in as a coach to manage clients.',
  grantAll: 'Grant all?',
  grantAllFor: (name: string) => `for ${name}`,
  /** Where a "Grant all?" stands, shown next to the box (nothing when nobody asked). */
  preGrantStatus: {
    none: '',
    requested: 'Requested',
    declined: 'Declined by client',
    granted: 'Granted by client',
  },
  remove: 'X',
  removeFor: (name: string) => `remove ${name} from your client list`,
  dragHandle: (name: string) => `Drag ${name}`,
  moveTo: 'Move to',
  moveToFor: (name: string) => `Move ${name} to`,
  move: 'Move',
  moveFor: (name: string) => `Move ${name}`,
  moved: (name: string, place: string) => `${name} moved to ${place}.`,
  moveFailed: (name: string) => `${name} could not be moved. Nothing was changed. Please try again.`,
  preGrantFailed: 'Your request could not be saved. Nothing was changed. Please try again.',
  addFailed: 'That did not work. Nothing was added. Please try again.',
  deleteFailed: 'That did not work. Nothing was deleted. Please try again.',
  /** A name of only dots (".", "..") would be read as a step in the web address, not as a name. */
  organizationNameDots: 'An organization name cannot be only dots. Please use at least one letter or number.',
  groupNameDots: 'A group name cannot be only dots. Please use at least one letter or number.',
  groupOption: (organization: string, group: string) => `${organization} — ${group}`,
  unnamed: 'Name not given',

  confirmTitle: 'Please confirm',
  confirm: 'Confirm',
  cancel: 'Cancel',
  confirmDeleteClient: (name: string) => `Are you sure you want to delete this user from your client list - ${name}?`,
  confirmDeleteGroup: (count: number) =>
    `This group has ${clients(count)}. All clients in it will be deleted unless you move them to another group or to Independent Clients first. Are you sure you want to delete this group?`,
  confirmDeleteOrganization: (count: number) =>
    `This organization has ${clients(count)} across its groups. All clients in it will be deleted unless you move them to another group or to Independent Clients first. Are you sure you want to delete this organization?`,
  deletionNote: 'Deleted clients leave your client list; their own accounts and assessments are kept.',
  /** The dialog's question while the clients it names are counted afresh (a client may have joined since the page was drawn). */
  countingClients: 'Counting the clients in it…',
  countUnknown: 'How many clients it has is not known yet.',
  countFailed: 'We could not count its clients just now, so nothing was deleted. Please try again.',
  tryAgain: 'Try again',
  /** The status line after a deletion, from the server's count of the clients it released. */
  groupDeleted: (released: number) => `Group deleted: ${leftTheList(released)}`,
  organizationDeleted: (released: number) => `Organization deleted: ${leftTheList(released)}`,
  clientRemoved: (name: string) => `${name} was removed from your client list.`,
  /** A deletion another tab (or the client) made first: said, the board read again. */
  groupAlreadyDeleted: 'That group was already deleted. Your clients are shown as they are now.',
  organizationAlreadyDeleted: 'That organization was already deleted. Your clients are shown as they are now.',
  clientAlreadyRemoved: (name: string) => `${name} was already removed from your client list. Your clients are shown as they are now.`,

  drag: {
    instructions:
      'To move a client, press Space or Enter on the drag handle. Use the arrow keys to go from group to group, press Space or Enter to drop the client there, or Escape to cancel.',
    pickedUp: (name: string) => `Picked up ${name}.`,
    over: (name: string, zone: string) => `${name} is over ${zone}.`,
    notOver: (name: string) => `${name} is not over a group.`,
    dropped: (name: string, zone: string) => `${name} was dropped on ${zone}.`,
    droppedNowhere: (name: string) => `${name} was dropped outside any group and stays where it was.`,
    cancelled: (name: string) => `Moving ${name} was cancelled.`,
  },
} as const;

function leftTheList(count: number): string {
  return count === 0 ? 'no clients left your client list.' : `${clients(count)} left your client list.`;
}

function clients(count: number): string {
  return `${count} ${count === 1 ? 'client' : 'clients'}`;
}
