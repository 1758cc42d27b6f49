/**
 * Reports and results of one assessment (spec 02 §2 "Profile Report", "Positivity Plan",
 * §3, §7): every call is access-checked (src/reports/access.ts) and answers someone
 * else's assessment with 404.
 */
import { energyChartData, scoreRows, singlePetalData } from '@bloom/domain';
import type { Assessment } from '@bloom/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireReadableAssessment } from '../assessments/access';
import { presentAssessment } from '../assessments/presenter';
import { listAssessmentsOfUser, loadAnswers } from '../assessments/repository';
import { lifeDataOf, scoreOf } from '../assessments/scores';
import { notFound } from '../http/errors';
import { coverageOf, isPlanUnlocked, planUnlockedByAssessment, requirePlanAccess, requireResultsAccess } from '../reports/access';
import { reportJson, reportName } from '../reports/build';
import { requireMember, requireSession } from '../sessions/plugin';
import { findUserById } from '../users/index';

type WithAssessmentId = { Params: { assessmentId: string } };

/** Reports are sent as ready-made JSON strings (see reports/build.ts). */
const JSON_TYPE = 'application/json; charset=utf-8';

/** Personal health data: never kept by shared caches or the browser's disk cache. */
const privateNoStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const { config } = app;

  app.get<WithAssessmentId>('/api/data/GetBloomProfileReport/:assessmentId', async (request, reply) => {
    const session = requireMember(request);
    const access = await requireResultsAccess(db, session, request.params.assessmentId);
    privateNoStore(reply);
    return reply.type(JSON_TYPE).send(await reportJson(db, access, 'profile'));
  });

  app.get<WithAssessmentId>('/api/data/GetPositivityPlan/:assessmentId', async (request, reply) => {
    const session = requireMember(request);
    const access = await requirePlanAccess(db, config, session, request.params.assessmentId);
    privateNoStore(reply);
    return reply.type(JSON_TYPE).send(await reportJson(db, access, 'plan'));
  });

  app.get<WithAssessmentId>('/api/data/GetEnergyChartData/:assessmentId', async (request, reply) => {
    const access = await requireResultsAccess(db, requireSession(request), request.params.assessmentId);
    privateNoStore(reply);
    return energyChartData(await scoreOf(db, access.row));
  });

  app.get<WithAssessmentId>('/api/data/GetSinglePetalData/:assessmentId', async (request, reply) => {
    const access = await requireResultsAccess(db, requireSession(request), request.params.assessmentId);
    privateNoStore(reply);
    return singlePetalData(await scoreOf(db, access.row));
  });

  app.get<WithAssessmentId>('/api/data/GetAssessmentScores/:assessmentId', async (request, reply) => {
    const access = await requireResultsAccess(db, requireSession(request), request.params.assessmentId);
    privateNoStore(reply);
    return scoreRows(await scoreOf(db, access.row));
  });

  /** The life situations given with the assessment; "Prefer not to say" (age -1) where nothing was given. */
  app.get<WithAssessmentId>('/api/user/LifeDataByAssessment/:assessmentId', async (request, reply) => {
    const { row } = await requireReadableAssessment(db, requireSession(request), request.params.assessmentId);
    privateNoStore(reply);
    const lifeData = await lifeDataOf(db, row.id);
    return {
      gender: lifeData.gender,
      age: lifeData.age,
      relationshipStatus: lifeData.relationshipStatus,
      parentingStatus: lifeData.parentingStatus,
      employmentStatus: lifeData.employmentStatus,
      income: lifeData.income,
      stressfulEvents: lifeData.stressfulEvents,
    };
  });

  app.get<WithAssessmentId>('/api/user/GetAssessmentById/:assessmentId', async (request, reply) => {
    const session = requireSession(request);
    const { row, viewer } = await requireReadableAssessment(db, session, request.params.assessmentId);
    const owner = viewer === 'owner' ? session.user : await findUserById(db, row.user_id);
    if (!owner) throw notFound('Assessment not found.');
    // The same for the owner and their coach: a coach never reads a plan locked for its owner.
    const planUnlocked = await isPlanUnlocked(db, config, row, owner);
    const { hasResults } = coverageOf(row, await loadAnswers(db, row.id));
    privateNoStore(reply);
    return presentAssessment(row, { clientName: reportName(owner), userName: owner.user_name, planUnlocked: planUnlocked && hasResults, hasResults });
  });

  /** The caller's own assessments, newest first (the member dashboard's list). */
  app.get('/api/user/GetAllAssessments', async (request, reply): Promise<Assessment[]> => {
    const session = requireSession(request);
    // Newest first; equal timestamps fall back to the id, as GetLatestAssessment does.
    const rows = (await listAssessmentsOfUser(db, session.user.id)).sort(
      (a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
    );
    const unlocked = await planUnlockedByAssessment(db, config, rows, session.user);
    const clientName = reportName(session.user);
    privateNoStore(reply);
    return rows.map((row) =>
      presentAssessment(row, { clientName, userName: session.user.user_name, planUnlocked: unlocked.get(row.id) ?? false }),
    );
  });
}
