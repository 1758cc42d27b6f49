import { ApiError } from '../../../lib/api';
import { organizationClientCount, type ClientBoard } from './zones';

/** What a deletion on /ClientManagement removes (spec 02 §4, §5). */
export type DeletionTarget = { kind: 'client'; userId: string } | { kind: 'group'; groupGuid: string } | { kind: 'organization'; organizationGuid: string };

/**
 * How many clients the target has on this board (1 for a client), or null when it is not on it:
 * deleted meanwhile (another tab), or the client has left. The confirmation states this count
 * from a board read when Delete is pressed, never from the copy the page drew earlier: a client
 * who joined since would otherwise be released without a word.
 */
export function clientsToDelete(board: ClientBoard, target: DeletionTarget): number | null {
  if (target.kind === 'client') {
    const onBoard = board.independent.some((user) => user.id === target.userId) || board.organizations.some((organization) => organization.groups.some((group) => group.users.some((user) => user.id === target.userId)));
    return onBoard ? 1 : null;
  }
  if (target.kind === 'organization') {
    const organization = board.organizations.find((candidate) => candidate.organizationGuid === target.organizationGuid);
    return organization ? organizationClientCount(organization) : null;
  }
  for (const organization of board.organizations) {
    const group = organization.groups.find((candidate) => candidate.groupGuid === target.groupGuid);
    if (group) return group.users.length;
  }
  return null;
}

/**
 * What a failed deletion means: 'gone' when the server no longer has it as the coach's (404:
 * deleted in another tab, or the client left), which is said and closes the dialog; anything
 * else 'failed', and nothing was deleted.
 */
export const deletionFailure = (error: unknown): 'gone' | 'failed' => (error instanceof ApiError && error.status === 404 ? 'gone' : 'failed');
