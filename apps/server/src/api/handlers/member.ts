import { coachAssessmentOverview, coachComprehensive } from '@bloom/domain';
import { presentAssessment } from '../../assessments/presenter';
import { findAssessmentById } from '../../assessments/repository';
import { isUuid } from '../../coaching/clients';
import { recordConsent } from '../../consents/consents';
import { assessmentCsvStream } from '../../export/assessments-csv';
import { badRequest, notFound } from '../../http/errors';
import { closeCheckoutsNoLongerForSaleAfterCommit } from '../../payments/closing';
import { requireCoveredScores } from '../../reports/access';
import { saveDisplayName } from '../../users';
import type { Call, Output } from '../call';

/**
 * Member-dashboard and coach-supplement calls (spec 02 §7). The coach's views of one
 * assessment answer the owner once the results are released to them, or their coach while
 * coach access is granted; anything else 404.
 */

export async function saveClientName({ body, caller, db }: Call<'saveClientName'>): Promise<Output<'saveClientName'>> {
  await saveDisplayName(db, caller.user.id, body);
  return body;
}

/**
 * Professional assessments only: Rapid results are always open to the client. Only the owner's
 * coach may release, checked under the owner's row lock (recordConsent's `whileCoachIs`), so a
 * coach who lost the client at that moment (the client accepted another coach, or was let go)
 * is answered 404 and releases nothing (decision 0065's rule for placements).
 */
export async function setClientAccessGranted({ app, params, caller, db, reply }: Call<'setClientAccessGranted'>): Promise<Output<'setClientAccessGranted'>> {
  const { assessmentId } = params;
  const assessment = isUuid(assessmentId) ? await findAssessmentById(db, assessmentId) : undefined;
  if (!assessment) throw notFound('Assessment not found.');
  if (assessment.is_ninety_item !== 1) {
    // Nothing is written, so a plain read tells the coach (400) from anyone else (404).
    const owner = await db.selectFrom('users').select('id').where('id', '=', assessment.user_id).where('coach_id', '=', caller.user.id).executeTakeFirst();
    if (!owner) throw notFound('Assessment not found.');
    throw badRequest('Only Professional assessments wait for client access; Rapid results are always open to the client.');
  }
  // The coach releases the results: their act, recorded for the client and naming the coach
  // (recordConsent sets the assessment's flag with the record, under the client's lock, and
  // changes nothing unless the caller is the client's coach then).
  const released = await recordConsent(db, assessment.user_id, 'client_access', assessment.id, true, { actedBy: caller.user.id, whileCoachIs: caller.user.id });
  if (!released) throw notFound('Assessment not found.');
  // Released by a vetted coach, the plan is included: a checkout opened for it while it was for
  // sale is closed at the provider, once this call has committed (payments/closing.ts).
  closeCheckoutsNoLongerForSaleAfterCommit(app, reply, assessment.user_id, assessment.id);
  return presentAssessment({ ...assessment, client_access_granted: 1 });
}

export async function getCoachAssessmentOverview({ params, caller, db }: Call<'getCoachAssessmentOverview'>): Promise<Output<'getCoachAssessmentOverview'>> {
  return coachAssessmentOverview(await requireCoveredScores(db, caller, params.assessmentId));
}

export async function getCoachComprehensive({ params, caller, db }: Call<'getCoachComprehensive'>): Promise<Output<'getCoachComprehensive'>> {
  return coachComprehensive(await requireCoveredScores(db, caller, params.assessmentId));
}

/** Every assessment as CSV, streamed (admins only); the entry names the file and its type. */
export async function exportCsv({ db }: Call<'exportCsv'>): Promise<Output<'exportCsv'>> {
  return assessmentCsvStream(db);
}

export async function getSiteLinks({ app }: Call<'getSiteLinks'>): Promise<Output<'getSiteLinks'>> {
  return { memberResourcesUrl: app.config.memberResourcesUrl };
}

export const memberHandlers = {
  saveClientName,
  setClientAccessGranted,
  getCoachAssessmentOverview,
  getCoachComprehensive,
  exportCsv,
  getSiteLinks,
};
