import type { ConsentRecord } from '@bloom/contracts';
import { assessmentLabels, formatAssessmentDate } from '../../../lib/assessment-dates';
import { byCodeUnits } from '../../../lib/by-code-units';
import { PRIVACY_TEXT } from '../content';

/** The coach's name as they show it to clients, or null when it is not known (any more). */
function coachName(record: ConsentRecord): string | null {
  const name = [record.coach?.firstName, record.coach?.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}

/** One of the person's assessments, as GetAllAssessments lists it (the member dashboard's list). */
export interface PersonsAssessment {
  readonly id: string;
  readonly date: string;
}

/**
 * The label of each assessment the records concern, by its id. A person may share two
 * assessments of one day (a dates review: two identical lines, each Withdraw described by the same
 * sentence), so a date alone cannot say which one a permission is about: these are the member
 * dashboard's labels (`assessmentLabels` over all of the person's assessments, `assessments`),
 * with the time when another assessment shares the day and the same "(1)" for the same
 * assessment. Assessments that list lacks (it could not be read) are labelled among the records'
 * own, which still tells every record apart.
 */
export function consentAssessmentLabels(
  records: readonly ConsentRecord[],
  assessments: readonly PersonsAssessment[] | undefined,
  timeZone?: string,
): ReadonlyMap<string, string> {
  const dates = new Map<string, string>();
  for (const { id, date } of assessments ?? []) dates.set(id, date);
  for (const { assessment } of records) if (assessment && !dates.has(assessment.id)) dates.set(assessment.id, assessment.date);
  const labels = assessmentLabels([...dates.values()], timeZone);
  return new Map([...dates.keys()].map((id, index) => [id, labels[index] ?? '']));
}

/**
 * One sentence saying what a consent allows, in the person's own terms; `labels` (from
 * `consentAssessmentLabels`) name its assessment as the dashboard does, else by its date.
 */
export function describeConsent(record: ConsentRecord, labels?: ReadonlyMap<string, string>): string {
  const assessment = record.assessment;
  const date = assessment ? (labels?.get(assessment.id) ?? formatAssessmentDate(assessment.date)) : null;
  switch (record.kind) {
    case 'research':
      return PRIVACY_TEXT.kinds.research;
    case 'coach_access':
      return PRIVACY_TEXT.kinds.coachAccess(
        coachName(record),
        assessment ? { type: assessment.isNinetyItem ? PRIVACY_TEXT.professional : PRIVACY_TEXT.rapid, label: date ?? '' } : null,
      );
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
  return [...records].sort((a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null) || byCodeUnits(b.grantedAt, a.grantedAt));
}

/** Who gave or withdrew a permission, as "by you" or "by <coach>"; null when not recorded. */
export function describeActor(actor: ConsentRecord['grantedBy']): string | null {
  if (!actor) return null;
  if (actor.isYou) return PRIVACY_TEXT.byYou;
  const name = [actor.firstName, actor.lastName].filter(Boolean).join(' ').trim();
  return PRIVACY_TEXT.byOther(name || null);
}
