import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { EndpointHandlers } from '../src/api/call';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database';

/**
 * Starts the real server on a loopback port against a real, empty database:
 * a throw-away SQLite file, or (when DATABASE_URL is set, as in `npm run test:api:pg`)
 * a fresh PostgreSQL database created for this test file and dropped afterwards.
 */
export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  baseUrl: string;
  /** A new browser-like client with its own cookie jar. */
  client(): TestClient;
  close(): Promise<void>;
}

/** `webRoot`: a built web app to serve (API tests default to none); `handlers`: the endpoints' handlers, when a test replaces one; `countRoundTrips`: PostgreSQL's per endpoint (db/round-trips.ts). */
export async function startTestServer(
  environment: Record<string, string> = {},
  { webRoot, handlers, countRoundTrips }: { webRoot?: string; handlers?: EndpointHandlers; countRoundTrips?: boolean } = {},
): Promise<TestServer> {
  const adminUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bloom-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `bloom_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_ORIGIN: 'http://127.0.0.1',
    // Every test signs its people up from 127.0.0.1; the default (5 an hour) is for real addresses.
    SIGN_UPS_PER_IP: '1000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...environment,
  });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir, countRoundTrips });
  await migrateToLatest(database.db);
  return serve(config, database, { webRoot, handlers, afterClose: dropDatabase });
}

/** Builds the app on `database`, listens on a loopback port, and closes both (then `afterClose`, then removes DATA_DIR) when done. */
async function serve(
  config: AppConfig,
  database: DatabaseHandle,
  { webRoot, handlers, afterClose }: { webRoot?: string; handlers?: EndpointHandlers; afterClose?: () => Promise<void> },
): Promise<TestServer> {
  const app = await buildApp({ config, database, webRoot: webRoot ?? path.join(config.dataDir, 'no-web'), handlers });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Tests ask for a norms check themselves (app.norms.runOnce()): the background timer would
  // compute a snapshot at a moment no test chose, a second after start on a fast machine and
  // in the middle of a test on a slow one.
  await app.norms.stop();
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    database,
    config,
    baseUrl,
    client: () => new TestClient(baseUrl),
    close: async () => {
      await app.close();
      await database.close();
      await afterClose?.();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of the server on the same PostgreSQL database as `server` (its own pool,
 * caches and notice listener), as a deployment with several instances behind a load balancer
 * runs. Closing it leaves the database to `server`.
 */
export async function startAnotherInstance(server: TestServer, { countRoundTrips }: { countRoundTrips?: boolean } = {}): Promise<TestServer> {
  if (!server.config.databaseUrl) throw new Error('several instances share PostgreSQL only (the embedded SQLite file has one owner)');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bloom-test-'));
  const config = { ...server.config, dataDir };
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir, countRoundTrips });
  return serve(config, database, {});
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A minimal browser stand-in: keeps cookies and sends the CSRF header like the web app does. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    urlPath: string,
    options: { json?: unknown; body?: string; headers?: Record<string, string>; csrf?: boolean; redirect?: 'manual' | 'follow' } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.csrf !== false && method !== 'GET') headers['x-bloom-csrf'] = '1';
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(new URL(urlPath, this.baseUrl), { method, headers, body, redirect: options.redirect ?? 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(setCookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(urlPath: string, options?: { headers?: Record<string, string> }) {
    return this.request<T>('GET', urlPath, options);
  }

  post<T = any>(urlPath: string, json?: unknown, options: { headers?: Record<string, string>; csrf?: boolean } = {}) {
    return this.request<T>('POST', urlPath, { ...options, json });
  }
}

export interface TestUserOptions {
  guest?: boolean;
  email?: string;
  firstName?: string;
  lastName?: string;
  coachStatus?: 'none' | 'pending' | 'approved';
  coachId?: string | null;
  researchOptIn?: boolean;
}

/**
 * Creates a user row and a session for it, and gives the client that session's cookie.
 * API tests of features other than sign-in start here instead of driving the identity provider.
 */
export async function signInAs(server: TestServer, client: TestClient, options: TestUserOptions = {}): Promise<{ id: string; email: string | null }> {
  const { createSession, sessionCookieSettings } = await import('../src/sessions/sessions');
  const { newId } = await import('../src/lib/crypto');
  const now = new Date().toISOString();
  const id = newId();
  const email = options.guest ? null : (options.email ?? `member-${id.slice(0, 8)}@bloom.test`);
  await server.database.db
    .insertInto('users')
    .values({
      id,
      issuer: options.guest ? null : 'test-issuer',
      subject: options.guest ? null : id,
      user_name: options.guest ? 'Guest' : email!,
      email,
      first_name: options.firstName ?? (options.guest ? null : 'Test'),
      last_name: options.lastName ?? (options.guest ? null : 'Member'),
      is_guest: options.guest ? 1 : 0,
      coach_status: options.coachStatus ?? 'none',
      coach_id: options.coachId ?? null,
      group_id: null,
      research_opt_in: options.researchOptIn ? 1 : 0,
      access_pre_granted: 0,
      last_visited_route: null,
      referrer: null,
      merged_into: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const token = await createSession(server.database.db, id);
  client.cookies.set(sessionCookieSettings(false).name, token);
  return { id, email };
}
