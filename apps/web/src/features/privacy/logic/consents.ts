import type { ConsentRecord } from '@bloom/contracts';
import { formatAssessmentDate } from '../../../lib/assessment-dates';
import { PRIVACY_TEXT } from '../content';

/** The coach's name as they show it to clients, or null when it is not known (any more). */
function coachName(record: ConsentRecord): string | null {
  const name = [record.coach?.firstName, record.coach?.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}

/** One sentence saying what a consent allows, in the person's own terms. */
export function describeConsent(record: ConsentRecord): string {
  const date = record.assessment ? formatAssessmentDate(record.assessment.date) : null;
  switch (record.kind) {
    case 'research':
      return PRIVACY_TEXT.kinds.research;
    case 'coach_access':
      return PRIVACY_TEXT.kinds.coachAccess(coachName(record), date);
    case 'pre_grant':
      return PRIVACY_TEXT.kinds.preGrant(coachName(record));
    case 'client_access':
      return PRIVACY_TEXT.kinds.clientAccess(date);
    default:
      return PRIVACY_TEXT.kinds.unknown;
  }
}

/** Active permissions first (newest first), then the history. */
export function sortConsents(records: readonly ConsentRecord[]): ConsentRecord[] {
  return [...records].sort((a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null) || b.grantedAt.localeCompare(a.grantedAt));
}

/** Who gave or withdrew a permission, as "by you" or "by <coach>"; null when not recorded. */
export function describeActor(actor: ConsentRecord['grantedBy']): string | null {
  if (!actor) return null;
  if (actor.isYou) return PRIVACY_TEXT.byYou;
  const name = [actor.firstName, actor.lastName].filter(Boolean).join(' ').trim();
  return PRIVACY_TEXT.byOther(name || null);
}
