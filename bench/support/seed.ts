import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { questionsForTrack } from '@bloom/domain';
import SQLite from 'better-sqlite3';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database';
import { newToken, sha256 } from '../../apps/server/src/lib/crypto';

/**
 * Seeds a Bloom SQLite file directly, before the server starts: the real migrations first,
 * then bulk rows through one prepared statement per table inside one transaction, which is
 * what makes a million stored responses take seconds rather than minutes.
 */
export async function migratedSqliteFile(dataDir: string): Promise<string> {
  const handle = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(handle.db);
  await handle.close();
  return path.join(dataDir, 'bloom.sqlite');
}

type UserKind = {
  guest?: boolean;
  email?: string;
  coachStatus?: 'none' | 'approved';
  coachId?: string | null;
  groupId?: string | null;
  firstName?: string;
  lastName?: string;
  /** Opted into research: their completed assessments are the instrument's live statistics (issue 26). */
  researchOptIn?: boolean;
};

/** Statements for the rows a seed writes, bound to one open SQLite file. */
export class Seeder {
  private readonly sqlite: SQLite.Database;
  private readonly now = new Date().toISOString();
  private readonly insertUser: SQLite.Statement;
  private readonly insertAssessment: SQLite.Statement;
  private readonly insertResponse: SQLite.Statement;
  private readonly insertSession: SQLite.Statement;
  private readonly insertOrganization: SQLite.Statement;
  private readonly insertGroup: SQLite.Statement;
  private readonly insertLifeData: SQLite.Statement;
  private readonly proQuestions = questionsForTrack('Professional');
  private readonly rapidQuestions = questionsForTrack('Rapid');
  private readonly insertPurchase: SQLite.Statement;
  private serial = 0;

  constructor(file: string) {
    this.sqlite = new SQLite(file);
    this.sqlite.pragma('journal_mode = WAL');
    // Seeding is throw-away set-up: no fsync until the final checkpoint.
    this.sqlite.pragma('synchronous = OFF');
    this.sqlite.pragma('foreign_keys = ON');
    this.insertUser = this.sqlite.prepare(
      `insert into users (id, issuer, subject, user_name, email, first_name, last_name, is_guest, coach_status, coach_id, group_id,
         research_opt_in, access_pre_granted, last_visited_route, referrer, merged_into, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, null, null, null, ?, ?)`,
    );
    this.insertAssessment = this.sqlite.prepare(
      `insert into assessments (id, user_id, is_ninety_item, coach_access_granted, client_access_granted, created_at, completed_at)
       values (?, ?, ?, ?, 0, ?, ?)`,
    );
    this.insertResponse = this.sqlite.prepare(
      'insert into responses (assessment_id, question_guid, response, order_index, updated_at) values (?, ?, ?, ?, ?)',
    );
    this.insertSession = this.sqlite.prepare(
      'insert into sessions (id, user_id, created_at, last_seen_at, idle_expires_at, absolute_expires_at) values (?, ?, ?, ?, ?, ?)',
    );
    this.insertOrganization = this.sqlite.prepare('insert into organizations (id, coach_id, name, created_at) values (?, ?, ?, ?)');
    this.insertGroup = this.sqlite.prepare('insert into groups (id, organization_id, name, created_at) values (?, ?, ?, ?)');
    this.insertLifeData = this.sqlite.prepare(
      `insert into life_data (assessment_id, relationship_status, parenting_status, employment_status, age, gender, income, stressful_events, updated_at)
       values (?, 'Married or domestic partnership', 'Two-parent household', 'Employed full time', ?, 'Female', '$75,000 to $100,000', 'No', ?)`,
    );
    this.insertPurchase = this.sqlite.prepare(
      `insert into purchases (id, assessment_id, user_id, provider, provider_ref, amount_cents, currency, status, created_at, fulfilled_at)
       values (?, ?, ?, 'sandbox', ?, 999, 'usd', 'fulfilled', ?, ?)`,
    );
  }

  /** Runs `work` in one transaction. */
  batch<T>(work: () => T): T {
    return this.sqlite.transaction(work)();
  }

  user(kind: UserKind = {}): string {
    const id = randomUUID();
    const n = ++this.serial;
    const email = kind.guest ? null : (kind.email ?? `person-${n}@bloom.bench`);
    this.insertUser.run(
      id,
      kind.guest ? null : 'bench-issuer',
      kind.guest ? null : id,
      kind.guest ? 'Guest' : email,
      email,
      kind.guest ? null : (kind.firstName ?? `Pat${n}`),
      kind.guest ? null : (kind.lastName ?? `Person${n % 997}`),
      kind.guest ? 1 : 0,
      kind.coachStatus ?? 'none',
      kind.coachId ?? null,
      kind.groupId ?? null,
      kind.researchOptIn ? 1 : 0,
      this.now,
      this.now,
    );
    return id;
  }

  /**
   * A finished assessment with every answer stored (90 for Professional, 30 for Rapid), plus life data.
   * `answer(i)` gives the i-th question's answer (0..4); by default a fixed pattern.
   */
  finishedAssessment(
    userId: string,
    options: { professional: boolean; coachAccess?: boolean; withResponses?: boolean; daysAgo?: number; answer?: (index: number) => number },
  ): string {
    const id = randomUUID();
    const created = new Date(Date.now() - (options.daysAgo ?? 0) * 86_400_000).toISOString();
    this.insertAssessment.run(id, userId, options.professional ? 1 : 0, options.coachAccess ? 1 : 0, created, created);
    if (options.withResponses !== false) {
      const questions = options.professional ? this.proQuestions : this.rapidQuestions;
      for (let i = 0; i < questions.length; i++) {
        const q = questions[i]!;
        this.insertResponse.run(id, q.questionGuid, options.answer ? options.answer(i) : (i * 7 + this.serial) % 5, q.order, created);
      }
    }
    this.insertLifeData.run(id, 25 + (this.serial % 50), created);
    return id;
  }

  /** A paid Positivity Plan for the assessment. */
  purchase(userId: string, assessmentId: string): void {
    this.insertPurchase.run(randomUUID(), assessmentId, userId, `bench-${randomUUID()}`, this.now, this.now);
  }

  /** An assessment just started: no answers yet. */
  startedAssessment(userId: string, professional = false): string {
    const id = randomUUID();
    this.insertAssessment.run(id, userId, professional ? 1 : 0, 0, new Date().toISOString(), null);
    return id;
  }

  responsesPerAssessment(professional: boolean): number {
    return (professional ? this.proQuestions : this.rapidQuestions).length;
  }

  organization(coachId: string, name: string, groups: string[]): string[] {
    const orgId = randomUUID();
    this.insertOrganization.run(orgId, coachId, name, this.now);
    return groups.map((group) => {
      const id = randomUUID();
      this.insertGroup.run(id, orgId, group, this.now);
      return id;
    });
  }

  /** A signed-in session for `userId`; returns the Cookie header value a browser would send. */
  session(userId: string): string {
    const token = newToken();
    const now = Date.now();
    this.insertSession.run(
      sha256(token),
      userId,
      new Date(now).toISOString(),
      new Date(now).toISOString(),
      // A day is plenty for one bench run (the server's own lifetimes are longer).
      new Date(now + 86_400_000).toISOString(),
      new Date(now + 86_400_000).toISOString(),
    );
    return `bloom_session=${token}`;
  }

  close(): void {
    this.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    this.sqlite.close();
  }
}
