import type { CoachClientsPage } from '@bloom/contracts';
import { describe, expect, it } from 'vitest';
import { clientsPageQuery, loadedClients, loadsEverySectionAtOnce, normalizeSearch, withClientAccessGranted, type LoadedClientPages } from './client-pages';

const entry = (id: string) => ({ user: { id, firstName: 'F', lastName: id, userName: `${id}@x.test`, group: null }, assessments: [] });
const page = (ids: string[], total: number, nextCursor: string | null = null): CoachClientsPage => ({ clients: ids.map(entry), total, nextCursor });

describe('clientsPageQuery', () => {
  it('names the scope, the search and the cursor only when there are some; sections ask for short pages', () => {
    expect(clientsPageQuery({ kind: 'group', groupId: 'g1' }, '', null)).toEqual({ limit: '10', groupId: 'g1' });
    expect(clientsPageQuery({ kind: 'independent' }, 'ada', 'c1')).toEqual({ limit: '10', independent: 'true', search: 'ada', cursor: 'c1' });
    expect(clientsPageQuery({ kind: 'all' }, 'ada', null)).toEqual({ search: 'ada' });
  });
});

describe('loadsEverySectionAtOnce', () => {
  it('up to 100 clients in all; above that, each section once near the screen', () => {
    expect(loadsEverySectionAtOnce(0)).toBe(true);
    expect(loadsEverySectionAtOnce(100)).toBe(true);
    expect(loadsEverySectionAtOnce(101)).toBe(false);
    expect(loadsEverySectionAtOnce(10_000)).toBe(false);
  });
});

describe('normalizeSearch', () => {
  it('trims and collapses spaces', () => {
    expect(normalizeSearch('  Ada   Baker ')).toBe('Ada Baker');
    expect(normalizeSearch('   ')).toBe('');
  });
});

describe('loadedClients', () => {
  it('joins the pages in order, each client once, with the latest total', () => {
    expect(loadedClients([page(['a', 'b'], 5, 'x'), page(['b', 'c'], 4)])).toEqual({ clients: [entry('a'), entry('b'), entry('c')], total: 4 });
  });
  it('is empty before the first page', () => {
    expect(loadedClients(undefined)).toEqual({ clients: [], total: 0 });
  });
});

describe('withClientAccessGranted', () => {
  const assessment = (id: string, clientAccessGranted = false, releasedByThisCoach = clientAccessGranted) => ({
    id,
    date: '2025-01-01T00:00:00.000Z',
    isNinetyItem: true,
    coachAccessGranted: true,
    clientAccessGranted,
    releasedByThisCoach,
  });
  const withAssessments = (id: string, ...assessments: ReturnType<typeof assessment>[]) => ({ ...entry(id), assessments });
  const pages = (...clients: ReturnType<typeof withAssessments>[][]): LoadedClientPages => ({
    pages: clients.map((list) => ({ clients: list, total: 3, nextCursor: null })),
    pageParams: clients.map((_, index) => (index === 0 ? null : `c${index}`)),
  });

  it('marks the one assessment granted, wherever its client is in the pages', () => {
    const before = pages([withAssessments('a', assessment('a1'))], [withAssessments('b', assessment('b1'), assessment('b2'))]);
    const after = withClientAccessGranted(before, 'b2')!;
    expect(after.pages[1]!.clients[0]!.assessments.map((a) => a.clientAccessGranted)).toEqual([false, true]);
    expect(after.pages[0]!.clients[0]).toBe(before.pages[0]!.clients[0]);
    expect(after.pageParams).toEqual(before.pageParams);
    // The cached pages themselves are not changed in place.
    expect(before.pages[1]!.clients[0]!.assessments[1]!.clientAccessGranted).toBe(false);
  });

  it("marks results a former coach released as this coach's release too", () => {
    const before = pages([withAssessments('a', assessment('a1', true, false))]);
    const after = withClientAccessGranted(before, 'a1')!;
    expect(after.pages[0]!.clients[0]!.assessments[0]).toMatchObject({ clientAccessGranted: true, releasedByThisCoach: true });
  });

  it('leaves lists without it (or already granted, or not loaded) as they are', () => {
    const list = pages([withAssessments('a', assessment('a1'), assessment('a2', true))]);
    expect(withClientAccessGranted(list, 'zz')).toBe(list);
    expect(withClientAccessGranted(list, 'a2')).toBe(list);
    expect(withClientAccessGranted(undefined, 'a1')).toBeUndefined();
  });
});
