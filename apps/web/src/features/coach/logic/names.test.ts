import { describe, expect, it } from 'vitest';
import { ApiError, NO_ANSWER_STATUS } from '../../../lib/api';
import { saveErrorMessage, validateNames } from './names';

const messages = { firstNameRequired: 'first', lastNameRequired: 'last', saveFailed: 'Failed to save name.', unexpected: 'An error occurred. Please try again.' };

describe('coach name form', () => {
  it('requires both names, ignoring spaces', () => {
    expect(validateNames(' ', 'B', messages)).toEqual({ firstName: 'first' });
    expect(validateNames('A', '', messages)).toEqual({ lastName: 'last' });
    expect(validateNames('A', 'B', messages)).toEqual({});
  });

  it('shows the server message, the fallback, or the generic error', () => {
    expect(saveErrorMessage(new ApiError(400, 'Invalid name (firstName): First name is required', 'bad_request'), messages)).toBe('Invalid name (firstName): First name is required');
    expect(saveErrorMessage(new ApiError(502, 'Bad Gateway'), messages)).toBe('Failed to save name.');
    expect(saveErrorMessage(new TypeError('Failed to fetch'), messages)).toBe('An error occurred. Please try again.');
  });

  it('treats a call that got no answer (status 0) as thrown, not as the server refusing', () => {
    expect(saveErrorMessage(new ApiError(NO_ANSWER_STATUS, 'The server could not be reached.', 'offline'), messages)).toBe('An error occurred. Please try again.');
    expect(saveErrorMessage(new ApiError(NO_ANSWER_STATUS, 'The server did not answer in time.', 'timeout'), messages)).toBe('An error occurred. Please try again.');
  });
});
