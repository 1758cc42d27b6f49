import type { ClientUser } from '@bloom/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { clientsToDelete, deletionFailure } from './deletion';
import type { ClientBoard } from './zones';

const client = (id: string): ClientUser => ({ id, firstName: 'A', lastName: 'B', userName: `${id}@example.com`, accessPreGranted: false, preGrantStatus: 'none' });
const board = (joinersUsers: ClientUser[]): ClientBoard => ({
  independent: [client('i1')],
  organizations: [
    {
      organizationGuid: 'o1',
      organizationName: 'Fresh Org',
      groups: [
        { groupGuid: 'g0', groupName: 'No Group', isDefault: true, users: [client('u0')] },
        { groupGuid: 'g1', groupName: 'Joiners', isDefault: false, users: joinersUsers },
      ],
    },
  ],
});

describe('clientsToDelete', () => {
  it('counts a group and an organization on the board it is given', () => {
    expect(clientsToDelete(board([]), { kind: 'group', groupGuid: 'g1' })).toBe(0);
    expect(clientsToDelete(board([client('j1')]), { kind: 'group', groupGuid: 'g1' })).toBe(1);
    expect(clientsToDelete(board([client('j1'), client('j2')]), { kind: 'organization', organizationGuid: 'o1' })).toBe(3);
  });
  it('is null for what is no longer there', () => {
    expect(clientsToDelete(board([]), { kind: 'group', groupGuid: 'gone' })).toBeNull();
    expect(clientsToDelete(board([]), { kind: 'organization', organizationGuid: 'gone' })).toBeNull();
    expect(clientsToDelete(board([]), { kind: 'client', userId: 'left' })).toBeNull();
    expect(clientsToDelete(board([]), { kind: 'client', userId: 'i1' })).toBe(1);
    expect(clientsToDelete(board([]), { kind: 'client', userId: 'u0' })).toBe(1);
  });
});

describe('deletionFailure', () => {
  it('takes a 404 as already deleted and anything else as a failure', () => {
    expect(deletionFailure(new ApiError(404, 'Group not found.', 'not_found'))).toBe('gone');
    expect(deletionFailure(new ApiError(503, 'Service unavailable'))).toBe('failed');
    expect(deletionFailure(new ApiError(403, 'Forbidden'))).toBe('failed');
    expect(deletionFailure(new TypeError('Failed to fetch'))).toBe('failed');
  });
});
