import { personNamePayloadSchema, type SiteLinks } from '@bloom/contracts';
import { coachAssessmentOverview, coachComprehensive } from '@bloom/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { presentAssessment } from '../assessments/presenter';
import { findAssessmentById } from '../assessments/repository';
import { scoreOf } from '../assessments/scores';
import { acceptEmptyJsonBodies } from '../auth/empty-json-body';
import { isUuid } from '../coaching/clients';
import { requireAdmin, requireCoachAccount } from '../coaching/guards';
import { recordConsent } from '../consents/consents';
import { assessmentCsvStream } from '../export/assessments-csv';
import { badRequest, notFound, parseInput } from '../http/errors';
import { saveDisplayName } from '../users';
import { requireResultsAccess } from '../reports/access';
import { requireMember } from '../sessions/plugin';

/** Personal health data: never kept by shared caches or the browser's disk cache. */
const privateNoStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

/**
 * Member-dashboard and coach-supplement calls (spec 02 §7):
 * - POST /api/user/SaveClientName {firstName,lastName} → {firstName,lastName}
 * - POST /api/user/SetClientAccessGranted/{assessmentId} → the assessment (coach of the owner;
 *   Professional assessments only)
 * - GET  /api/data/GetCoachAssessmentOverview/{id} → CoachAssessmentOverview
 * - GET  /api/data/GetCoachComprehensive/{id} → CoachComprehensive
 *   (both: the owner once the results are released to them, or their coach while coach access is granted; else 404)
 * - GET  /api/data/ExportCsv → text/csv attachment "data.csv" (admins only, else 403)
 * - GET  /api/data/GetSiteLinks → { memberResourcesUrl }
 */
export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const { db } = app.database;
  acceptEmptyJsonBodies(app);

  app.post('/api/user/SaveClientName', async (request) => {
    const session = requireMember(request);
    const name = parseInput(personNamePayloadSchema, request.body, 'name');
    await saveDisplayName(db, session.user.id, name);
    return name;
  });

  app.post<{ Params: { assessmentId: string } }>('/api/user/SetClientAccessGranted/:assessmentId', async (request) => {
    const session = requireCoachAccount(request);
    const { assessmentId } = request.params;
    const assessment = isUuid(assessmentId) ? await findAssessmentById(db, assessmentId) : undefined;
    const owner = assessment
      ? await db.selectFrom('users').select('id').where('id', '=', assessment.user_id).where('coach_id', '=', session.user.id).executeTakeFirst()
      : undefined;
    if (!assessment || !owner) throw notFound('Assessment not found.');
    if (assessment.is_ninety_item !== 1) throw badRequest('Only Professional assessments wait for client access; Rapid results are always open to the client.');
    await db.updateTable('assessments').set({ client_access_granted: 1 }).where('id', '=', assessment.id).execute();
    // The coach releases the results: their act, recorded for the client and naming the coach.
    await recordConsent(db, owner.id, 'client_access', assessment.id, true, { actedBy: session.user.id });
    return presentAssessment({ ...assessment, client_access_granted: 1 });
  });

  app.get<{ Params: { assessmentId: string } }>('/api/data/GetCoachAssessmentOverview/:assessmentId', async (request, reply) => {
    const session = requireMember(request);
    const { row } = await requireResultsAccess(db, session, request.params.assessmentId);
    privateNoStore(reply);
    return coachAssessmentOverview(await scoreOf(db, row));
  });

  app.get<{ Params: { assessmentId: string } }>('/api/data/GetCoachComprehensive/:assessmentId', async (request, reply) => {
    const session = requireMember(request);
    const { row } = await requireResultsAccess(db, session, request.params.assessmentId);
    privateNoStore(reply);
    return coachComprehensive(await scoreOf(db, row));
  });

  app.get('/api/data/ExportCsv', async (request, reply) => {
    requireAdmin(config, request);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="data.csv"')
      .header('cache-control', 'no-store');
    return reply.send(assessmentCsvStream(db));
  });

  app.get('/api/data/GetSiteLinks', async (_request, reply): Promise<SiteLinks> => {
    reply.header('cache-control', 'public, max-age=300');
    return { memberResourcesUrl: config.memberResourcesUrl };
  });
}
