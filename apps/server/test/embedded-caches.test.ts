import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { acceleratorOf, inTransaction } from '../src/db/accelerator';
import { DatabaseInUseError, openDatabase, type Db } from '../src/db/database';
import { PAGE_CACHE_KIB } from '../src/db/embedded/open';
import { signInAs, startTestServer, TestClient, type TestServer } from './harness';

/**
 * The in-memory copies of rows on SQLite (decision 0011: sessions and users, each user's
 * latest assessment, each assessment's answers) must never answer with what the database
 * no longer holds. Every test changes the rows behind a signed-in client some way
 * other than through the API, after the client's session is surely cached, and expects the
 * very next request to see it. On PostgreSQL there is no cache and the same answers hold.
 */
describe(`in-memory copies of rows (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /**
   * On PostgreSQL a change made here reaches the session cache through NOTIFY, a moment after
   * its COMMIT (decision 0035): each request first waits until the changes committed before it
   * have arrived, so these checks test what the cache does with a change, not that moment.
   */
  class CaughtUpClient extends TestClient {
    override async request<T = any>(...args: Parameters<TestClient['request']>) {
      await server.database.sessionCache?.caughtUp();
      return super.request<T>(...args);
    }
  }

  async function signedIn(firstName = 'Robin') {
    const client = new CaughtUpClient(server.baseUrl);
    const { id } = await signInAs(server, client, { firstName });
    for (let i = 0; i < 2; i++) expect((await client.get('/api/user/getCurrentUser')).body.firstName).toBe(firstName);
    return { client, id };
  }

  it('sees a change to the user row on the next request', async () => {
    const { client, id } = await signedIn();
    await server.database.db.updateTable('users').set({ first_name: 'Rowan' }).where('id', '=', id).execute();
    expect((await client.get('/api/user/getCurrentUser')).body.firstName).toBe('Rowan');
  });

  it('sees changes made by raw SQL and by bulk updates that do not name the user', async () => {
    const { client, id } = await signedIn('Sam');
    await sql`update users set research_opt_in = 1 where first_name = 'Sam'`.execute(server.database.db);
    expect((await client.get('/api/user/getCurrentUser')).body.researchOptIn).toBe(true);
    await sql`update users set first_name = ${'Sasha'} where id = ${id}`.execute(server.database.db);
    expect((await client.get('/api/user/getCurrentUser')).body.firstName).toBe('Sasha');
  });

  it('ends a session whose row was deleted, expired, or whose user was deleted', async () => {
    const deleted = await signedIn();
    await server.database.db.deleteFrom('sessions').where('user_id', '=', deleted.id).execute();
    expect((await deleted.client.get('/api/user/getCurrentUser')).status).toBe(204);

    const expired = await signedIn();
    await server.database.db.updateTable('sessions').set({ idle_expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', expired.id).execute();
    expect((await expired.client.get('/api/user/getCurrentUser')).status).toBe(204);

    const gone = await signedIn();
    await server.database.db.deleteFrom('users').where('id', '=', gone.id).execute();
    expect((await gone.client.get('/api/user/getCurrentUser')).status).toBe(204);
  });

  it('ends a session at its expiry time even when nothing writes to it', async () => {
    const { client, id } = await signedIn();
    const soon = new Date(Date.now() + 400).toISOString();
    await server.database.db.updateTable('sessions').set({ absolute_expires_at: soon }).where('user_id', '=', id).execute();
    expect((await client.get('/api/user/getCurrentUser')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await client.get('/api/user/getCurrentUser')).status).toBe(204);
  });

  it('does not keep a change that was rolled back, nor show one before it commits', async () => {
    const { client, id } = await signedIn('Kai');
    let asked!: Promise<{ body: { firstName: string } }>;
    await server.database.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ first_name: 'Uncommitted' }).where('id', '=', id).execute();
        // Asked while the transaction is open: answered only once it has ended, with what was committed.
        asked = client.get('/api/user/getCurrentUser');
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await asked).body.firstName).toBe('Kai');
    expect((await client.get('/api/user/getCurrentUser')).body.firstName).toBe('Kai');
  });

  it('keeps a write that arrived while another transaction was open, when that transaction rolls back', async () => {
    const { client, id } = await signedIn();
    let saved!: Promise<{ status: number }>;
    await server.database.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ first_name: 'Uncommitted' }).where('id', '=', id).execute();
        // Had this write run on the connection at once, it would have joined the transaction and been rolled back with it.
        saved = client.post('/api/user/SaveUserProgress', { route: '/Rapid/Feelings' });
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await saved).status).toBe(200);
    expect((await client.get('/api/user/getCurrentUser')).body).toMatchObject({ firstName: 'Robin', lastVisitedRoute: '/Rapid/Feelings' });
  });

  it('brings a saved route up to date, and sees a route changed with anything else, rolled back, or refused', async () => {
    const { client, id } = await signedIn('Noa');
    const currentUser = async () => (await client.get('/api/user/getCurrentUser')).body as { firstName: string; lastVisitedRoute: string | null };
    expect((await client.post('/api/user/SaveUserProgress', { route: '/Rapid/Feelings' })).status).toBe(200);
    expect(await currentUser()).toMatchObject({ firstName: 'Noa', lastVisitedRoute: '/Rapid/Feelings' });
    await sql`update users set last_visited_route = ${'/Research'}, first_name = ${'Nico'} where id = ${id}`.execute(server.database.db);
    expect(await currentUser()).toMatchObject({ firstName: 'Nico', lastVisitedRoute: '/Research' });

    await server.database.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ last_visited_route: '/Uncommitted' }).where('id', '=', id).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await currentUser()).lastVisitedRoute).toBe('/Research');

    // One statement over two people: this person's row changes first, then the later one
    // breaks a NOT NULL constraint and the whole statement is undone.
    const later = await signedIn('Ira');
    const refused = sql`update users set last_visited_route = ${'/Refused'}, updated_at = case when id = ${id} then updated_at else null end where id in (${id}, ${later.id})`;
    await expect(refused.execute(server.database.db)).rejects.toThrow(/not[ -]null/i);
    expect((await currentUser()).lastVisitedRoute).toBe('/Research');
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('reads a route saved inside an endpoint\'s transaction back once it commits, keeping the session cached', async () => {
    const { client, id } = await signedIn('Lou');
    const accelerator = acceleratorOf(server.database.db)!;
    const token = client.cookies.get(server.app.sessionCookie.name)!;
    const route = (value: string) => (trx: Db) => trx.updateTable('users').set({ last_visited_route: value, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
    // While a transaction is open nothing is read into the copies, so only a kept copy answers then.
    const cachedDuringATransaction = () => inTransaction(server.database.db, async () => accelerator.sessions.findNow(token));

    await inTransaction(server.database.db, route('/Rapid/Feelings'));
    expect((await cachedDuringATransaction())?.user.last_visited_route).toBe('/Rapid/Feelings');

    await inTransaction(server.database.db, async (trx) => {
      await route('/Uncommitted')(trx);
      expect(accelerator.sessions.findNow(token)?.user.last_visited_route).toBe('/Rapid/Feelings');
      throw new Error('roll back');
    }).catch(() => undefined);
    expect((await cachedDuringATransaction())?.user.last_visited_route).toBe('/Rapid/Feelings');
    expect((await client.get('/api/user/getCurrentUser')).body.lastVisitedRoute).toBe('/Rapid/Feelings');
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('forgets the sessions when reading a saved route back fails, and the save itself stands', async () => {
    const { client, id } = await signedIn('Kit');
    const sessions = acceleratorOf(server.database.db)!.sessions as unknown as { readProgress: { get: (userId: string) => unknown } };
    const token = client.cookies.get(server.app.sessionCookie.name)!;
    const sessionNow = () => acceleratorOf(server.database.db)!.sessions.findNow(token);
    const readProgress = sessions.readProgress;
    // The read after the commit fails (as an I/O error or a full memory would make it).
    sessions.readProgress = { get: () => { throw new Error('disk I/O error'); } };
    try {
      // Saved outside a transaction: read back in a microtask, where a throw would end the process.
      expect((await client.post('/api/user/SaveUserProgress', { route: '/Rapid/Energy' })).status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      // Forgotten, so read again (findNow reads SQLite itself when its copy is gone).
      expect(sessionNow()?.user.last_visited_route).toBe('/Rapid/Energy');
      // Saved inside the accelerator's transaction: read back after its COMMIT, which must not then fail.
      await inTransaction(server.database.db, (trx) => trx.updateTable('users').set({ last_visited_route: '/Research', updated_at: new Date().toISOString() }).where('id', '=', id).execute());
      expect(sessionNow()?.user.last_visited_route).toBe('/Research');
    } finally {
      sessions.readProgress = readProgress;
    }
    expect((await client.get('/api/user/getCurrentUser')).body.lastVisitedRoute).toBe('/Research');
  });

  type Page = { wellsprings: { questions: { questionGuid: string; order: number; response: number | null }[] }[] };
  const responsesOf = async (client: TestClient) =>
    (await client.get<Page>('/api/data/GetModuleQuestions/Experiences')).body.wellsprings.flatMap((w) => w.questions).map((q) => q.response);

  it("sees a change to the latest assessment or its answers on the next request", async () => {
    const { client, id } = await signedIn();
    const first = (await client.post('/api/user/CreateNewAssessment/Rapid')).body.id as string;
    const page = await client.get<Page>('/api/data/GetModuleQuestions/Experiences');
    const [question] = page.body.wellsprings[0]!.questions;
    await client.post('/api/user/SaveQuestionResponse', [{ questionGuid: question!.questionGuid, response: 3, order: question!.order }]);
    for (let i = 0; i < 2; i++) expect((await responsesOf(client))[0]).toBe(3);
    expect((await client.get('/api/user/GetLatestAssessment')).body.id).toBe(first);

    await server.database.db.updateTable('responses').set({ response: 1 }).where('assessment_id', '=', first).execute();
    expect((await responsesOf(client))[0]).toBe(1);
    await server.database.db.deleteFrom('responses').where('assessment_id', '=', first).execute();
    expect((await responsesOf(client))[0]).toBeNull();

    // A newer assessment written straight into the table becomes the latest; deleting it brings back the first.
    const newer = { id: '11111111-2222-4333-8444-555555555555', user_id: id, is_ninety_item: 1, coach_access_granted: 0, client_access_granted: 0, created_at: new Date(Date.now() + 1000).toISOString(), completed_at: null };
    await server.database.db.insertInto('assessments').values(newer).execute();
    expect((await client.get('/api/user/GetLatestAssessment')).body).toMatchObject({ id: newer.id, isNinetyItem: true });
    await server.database.db.deleteFrom('assessments').where('id', '=', newer.id).execute();
    expect((await client.get('/api/user/GetLatestAssessment')).body.id).toBe(first);
    await server.database.db.deleteFrom('assessments').where('user_id', '=', id).execute();
    expect((await client.get('/api/user/GetLatestAssessment')).status).toBe(404);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('sets SQLite\'s page cache to PAGE_CACHE_KIB, not the 16 MB better-sqlite3 builds in', () => {
    expect(server.database.sqlite?.pragma('cache_size', { simple: true })).toBe(-PAGE_CACHE_KIB);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('refuses a second process on the same SQLite file at start-up', () => {
    let refusal: unknown;
    try {
      openDatabase({ databaseUrl: undefined, dataDir: server.config.dataDir });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DatabaseInUseError);
    expect((refusal as Error).message).toMatch(/Another process is using .*bloom\.sqlite.*use PostgreSQL/);
  });
});
