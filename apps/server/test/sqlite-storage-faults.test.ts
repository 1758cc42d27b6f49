import { rmSync } from 'node:fs';
import path from 'node:path';
import { questionsForTrack } from '@bloom/domain';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formAction, getLoginUrl, newPerson, openProviderLogin, postForm, signIn } from './auth-helpers';
import { person } from './coach-fixtures';
import { startTestServer, type TestClient, type TestServer } from './harness';

/**
 * The embedded SQLite database when its disk fails (decision 0079). A full disk, an I/O error or a
 * file that became read-only fails SQLite's writes with SQLITE_FULL, SQLITE_IOERR_* or
 * SQLITE_READONLY_*. Those were answered 500 "something went wrong on our side", and /readyz stayed
 * 200 throughout. (The session's slide under the same fault: session-slide-faults.test.ts.)
 *
 * The fault is injected beneath Bloom, in better-sqlite3's statements: every statement that
 * writes throws SQLite's own error (`SqliteError`, code SQLITE_FULL) as a full disk makes it,
 * and its transaction is rolled back. Reads go on. No mount, no preload, no root.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let server: TestServer;
let stopFailing: (() => void) | undefined;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  stopFailing?.();
  stopFailing = undefined;
});
afterAll(async () => {
  await server?.close();
});

/**
 * From now on every writing statement whose SQL and parameters `which` accepts (all of them by
 * default) throws SQLITE_FULL, as SQLite does when the disk is full. Undone by `stopFailing`.
 */
function failWrites(which: (source: string, parameters: unknown[]) => boolean = () => true): void {
  const sqlite = server.database.sqlite!;
  const prototype = Object.getPrototypeOf(sqlite.prepare('select 1')) as Record<'run' | 'get' | 'all', (...args: unknown[]) => unknown>;
  const original = { run: prototype.run, get: prototype.get, all: prototype.all };
  for (const name of ['run', 'get', 'all'] as const) {
    prototype[name] = function (this: SQLite.Statement, ...args: unknown[]) {
      if (!this.readonly && which(this.source, args.flat())) throw new SQLite.SqliteError('database or disk is full', 'SQLITE_FULL');
      return original[name].apply(this, args);
    };
  }
  stopFailing = () => Object.assign(prototype, original);
}

const rapid = questionsForTrack('Rapid');
const page = (response: number) => rapid.slice(0, 5).map((q) => ({ questionGuid: q.questionGuid, response, order: q.order }));

async function savedAnswers(client: TestClient): Promise<Array<number | null>> {
  const view = await client.get(`/api/data/GetModuleQuestions/${rapid[0]!.module}`);
  expect(view.status, view.text).toBe(200);
  const questions = view.body.wellsprings.flatMap((w: { questions: Array<{ questionGuid: string; response: number | null }> }) => w.questions);
  return rapid.slice(0, 5).map((q) => questions.find((found: { questionGuid: string }) => found.questionGuid === q.questionGuid)?.response ?? null);
}

describe.skipIf(onPostgres)('SQLite with a full disk', () => {
  it('answers a save 503 with Retry-After, keeps the answers it had, and /readyz says 503 until a write has committed again', async () => {
    const member = await person(server, { guest: true });
    expect((await member.client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
    expect((await member.client.post('/api/user/SaveQuestionResponse', page(1))).status).toBe(200);
    expect((await server.client().get('/readyz')).status).toBe(200);

    failWrites();
    const refused = await member.client.post('/api/user/SaveQuestionResponse', page(3));
    expect(refused.status, refused.text).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body.error.code).toBe('database_unavailable');
    expect(await savedAnswers(member.client)).toEqual([1, 1, 1, 1, 1]);
    const progress = await member.client.post('/api/user/SaveUserProgress', { route: '/Rapid/Feelings' });
    expect(progress.status, progress.text).toBe(503);

    const notReady = await server.client().get('/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.body.error.code).toBe('database_unavailable');
    expect((await server.client().get('/livez')).status).toBe(200);

    // Space is back, but nothing has shown it yet: still not ready until a write commits.
    stopFailing!();
    stopFailing = undefined;
    expect((await server.client().get('/readyz')).status).toBe(503);
    const saved = await member.client.post('/api/user/SaveQuestionResponse', page(4));
    expect(saved.status, saved.text).toBe(200);
    expect(await savedAnswers(member.client)).toEqual([4, 4, 4, 4, 4]);
    expect((await server.client().get('/readyz')).status).toBe(200);
  });

  it('answers the log-in form with the "try again" page, and the sign-in start with 503, not 500', async () => {
    const client = server.client();
    const { page: loginPage } = await openProviderLogin(server, client, await getLoginUrl(client, 'beginning'));
    failWrites();
    const refused = await postForm(server, client, formAction(loginPage), { email: 'nobody@bloom.test', password: 'not the password at all' });
    expect(refused.status, refused.text).toBe(503);
    expect(refused.headers.get('content-type')).toContain('text/html');
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.text).toContain('try again');
    const start = await server.client().post('/api/auth/GetLoginUrlBeginning');
    expect(start.status, start.text).toBe(503);
    expect(start.headers.get('retry-after')).toBe('5');
  });

  it('a sign-up whose account was saved before the disk filled says the account was created', async () => {
    const someone = newPerson();
    const client = server.client();
    const { interactionPath } = await openProviderLogin(server, client, await getLoginUrl(client, 'beginning'));
    const signupPage = await client.get(`${server.baseUrl}${interactionPath}/signup`);
    // The account's own statements succeed; the provider's record of the finished interaction, written next, does not.
    failWrites((source, parameters) => source.includes('oidc_store') && parameters.includes('Interaction'));
    const response = await postForm(server, client, formAction(signupPage.text), { ...someone });
    expect(response.status, response.text).toBe(503);
    expect(response.text).toContain('Your account was created');
    stopFailing!();
    stopFailing = undefined;
    const { response: signedIn } = await signIn(server, server.client(), { person: someone, existing: true });
    expect(signedIn.body.ok).toBe(true);
  });
});

describe.skipIf(onPostgres)('SQLite whose file was deleted under the running server', () => {
  it('/readyz answers 503, and a save is no longer acknowledged', async () => {
    const own = await startTestServer();
    try {
      const member = await person(own, { guest: true });
      expect((await member.client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
      expect((await member.client.post('/api/user/SaveQuestionResponse', page(1))).status).toBe(200);
      expect((await own.client().get('/readyz')).status).toBe(200);
      rmSync(path.join(own.config.dataDir, 'bloom.sqlite'));
      const ready = await own.client().get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.error.code).toBe('database_unavailable');
      const save = await member.client.post('/api/user/SaveQuestionResponse', page(2));
      expect(save.status, save.text).toBe(503);
      expect(save.body.error.code).toBe('database_unavailable');
    } finally {
      await own.close();
    }
  });
});
