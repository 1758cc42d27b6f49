import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database';
import { migrations } from '../src/db/migrations/index';

/**
 * Migrations run on databases that already hold people's answers, so each one that rebuilds a
 * table is run here over data written under the migration before it.
 */
describe('migrations over existing data', () => {
  let database: DatabaseHandle | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function databaseAt(migration: string): Promise<DatabaseHandle> {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bloom-migration-'));
    database = openDatabase({ databaseUrl: undefined, dataDir });
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(migration);
    if (error) throw error;
    return database;
  }

  const now = '2026-11-23T08:00:00.000Z';

  /** Guest u1 and their assessments, all started at `now`, as 0001 stores them. */
  async function insertGuestWithAssessments(db: DatabaseHandle['db'], assessmentIds: string[]): Promise<void> {
    await db.insertInto('users').values({ id: 'u1', user_name: 'Guest', is_guest: 1, coach_status: 'none', research_opt_in: 0, access_pre_granted: 0, created_at: now, updated_at: now }).execute();
    for (const id of assessmentIds) {
      await db.insertInto('assessments').values({ id, user_id: 'u1', is_ninety_item: 0, coach_access_granted: 0, client_access_granted: 0, created_at: now }).execute();
    }
  }

  it('0002 keeps every answer, the key and the cascade, and stores the table in key order', async () => {
    const { db, sqlite } = await databaseAt('0001_initial');
    await insertGuestWithAssessments(db, ['a1', 'a2']);
    const answers = ['a1', 'a2'].flatMap((assessment_id) =>
      ['q3', 'q1', 'q2'].map((question_guid, order_index) => ({ assessment_id, question_guid, response: order_index + 1, order_index, updated_at: now })),
    );
    await db.insertInto('responses').values(answers).execute();

    await migrateToLatest(db);

    const stored = await db.selectFrom('responses').selectAll().orderBy('assessment_id').orderBy('question_guid').execute();
    expect(stored).toEqual([...answers].sort((x, y) => (x.assessment_id + x.question_guid).localeCompare(y.assessment_id + y.question_guid)));
    // The primary key still refuses a second row for the same question…
    await expect(db.insertInto('responses').values({ ...answers[0]!, response: 5 }).execute()).rejects.toThrow();
    // …and the foreign key still refuses an unknown assessment and cascades a deleted one.
    await expect(db.insertInto('responses').values({ ...answers[0]!, assessment_id: 'nobody' }).execute()).rejects.toThrow();
    await db.deleteFrom('assessments').where('id', '=', 'a1').execute();
    expect(await db.selectFrom('responses').select('assessment_id').distinct().execute()).toEqual([{ assessment_id: 'a2' }]);

    if (sqlite) {
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'responses'`.execute(db);
      expect(rows[0]?.sql).toMatch(/without rowid\s*$/i);
      expect(sqlite.pragma('foreign_key_check', { simple: false })).toEqual([]);
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    }
  });

  it('0003 lets a person\'s latest assessment be read off the index, tie-break included', async () => {
    const { db, sqlite } = await databaseAt('0003_latest_assessment_index');
    await insertGuestWithAssessments(db, ['a1', 'a3', 'a2']);
    const latest = db.selectFrom('assessments').select('id').where('user_id', '=', 'u1').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1);
    expect(await latest.executeTakeFirst()).toEqual({ id: 'a3' });
    if (sqlite) {
      const compiled = latest.compile();
      const plan = sqlite.prepare(`explain query plan ${compiled.sql}`).all(...compiled.parameters) as Array<{ detail: string }>;
      expect(plan).toHaveLength(1);
      expect(plan[0]!.detail).toMatch(/^SEARCH assessments USING (COVERING )?INDEX assessments_user_id_created_id_idx \(user_id=\?\)$/);
    }
  });
});
