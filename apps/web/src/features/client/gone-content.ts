/** At the list, when Continue found the chosen coach, organization or group gone (since the lists were read). */
export const GONE_TEXT = {
  coachId: 'That coach is no longer available.',
  organizationId: 'That organization is no longer available. Please choose another.',
  groupId: 'That group is no longer available. Please choose another.',
} as const;
