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
    // b was seen twice (renamed between pages): 3 shown of 4, so one was skipped and the list is to be read again.
    expect(loadedClients([page(['a', 'b'], 5, 'x'), page(['b', 'c'], 4)])).toEqual({ clients: [entry('a'), entry('b'), entry('c')], total: 4, more: 'again' });
    expect(loadedClients([page(['a', 'b'], 3, 'x'), page(['c'], 3)])).toEqual({ clients: [entry('a'), entry('b'), entry('c')], total: 3, more: null });
  });
  it('is empty before the first page', () => {
    expect(loadedClients(undefined)).toEqual({ clients: [], total: 0, more: null });
  });
  it('offers the next page while there is one', () => {
    expect(loadedClients([page(['a', 'b'], 5, 'x')]).more).toBe('next');
    // Even when the count says every client is here (one left a loaded part): the rest are still to be read.
    expect(loadedClients([page(['a', 'b'], 2, 'x')]).more).toBe('next');
  });
  it('reads the list again from its start when the last page is in but the scope holds more (someone joined a loaded part)', () => {
    // 15 clients, first page 10 (total 15); "Aaron" joins before them; page 2 gives the last 5 with total 16 and no next page.
    const ids = Array.from({ length: 15 }, (_, i) => `c${String(i).padStart(2, '0')}`);
    const loaded = loadedClients([page(ids.slice(0, 10), 15, 'c09'), page(ids.slice(10), 16, null)]);
    expect(loaded.clients).toHaveLength(15);
    expect(loaded.total).toBe(16);
    expect(loaded.more).toBe('again');
    // Read again from the start, every client is there and nothing more is offered.
    expect(loadedClients([page(['aaron', ...ids.slice(0, 9)], 16, 'c08'), page(ids.slice(9), 16, null)]).more).toBeNull();
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
