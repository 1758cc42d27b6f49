import { describe, expect, expectTypeOf, it } from 'vitest';
import { buildUrl, endpoints, fillPath, pathParams, toFastifyPath, type EndpointParams, type EndpointResult, type EndpointSpec, type ScoreRow } from '../src/index';

const entries = Object.entries(endpoints) as [string, EndpointSpec][];

describe('the endpoint table', () => {
  it('names every entry in camelCase, once', () => {
    for (const [name] of entries) expect(name).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(entries.map(([name]) => name.toLowerCase())).size).toBe(entries.length);
  });

  it('has one entry per method and path (matched as the server matches: ignoring case)', () => {
    const keys = entries.map(([, entry]) => `${entry.method} ${toFastifyPath(entry).toLowerCase()}`);
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(repeated).toEqual([]);
  });

  it('declares a schema for every path parameter, and none for anything else', () => {
    for (const [name, entry] of entries) {
      const inPath = pathParams(entry.path).map((param) => param.name).sort();
      expect(Object.keys(entry.params.shape).sort(), name).toEqual(inPath);
    }
  });

  it('writes paths in the spec form: /api/…, {param} segments, an optional segment only last', () => {
    for (const [name, entry] of entries) {
      expect(entry.path, name).toMatch(/^\/api\/[A-Za-z0-9/{}?]+$/);
      expect(entry.path, name).not.toMatch(/:|\*/);
      const params = pathParams(entry.path);
      params.forEach((param, index) => {
        if (param.optional) {
          expect(index, `${name}: {${param.name}?} must be the last segment`).toBe(params.length - 1);
          expect(entry.path.endsWith(`/{${param.name}?}`), name).toBe(true);
          expect(entry.params.shape[param.name]!.safeParse(undefined).success, `${name}: optional {${param.name}?} accepts no value`).toBe(true);
        }
      });
    }
  });

  it('checks ownership only of parameters the call has, and a wildcard only on the last segment', () => {
    for (const [name, entry] of entries) {
      const names = [...pathParams(entry.path).map((param) => param.name), ...Object.keys(entry.query?.shape ?? {})];
      for (const owned of Object.keys(entry.owns)) expect(names, `${name} owns ${owned}`).toContain(owned);
      if (entry.wildcard) expect(entry.path.endsWith(`/{${entry.wildcard}}`), name).toBe(true);
    }
  });

  it('gives GETs no body and makes every POST but the webhook a JSON call', () => {
    for (const [name, entry] of entries) {
      if (entry.method === 'GET') expect(entry.body, name).toBeUndefined();
      if (entry.rawBody) expect(entry.csrfExempt, `${name}: a raw body is a provider-signed webhook`).toBe(true);
    }
    expect(entries.filter(([, entry]) => entry.csrfExempt).map(([name]) => name)).toEqual(['stripeWebhook']);
  });

  it('makes every POST a write', () => {
    for (const [name, entry] of entries) if (entry.method === 'POST') expect(entry.writes, name).toBe(true);
  });

  it('points every alias at an entry with the same method, answer and rules', () => {
    const aliases = entries.filter(([, entry]) => entry.aliasOf);
    expect(aliases.map(([name]) => name).sort()).toEqual(
      ['Beginning', 'Client', 'Coach', 'End', 'Professional', 'Purchase'].map((flow) => `getWixLoginUrl${flow}`).sort(),
    );
    for (const [name, alias] of aliases) {
      const target = (endpoints as Record<string, EndpointSpec>)[alias.aliasOf!];
      expect(target, name).toBeDefined();
      expect(target!.aliasOf, name).toBeNull();
      const { path: _aliasPath, aliasOf: _alias, ...aliasRules } = alias;
      const { path: _targetPath, aliasOf: _none, ...targetRules } = target!;
      expect(aliasRules, name).toEqual(targetRules);
    }
  });
});

describe('toFastifyPath', () => {
  it('turns {param} into :param, keeps optional segments optional and names the wildcard *', () => {
    expect(toFastifyPath(endpoints.getAssessmentScores)).toBe('/api/data/GetAssessmentScores/:assessmentId');
    expect(toFastifyPath(endpoints.getFourPetalData)).toBe('/api/data/GetFourPetalData/:isExperience/:assessmentId?');
    expect(toFastifyPath(endpoints.addNewGroup)).toBe('/api/organization/AddNewGroup/:organizationGuid/*');
    expect(toFastifyPath(endpoints.health)).toBe('/api/health');
  });
});

describe('fillPath', () => {
  it('percent-encodes each value, so it stays within its segment', () => {
    expect(fillPath(endpoints.addNewOrganization, { name: 'Rosa & Co / Nord?' })).toBe('/api/organization/AddNewOrganization/Rosa%20%26%20Co%20%2F%20Nord%3F');
    expect(fillPath(endpoints.addNewGroup, { organizationGuid: 'o-1', groupName: 'Équipe ☀' })).toBe('/api/organization/AddNewGroup/o-1/%C3%89quipe%20%E2%98%80');
    expect(fillPath(endpoints.getAssessmentScores, { assessmentId: '../admin' })).toBe('/api/data/GetAssessmentScores/..%2Fadmin');
  });

  it('drops an optional last segment left out, with its slash', () => {
    expect(fillPath(endpoints.getEightPetalData, {})).toBe('/api/data/getEightPetalData');
    expect(fillPath(endpoints.getEightPetalData, { assessmentId: 'a1' })).toBe('/api/data/getEightPetalData/a1');
    expect(fillPath(endpoints.getFourPetalData, { isExperience: 'true' })).toBe('/api/data/GetFourPetalData/true');
  });

  it('refuses to leave out a required segment', () => {
    expect(() => fillPath(endpoints.getAssessmentScores, {})).toThrow(/assessmentId/);
  });

  it('adds the query string, encoded, leaving out undefined values', () => {
    expect(buildUrl(endpoints.saveReferrer, {}, { referrer: 'a b&c' })).toBe('/api/user/SaveReferrer?referrer=a+b%26c');
    expect(buildUrl(endpoints.purchaseFailureCallback, {}, { session: undefined })).toBe('/api/user/PurchaseFailureCallback');
  });
});

describe('types a client reads from an entry', () => {
  it('types params and results', () => {
    expectTypeOf<EndpointParams<typeof endpoints.getAssessmentScores>>().toEqualTypeOf<{ assessmentId: string }>();
    expectTypeOf<EndpointParams<typeof endpoints.getEightPetalData>>().toEqualTypeOf<{ assessmentId?: string | undefined }>();
    expectTypeOf<EndpointResult<typeof endpoints.getAssessmentScores>>().toEqualTypeOf<ScoreRow[]>();
    expectTypeOf<EndpointResult<typeof endpoints.getSummaryText>>().toEqualTypeOf<string>();
    expectTypeOf<EndpointResult<typeof endpoints.getPurchaseUrl>>().toEqualTypeOf<{ redirectUrl: string }>();
    expectTypeOf<EndpointResult<typeof endpoints.getCurrentUser>>().toExtend<null | { id: string }>();
  });
});
