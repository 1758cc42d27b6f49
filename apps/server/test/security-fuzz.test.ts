import { getModulesAndPetals, questionsForTrack } from '@bloom/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestResponse, type TestServer } from './harness';
import { clientFor, isErrorEnvelope } from './support/callers';
import { anyJson, nastyString, percentEncode, RAW_BODY_ATTACKS, RAW_SEGMENT_ATTACKS, rawNumberAttack, snapshotStoredData } from './support/fuzz';
import { ROUTE_TABLE } from './support/route-table';
import { ADMIN_EMAIL, buildWorld, LIFE_DATA, type CallerKind, type World } from './support/world';

/**
 * Property-based input fuzzing (fast-check) of every route that reads a JSON body, a path
 * parameter or a query. Every generated request is invalid on purpose; passing means each
 * was answered with a 4xx in the `{error:{code,message}}` envelope, never a 5xx, and left
 * every stored row exactly as it was.
 */
let server: TestServer;
let world: World;
const NUM_RUNS = 25;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  world = await buildWorld(server, { coachAccessGranted: true });
});
afterAll(async () => {
  await server?.close();
});

/** Sends one request and checks the three promises: 4xx, the envelope, and nothing stored changed. */
async function expectRefusedWithoutChange(caller: CallerKind, method: string, path: string, options: { json?: unknown; body?: string; contentType?: string } = {}): Promise<TestResponse> {
  const before = await snapshotStoredData(server.database.db);
  const headers: Record<string, string> = {};
  if (options.contentType) headers['content-type'] = options.contentType;
  else if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await clientFor(server, world, caller).request(method, path, { json: options.json, body: options.body, headers });
  const what = `${method} ${path.slice(0, 200)} ${String(options.body ?? JSON.stringify(options.json) ?? '').slice(0, 200)}`;
  expect(response.status, `${what} → ${response.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${what} → ${response.text.slice(0, 300)}`).toBeLessThan(500);
  expect(isErrorEnvelope(response), `${what} → ${response.text.slice(0, 300)}`).toBe(true);
  expect(await snapshotStoredData(server.database.db), `${what} changed stored data`).toEqual(before);
  return response;
}

const assertAsync = <T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<unknown>, numRuns = NUM_RUNS) =>
  fc.assert(fc.asyncProperty(arbitrary, async (value) => void (await check(value))), { numRuns });

const apiRoutes = () => server.app.registeredRoutes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');

/** The caller most likely to get past the route's guards: someone the table lets in. */
function empoweredCaller(route: string, method: string): CallerKind {
  const testCase = ROUTE_TABLE.find((entry) => entry.route === route && entry.method === method);
  const preference: CallerKind[] = ['owner', 'coachWithGrant', 'admin', 'otherMember', 'guest', 'anonymous'];
  return preference.find((caller) => testCase && testCase.expect[caller] < 300) ?? 'owner';
}

describe('bodies Fastify must refuse before any handler runs', () => {
  it('answers every POST route with 400/413/415 for bad JSON, prototype keys, oversized and non-JSON bodies', async () => {
    const postRoutes = apiRoutes().filter((route) => route.method === 'POST' && route.url !== '/api/payments/stripe/webhook');
    expect(postRoutes.length).toBeGreaterThan(30);
    for (const route of postRoutes) {
      const testCase = ROUTE_TABLE.find((entry) => entry.route === route.url && entry.method === 'POST')!;
      const path = testCase.path(world);
      for (const attack of RAW_BODY_ATTACKS) {
        const response = await expectRefusedWithoutChange(empoweredCaller(route.url, 'POST'), 'POST', path, { body: attack.body, contentType: attack.contentType });
        expect([attack.status].flat(), `${attack.name} → ${path}`).toContain(response.status);
      }
    }
  });
});

