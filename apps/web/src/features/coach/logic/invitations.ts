/**
 * The coach's invitations (issue 25 §4, decision 0030): what the form checks before sending, and
 * how the list names where a person would be placed and when the link stops working.
 */
import { isSendableAddress } from '@bloom/contracts/constants';
import { formatAssessmentDate } from '../../../lib/assessment-dates';

/** The server's address rule (invitationEmailSchema), on the address as typed. */
export const isInvitableAddress = (value: string): boolean => isSendableAddress(value.trim());

export interface InvitationPlacement {
  organization: { organizationName: string } | null;
  group: { groupName: string; isDefault: boolean } | null;
}

/** "Acme, Team A"; "Acme" for its "No Group" group; null for an independent client. */
export function placementName({ organization, group }: InvitationPlacement): string | null {
  if (!organization) return null;
  return group && !group.isDefault ? `${organization.organizationName}, ${group.groupName}` : organization.organizationName;
}

/** A day as the list shows it, by the app's one date helper (spec 01 §9: "November 25, 2026", in the reader's time zone); the raw text if it is no date. */
export function invitationDate(iso: string): string {
  return formatAssessmentDate(iso) || iso;
}

export interface InvitationFormValues {
  email: string;
  firstName: string;
  lastName: string;
  organizationId: string;
  groupId: string;
}

export const EMPTY_INVITATION_FORM: InvitationFormValues = { email: '', firstName: '', lastName: '', organizationId: '', groupId: '' };

/** The call's body: trimmed, and without the parts left empty (no organization: an independent client). */
export function invitationRequest(values: InvitationFormValues) {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  return {
    email: values.email.trim(),
    ...(optional(values.firstName) ? { firstName: optional(values.firstName) } : {}),
    ...(optional(values.lastName) ? { lastName: optional(values.lastName) } : {}),
    ...(values.organizationId ? { organizationId: values.organizationId } : {}),
    ...(values.organizationId && values.groupId ? { groupId: values.groupId } : {}),
  };
}
