import { INVITATION_ERROR_CODES } from '@bloom/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { inviteFromSearch, invitationProblem, PROBLEM_BY_CODE } from './invitation-link';

describe('invitation links', () => {
  it('reads the token of /Client?invite=…, and nothing from an empty or overlong one', () => {
    expect(inviteFromSearch('?invite=abc_DEF-123')).toBe('abc_DEF-123');
    expect(inviteFromSearch('?referrer=x&invite=%20tok%20')).toBe('tok');
    expect(inviteFromSearch('?invite=')).toBeNull();
    expect(inviteFromSearch('')).toBeNull();
    expect(inviteFromSearch(`?invite=${'a'.repeat(201)}`)).toBeNull();
  });

  it("knows the server's error codes by the contracts' names", () => {
    expect(PROBLEM_BY_CODE).toEqual({
      [INVITATION_ERROR_CODES.notFound]: 'notFound',
      [INVITATION_ERROR_CODES.expired]: 'expired',
      [INVITATION_ERROR_CODES.used]: 'used',
      [INVITATION_ERROR_CODES.ownInvitation]: 'own',
    });
  });

  it('tells the refusals apart, and calls anything else a failure', () => {
    expect(invitationProblem(new ApiError(404, 'gone', INVITATION_ERROR_CODES.expired))).toBe('expired');
    expect(invitationProblem(new ApiError(409, 'used', INVITATION_ERROR_CODES.used))).toBe('used');
    expect(invitationProblem(new ApiError(400, 'own', INVITATION_ERROR_CODES.ownInvitation))).toBe('own');
    expect(invitationProblem(new ApiError(404, 'no', INVITATION_ERROR_CODES.notFound))).toBe('notFound');
    expect(invitationProblem(new ApiError(500, 'fault'))).toBe('failed');
    expect(invitationProblem(new TypeError('offline'))).toBe('failed');
  });
});
