import { z } from 'zod';
import { isWellFormedText } from './text';
import { AGE_NOT_STATED, RESPONSE_MAX, RESPONSE_MIN } from './constants';
import { moduleNameSchema } from './journey-content';

export const assessmentTypeSchema = z.enum(['Rapid', 'Professional']);
export type AssessmentType = z.infer<typeof assessmentTypeSchema>;

/** An assessment as the browser sees it (spec 01 §3, spec 02 §3 "Assessment summary"). */
export const assessmentSchema = z.object({
  id: z.string(),
  isNinetyItem: z.boolean(),
  coachAccessGranted: z.boolean(),
  clientAccessGranted: z.boolean(),
  /** ISO-8601 date-time of creation. */
  date: z.string(),
  clientName: z.string().optional(),
  userName: z.string().optional(),
  /** True once a paid (or free) plan is unlocked for this assessment. */
  planUnlocked: z.boolean().optional(),
  /** False when too few questions are answered for results, a report or a plan (DESIGN.md §11). */
  hasResults: z.boolean().optional(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

/** A question page of the journey: a Rapid module page (`petalName` null) or a Professional petal's questions. */
export const resumePointSchema = z.object({
  moduleName: moduleNameSchema,
  petalName: z.string().nullable(),
});
export type ResumePoint = z.infer<typeof resumePointSchema>;

/** One row of GET /api/user/GetAllAssessments: the member dashboard's list. */
export const memberAssessmentSchema = assessmentSchema.extend({
  /** False below the coverage rule (DESIGN.md §11): no profile, report or plan. */
  hasResults: z.boolean(),
  /**
   * Where the member left off, for the latest assessment while not every question is answered,
   * with results or without (decision 0044; every journey call works on the latest); null otherwise.
   */
  continueAt: resumePointSchema.nullable(),
});
export type MemberAssessment = z.infer<typeof memberAssessmentSchema>;


export const savedResponseSchema = z
  .object({
    questionGuid: z.uuid(),
    response: z.number().int().min(RESPONSE_MIN).max(RESPONSE_MAX),
    order: z.number().int().min(0).max(1000),
  })
  .strict();
export type SavedResponse = z.infer<typeof savedResponseSchema>;

/** POST /api/user/SaveQuestionResponse: one page of answers. */
export const saveQuestionResponseSchema = z.array(savedResponseSchema).min(1).max(100);


/** POST /api/user/SaveLifeData; option membership is checked against the content pack on the server. */
export const lifeDataSchema = z
  .object({
    relationshipStatus: z.string().min(1).max(100).refine(isWellFormedText, 'is not valid text'),
    parentingStatus: z.string().min(1).max(100).refine(isWellFormedText, 'is not valid text'),
    employmentStatus: z.string().min(1).max(100).refine(isWellFormedText, 'is not valid text'),
    age: z.number().int().refine((age) => age === AGE_NOT_STATED || (age >= 13 && age <= 120), 'must be 13 to 120, or -1'),
    gender: z.string().min(1).max(100).refine(isWellFormedText, 'is not valid text'),
    income: z.string().min(1).max(100).refine(isWellFormedText, 'is not valid text'),
    stressfulEvents: z.string().min(1).max(100).refine(isWellFormedText, 'is not valid text'),
  })
  .strict();
export type LifeData = z.infer<typeof lifeDataSchema>;

/**
 * GET /api/user/GetPreviousLifeData: the caller's most recent life situations (a Skip All is not an
 * answer and is passed over), to prefill the form for a returning person; null when there are none.
 */
export const previousLifeDataSchema = z.object({
  lifeData: lifeDataSchema.nullable(),
  /** When those answers were saved (ISO 8601), or null. */
  savedAt: z.string().nullable(),
});
export type PreviousLifeData = z.infer<typeof previousLifeDataSchema>;

/** One module under the coverage rule (DESIGN.md §11). */
export const moduleCoverageSchema = z.object({
  moduleName: moduleNameSchema,
  displayName: z.string(),
  answered: z.number().int(),
  total: z.number().int(),
  required: z.number().int(),
  covered: z.boolean(),
});
export type ModuleCoverage = z.infer<typeof moduleCoverageSchema>;

/** GET /api/data/GetResultsCoverage: whether the caller's latest assessment has results, and what it needs. */
export const resultsCoverageSchema = z.object({
  isNinetyItem: z.boolean(),
  modules: z.array(moduleCoverageSchema),
  hasResults: z.boolean(),
  needsAnswers: z.array(moduleCoverageSchema),
});
export type ResultsCoverage = z.infer<typeof resultsCoverageSchema>;
