import { describe, expect, it } from 'vitest';
import { endpoints } from '../src/endpoints';
import { clientRoutes } from '../src/endpoints/client-routes-source';
import { CLIENT_ROUTES, clientRoute } from '../src/endpoint-client';

describe('the web client routes generated from the endpoint table', () => {
  it('are up to date (run `npm run generate:client-routes` after changing the table)', () => {
    expect(Object.fromEntries(Object.entries(CLIENT_ROUTES).map(([name, line]) => [name, clientRoute(line)]))).toEqual(clientRoutes(endpoints));
  });

  it('are read back from their lines: method, path with its {params}, then the query names', () => {
    expect(clientRoute('GET /api/data/GetEightPetalData/{assessmentId?}')).toEqual({ method: 'GET', path: '/api/data/GetEightPetalData/{assessmentId?}', query: [] });
    expect(clientRoute('POST /api/auth/GetLoginUrlEnd returnPath intent')).toEqual({ method: 'POST', path: '/api/auth/GetLoginUrlEnd', query: ['returnPath', 'intent'] });
    expect(CLIENT_ROUTES.saveReferrer).toBe('POST /api/user/SaveReferrer referrer');
  });

  it('name every entry with its method and path', () => {
    expect(Object.keys(CLIENT_ROUTES).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, entry] of Object.entries(endpoints)) {
      const route = clientRoute(CLIENT_ROUTES[name as keyof typeof CLIENT_ROUTES]);
      expect([route.method, route.path]).toEqual([entry.method, entry.path]);
    }
  });
});
