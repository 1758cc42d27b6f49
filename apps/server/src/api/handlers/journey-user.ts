import type { LifeData, PreviousLifeData, SavedResponse } from '@bloom/contracts';
import { normalizeGuid } from '@bloom/domain';
import { requireLatestAssessment, requireOwnAssessment } from '../../assessments/access';
import { answersLocked, planWasBought, saveLatestAnswersUnlessBought, saveLifeDataUnlessBought } from '../../assessments/bought-answers';
import { isAssessmentComplete, questionCountOf, trackOfAnswers, validateAnswersForTrack, validateLifeData } from '../../assessments/instrument';
import { presentAssessment } from '../../assessments/presenter';
import {
  countAnswers,
  loadLifeData,
  loadPreviousLifeData,
  markCompletedIf,
  saveResponses,
  userHasAssessment as hasAssessment,
} from '../../assessments/repository';
import { recordConsent, recordResearchConsent } from '../../consents/consents';
import { createAssessmentFor } from '../../consents/pre-grant-requests';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { withUserLock } from '../../privacy/user-lock';
import { onPostgres } from '../../db/dialect';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/handle';
import type { SessionContext } from '../../sessions/sessions';
import { saveLastVisitedRoute } from '../../users';
import type { Call, Output } from '../call';

/** The journey's /api/user calls (spec 01 §7 "User and assessment"). */

export async function getLatestAssessment({ caller, db }: Call<'getLatestAssessment'>): Promise<Output<'getLatestAssessment'>> {
  return presentAssessment(await requireLatestAssessment(db, caller));
}

export async function userHasAssessment({ caller, db }: Call<'userHasAssessment'>): Promise<Output<'userHasAssessment'>> {
  return caller ? hasAssessment(db, caller.user.id) : false;
}

export async function createNewAssessment({ params, caller, db }: Call<'createNewAssessment'>): Promise<Output<'createNewAssessment'>> {
  const professional = params.type === 'Professional';
  if (professional && caller.user.is_guest) throw forbidden('Please sign up or log in to take the Professional assessment.');
  return presentAssessment(await createAssessmentFor(db, caller.user, professional));
}

/**
 * One or more answers of the caller's latest assessment; the last write for a question wins
 * (DESIGN.md §11). Stored together with the completion mark, so the mark always matches the
 * answers stored, and the person's saves take turns: the web app sends each answer the moment
 * it is chosen, and two saves racing under PostgreSQL's READ COMMITTED would each count the
 * answers without the other's, so neither would mark the last answer's completion. On SQLite, a
 * transaction holding the person (`withUserLock`); on PostgreSQL, one call that locks the
 * assessment (`saveAnswersMarkingCompletion`, decision 0035), with no transaction around it
 * (the entry's `atomicAlone`).
 *
 * An assessment whose plan was bought takes no more answers: 409 `answers_locked`, nothing stored
 * (decision 0074). A malformed page is still a 400 first, on both databases.
 */
export async function saveQuestionResponse({ app, body, caller, db }: Call<'saveQuestionResponse'>): Promise<Output<'saveQuestionResponse'>> {
  const responses = body.map((response) => ({ ...response, questionGuid: normalizeGuid(response.questionGuid) }));
  const saved = onPostgres(db) ? await saveInOneCall(db, app.config, caller, responses) : await saveInTransaction(db, app.config, caller, responses);
  // The person's row is gone: their account was erased while this save was on its way.
  if (saved === undefined) throw notFound('You have not started an assessment yet.');
  return { saved };
}

/**
 * PostgreSQL: one round trip for a page of one track's questions, the latest assessment found by
 * the same call (decision 0049). A page that is empty, mixed or names an unknown question first
 * reads the latest assessment, so it is refused, or saved, with the same answer as on SQLite.
 */
