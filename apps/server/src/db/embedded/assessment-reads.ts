import type SQLite from 'better-sqlite3';
import type { Db } from '../handle';
import { BoundedMap } from '../../lib/bounded-map';
import { stringInterner } from '../../lib/string-interner';
import { answersQuery, latestAssessmentQuery, type AssessmentRow, type Answers } from '../../assessments/repository';
import { embeddedStatement } from './hot-queries';
import { watchRowChanges } from './row-changes';
import { CAPACITY, IDLE_MS } from './session-reads';

/**
 * On SQLite, each user's latest assessment and each assessment's answers are kept in memory:
 * most journey calls start from them, and they change only when the person saves. The same
 * rules as the session cache (decision 0011): SQLite reports every row inserted, updated or
 * deleted in `assessments` and `responses` (row-changes.ts) and the copies of that user or
 * assessment are forgotten; a miss reads and keeps the row in one synchronous step; inside
 * another request's open transaction nothing is read or kept here.
 */
type AnswerRow = { question_guid: string; response: number };

export class EmbeddedAssessmentReads {
  // Kept while their person is active, like the sessions (session-reads.ts IDLE_MS and CAPACITY).
  private readonly latestByUser = new BoundedMap<string, AssessmentRow | null>(CAPACITY, IDLE_MS);
  /** Up to 90 answers each (a Professional assessment), so fewer of them. */
  private readonly answersByAssessment = new BoundedMap<string, Answers>(CAPACITY / 2, IDLE_MS);
  /** The content has a few hundred questions; room for renamed ones too. */
  private readonly questionId = stringInterner(2_000);

  private readonly readLatest: SQLite.Statement<[string], AssessmentRow>;
  private readonly readAnswers: SQLite.Statement<[string], AnswerRow>;

  /** Call once migrations have run (the triggers need the tables); accelerator.ts makes one per connection. */
  constructor(
    db: Db,
    private readonly sqlite: SQLite.Database,
  ) {
    this.readLatest = embeddedStatement(db, sqlite, latestAssessmentQuery);
    this.readAnswers = embeddedStatement(db, sqlite, answersQuery);
    watchRowChanges(sqlite, 'assessments', 'user_id', (userId) => this.latestByUser.delete(userId));
    watchRowChanges(sqlite, 'responses', 'assessment_id', (assessmentId) => this.answersByAssessment.delete(assessmentId));
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
    const answers: Answers = new Map(this.readAnswers.all(assessmentId).map((row) => [this.questionId(row.question_guid), row.response]));
    this.answersByAssessment.set(assessmentId, answers);
    return answers;
  }
}
