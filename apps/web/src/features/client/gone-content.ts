/** At the list, when Continue found the chosen group or organization gone (deleted since the lists were read). */
export const GONE_TEXT = {
  organizationId: 'That organization is no longer available. Please choose another.',
  groupId: 'That group is no longer available. Please choose another.',
} as const;