describe('JSON bodies', () => {
  const rapid = questionsForTrack('Rapid');
  const validAnswer = (index: number) => ({ questionGuid: rapid[index % rapid.length]!.questionGuid, response: 2, order: rapid[index % rapid.length]!.order });
  const professionalGuid = questionsForTrack('Professional').find((q) => !rapid.some((r) => r.questionGuid === q.questionGuid))!.questionGuid;

  /** One answer of an otherwise valid page broken in one field. */
  const brokenAnswer = fc.oneof(
    fc.record({ field: fc.constant('questionGuid'), value: fc.oneof(nastyString, fc.constant(professionalGuid), fc.uuid(), anyJson.filter((v) => typeof v !== 'string')) }),
    fc.record({ field: fc.constant('response'), value: fc.oneof(fc.integer({ min: 5 }), fc.integer({ max: -1 }), fc.double({ min: 0.1, max: 3.9, noInteger: true }), nastyString, fc.constant(null)) }),
    fc.record({ field: fc.constant('order'), value: fc.oneof(fc.integer({ min: 1001 }), fc.integer({ max: -1 }), fc.constant(1.5), nastyString) }),
    fc.record({ field: fc.constantFrom('__proto__x', 'isAdmin', 'userId'), value: anyJson }),
  );

  it('SaveQuestionResponse: wrong types, out-of-range answers, foreign questions, extra keys, sizes', async () => {
    const page = fc.oneof(
      fc.tuple(fc.integer({ min: 0, max: 5 }), brokenAnswer).map(([position, broken]) => {
        const answers: Record<string, unknown>[] = Array.from({ length: 6 }, (_, index) => validAnswer(index));
        answers[position] = { ...answers[position], [broken.field]: broken.value };
        return answers;
      }),
      fc.constant([]),
      fc.constant(Array.from({ length: 101 }, (_, index) => validAnswer(index))),
      anyJson.filter((value) => !Array.isArray(value)),
    );
    await assertAsync(page, (json) => expectRefusedWithoutChange('owner', 'POST', '/api/user/SaveQuestionResponse', { json }));
    // Numbers JSON cannot hold, spliced into the raw text.
    await assertAsync(rawNumberAttack, (number) =>
      expectRefusedWithoutChange('owner', 'POST', '/api/user/SaveQuestionResponse', { body: `[{"questionGuid":"${rapid[0]!.questionGuid}","response":${number},"order":1}]` }),
    );
  });

  it('SaveLifeData: NaN/Infinity/negative/out-of-range ages, unknown options, missing and extra fields', async () => {
    const fields = Object.keys(LIFE_DATA) as Array<keyof typeof LIFE_DATA>;
    const body = fc.oneof(
      fc.record({ age: fc.oneof(fc.integer({ max: 12 }).filter((age) => age !== -1), fc.integer({ min: 121 }), fc.constant(41.5), fc.constant(null), nastyString) }).map((patch) => ({ ...LIFE_DATA, ...patch })),
      fc.tuple(fc.constantFrom(...fields.filter((f) => f !== 'age')), fc.oneof(nastyString, fc.string({ maxLength: 20 }).map((s) => `zz-${s}`), fc.integer(), fc.constant(null))).map(([field, value]) => ({ ...LIFE_DATA, [field]: value })),
      fc.constantFrom(...fields).map((field) => Object.fromEntries(Object.entries(LIFE_DATA).filter(([key]) => key !== field))),
      fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), anyJson).map(([key, value]) => ({ ...LIFE_DATA, [`x${key}`]: value })),
      anyJson.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
    );
    await assertAsync(body, (json) => expectRefusedWithoutChange('owner', 'POST', '/api/user/SaveLifeData', { json }));
    await assertAsync(rawNumberAttack, (number) =>
      expectRefusedWithoutChange('owner', 'POST', '/api/user/SaveLifeData', { body: JSON.stringify({ ...LIFE_DATA, age: 0 }).replace('"age":0', `"age":${number}`) }),
    );
  });

  it('SaveUserProgress: routes that are not app paths, NUL characters, wrong types', async () => {
    const route = fc.oneof(
      nastyString.filter((value) => !value.startsWith('/') || value.includes('\u0000') || value.length > 300),
      fc.string({ maxLength: 20 }).map((value) => `/${value}\u0000`),
      fc.string({ minLength: 300, maxLength: 320 }).map((value) => `/${value}`),
      anyJson.filter((value) => typeof value !== 'string'),
    );
    await assertAsync(route, (value) => expectRefusedWithoutChange('owner', 'POST', '/api/user/SaveUserProgress', { json: { route: value } }));
  });

  it('ContinueAsGuest: referrers with other schemes, markup, control characters; wrong types and extra keys', async () => {
    const referrer = fc.oneof(
      fc.constantFrom('javascript:alert(1)', 'data:text/html,x', '//evil.example', 'https://user:pass@evil.example', 'vbscript:x', 'a<b', 'a"b', 'a`b', '\u202Eabc', 'a\u0000b', 'x'.repeat(501)),
      fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('<', '>', '"', '`', '\u0000', '\u0007', '\u202E', '\u2066')).map(([text, bad]) => `${text}${bad}${text}`),
      anyJson.filter((value) => typeof value !== 'string' && value !== null && value !== undefined),
    );
    const body = fc.oneof(referrer.map((value) => ({ referrer: value })), fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), anyJson).map(([key, value]) => ({ [`x${key}`]: value })));
    await assertAsync(body, (json) => expectRefusedWithoutChange('anonymous', 'POST', '/api/user/ContinueAsGuest', { json }));
    await assertAsync(referrer.filter((value) => typeof value === 'string'), (value) =>
      expectRefusedWithoutChange('owner', 'POST', `/api/user/SaveReferrer?referrer=${percentEncode(value as string)}`),
    );
  });

  /** Names that must be refused: empty, blank, over 100 characters, control characters or line breaks, not strings. */
  const invalidName = fc.oneof(
    fc.constantFrom('', '   ', '\u0000', 'Ada\u0000', 'Ada\nLovelace', 'tab\there', 'a\u2028b', 'a\u2029b', '\u007F', '\u0085x'),
    fc.string({ minLength: 101, maxLength: 140, unit: 'grapheme-ascii' }).filter((value) => value.trim().length > 100),
    fc.tuple(fc.string({ maxLength: 10 }), fc.integer({ min: 0, max: 31 })).map(([text, code]) => `${text}${String.fromCharCode(code)}${text}`),
    anyJson.filter((value) => typeof value !== 'string'),
  );

  it('SaveClientName and SetCoachName: invalid names in either field', async () => {
    const body = fc.oneof(
      invalidName.map((value) => ({ firstName: value, lastName: 'Valid' })),
      invalidName.map((value) => ({ firstName: 'Valid', lastName: value })),
      fc.constant({ firstName: 'Only' }),
      anyJson.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
    );
    await assertAsync(body, (json) => expectRefusedWithoutChange('owner', 'POST', '/api/user/SaveClientName', { json }));
    await assertAsync(body, (json) => expectRefusedWithoutChange('coachWithGrant', 'POST', '/api/coach/SetCoachName', { json }));
  });

  it('AddNewOrganization and AddNewGroup: invalid names in the path', async () => {
    const name = invalidName.filter((value) => typeof value === 'string' && value !== '').map((value) => percentEncode(value as string));
    await assertAsync(name, (encoded) => expectRefusedWithoutChange('coachWithGrant', 'POST', `/api/organization/AddNewOrganization/${encoded}`));
    await assertAsync(name, (encoded) => expectRefusedWithoutChange('coachWithGrant', 'POST', `/api/organization/AddNewGroup/${world.organizationId}/${encoded}`));
  });

  it('DeleteAccount: anything but exactly {"confirm":"DELETE"} erases nothing', async () => {
    const body = anyJson.filter((value) => JSON.stringify(value) !== JSON.stringify({ confirm: 'DELETE' }));
    const near = fc.constantFrom({ confirm: 'delete' }, { confirm: 'DELETE ' }, { confirm: true }, { confirm: 'DELETE', also: 1 }, { Confirm: 'DELETE' }, ['DELETE'], 'DELETE');
    await assertAsync(fc.oneof(body, near), (json) => expectRefusedWithoutChange('owner', 'POST', '/api/user/DeleteAccount', { json }));
    expect((await clientFor(server, world, 'owner').get('/api/user/getCurrentUser')).status).toBe(200);
  });
});

