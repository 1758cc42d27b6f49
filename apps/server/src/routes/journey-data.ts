import {
  eightPetalData,
  fourPetalData,
  getModuleByName,
  getModuleQuestions,
  getModuleResults,
  getModulesAndPetals,
  getPetalQuestions,
  getPetalResults,
  getSiteView,
  individualDifferences,
  positivityPotential,
  resolveModuleName,
  summaryText,
  trackOf,
} from '@bloom/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireReadableAssessment, resolveAssessment } from '../assessments/access';
import { findLatestAssessment, loadAnswers, type Answers } from '../assessments/repository';
import { lifeDataOf, scoreOf } from '../assessments/scores';
import { notFound, parseInput } from '../http/errors';
import { currentNorms } from '../norms/norms-service';
import { coverageOf } from '../reports/access';
import { requireSession } from '../sessions/plugin';
import { presentModuleQuestions, presentModuleResults, presentPetalResults, presentLifeSituationsForm } from './journey-presenters';

/**
 * Content that only changes with a deploy, serialised once at start-up: the browser may
 * cache it for five minutes, and the server never rebuilds it per request.
 */
const staticContent = (() => {
  const site = getSiteView();
  return {
    modulesAndPetals: JSON.stringify(
      getModulesAndPetals().map((module) => ({
        ...module,
        displayName: getModuleByName(module.moduleName)?.displayName ?? module.moduleName,
      })),
    ),
    lifeSituationsForm: JSON.stringify(presentLifeSituationsForm(site.lifeSituations)),
    testimonials: JSON.stringify(site.testimonials),
    siteContent: JSON.stringify({ productName: site.productName, notDiagnosticNotice: site.notDiagnosticNotice, findHelpText: site.findHelpText }),
  };
})();

function found<T>(value: T | null, what: string): T {
  if (value === null) throw notFound(`${what} not found.`);
  return value;
}

/**
 * A question page before any of its questions is answered, serialised once per module and
 * track: it is the same for everyone, and every first visit to a question page is one. Keyed
 * by the module's own name, so however a request spells it (case, spaces) there are at most
 * one per module and track.
 */
const blankModulePages = new Map<string, { json: string; questionGuids: readonly string[] }>();

function blankModulePage(moduleName: string, track: ReturnType<typeof trackOf>) {
  const name = resolveModuleName(moduleName);
  if (!name) return null;
  const key = `${name}\n${track}`;
  let page = blankModulePages.get(key);
  if (!page) {
    const view = found(getModuleQuestions(name, track), 'Module');
    page = { json: JSON.stringify(presentModuleQuestions(view)), questionGuids: view.wellsprings.flatMap((group) => group.questions.map((q) => q.questionGuid)) };
    blankModulePages.set(key, page);
  }
  return page;
}

function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

function sendStatic(reply: FastifyReply, json: string) {
  return sendJson(reply.header('cache-control', 'public, max-age=300'), json);
}

const isExperienceSegment = z.enum(['true', 'false']).transform((value) => value === 'true');

