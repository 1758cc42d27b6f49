import { describe, expect, it } from 'vitest';
import { EMPTY_INVITATION_FORM, invitationDate, invitationRequest, isInvitableAddress, placementName } from './invitations';

describe('coach invitations', () => {
  it('accepts the addresses the server accepts', () => {
    expect(isInvitableAddress(' robin@example.com ')).toBe(true);
    for (const bad of ['', 'robin', 'robin@example', 'ro bin@example.com', '<robin@example.com>', `${'a'.repeat(250)}@example.com`]) {
      expect(isInvitableAddress(bad), bad).toBe(false);
    }
  });

  it('names the placement: organization and group, the organization alone for its No Group group, nothing when independent', () => {
    expect(placementName({ organization: { organizationName: 'Acme' }, group: { groupName: 'Team A', isDefault: false } })).toBe('Acme, Team A');
    expect(placementName({ organization: { organizationName: 'Acme' }, group: { groupName: 'No Group', isDefault: true } })).toBe('Acme');
    expect(placementName({ organization: { organizationName: 'Acme' }, group: null })).toBe('Acme');
    expect(placementName({ organization: null, group: null })).toBeNull();
  });

  it('sends only what was filled in, trimmed; a group only with its organization', () => {
    expect(invitationRequest({ ...EMPTY_INVITATION_FORM, email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
    expect(invitationRequest({ email: 'a@b.co', firstName: ' Robin ', lastName: ' ', organizationId: 'o1', groupId: 'g1' })).toEqual({
      email: 'a@b.co',
      firstName: 'Robin',
      organizationId: 'o1',
      groupId: 'g1',
    });
    expect(invitationRequest({ ...EMPTY_INVITATION_FORM, email: 'a@b.co', groupId: 'g1' })).toEqual({ email: 'a@b.co' });
  });

  it('shows dates as en-US long dates (month name, day, year), and leaves a malformed one as it came', () => {
    expect(invitationDate('2026-11-25T12:00:00.000Z')).toBe('November 25, 2026');
    expect(invitationDate('2026-05-03T23:59:00.000Z')).toBe('May 3, 2026');
    expect(invitationDate('soon')).toBe('soon');
  });
});
