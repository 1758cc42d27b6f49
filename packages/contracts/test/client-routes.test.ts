import { describe, expect, it } from 'vitest';
import { endpoints } from '../src/endpoints';
import { clientRoutes } from '../src/endpoints/client-routes-source';
import { CLIENT_ROUTES } from '../src/endpoint-client';

describe('the web client routes generated from the endpoint table', () => {
  it('are up to date (run `npm run generate:client-routes` after changing the table)', () => {
    expect(CLIENT_ROUTES).toEqual(clientRoutes(endpoints));
  });

  it('name every entry with its method and path', () => {
    expect(Object.keys(CLIENT_ROUTES).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, entry] of Object.entries(endpoints)) {
      const route = CLIENT_ROUTES[name as keyof typeof CLIENT_ROUTES];
      expect([route.method, route.path]).toEqual([entry.method, entry.path]);
    }
  });
});
