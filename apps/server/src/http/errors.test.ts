import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseError, registerErrorHandling } from './errors';

/** An error shaped as pg raises it: the row's values are in `detail`. */
function postgresError(code: string, constraint: string): Error {
  return Object.assign(new Error(`insert or update on table "assessments" violates foreign key constraint "${constraint}"`), {
    code,
    constraint,
    severity: 'ERROR',
    detail: 'Key (user_id)=(0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee) is not present in table "users".',
  });
}

async function answer(error: Error) {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  registerErrorHandling(app);
  app.get('/fails', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/fails' });
  await app.close();
  return { status: response.statusCode, body: response.json(), log: lines.join('') };
}

describe('database errors in the error envelope (review of 2026-11-27)', () => {
  it('answers a write that refers to a row removed meanwhile with 409, on PostgreSQL and SQLite', async () => {
    const postgres = await answer(postgresError('23503', 'assessments_user_id_fkey'));
    expect(postgres.status).toBe(409);
    expect(postgres.body.error.code).toBe('conflict');
    const sqlite = await answer(Object.assign(new Error('FOREIGN KEY constraint failed'), { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }));
    expect(sqlite.status).toBe(409);
  });

  it('answers a transaction PostgreSQL rolled back for a simultaneous one (deadlock, serialization) with 409, not 500', async () => {
    for (const code of ['40P01', '40001']) {
      const { status, body, log } = await answer(postgresError(code, 'users_pkey'));
      expect(status).toBe(409);
      expect(body.error.code).toBe('conflict');
      expect(body.error.message).toBe('Another change was being made at the same moment. Please try again.');
      expect(log).not.toContain('0190aaaa');
    }
  });

  it('never logs the values PostgreSQL puts in `detail`, and keeps the constraint', async () => {
    for (const error of [postgresError('23503', 'assessments_user_id_fkey'), postgresError('23505', 'identity_accounts_email_key')]) {
      const { log } = await answer(error);
      expect(log).toContain(JSON.stringify(error.message).slice(1, -1));
      expect(log).toContain((error as unknown as { constraint: string }).constraint);
      expect(log).not.toContain('0190aaaa');
    }
    expect((await answer(postgresError('23505', 'identity_accounts_email_key'))).status).toBe(500);
  });

  it('leaves other errors alone', () => {
    expect(databaseError(new Error('plain'))).toBeNull();
    expect(databaseError(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeNull();
  });
});