async function saveInOneCall(db: Db, config: AppConfig, caller: SessionContext, responses: SavedResponse[]): Promise<number | undefined> {
  let isNinetyItem = trackOfAnswers(responses);
  if (isNinetyItem === undefined) {
    isNinetyItem = (await requireLatestAssessment(db, caller)).is_ninety_item === 1;
    const problem = validateAnswersForTrack(responses, isNinetyItem);
    if (problem) throw badRequest(problem);
  }
  const outcome = await saveLatestAnswersUnlessBought(db, config, caller.user.id, isNinetyItem, responses, questionCountOf(isNinetyItem));
  if (outcome === 'answers_locked') throw answersLocked();
  // Every question is of the page's track, so the first one names the mismatch, as on SQLite.
  if (outcome === 'other_track') throw badRequest(validateAnswersForTrack(responses, !isNinetyItem) ?? 'These answers are not part of your assessment.');
  return outcome === 'saved' ? responses.length : undefined;
}

function saveInTransaction(db: Db, config: AppConfig, caller: SessionContext, responses: SavedResponse[]): Promise<number | undefined> {
  return withUserLock(db, caller.user.id, async (trx) => {
    const assessment = await requireLatestAssessment(trx, caller);
    const isNinetyItem = assessment.is_ninety_item === 1;
    const problem = validateAnswersForTrack(responses, isNinetyItem);
    if (problem) throw badRequest(problem);
    if (await planWasBought(trx, config, assessment.id)) throw answersLocked();
    await saveResponses(trx, assessment.id, responses);
    await markCompletedIf(trx, assessment, isAssessmentComplete(await countAnswers(trx, assessment.id), isNinetyItem));
    return responses.length;
  });
}

export async function saveResearchOptIn({ params, caller, db }: Call<'saveResearchOptIn'>): Promise<Output<'saveResearchOptIn'>> {
  const optIn = params.value === 'true';
  // The flag and its consent record are written together (consents.ts).
  await recordResearchConsent(db, caller.user.id, optIn);
  return { researchOptIn: optIn };
}

/**
 * The latest assessment's life situations; refused (409 `answers_locked`, nothing stored) once its
 * plan was bought (decision 0074), unless they are the ones stored: Next on the prefilled page
 * sends them back unchanged and goes on, as the question pages do by sending nothing. That read
 * happens only on a refusal, so a save keeps its one statement.
 */
export async function saveLifeData({ app, body, caller, db }: Call<'saveLifeData'>): Promise<Output<'saveLifeData'>> {
  const problem = validateLifeData(body);
  if (problem) throw badRequest(problem);
  const assessment = await requireLatestAssessment(db, caller);
  if (await saveLifeDataUnlessBought(db, app.config, assessment.id, body)) return { ok: true };
  const stored = await loadLifeData(db, assessment.id);
  if (stored && sameLifeData(stored, body)) return { ok: true };
  throw answersLocked();
}

const sameLifeData = (a: LifeData, b: LifeData): boolean => (Object.keys(a) as (keyof LifeData)[]).every((key) => a[key] === b[key]) && Object.keys(a).length === Object.keys(b).length;

export async function getPreviousLifeData({ caller, db }: Call<'getPreviousLifeData'>): Promise<Output<'getPreviousLifeData'>> {
  const previous: PreviousLifeData | undefined = await loadPreviousLifeData(db, caller.user.id);
  return previous ?? { lifeData: null, savedAt: null };
}

export async function saveUserProgress({ body, caller, db }: Call<'saveUserProgress'>): Promise<Output<'saveUserProgress'>> {
  await saveLastVisitedRoute(db, caller.user.id, body.route);
  return { ok: true };
}

export async function setCoachAccessGranted({ params, caller, db }: Call<'setCoachAccessGranted'>): Promise<Output<'setCoachAccessGranted'>> {
  const assessment = await requireOwnAssessment(db, caller, params.assessmentId);
  if (!caller.user.coach_id) throw badRequest('You do not have a coach to share results with.');
  // Flag and consent together, and only while the coach this person meant is still theirs.
  const granted = await recordConsent(db, caller.user.id, 'coach_access', assessment.id, true, { whileCoachIs: caller.user.coach_id });
  if (!granted) throw conflict('Your coach has just changed, so nothing was shared. Please try again.');
  return presentAssessment({ ...assessment, coach_access_granted: 1 });
}