/** The journey's /api/data calls (spec 01 §7 "Content and results"). */
export async function journeyDataRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  /** Saved answers of the caller's latest assessment (empty for a visitor without one). */
  async function latestAnswers(request: FastifyRequest): Promise<{ answers: Answers; isNinetyItem: boolean }> {
    const latest = request.session ? await findLatestAssessment(db, request.session.user.id) : undefined;
    if (!latest) return { answers: new Map(), isNinetyItem: false };
    return { answers: await loadAnswers(db, latest.id), isNinetyItem: latest.is_ninety_item === 1 };
  }

  app.get('/api/data/GetModulesAndPetals', async (_request, reply) => sendStatic(reply, staticContent.modulesAndPetals));

  app.get<{ Params: { name: string } }>('/api/data/GetModuleByName/:name', async (request) =>
    found(getModuleByName(request.params.name), 'Module'),
  );

  app.get<{ Params: { module: string } }>('/api/data/GetModuleQuestions/:module', async (request, reply) => {
    const { answers, isNinetyItem } = await latestAnswers(request);
    const track = trackOf(isNinetyItem);
    const blank = found(blankModulePage(request.params.module, track), 'Module');
    if (!blank.questionGuids.some((guid) => answers.get(guid) != null)) return sendJson(reply, blank.json);
    return presentModuleQuestions(found(getModuleQuestions(request.params.module, track, answers), 'Module'));
  });

  app.get<{ Params: { petal: string } }>('/api/data/GetPetalQuestions/:petal', async (request) => {
    const { answers } = await latestAnswers(request);
    return found(getPetalQuestions(request.params.petal, answers), 'Petal');
  });

  app.get<{ Params: { petal: string } }>('/api/data/GetPetalResults/:petal', async (request) => {
    const { answers, isNinetyItem } = await latestAnswers(request);
    return presentPetalResults(found(getPetalResults(request.params.petal, answers, isNinetyItem), 'Petal'));
  });

  app.get<{ Params: { module: string } }>('/api/data/GetModuleResults/:module', async (request) => {
    const { answers, isNinetyItem } = await latestAnswers(request);
    return presentModuleResults(found(getModuleResults(request.params.module, answers, isNinetyItem), 'Module'));
  });

  app.get<{ Params: { assessmentId?: string } }>('/api/data/getEightPetalData/:assessmentId?', async (request) => {
    const session = requireSession(request);
    const assessment = await resolveAssessment(db, session, request.params.assessmentId);
    return eightPetalData(await scoreOf(db, assessment));
  });

  app.get<{ Params: { isExperience: string; assessmentId?: string } }>(
    '/api/data/GetFourPetalData/:isExperience/:assessmentId?',
    async (request) => {
      const session = requireSession(request);
      const isExperience = parseInput(isExperienceSegment, request.params.isExperience, 'isExperience');
      const assessment = await resolveAssessment(db, session, request.params.assessmentId);
      return fourPetalData(await scoreOf(db, assessment), isExperience);
    },
  );

  app.get('/api/data/GetPositivityPotential', async (request) => {
    const session = requireSession(request);
    const assessment = await resolveAssessment(db, session, undefined);
    return positivityPotential(await scoreOf(db, assessment));
  });

  /**
   * Whether the caller's latest assessment has results under the coverage rule (DESIGN.md §11),
   * and, per module, how many items are answered and needed: the results page says which
   * module needs answers instead of drawing a lotus of default values.
   */
  app.get('/api/data/GetResultsCoverage', async (request, reply) => {
    const session = requireSession(request);
    const assessment = await resolveAssessment(db, session, undefined);
    reply.header('cache-control', 'private, no-store');
    const coverage = coverageOf(assessment, await loadAnswers(db, assessment.id));
    return { isNinetyItem: assessment.is_ninety_item === 1, ...coverage };
  });

  app.get('/api/data/GetSummaryText', async (request, reply) => {
    const session = requireSession(request);
    const assessment = await resolveAssessment(db, session, undefined);
    return reply.type('text/plain; charset=utf-8').send(summaryText(await scoreOf(db, assessment)));
  });

  app.get<{ Params: { assessmentId: string } }>('/api/data/GetIndividualDifferences/:assessmentId', async (request) => {
    const session = requireSession(request);
    const { row } = await requireReadableAssessment(db, session, request.params.assessmentId);
    const [scores, lifeData, norms] = await Promise.all([scoreOf(db, row), lifeDataOf(db, row.id), currentNorms(db)]);
    return individualDifferences(scores, lifeData, norms);
  });

  app.get('/api/data/GetLifeSituationsForm', async (_request, reply) => sendStatic(reply, staticContent.lifeSituationsForm));
  app.get('/api/data/GetTestimonials', async (_request, reply) => sendStatic(reply, staticContent.testimonials));
  app.get('/api/data/GetSiteContent', async (_request, reply) => sendStatic(reply, staticContent.siteContent));
}
