import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestResponse, type TestServer } from './harness';
import { clientFor, isErrorEnvelope, leakedMarkers, send } from './support/callers';
import { endpoints, toFastifyPath, type EndpointSpec } from '@bloom/contracts';
import { MATRIX, ROUTE_TABLE, routeKey, type RouteCase } from './support/route-table';
import { ADMIN_EMAIL, buildWorld, CALLER_KINDS, type CallerKind, type World } from './support/world';

/**
 * The authorization matrix: every entry of the endpoint table (@bloom/contracts, decision 0024)
 * × eight kinds of caller, each request aimed at one person's (the owner's) records. The
 * statuses follow from each entry's rules (support/route-table.ts). Passing means the table
 * and the live app list the same routes, every caller got exactly the status the rules give,
 * every refusal is a JSON error envelope, every success has the entry's response shape, and no
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
  if (testCase.freshWorld) return buildWorld(server, { coachAccessGranted });
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
  if (ok) problems.push(...shapeProblems(testCase.entry, response).map((problem) => `${caller}: ${problem}`));
  const entitled = caller === 'owner' || (ok && (testCase.ownerVisibleTo ?? ['coachNoGrant', 'coachWithGrant']).includes(caller));
  if (!entitled) {
    const coachesOwn = ok && (caller === 'coachNoGrant' || caller === 'coachWithGrant') ? (testCase.coachOwnMarkers?.(world) ?? []) : [];
    const leaked = leakedMarkers(response.text, world.ownerMarkers.filter((marker) => !coachesOwn.includes(marker)));
    if (leaked.length > 0) problems.push(`${caller}: ${response.status} response contains the owner's ${leaked.join(', ')}`);
  }
  return problems;
}

/** A success must be what the entry says it answers: its kind, and for JSON its schema. */
function shapeProblems(entry: EndpointSpec, response: TestResponse): string[] {
  const { response: spec } = entry;
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204) return spec.kind === 'json' && spec.orNoContent ? [] : ['204 from an entry that always has a body'];
  if (spec.kind === 'text') return type.startsWith('text/plain') ? [] : [`expected text/plain, got ${type}`];
  const problems: string[] = [];
  if (spec.kind === 'json' && response.status !== spec.status) problems.push(`expected success status ${spec.status}, got ${response.status}`);
  if (spec.kind === 'download') {
    if (!type.startsWith(spec.contentType)) problems.push(`expected a ${spec.contentType} download, got ${type}`);
    if (!(response.headers.get('content-disposition') ?? '').includes(`filename="${spec.filename}"`)) problems.push(`expected the attachment ${spec.filename}`);
  }
  if (spec.schema) {
    const parsed = spec.schema.safeParse(response.body);
    if (!parsed.success) problems.push(`body does not match the entry's schema: ${parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  return problems;
}

describe('authorization matrix', () => {
  const entryKeys = new Map(Object.entries(endpoints).map(([name, entry]) => [routeKey(entry.method, toFastifyPath(entry)), name]));

  it('has an endpoint-table entry for every API route of the live app, and a live route for every entry', () => {
    const live = new Set(
      server.app.registeredRoutes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD').map((route) => routeKey(route.method, route.url)),
    );
    const missing = [...live].filter((key) => !entryKeys.has(key));
    const stale = [...entryKeys].filter(([key]) => !live.has(key)).map(([key, name]) => `${name}: ${key}`);
    expect(missing, 'live routes without an entry in packages/contracts/src/endpoints: declare them, with who may call them').toEqual([]);
    expect(stale, 'endpoint-table entries the app does not register').toEqual([]);
  });

  it('has a matrix case for every endpoint-table entry', () => {
    const withoutCase = Object.keys(endpoints).filter((name) => !(name in MATRIX));
    expect(withoutCase, 'entries without a case in test/support/route-table.ts MATRIX').toEqual([]);
    expect(new Set(ROUTE_TABLE.map((testCase) => testCase.name))).toEqual(new Set(Object.keys(endpoints)));
  });

  for (const testCase of ROUTE_TABLE) {
    it(testCase.label, async () => {
      const problems = (await Promise.all(CALLER_KINDS.map((caller) => check(testCase, caller)))).flat();
      expect(problems).toEqual([]);
    });
  }
});
