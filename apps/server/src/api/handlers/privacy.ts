import { requireOwnAssessment } from '../../assessments/access';
import { presentAssessment } from '../../assessments/presenter';
import { findAssessmentById } from '../../assessments/repository';
import { answerPreGrantRequest, pendingPreGrantRequest } from '../../consents/pre-grant-requests';
import { notFound } from '../../http/errors';
import { closeErasedCheckoutsAfterCommit } from '../../payments/closing';
import { listConsents, revokeCoachAccessTo, revokeConsent as withdrawConsent } from '../../privacy/consent-records';
import { eraseAccount } from '../../privacy/erasure';
import { exportPersonalData } from '../../privacy/personal-data';
import { afterCommit } from '../../http/after-commit';
import { clearSessionCookie } from '../../sessions/sessions';
import type { Call, Output } from '../call';

/**
 * A person's rights over their own data (docs/security.md "Privacy"), for guests and members alike:
 * a guest's answers are health data too. Answers are personal data: never kept by shared caches
 * or the browser's disk cache (the entries' `cache: 'private'`).
 */

export async function exportMyData({ caller, db }: Call<'exportMyData'>): Promise<Output<'exportMyData'>> {
  return exportPersonalData(db, caller.user);
}

/**
 * The entry answers a body without {"confirm":"DELETE"} with 400 confirmation_required. The
 * session cookie is cleared once the erasure has committed: an erasure undone (its COMMIT failing
 * on a lost connection) keeps the person signed in, so the retry its 503 asks for can be made.
 * The checkouts the erasure cancelled are then closed at the payment provider too (best effort:
 * a provider that fails does not undo the deletion; decision 0066, "an account erased").
 */
export async function deleteAccount({ caller, db, app, request, reply }: Call<'deleteAccount'>): Promise<Output<'deleteAccount'>> {
  const erasure = await eraseAccount(db, caller.user.id);
  afterCommit(request, () => {
    request.session = null;
    clearSessionCookie(reply, app.sessionCookie);
  });
  if (erasure) closeErasedCheckoutsAfterCommit(app, request, erasure.cancelledCheckouts);
  request.log.info('account erased on request');
  return { deleted: true };
}

export async function getMyConsents({ caller, db }: Call<'getMyConsents'>): Promise<Output<'getMyConsents'>> {
  return listConsents(db, caller.user);
}

/** A pre-grant needs {pastAssessments: keep|stop}; other kinds take no body. */
export async function revokeConsent({ params, body, caller, db }: Call<'revokeConsent'>): Promise<Output<'revokeConsent'>> {
  return withdrawConsent(db, caller.user, params.consentId, body);
}

/** 404 unless the assessment is the caller's. */
export async function revokeCoachAccess({ params, caller, db }: Call<'revokeCoachAccess'>): Promise<Output<'revokeCoachAccess'>> {
  const assessment = await requireOwnAssessment(db, caller, params.assessmentId);
  await revokeCoachAccessTo(db, caller.user.id, assessment.id);
  const row = await findAssessmentById(db, assessment.id);
  if (!row) throw notFound('Assessment not found.');
  return presentAssessment(row);
}

/** Members: their coach's open "Grant all?" request, or null (decision 0020). */
export async function getPreGrantRequest({ caller, db }: Call<'getPreGrantRequest'>): Promise<Output<'getPreGrantRequest'>> {
  return { request: await pendingPreGrantRequest(db, caller.user) };
}

/** 404 unless it is the caller's open request from their current coach (decision 0020). */
export async function confirmPreGrantRequest({ params, caller, db }: Call<'confirmPreGrantRequest'>): Promise<Output<'confirmPreGrantRequest'>> {
  return { accessPreGranted: await answerPreGrantRequest(db, caller.user.id, params.requestId, true) };
}

export async function declinePreGrantRequest({ params, caller, db }: Call<'declinePreGrantRequest'>): Promise<Output<'declinePreGrantRequest'>> {
  return { accessPreGranted: await answerPreGrantRequest(db, caller.user.id, params.requestId, false) };
}

export const privacyHandlers = {
  exportMyData,
  deleteAccount,
  getMyConsents,
  revokeConsent,
  revokeCoachAccess,
  getPreGrantRequest,
  confirmPreGrantRequest,
  declinePreGrantRequest,
};
