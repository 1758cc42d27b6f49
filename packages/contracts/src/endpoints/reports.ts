import { z } from 'zod';
import { assessmentSchema, memberAssessmentSchema } from '../assessment';
import { energyChartItemSchema, singlePetalDataSchema } from '../journey-content';
import { assessmentLifeDataSchema, coachAssessmentOverviewSchema, coachComprehensiveSchema, positivityPlanSchema, profileReportSchema, scoreRowSchema } from '../reports';
import { endpoint, json } from './define';

/**
 * Reports and results of one assessment (spec 02 §3, §7; api/handlers/reports.ts, member.ts):
 * each checks the assessment id against the caller (their own, or a client's while coach access
 * is granted) and answers anything else with 404.
 */
const byId = z.object({ assessmentId: z.string().min(1) });

// A generic path's parameter names are not known inside the helper, so the (checked) scope is cast once here.
const readableById = { assessmentId: 'readable' } as const as never;

const readable = <const P extends `${string}/{assessmentId}`, S extends z.ZodType>(path: P, schema: S, caller: 'session' | 'member' = 'session') =>
  endpoint({ method: 'GET', path, params: byId, response: json(schema), caller, owns: readableById, writes: false, cache: 'private' });

export const reportEndpoints = {
  /** Spec 02: /data/Get{product}ProfileReport/{assessmentId}; the product is Bloom. */
  getBloomProfileReport: readable('/api/data/GetBloomProfileReport/{assessmentId}', profileReportSchema, 'member'),
  /** Besides the ownership rule, the plan rule: locked for its owner (and so for their coach) until bought → 403 plan_locked. */
  getPositivityPlan: readable('/api/data/GetPositivityPlan/{assessmentId}', positivityPlanSchema, 'member'),
  getEnergyChartData: readable('/api/data/GetEnergyChartData/{assessmentId}', z.array(energyChartItemSchema)),
  getSinglePetalData: readable('/api/data/GetSinglePetalData/{assessmentId}', singlePetalDataSchema),
  getAssessmentScores: readable('/api/data/GetAssessmentScores/{assessmentId}', z.array(scoreRowSchema)),
  lifeDataByAssessment: readable('/api/user/LifeDataByAssessment/{assessmentId}', assessmentLifeDataSchema),
  getAssessmentById: readable('/api/user/GetAssessmentById/{assessmentId}', assessmentSchema),
  getCoachAssessmentOverview: readable('/api/data/GetCoachAssessmentOverview/{assessmentId}', coachAssessmentOverviewSchema, 'member'),
  getCoachComprehensive: readable('/api/data/GetCoachComprehensive/{assessmentId}', coachComprehensiveSchema, 'member'),
  /** The caller's own assessments, newest first, each with whether it has results and where to continue it (the member dashboard's list). */
  getAllAssessments: endpoint({ method: 'GET', path: '/api/user/GetAllAssessments', response: json(z.array(memberAssessmentSchema)), caller: 'session', writes: false, cache: 'private' }),
};
