import { describe, expect, it } from 'vitest';
import { matchRoutes, rankRoutes, type RouteObject } from './match';

const route = (path: string | undefined, children?: RouteObject[], index?: boolean): RouteObject => ({ path, index, element: path ?? 'index', children });

/** The paths of the matched branch (outermost first) and its params, or null. */
function match(routes: RouteObject[], pathname: string) {
  const found = matchRoutes(rankRoutes(routes), pathname);
  return found && { chain: found.routes.map((r) => (r.index ? 'index' : (r.path ?? 'layout'))), params: found.params };
}

describe('matchRoutes', () => {
  const map = [
    route(undefined, [
      route('/'),
      route('/Pro'),
      route('/Pro/:moduleName'),
      route('/Pro/:moduleName/Results'),
      route('/Pro/:moduleName/:petalName/Questions'),
      route('/Progress/Client/:clientId'),
      route('*'),
    ]),
  ];

  it('matches static segments case-insensitively, with or without a trailing slash', () => {
    expect(match(map, '/pro')).toEqual({ chain: ['layout', '/Pro'], params: {} });
    expect(match(map, '/PRO/')).toEqual({ chain: ['layout', '/Pro'], params: {} });
    expect(match(map, '/')).toEqual({ chain: ['layout', '/'], params: {} });
  });

  it('takes one segment per :param, decoded, keeping its case', () => {
    expect(match(map, '/Pro/Experiences')?.params).toEqual({ moduleName: 'Experiences' });
    expect(match(map, '/pro/Feelings/Joy/questions')).toEqual({ chain: ['layout', '/Pro/:moduleName/:petalName/Questions'], params: { moduleName: 'Feelings', petalName: 'Joy' } });
    expect(match(map, '/Progress/Client/a%20b%2Fc')?.params).toEqual({ clientId: 'a b/c' });
    expect(match(map, '/Progress/Client/%E0')?.params).toEqual({ clientId: '%E0' });
  });

  it('sends everything else to the splat, with the rest of the path as "*"', () => {
    expect(match(map, '/Nowhere/at/all')).toEqual({ chain: ['layout', '*'], params: { '*': 'Nowhere/at/all' } });
    expect(match(map, '/Pro/Experiences/Joy')?.chain).toEqual(['layout', '*']);
    expect(match(map, '/Progress/Client')?.chain).toEqual(['layout', '*']);
  });

  it('ranks static segments over params and params over a splat, whatever the order of the map', () => {
    const routes = [route('/Pro/*'), route('/Pro/:moduleName'), route('/Pro/Results'), route('*')];
    expect(match(routes, '/Pro/Results')?.chain).toEqual(['/Pro/Results']);
    expect(match(routes, '/Pro/Feelings')?.chain).toEqual(['/Pro/:moduleName']);
    expect(match(routes, '/Pro/Feelings/Joy')).toEqual({ chain: ['/Pro/*'], params: { '*': 'Feelings/Joy' } });
    expect(match(routes, '/Other')?.chain).toEqual(['*']);
  });

  it('keeps the map order between routes that rank the same', () => {
    const routes = [route('/a/:x'), route('/a/:y')];
    expect(match(routes, '/a/1')?.params).toEqual({ x: '1' });
  });

  it('nests relative child paths under their parent, with index routes at the parent path', () => {
    const routes = [route('/Coach', [route(undefined, [], true), route('Name'), route(':section')])];
    expect(match(routes, '/Coach')).toEqual({ chain: ['/Coach', 'index'], params: {} });
    expect(match(routes, '/coach/name')).toEqual({ chain: ['/Coach', 'Name'], params: {} });
    expect(match(routes, '/Coach/Clients')).toEqual({ chain: ['/Coach', ':section'], params: { section: 'Clients' } });
    expect(match(routes, '/Name')).toBeNull();
  });

  it('lets a parent with a path match on its own when no child does', () => {
    const routes = [route('/Account', [route('Privacy')])];
    expect(match(routes, '/Account')?.chain).toEqual(['/Account']);
    expect(match(routes, '/Account/Privacy')?.chain).toEqual(['/Account', 'Privacy']);
  });

  it('never matches a layout without a path by itself', () => {
    expect(match([route(undefined, [route('/a')])], '/')).toBeNull();
  });
});
