import { ApiError } from './api';
import { INVITE_KEY, keepSessionValue, readSessionValue } from './session-storage';

/**
 * A coach's invitation link, `/Client?invite={token}` (issue 25 §4, decision 0030). The token is
 * kept in this tab's session storage when the /Client page opens, so it survives the sign-up or
 * log-in round trip to the identity provider and back to /Client/Onboarding, which accepts it.
 * It is forgotten once accepted or once the server says it no longer works, and on log-out
 * (hooks/useLogout.ts). It is the person's who opened the link, not the tab's: the first sign-in
 * after it was opened keeps it for that account, and another account's sign-in forgets it
 * (lib/invitation-owner.ts, which only the sign-in callback loads).
 */
/** The server refuses longer tokens (inviteTokenSchema); a longer value is no link of ours. */
const MAX_TOKEN_LENGTH = 200;

/** The `invite` of a page's query, trimmed; null when absent, empty or too long. */
export function inviteFromSearch(search: string): string | null {
  const token = new URLSearchParams(search).get('invite')?.trim();
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/** Kept for the sign-in round trip; without storage the invitation is lost on the way, and the page says how to open the link again. */
export const rememberInvite = (token: string): void => keepSessionValue(INVITE_KEY, token);

export const rememberedInvite = (): string | null => inviteFromSearch(`?invite=${encodeURIComponent(readSessionValue(INVITE_KEY) ?? '')}`);

export const forgetInvite = (): void => keepSessionValue(INVITE_KEY, null);

/** Why a link does not work, as the pages tell it; `failed` is anything else (offline, a server fault). */
export type InvitationProblem = 'notFound' | 'expired' | 'used' | 'own' | 'failed';

/**
 * The server's error codes (INVITATION_ERROR_CODES of the contracts, which the browser does not
 * load: they sit beside zod); invitation-link.test.ts keeps the two equal.
 */
export const PROBLEM_BY_CODE: Readonly<Record<string, InvitationProblem>> = {
  invitation_not_found: 'notFound',
  invitation_expired: 'expired',
  invitation_used: 'used',
  own_invitation: 'own',
};

export function invitationProblem(error: unknown): InvitationProblem {
  return (error instanceof ApiError && error.code && PROBLEM_BY_CODE[error.code]) || 'failed';
}

/** A problem that means the link will never work: forget it rather than try it again after the next sign-in. */
export const isFinalProblem = (problem: InvitationProblem): boolean => problem !== 'failed';
