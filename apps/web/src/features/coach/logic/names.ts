import { ApiError, NO_ANSWER_STATUS } from '../../../lib/api';

/** The coach-name form (spec 02 §2 "Coach name", §5 "Coach first and last names are both required"). */
export interface NameErrors {
  firstName?: string;
  lastName?: string;
}

export function validateNames(firstName: string, lastName: string, messages: { firstNameRequired: string; lastNameRequired: string }): NameErrors {
  const errors: NameErrors = {};
  if (!firstName.trim()) errors.firstName = messages.firstNameRequired;
  if (!lastName.trim()) errors.lastName = messages.lastNameRequired;
  return errors;
}

/**
 * Spec 02 §8: a refused save shows the server's message (its `{error:{message}}`), or
 * "Failed to save name." when the answer carried none; anything thrown on the way (the
 * network, say) shows "An error occurred. Please try again.". A call that got no answer at all
 * (status 0: offline, timed out) is thrown on the way too, whatever the API client words it as.
 */
export function saveErrorMessage(error: unknown, messages: { saveFailed: string; unexpected: string }): string {
  if (error instanceof ApiError && error.status === NO_ANSWER_STATUS) return messages.unexpected;
  if (error instanceof ApiError) return error.code && error.message.trim() ? error.message : messages.saveFailed;
  return messages.unexpected;
}
