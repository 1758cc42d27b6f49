import type { Assessment } from '@bloom/contracts';
import type { AssessmentRow } from './repository';

/** The one place an assessment row becomes the JSON the browser sees. */
export function presentAssessment(row: AssessmentRow, extra: Partial<Assessment> = {}): Assessment {
  return {
    id: row.id,
    isNinetyItem: row.is_ninety_item === 1,
    coachAccessGranted: row.coach_access_granted === 1,
    clientAccessGranted: row.client_access_granted === 1,
    date: row.created_at,
    ...extra,
  };
}
