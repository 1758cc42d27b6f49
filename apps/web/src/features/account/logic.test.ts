import { describe, expect, it } from 'vitest';
import { ApiError, NO_ANSWER_STATUS } from '../../lib/api';
import { ACCOUNT_TEXT as T } from './content';
import { placeError } from './logic';

describe('where a refusal of the account calls is shown', () => {
  it('puts the server’s words next to the field they concern', () => {
    expect(placeError(new ApiError(400, 'Your current password is not right.', 'wrong_password'))).toEqual({ field: 'currentPassword', message: 'Your current password is not right.' });
    expect(placeError(new ApiError(400, 'Use at least 10 characters.', 'weak_password'))).toEqual({ field: 'newPassword', message: 'Use at least 10 characters.' });
    for (const code of ['invalid_email', 'same_email', 'email_taken']) expect(placeError(new ApiError(400, 'x', code)).field).toBe('newEmail');
  });

  it('shows other refusals above the form in the server’s words, and failures in the page’s', () => {
    expect(placeError(new ApiError(429, 'Too many tries with a wrong password.', 'rate_limited'))).toEqual({ field: null, message: 'Too many tries with a wrong password.' });
    expect(placeError(new ApiError(NO_ANSWER_STATUS, 'The server could not be reached.', 'offline'))).toEqual({ field: null, message: T.failed });
    expect(placeError(new ApiError(500, 'Internal error', 'internal'))).toEqual({ field: null, message: T.failed });
    expect(placeError(new Error('boom'))).toEqual({ field: null, message: T.failed });
  });
});
