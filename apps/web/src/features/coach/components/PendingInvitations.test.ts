/** What a pending invitation's row says when Resend or Withdraw is refused: the invite form's words for the server's code, never "reload the page" for a refusal that has its own. */
import { INVITATION_ERROR_CODES } from '@bloom/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { INVITATIONS_TEXT as T } from '../invitations-content';
import { rowRefusalText } from './PendingInvitations';

describe('a pending invitation’s refused Resend or Withdraw', () => {
  it('says when to try again at the day’s limit, rather than to reload the page', () => {
    expect(rowRefusalText(new ApiError(429, 'You have sent 200 invitations today.', 'rate_limited'))).toBe('You have sent many invitations today. Please try again tomorrow.');
  });

  it('says to confirm the address first, or to set the name first (a 409 that is not an acceptance)', () => {
    expect(rowRefusalText(new ApiError(403, 'Confirm.', INVITATION_ERROR_CODES.coachEmailUnconfirmed))).toBe(T.refusals.coach_email_unconfirmed);
    expect(rowRefusalText(new ApiError(409, 'Name.', INVITATION_ERROR_CODES.coachNameMissing))).toBe(T.refusals.coach_name_missing);
    expect(rowRefusalText(new ApiError(409, 'Name.', INVITATION_ERROR_CODES.coachNameMissing))).not.toBe(T.accepted);
  });

  it('uses every refusal the invite form has words for', () => {
    for (const [code, words] of Object.entries(T.refusals)) {
      if (code === 'not_found') continue;
      expect(rowRefusalText(new ApiError(429, 'refused', code)), code).toBe(words);
    }
  });

  it('says the invitation was accepted meanwhile for invitation_used', () => {
    expect(rowRefusalText(new ApiError(409, 'Accepted.', INVITATION_ERROR_CODES.used))).toBe(T.accepted);
  });

  it('keeps the general sentence for a row gone meanwhile (not the form’s missing organization), a fault, or no answer', () => {
    expect(rowRefusalText(new ApiError(404, 'Invitation not found.', 'not_found'))).toBe(T.actionFailed);
    expect(rowRefusalText(new ApiError(500, 'fault', 'internal_error'))).toBe(T.actionFailed);
    expect(rowRefusalText(new ApiError(0, 'offline', 'offline'))).toBe(T.actionFailed);
    expect(rowRefusalText(new TypeError('Failed to fetch'))).toBe(T.actionFailed);
  });
});
