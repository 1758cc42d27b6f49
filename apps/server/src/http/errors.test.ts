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

describe('SQLite storage faults in the error envelope (decision 0079)', () => {
  const sqliteError = (code: string, message = 'database or disk is full') => Object.assign(new Error(message), { code });

  it('answers a full disk, an I/O error, a read-only or unopenable file, a lock held past the timeout, and a failed fsync with 503 and Retry-After', async () => {
    const faults = [
      sqliteError('SQLITE_FULL'),
      sqliteError('SQLITE_IOERR'),
      sqliteError('SQLITE_IOERR_WRITE'),
      sqliteError('SQLITE_IOERR_FSYNC'),
      sqliteError('SQLITE_READONLY'),
      sqliteError('SQLITE_READONLY_DBMOVED'),
      sqliteError('SQLITE_CANTOPEN'),
      sqliteError('SQLITE_BUSY'),
      Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO', syscall: 'fsync', errno: -5 }),
      Object.assign(new Error('ENOSPC: no space left on device, fsync'), { code: 'ENOSPC', syscall: 'fsync', errno: -28 }),
    ];
    for (const error of faults) {
      const app = Fastify({ logger: false });
      registerErrorHandling(app);
      app.get('/fails', async () => {
        throw error;
      });
      const response = await app.inject({ method: 'GET', url: '/fails' });
      await app.close();
      expect(response.statusCode, (error as { code: string }).code).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json().error.code).toBe('database_unavailable');
    }
  });

  it('leaves a statement’s own faults, and an I/O error that is not an fsync, at 500', async () => {
    for (const error of [sqliteError('SQLITE_CONSTRAINT_UNIQUE'), sqliteError('SQLITE_ERROR'), sqliteError('SQLITE_CORRUPT'), Object.assign(new Error('EIO'), { code: 'EIO', syscall: 'read' })]) {
      expect((await answer(error)).status).toBe(500);
    }
  });
});
