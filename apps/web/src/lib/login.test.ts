import { describe, expect, it } from 'vitest';
import { ApiError, NO_ANSWER_STATUS } from './api';
import { signInFailureOf } from './login';

describe('signInFailureOf', () => {
  it('tells the server’s limit on sign-ins started from one address (429) apart', () => {
    expect(signInFailureOf(new ApiError(429, 'Too many sign-in attempts from here.', 'rate_limited'))).toBe('too-many-attempts');
  });

  it('takes no answer, a server failure or a bad answer as worth another try', () => {
    expect(signInFailureOf(new ApiError(NO_ANSWER_STATUS, 'The server could not be reached.', 'offline'))).toBe('unreachable');
    expect(signInFailureOf(new ApiError(NO_ANSWER_STATUS, 'The server did not answer in time.', 'timeout'))).toBe('unreachable');
    expect(signInFailureOf(new ApiError(503, 'Bloom cannot reach its database right now.', 'database_unavailable'))).toBe('unreachable');
    expect(signInFailureOf(new ApiError(500, 'Something went wrong on our side.', 'internal_error'))).toBe('unreachable');
    expect(signInFailureOf(new Error('The server did not return a redirect address.'))).toBe('unreachable');
  });
});
