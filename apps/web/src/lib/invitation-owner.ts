import { INVITE_KEY, INVITE_OWNER_KEY, keepSessionValue, readSessionValue } from './session-storage';

/**
 * Whose sign-in a kept invitation link is for (lib/invitation-link.ts keeps the link itself). A
 * tab keeps the link from /Client?invite=… for the sign-in round trip; if the person who opened it
 * signs in another way and their session later ends without a log-out (it expires, say), the next
 * person to sign up in that tab through "Client Signup / Login" would otherwise be shown the
 * invitation, accept it, and use up a link that was not theirs. So the first account signed in
 * after the link was opened is the one it is kept for, and any other account's sign-in forgets it.
 * Kept apart from invitation-link.ts so that /Client's first paint does not carry it: only the
 * sign-in callback does. The owner is stored as `{userId} {token}`: a link opened later is nobody's
 * until the next sign-in, and an owner left behind once the link was accepted or refused (which
 * forget only the link) names no kept link; log-out forgets both (hooks/useLogout.ts).
 */
export function keepInviteFor(userId: string): void {
  const token = readSessionValue(INVITE_KEY);
  if (token === null) return;
  const owner = readSessionValue(INVITE_OWNER_KEY);
  const mine = `${userId} ${token}`;
  if (owner === mine) return;
  // Kept for this link and someone else: theirs. Otherwise (nobody yet, or an earlier link) this account's.
  if (owner !== null && owner.slice(owner.indexOf(' ') + 1) === token) {
    keepSessionValue(INVITE_KEY, null);
    keepSessionValue(INVITE_OWNER_KEY, null);
  } else keepSessionValue(INVITE_OWNER_KEY, mine);
}
