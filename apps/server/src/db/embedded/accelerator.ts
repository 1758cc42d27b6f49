import type SQLite from 'better-sqlite3';
import { attachAccelerator, type EmbeddedAccelerator } from '../accelerator';
import type { Db } from '../handle';
import type { DatabaseHandle } from '../handle';
import { EmbeddedAssessmentReads } from './assessment-reads';
import { hotQueryRunner } from './hot-queries';
import { prepareStatement } from './statements';
import { EmbeddedSessionCache } from './session-reads';

/**
 * The door to SQLite's speed-ups (decision 0023). Everything in this folder serves the embedded
 * database alone; the ordinary path reaches it only through db/accelerator.ts:
 * - hot-queries.ts: queries built once and run on the connection directly;
 * - session-reads.ts, session-cache.ts: signed-in sessions kept in memory (decision 0011, 0012);
 * - assessment-reads.ts: latest assessments and answers kept in memory (decision 0011);
 * - row-changes.ts: the temporary triggers that keep those copies exact;
 * - statements.ts, open.ts, durability.ts: the connection itself (statement reuse, literal rows,
 *   exclusive lock, WAL tuning, group commit; decisions 0008, 0011, 0012).
 *
 * Attaches the speed-ups to the embedded database: call once migrations have run (the triggers
 * need the tables). On PostgreSQL (no SQLite connection) it does nothing, and the server runs
 * the plain Kysely path. One accelerator per connection, however many apps are built on it.
 */
export function accelerateEmbedded(database: DatabaseHandle): EmbeddedAccelerator | undefined {
  const { db, sqlite } = database;
  if (!sqlite) return undefined;
  let accelerator = byConnection.get(sqlite);
  if (!accelerator) {
    const sessions = new EmbeddedSessionCache(db, sqlite);
    const assessments = new EmbeddedAssessmentReads(db, sqlite);
    const runInside = hotQueryRunner(db, sqlite, { insideOwnTransaction: true });
    // The in-memory copies answer inside a transaction too: a copy is committed data, any row the
    // transaction writes is forgotten the moment it is written, and nothing is read into them
    // while a transaction is open (assessment-reads.ts, session-reads.ts).
    const inside = { run: runInside, sessions, assessments };
    // Prepared as every statement is, so the storage watch sees each commit (storage.ts, decision 0079).
    const statements = { begin: prepareStatement(sqlite, 'BEGIN'), commit: prepareStatement(sqlite, 'COMMIT'), rollback: prepareStatement(sqlite, 'ROLLBACK') };
    accelerator = {
      run: hotQueryRunner(db, sqlite),
      sessions,
      assessments,
      insideTransaction: false,
      // The transaction holds Kysely's one connection from BEGIN to its end, so everyone else's
      // queries wait behind it; BEGIN, COMMIT and ROLLBACK run on the connection directly, so
      // the session copies hear of its end before anyone else runs (session-reads.ts).
      transaction: <T>(work: (trx: Db) => Promise<T>) =>
        db.connection().execute(async (connection) => {
          attachAccelerator(connection, { ...inside, insideTransaction: true, transaction: (nested) => nested(connection) });
          statements.begin.run();
          sessions.transactionStarted();
          try {
            const result = await work(connection);
            statements.commit.run();
            sessions.transactionEnded(true);
            return result;
          } catch (error) {
            if (sqlite.inTransaction) statements.rollback.run();
            sessions.transactionEnded(false);
            throw error;
          }
        }),
    };
    byConnection.set(sqlite, accelerator);
  }
  attachAccelerator(db, accelerator);
  return accelerator;
}

const byConnection = new WeakMap<SQLite.Database, EmbeddedAccelerator>();
