import { z } from 'zod';
import { assessmentSchema, lifeDataSchema, previousLifeDataSchema, resultsCoverageSchema, saveQuestionResponseSchema } from '../assessment';
import { individualDifferencesSchema } from '../benchmark';
import {
  lifeSituationsFormSchema,
  moduleQuestionsSchema,
  moduleResultsSchema,
  moduleSummarySchema,
  moduleWithPetalsSchema,
  petalChartSchema,
  petalQuestionsSchema,
  petalResultsSchema,
  positivityPotentialSchema,
  siteContentSchema,
  testimonialSchema,
} from '../journey-content';
import { okResponseSchema } from '../auth';
import { saveUserProgressSchema } from '../user';
import { endpoint, json, pathChoice, text } from './define';

/**
 * The journey (spec 01 §7 "User and assessment", "Content and results"; api/handlers/journey-user.ts,
 * api/handlers/journey-data.ts). Content calls are open to anyone: with a session they fill in the
 * caller's saved answers of their latest assessment.
 */
const trueOrFalse = pathChoice(['true', 'false']);
/** Ids are checked by the ownership rule (malformed → 404 like unknown), so the schema takes any segment. */
const id = z.string().min(1);

export const journeyEndpoints = {
  getLatestAssessment: endpoint({ method: 'GET', path: '/api/user/GetLatestAssessment', response: json(assessmentSchema), caller: 'session', actsOn: 'latestAssessment', writes: false, cache: 'private' }),
  userHasAssessment: endpoint({ method: 'GET', path: '/api/user/UserHasAssessment', response: json(z.boolean()), caller: 'anyone', writes: false, cache: 'private' }),
  createNewAssessment: endpoint({
    method: 'POST',
    path: '/api/user/CreateNewAssessment/{type}',
    params: z.object({ type: pathChoice(['Rapid', 'Professional']) }),
    response: json(assessmentSchema, { status: 201 }),
    caller: 'session',
    writes: true,
    rateLimit: 'assessment-create',
    atomicAlone:
      'one INSERT (the rate limit is counted before, outside any transaction, as for every entry); under a standing pre-grant, createAssessmentFor’s own transaction holding the person inserts the assessment and its consent record together',
    keepsCallerSession: 'writes an assessment, its consent record and the rate limit; the person’s row is only locked (SELECT … FOR UPDATE), never changed',
  }),
  saveQuestionResponse: endpoint({
    method: 'POST',
    path: '/api/user/SaveQuestionResponse',
    body: saveQuestionResponseSchema,
    response: json(z.object({ saved: z.number().int() })),
    caller: 'session',
    actsOn: 'latestAssessment',
    writes: true,
    atomicAlone:
      'on PostgreSQL one statement: the bought-plan check (decision 0074), then one call that finds and locks the latest assessment, stores the page and sets the completion mark (bloom_save_latest_answers, migration 0012); on SQLite a transaction of its own that holds the person (withUserLock), the check inside it',
    keepsCallerSession: 'writes answers and the assessment’s completion mark',
  }),
  /** The spec writes the segment as {true|false}. */
  saveResearchOptIn: endpoint({
    method: 'POST',
    path: '/api/user/SaveResearchOptIn/{value}',
    params: z.object({ value: trueOrFalse }),
    response: json(z.object({ researchOptIn: z.boolean() })),
    caller: 'session',
    writes: true,
    rateLimit: 'consent-change',
    atomicAlone:
      'on PostgreSQL one call that sets the flag and its consent record under the person’s row lock (bloom_set_research_consent, migration 0009); on SQLite recordConsent’s own transaction holding the person',
  }),
  saveLifeData: endpoint({
    method: 'POST',
    path: '/api/user/SaveLifeData',
    body: lifeDataSchema,
    response: json(okResponseSchema),
    caller: 'session',
    actsOn: 'latestAssessment',
    writes: true,
    atomicAlone: 'one upsert of the life data of the assessment it has just read as the latest, the bought-plan check inside it (decision 0074); a read cannot be half done',
    keepsCallerSession: 'writes the assessment’s life data',
  }),
  getPreviousLifeData: endpoint({ method: 'GET', path: '/api/user/GetPreviousLifeData', response: json(previousLifeDataSchema), caller: 'session', writes: false, cache: 'private' }),
  saveUserProgress: endpoint({
    method: 'POST',
    path: '/api/user/SaveUserProgress',
    body: saveUserProgressSchema,
    response: json(okResponseSchema),
    caller: 'session',
    writes: true,
    atomicAlone: 'one UPDATE of the caller’s own row',
    keepsCallerSession: 'changes only the person’s saved route, which saveLastVisitedRoute puts into this instance’s cached sessions once it is stored',
  }),
  setCoachAccessGranted: endpoint({
    method: 'POST',
    path: '/api/user/SetCoachAccessGranted/{assessmentId}',
    params: z.object({ assessmentId: id }),
    response: json(assessmentSchema),
    caller: 'session',
    owns: { assessmentId: 'own' },
    writes: true,
    rateLimit: 'consent-change',
  }),

  getModulesAndPetals: endpoint({ method: 'GET', path: '/api/data/GetModulesAndPetals', response: json(z.array(moduleSummarySchema)), caller: 'anyone', writes: false, cache: 'public' }),
  getModuleByName: endpoint({ method: 'GET', path: '/api/data/GetModuleByName/{name}', params: z.object({ name: z.string() }), response: json(moduleWithPetalsSchema), caller: 'anyone', writes: false, cache: 'public' }),
  getModuleQuestions: endpoint({ method: 'GET', path: '/api/data/GetModuleQuestions/{module}', params: z.object({ module: z.string() }), response: json(moduleQuestionsSchema), caller: 'anyone', writes: false, cache: 'private' }),
  getPetalQuestions: endpoint({ method: 'GET', path: '/api/data/GetPetalQuestions/{petal}', params: z.object({ petal: z.string() }), response: json(petalQuestionsSchema), caller: 'anyone', writes: false, cache: 'private' }),
  getPetalResults: endpoint({ method: 'GET', path: '/api/data/GetPetalResults/{petal}', params: z.object({ petal: z.string() }), response: json(petalResultsSchema), caller: 'anyone', writes: false, cache: 'private' }),
  getModuleResults: endpoint({ method: 'GET', path: '/api/data/GetModuleResults/{module}', params: z.object({ module: z.string() }), response: json(moduleResultsSchema), caller: 'anyone', writes: false, cache: 'private' }),
  /** Spec: "optionally followed by /{assessmentId}"; without it, the caller's latest assessment. */
  getEightPetalData: endpoint({
    method: 'GET',
    path: '/api/data/getEightPetalData/{assessmentId?}',
    params: z.object({ assessmentId: id.optional() }),
    response: json(petalChartSchema),
    caller: 'session',
    owns: { assessmentId: 'readable' },
    actsOn: 'latestAssessment',
    writes: false,
    cache: 'private',
  }),
  getFourPetalData: endpoint({
    method: 'GET',
    path: '/api/data/GetFourPetalData/{isExperience}/{assessmentId?}',
    params: z.object({ isExperience: trueOrFalse, assessmentId: id.optional() }),
    response: json(petalChartSchema),
    caller: 'session',
    owns: { assessmentId: 'readable' },
    actsOn: 'latestAssessment',
    writes: false,
    cache: 'private',
  }),
  getPositivityPotential: endpoint({ method: 'GET', path: '/api/data/GetPositivityPotential', response: json(positivityPotentialSchema), caller: 'session', actsOn: 'latestAssessment', writes: false, cache: 'private' }),
  getSummaryText: endpoint({ method: 'GET', path: '/api/data/GetSummaryText', response: text(), caller: 'session', actsOn: 'latestAssessment', writes: false, cache: 'private' }),
  getResultsCoverage: endpoint({ method: 'GET', path: '/api/data/GetResultsCoverage', response: json(resultsCoverageSchema), caller: 'session', actsOn: 'latestAssessment', writes: false, cache: 'private' }),
  getIndividualDifferences: endpoint({
    method: 'GET',
    path: '/api/data/GetIndividualDifferences/{assessmentId}',
    params: z.object({ assessmentId: id }),
    response: json(individualDifferencesSchema),
    caller: 'session',
    owns: { assessmentId: 'readable' },
    writes: false,
    cache: 'private',
  }),
  getLifeSituationsForm: endpoint({ method: 'GET', path: '/api/data/GetLifeSituationsForm', response: json(lifeSituationsFormSchema), caller: 'anyone', writes: false, cache: 'public' }),
  getTestimonials: endpoint({ method: 'GET', path: '/api/data/GetTestimonials', response: json(z.array(testimonialSchema)), caller: 'anyone', writes: false, cache: 'public' }),
  getSiteContent: endpoint({ method: 'GET', path: '/api/data/GetSiteContent', response: json(siteContentSchema), caller: 'anyone', writes: false, cache: 'public' }),
};
