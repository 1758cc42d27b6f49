import {
  assessmentTypeSchema,
  lifeDataSchema,
  type PreviousLifeData,
  saveQuestionResponseSchema,
  saveUserProgressSchema,
} from '@bloom/contracts';
import { normalizeGuid } from '@bloom/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireLatestAssessment, requireOwnAssessment } from '../assessments/access';
import { validateAnswersForTrack, validateLifeData, isAssessmentComplete } from '../assessments/instrument';
import { presentAssessment } from '../assessments/presenter';
import {
  loadAnswers,
  loadPreviousLifeData,
  markCompletedIf,
  saveLifeData,
  saveResponses,
  userHasAssessment,
} from '../assessments/repository';
import { hitRateLimits, tooManyRequests, type RateLimitRule } from '../auth/rate-limit';
import { recordConsent } from '../consents/consents';
import { createAssessmentFor } from '../consents/pre-grant-requests';
import { badRequest, conflict, parseInput, forbidden } from '../http/errors';
import { requireSession } from '../sessions/plugin';
import { saveLastVisitedRoute } from '../users';

/**
 * Starting assessments, per account and per session (a guest's account is its session's): an
 * honest person starts a handful a day, a script hundreds a second. Each one is a row that
 * norms, dashboards and exports read, so the ceiling sits far above honest use.
 */
export const ASSESSMENT_CREATION_LIMITS = {
  perAccount: { limit: 30, windowMs: 60 * 60 * 1000 } satisfies RateLimitRule,
  perSession: { limit: 30, windowMs: 60 * 60 * 1000 } satisfies RateLimitRule,
};

const booleanSegment = z.enum(['true', 'false']).transform((value) => value === 'true');

/** The journey's /api/user calls (spec 01 §7 "User and assessment"). */
export async function journeyUserRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get('/api/user/GetLatestAssessment', async (request) => {
    const session = requireSession(request);
    return presentAssessment(await requireLatestAssessment(db, session));
  });

  app.get('/api/user/UserHasAssessment', async (request) => {
    const session = request.session;
    return session ? userHasAssessment(db, session.user.id) : false;
  });

  app.post<{ Params: { type: string } }>('/api/user/CreateNewAssessment/:type', async (request, reply) => {
    const session = requireSession(request);
    const type = parseInput(assessmentTypeSchema, request.params.type, 'assessment type');
    if (type === 'Professional' && session.user.is_guest) throw forbidden('Please sign up or log in to take the Professional assessment.');
    const limit = await hitRateLimits(db, [
      { key: `assessment-create:user:${session.user.id}`, rule: ASSESSMENT_CREATION_LIMITS.perAccount },
      { key: `assessment-create:session:${session.sessionId}`, rule: ASSESSMENT_CREATION_LIMITS.perSession },
    ]);
    if (!limit.allowed) throw tooManyRequests(reply, limit, 'You have started many assessments in a short time. Please wait a while before starting another.');
    const row = await createAssessmentFor(db, session.user, type === 'Professional');
    return reply.status(201).send(presentAssessment(row));
  });

  app.post('/api/user/SaveQuestionResponse', async (request) => {
    const session = requireSession(request);
    const responses = parseInput(saveQuestionResponseSchema, request.body, 'answers').map((r) => ({
      ...r,
      questionGuid: normalizeGuid(r.questionGuid),
    }));
    const assessment = await requireLatestAssessment(db, session);
    const problem = validateAnswersForTrack(responses, assessment.is_ninety_item === 1);
    if (problem) throw badRequest(problem);
    await saveResponses(db, assessment.id, responses);
    await markCompletedIf(db, assessment, isAssessmentComplete(await loadAnswers(db, assessment.id), assessment.is_ninety_item === 1));
    return { saved: responses.length };
  });

  app.post<{ Params: { value: string } }>('/api/user/SaveResearchOptIn/:value', async (request) => {
    const session = requireSession(request);
    const optIn = parseInput(booleanSegment, request.params.value, 'research choice');
    // The flag and its consent record are written together (consents.ts).
    await recordConsent(db, session.user.id, 'research', null, optIn);
    return { researchOptIn: optIn };
  });

  app.post('/api/user/SaveLifeData', async (request) => {
    const session = requireSession(request);
    const lifeData = parseInput(lifeDataSchema, request.body, 'life situations');
    const problem = validateLifeData(lifeData);
    if (problem) throw badRequest(problem);
    const assessment = await requireLatestAssessment(db, session);
    await saveLifeData(db, assessment.id, lifeData);
    return { ok: true };
  });

  app.get('/api/user/GetPreviousLifeData', async (request, reply): Promise<PreviousLifeData> => {
    const session = requireSession(request);
    reply.header('cache-control', 'private, no-store');
    const previous = await loadPreviousLifeData(db, session.user.id);
    return previous ?? { lifeData: null, savedAt: null };
  });

  app.post('/api/user/SaveUserProgress', async (request) => {
    const session = requireSession(request);
    const { route } = parseInput(saveUserProgressSchema, request.body, 'progress');
    await saveLastVisitedRoute(db, session.user.id, route);
    return { ok: true };
  });

  app.post<{ Params: { assessmentId: string } }>('/api/user/SetCoachAccessGranted/:assessmentId', async (request) => {
    const session = requireSession(request);
    const assessment = await requireOwnAssessment(db, session, request.params.assessmentId);
    if (!session.user.coach_id) throw badRequest('You do not have a coach to share results with.');
    // Flag and consent together, and only while the coach this person meant is still theirs.
    const granted = await recordConsent(db, session.user.id, 'coach_access', assessment.id, true, { whileCoachIs: session.user.coach_id });
    if (!granted) throw conflict('Your coach has just changed, so nothing was shared. Please try again.');
    return presentAssessment({ ...assessment, coach_access_granted: 1 });
  });
}
