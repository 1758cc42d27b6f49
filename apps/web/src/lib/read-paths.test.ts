import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, clientRoute } from '@bloom/contracts/endpoint-client';
import { ROUTE_READS } from '../app/route-reads';
import { apiUrl } from './api-client';
import { readTemplate } from './read-paths';

/** What the server does with a template (apps/server/src/web/app-shell.ts, readsFor). */
const fillTemplate = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? '');

describe('readTemplate', () => {
  it("writes the entry's path with each {param} as the route param that supplies it", () => {
    expect(readTemplate('getModuleQuestions', { module: 'moduleName' })).toBe(clientRoute(CLIENT_ROUTES.getModuleQuestions).path.replace('{module}', ':moduleName'));
    expect(readTemplate('getBloomProfileReport', { assessmentId: 'assessmentId' })).toBe(clientRoute(CLIENT_ROUTES.getBloomProfileReport).path.replace('{assessmentId}', ':assessmentId'));
    expect(readTemplate('getSummaryText')).toBe(clientRoute(CLIENT_ROUTES.getSummaryText).path);
  });

  it('leaves out an optional last segment no route param supplies', () => {
    expect(readTemplate('getEightPetalData')).toBe(apiUrl('getEightPetalData'));
  });

  it('refuses a missing param, or a route param that is not a name', () => {
    // @ts-expect-error the questions read needs its module
    expect(() => readTemplate('getModuleQuestions')).toThrow('{module}');
    expect(() => readTemplate('getModuleQuestions', { module: 'a/b' })).toThrow('a/b');
  });

  it('names, once the server fills it in, the URL the page asks for', () => {
    const [template] = ROUTE_READS['/BloomProfileReport/:assessmentId']!;
    expect(fillTemplate(template!, { assessmentId: 'a-1' })).toBe(apiUrl('getBloomProfileReport', { assessmentId: 'a-1' }));
    const [questions] = ROUTE_READS['/Rapid/:moduleName']!;
    expect(fillTemplate(questions!, { moduleName: 'Energy' })).toBe(apiUrl('getModuleQuestions', { module: 'Energy' }));
    expect(ROUTE_READS['/YourLifeLotus']).toEqual([apiUrl('getSummaryText'), apiUrl('getEightPetalData'), apiUrl('getPositivityPotential'), apiUrl('getLatestAssessment'), apiUrl('getResultsCoverage')]);
  });
});
