import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { clientFor, isErrorEnvelope, leakedMarkers, send } from './support/callers';
import { ROUTE_TABLE, routeKey, type RouteCase } from './support/route-table';
import { ADMIN_EMAIL, buildWorld, CALLER_KINDS, type CallerKind, type World } from './support/world';

/**
 * The authorization matrix: every API route of the live app × eight kinds of caller, each
 * request aimed at one person's (the owner's) records. Passing means every caller got
 * exactly the status the table promises, every refusal is a JSON error envelope, and no
 * response handed the owner's ids, e-mail or name to someone not entitled to them.
 */
let server: TestServer;
const sharedWorlds = new Map<boolean, Promise<World>>();

beforeAll(async () => {
  // TRUST_PROXY lets each world use its own client address, so sign-in and guest rate limits never mix worlds.
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server?.close();
});

/** "Coach without grant" looks at a world where the owner shared nothing; every other caller at one where they did. */
const grantFor = (caller: CallerKind) => caller !== 'coachNoGrant';

function worldFor(testCase: RouteCase, caller: CallerKind): Promise<World> {
  const coachAccessGranted = grantFor(caller);
  if (testCase.method !== 'GET' || testCase.freshWorld) return buildWorld(server, { coachAccessGranted });
  let shared = sharedWorlds.get(coachAccessGranted);
  if (!shared) sharedWorlds.set(coachAccessGranted, (shared = buildWorld(server, { coachAccessGranted })));
  return shared;
}

async function check(testCase: RouteCase, caller: CallerKind): Promise<string[]> {
  const world = await worldFor(testCase, caller);
  const response = await send(clientFor(server, world, caller), testCase.method, testCase.path(world), testCase.body?.(world));
  const problems: string[] = [];
  const expected = testCase.expect[caller];
  if (response.status !== expected) problems.push(`${caller}: expected ${expected}, got ${response.status} ${response.text.slice(0, 160)}`);
  if (response.status >= 400 && !isErrorEnvelope(response)) problems.push(`${caller}: ${response.status} without the error envelope: ${response.text.slice(0, 160)}`);
  const ok = response.status >= 200 && response.status < 300;
  const entitled = caller === 'owner' || (ok && (testCase.ownerVisibleTo ?? ['coachNoGrant', 'coachWithGrant']).includes(caller));
  if (!entitled) {
    const leaked = leakedMarkers(response.text, world.ownerMarkers);
    if (leaked.length > 0) problems.push(`${caller}: ${response.status} response contains the owner's ${leaked.join(', ')}`);
  }
  return problems;
}

describe('authorization matrix', () => {
  it('has a row for every API route of the live app, and none for a route that is gone', () => {
    const live = new Set(
      server.app.registeredRoutes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD').map((route) => routeKey(route.method, route.url)),
    );
    const table = new Set(ROUTE_TABLE.map((testCase) => routeKey(testCase.method, testCase.route)));
    const missing = [...live].filter((key) => !table.has(key));
    const stale = [...table].filter((key) => !live.has(key));
    expect(missing, 'routes without a row in test/support/route-table.ts: decide who may call them').toEqual([]);
    expect(stale, 'rows for routes the app no longer has').toEqual([]);
  });

  // Test names show the request with placeholders: "POST /api/coach/UnassignCoachFromUser/{ownerId}".
  const placeholders = new Proxy({}, { get: (_target, field) => `{${String(field)}}` }) as World;
  for (const testCase of ROUTE_TABLE) {
    it(`${testCase.method} ${testCase.path(placeholders)}`, async () => {
      const problems = (await Promise.all(CALLER_KINDS.map((caller) => check(testCase, caller)))).flat();
      expect(problems).toEqual([]);
    });
  }
});