describe('path parameters and queries', () => {
  const { modules, petals } = (() => {
    const all = getModulesAndPetals();
    return { modules: all.map((m) => m.moduleName.toLowerCase()), petals: all.flatMap((m) => m.petalNames.map((p) => p.toLowerCase())) };
  })();

  /** Values the table's requests use for each parameter, and which fuzzed values would be valid (so are skipped). */
  const validValue = (w: World): Record<string, string> => ({
    assessmentId: w.assessmentId,
    userId: w.ownerId,
    coachId: w.coachId,
    groupId: w.groupId,
    groupGuid: w.defaultGroupId,
    organizationGuid: w.organizationId,
    consentId: w.researchConsentId,
    ref: w.purchaseRef,
    type: 'Rapid',
    value: 'false',
    isExperience: 'true',
    name: 'Experiences',
    module: 'Experiences',
    petal: 'Body',
    code: 'code',
    state: 'state',
  });
  const wouldBeValid: Record<string, (value: string) => boolean> = {
    type: (v) => v === 'Rapid' || v === 'Professional',
    value: (v) => v === 'true' || v === 'false',
    isExperience: (v) => v === 'true' || v === 'false',
    name: (v) => modules.includes(v.trim().toLowerCase()),
    module: (v) => modules.includes(v.trim().toLowerCase()),
    petal: (v) => petals.includes(v.trim().toLowerCase()),
  };

  it('refuses hostile values in every parameter of every route', { timeout: 120_000 }, async () => {
    const routes = apiRoutes().filter((route) => route.url.includes(':') && route.url !== '/api/payments/stripe/webhook');
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const params = [...route.url.matchAll(/:([A-Za-z]+)\??/g)].map((match) => match[1]!);
      const caller = empoweredCaller(route.url, route.method);
      for (const param of params) {
        // An empty last segment is the shorter route (optional ids, AssignUserToNewGroup/{userId}): a different, valid request.
        const encoded = fc.oneof(
          nastyString.filter((v) => v !== '' && !(wouldBeValid[param]?.(v) ?? false) && v !== '.' && v !== '..').map(percentEncode),
          fc.constantFrom(...RAW_SEGMENT_ATTACKS),
        );
        await assertAsync(
          encoded,
          async (fuzzed) => {
            const values: Record<string, string> = Object.fromEntries(Object.entries(validValue(world)).map(([name, value]) => [name, percentEncode(value)]));
            values[param] = fuzzed;
            const path = route.url.replace(/\/\*$/, '/Fuzzed%20name').replace(/:([A-Za-z]+)\??/g, (_match, name: string) => values[name] ?? '');
            await expectRefusedWithoutChange(caller, route.method, path);
          },
          12,
        );
      }
    }
  });

  it('refuses hostile checkout references in the purchase callbacks', async () => {
    const ref = nastyString;
    await assertAsync(ref, (value) => expectRefusedWithoutChange('owner', 'GET', `/api/user/PurchaseSuccessCallback?session=${percentEncode(value)}`));
    await assertAsync(ref.filter((value) => value !== ''), (value) =>
      expectRefusedWithoutChange('owner', 'GET', `/api/user/PurchaseFailureCallback?session=${percentEncode(value)}`),
    );
  });
});
