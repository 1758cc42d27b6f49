import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { reportProblemOf } from './reportErrors';

describe('reportProblemOf', () => {
  it('reads the server’s status and code', () => {
    expect(reportProblemOf(new ApiError(401, 'Please sign in', 'unauthorized'))).toBe('sign-in');
    expect(reportProblemOf(new ApiError(404, 'Not found', 'not_found'))).toBe('not-found');
    expect(reportProblemOf(new ApiError(403, 'x', 'pending_coach_approval'))).toBe('pending-coach-approval');
    expect(reportProblemOf(new ApiError(403, 'x', 'plan_locked'))).toBe('plan-locked');
    expect(reportProblemOf(new ApiError(409, 'x', 'incomplete_assessment'))).toBe('incomplete');
  });
  it('treats everything else as a failed report', () => {
    expect(reportProblemOf(new ApiError(403, 'x', 'csrf_rejected'))).toBe('failed');
    expect(reportProblemOf(new ApiError(500, 'x'))).toBe('failed');
    expect(reportProblemOf(new ApiError(409, 'x', 'conflict'))).toBe('failed');
    expect(reportProblemOf(new TypeError('network'))).toBe('failed');
  });
});
