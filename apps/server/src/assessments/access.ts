import { z } from 'zod';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import type { SessionContext } from '../sessions/sessions';
import { findAssessmentById, findLatestAssessment, findLatestWithAnswers, loadAnswers, type Answers, type AssessmentRow } from './repository';

const assessmentIdSchema = z.uuid();

/** How the caller relates to an assessment they may read. */
export type AssessmentViewer = 'owner' | 'coach';

export interface ReadableAssessment {
  row: AssessmentRow;
  viewer: AssessmentViewer;
}

/**
 * The caller's own assessment, or 404. Ids that are malformed, unknown or someone
 * else's all answer the same 404, so nobody can probe which assessments exist.
 */
export async function requireOwnAssessment(db: Db, session: SessionContext, id: string): Promise<AssessmentRow> {
  if (!assessmentIdSchema.safeParse(id).success) throw notFound('Assessment not found.');
  const row = await findAssessmentById(db, id);
  if (!row || row.user_id !== session.user.id) throw notFound('Assessment not found.');
  return row;
}

/**
 * An assessment the caller may read: their own, or (DESIGN.md §5) one of their
 * clients' while the client's coach access is granted. Everything else is 404.
 */
export async function requireReadableAssessment(db: Db, session: SessionContext, id: string): Promise<ReadableAssessment> {
  if (!assessmentIdSchema.safeParse(id).success) throw notFound('Assessment not found.');
  const row = await findAssessmentById(db, id);
  if (!row) throw notFound('Assessment not found.');
  if (row.user_id === session.user.id) return { row, viewer: 'owner' };
  if (row.coach_access_granted === 1 && session.user.coach_status === 'approved') {
    const owner = await db.selectFrom('users').select('coach_id').where('id', '=', row.user_id).executeTakeFirst();
    if (owner?.coach_id === session.user.id) return { row, viewer: 'coach' };
  }
  throw notFound('Assessment not found.');
}

export async function requireLatestAssessment(db: Db, session: SessionContext): Promise<AssessmentRow> {
  const row = await findLatestAssessment(db, session.user.id);
  if (!row) throw notFound('You have not started an assessment yet.');
  return row;
}

/** Optional trailing `/{assessmentId}` on chart calls: that assessment if readable, else the caller's latest. */
export async function resolveAssessment(db: Db, session: SessionContext, id: string | undefined): Promise<AssessmentRow> {
  return id ? (await requireReadableAssessment(db, session, id)).row : requireLatestAssessment(db, session);
}

/** `resolveAssessment` with the assessment's answers; the caller's latest and its answers are one round trip on PostgreSQL. */
export async function resolveAssessmentWithAnswers(db: Db, session: SessionContext, id: string | undefined): Promise<{ assessment: AssessmentRow; answers: Answers }> {
  if (id) {
    const { row } = await requireReadableAssessment(db, session, id);
    return { assessment: row, answers: await loadAnswers(db, row.id) };
  }
  const latest = await findLatestWithAnswers(db, session.user.id);
  if (!latest) throw notFound('You have not started an assessment yet.');
  return latest;
}
