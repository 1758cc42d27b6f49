import { ACCOUNT_ERROR_CODES } from '@bloom/contracts/constants';
import { ApiError, NO_ANSWER_STATUS } from '../../lib/api';
import { ACCOUNT_TEXT as T } from './content';

/** Where a refusal of the account calls belongs: next to one field, or above the form. */
export type AccountField = 'currentPassword' | 'newPassword' | 'newEmail';

export interface PlacedError {
  field: AccountField | null;
  message: string;
}

const FIELD_OF_CODE: Record<string, AccountField> = {
  [ACCOUNT_ERROR_CODES.wrongPassword]: 'currentPassword',
  [ACCOUNT_ERROR_CODES.weakPassword]: 'newPassword',
  [ACCOUNT_ERROR_CODES.invalidEmail]: 'newEmail',
  [ACCOUNT_ERROR_CODES.sameEmail]: 'newEmail',
  [ACCOUNT_ERROR_CODES.emailTaken]: 'newEmail',
};

/**
 * The server words its refusals for people (wrong password, the password rules, a taken address,
 * too many tries): show them where they belong. Anything else (offline, a server error) gets the
 * page's own "nothing was changed" message.
 */
export function placeError(error: unknown): PlacedError {
  if (!(error instanceof ApiError) || error.status === NO_ANSWER_STATUS || error.status >= 500) return { field: null, message: T.failed };
  const field = error.code ? (FIELD_OF_CODE[error.code] ?? null) : null;
  return { field, message: error.message || T.failed };
}
