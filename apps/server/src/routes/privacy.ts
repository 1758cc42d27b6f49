import {
  DELETE_ACCOUNT_CONFIRMATION,
  deleteAccountSchema,
  type Assessment,
  type ConsentRecord,
  type DeleteAccountResult,
  type PendingPreGrantRequest,
  type PersonalDataExport,
  type PreGrantAnswer,
} from '@bloom/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireOwnAssessment } from '../assessments/access';
import { presentAssessment } from '../assessments/presenter';
import { findAssessmentById } from '../assessments/repository';
import { acceptEmptyJsonBodies } from '../auth/empty-json-body';
import { answerPreGrantRequest, pendingPreGrantRequest } from '../consents/pre-grant-requests';
import { AppError, notFound } from '../http/errors';
import { listConsents, revokeCoachAccessTo, revokeConsent } from '../privacy/consent-records';
import { eraseAccount } from '../privacy/erasure';
import { exportPersonalData } from '../privacy/personal-data';
import { requireMember, requireSession } from '../sessions/plugin';
import { clearSessionCookie } from '../sessions/sessions';

/** Personal data: never kept by shared caches or the browser's disk cache. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

/**
 * A person's rights over their own data (docs/security.md "Privacy"), for guests and members alike:
 * a guest's answers are health data too.
 * - GET  /api/user/ExportMyData → JSON attachment "bloom-my-data.json" (PersonalDataExport)
 * - POST /api/user/DeleteAccount {confirm: "DELETE"} → { deleted: true }, session cookie cleared
 * - GET  /api/user/GetMyConsents → ConsentRecord[]
 * - POST /api/user/RevokeConsent/{consentId} [{pastAssessments: keep|stop}, required for a pre-grant] → ConsentRecord
 * - POST /api/user/RevokeCoachAccess/{assessmentId} → Assessment (404 unless it is the caller's)
 * - GET  /api/user/GetPreGrantRequest → { request } (members: their coach's open "Grant all?" request, or null)
 * - POST /api/user/ConfirmPreGrantRequest/{requestId} | DeclinePreGrantRequest/{requestId} → { accessPreGranted }
 *   (404 unless it is the caller's open request from their current coach; decision 0020)
 */
export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  acceptEmptyJsonBodies(app);

  app.get('/api/user/ExportMyData', async (request, reply): Promise<PersonalDataExport> => {
    const session = requireSession(request);
    noStore(reply);
    reply.header('content-disposition', 'attachment; filename="bloom-my-data.json"');
    return exportPersonalData(db, session.user);
  });

  app.post('/api/user/DeleteAccount', async (request, reply): Promise<DeleteAccountResult> => {
    const session = requireSession(request);
    if (!deleteAccountSchema.safeParse(request.body ?? {}).success) {
      throw new AppError(400, 'confirmation_required', `To delete your account and all of its data, confirm with {"confirm":"${DELETE_ACCOUNT_CONFIRMATION}"}.`);
    }
    await eraseAccount(db, session.user.id);
    request.session = null;
    clearSessionCookie(reply, app.sessionCookie);
    noStore(reply);
    request.log.info('account erased on request');
    return { deleted: true };
  });

  app.get('/api/user/GetMyConsents', async (request, reply): Promise<ConsentRecord[]> => {
    const session = requireSession(request);
    noStore(reply);
    return listConsents(db, session.user);
  });

  app.post<{ Params: { consentId: string } }>('/api/user/RevokeConsent/:consentId', async (request, reply): Promise<ConsentRecord> => {
    const session = requireSession(request);
    noStore(reply);
    return revokeConsent(db, session.user, request.params.consentId, request.body);
  });

  app.post<{ Params: { assessmentId: string } }>('/api/user/RevokeCoachAccess/:assessmentId', async (request, reply): Promise<Assessment> => {
    const session = requireSession(request);
    const assessment = await requireOwnAssessment(db, session, request.params.assessmentId);
    await revokeCoachAccessTo(db, session.user.id, assessment.id);
    const row = await findAssessmentById(db, assessment.id);
    if (!row) throw notFound('Assessment not found.');
    noStore(reply);
    return presentAssessment(row);
  });

  app.get('/api/user/GetPreGrantRequest', async (request, reply): Promise<PendingPreGrantRequest> => {
    const session = requireMember(request);
    noStore(reply);
    return { request: await pendingPreGrantRequest(db, session.user) };
  });

  app.post<{ Params: { requestId: string } }>('/api/user/ConfirmPreGrantRequest/:requestId', async (request, reply): Promise<PreGrantAnswer> => {
    const session = requireMember(request);
    noStore(reply);
    return { accessPreGranted: await answerPreGrantRequest(db, session.user.id, request.params.requestId, true) };
  });

  app.post<{ Params: { requestId: string } }>('/api/user/DeclinePreGrantRequest/:requestId', async (request, reply): Promise<PreGrantAnswer> => {
    const session = requireMember(request);
    noStore(reply);
    return { accessPreGranted: await answerPreGrantRequest(db, session.user.id, request.params.requestId, false) };
  });
}
