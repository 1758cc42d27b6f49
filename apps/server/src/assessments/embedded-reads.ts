import type SQLite from 'better-sqlite3';
import type { Compilable } from 'kysely';
import type { Db } from '../db/database';
import { watchRowChanges } from '../db/row-changes';
import { embeddedStatement } from '../db/prepared';
import { BoundedMap } from '../lib/bounded-map';
import type { AssessmentRow, Answers } from './repository';

/**
 * On SQLite, each user's latest assessment and each assessment's answers are kept in memory:
 * most journey calls start from them, and they change only when the person saves. The same
 * rules as the session cache (decision 0011): SQLite reports every row inserted, updated or
 * deleted in `assessments` and `responses` (db/row-changes.ts) and the copies of that user or
 * assessment are forgotten; a miss reads and keeps the row in one synchronous step; inside
 * another request's open transaction nothing is read or kept here.
 */
type AnswerRow = { question_guid: string; response: number };
type OneArgumentQuery<Row> = (db: Db, arg: string) => Compilable<Row>;

export class EmbeddedAssessmentReads {
  private readonly latestByUser = new BoundedMap<string, AssessmentRow | null>(10_000);
  private readonly answersByAssessment = new BoundedMap<string, Answers>(2_000);

  private constructor(
    private readonly sqlite: SQLite.Database,
    private readonly readLatest: SQLite.Statement<[string], AssessmentRow>,
    private readonly readAnswers: SQLite.Statement<[string], AnswerRow>,
  ) {
    watchRowChanges(sqlite, 'assessments', 'user_id', (userId) => this.latestByUser.delete(userId));
    watchRowChanges(sqlite, 'responses', 'assessment_id', (assessmentId) => this.answersByAssessment.delete(assessmentId));
  }

  private static readonly byDb = new WeakMap<Db, EmbeddedAssessmentReads>();

  /** Call once migrations have run (the triggers need the tables). */
  static attach(db: Db, sqlite: SQLite.Database, queries: { latest: OneArgumentQuery<AssessmentRow>; answers: OneArgumentQuery<AnswerRow> }): void {
    if (EmbeddedAssessmentReads.byDb.has(db)) return;
    const reads = new EmbeddedAssessmentReads(sqlite, embeddedStatement(db, sqlite, queries.latest), embeddedStatement(db, sqlite, queries.answers));
    EmbeddedAssessmentReads.byDb.set(db, reads);
  }

  /** The reads for `db`, when it is the embedded database itself (not PostgreSQL, not a transaction). */
  static of(db: Db): EmbeddedAssessmentReads | undefined {
    return EmbeddedAssessmentReads.byDb.get(db);
  }

  /** The user's latest assessment (`null`: none), or `undefined` when the caller must ask the database. */
  latestNow(userId: string): AssessmentRow | null | undefined {
    const cached = this.latestByUser.get(userId);
    if (cached !== undefined || this.sqlite.inTransaction) return cached;
    const row = this.readLatest.get(userId);
    const latest = row ? Object.freeze(row) : null;
    this.latestByUser.set(userId, latest);
    return latest;
  }

  /** The assessment's answers, or `undefined` when the caller must ask the database. */
  answersNow(assessmentId: string): Answers | undefined {
    const cached = this.answersByAssessment.get(assessmentId);
    if (cached !== undefined || this.sqlite.inTransaction) return cached;
    const answers: Answers = new Map(this.readAnswers.all(assessmentId).map((row) => [row.question_guid, row.response]));
    this.answersByAssessment.set(assessmentId, answers);
    return answers;
  }
}
