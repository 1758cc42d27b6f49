import type { CoachClientsPage, CoachDashboardEntry } from '@bloom/contracts';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * Pure parts of the dashboard's paged client lists (decision 0032): which clients a list
 * asks for, and what the loaded pages add up to.
 */

/** One group's clients, the independent ones, or (for a search) all of them. */
export type ClientScope = { kind: 'group'; groupId: string } | { kind: 'independent' } | { kind: 'all' };

/**
 * Clients per page of a section: many sections share the screen, so each starts short. A
 * search's matches come 25 at a time (the server's default page).
 */
export const SECTION_PAGE_SIZE = 10;

/**
 * A small dashboard loads every section's first page at once, so every client is on the page
 * without scrolling first; a large one loads a section's only when it comes near the screen.
 */
export const EAGER_DASHBOARD_CLIENTS = 100;
export const loadsEverySectionAtOnce = (totalClients: number): boolean => totalClients <= EAGER_DASHBOARD_CLIENTS;

/** The GetClientsPage query of a scope, a search and the cursor of the page wanted. */
export function clientsPageQuery(scope: ClientScope, search: string, cursor: string | null): Record<string, string> {
  const query: Record<string, string> = scope.kind === 'all' ? {} : { limit: String(SECTION_PAGE_SIZE) };
  if (scope.kind === 'group') query.groupId = scope.groupId;
  if (scope.kind === 'independent') query.independent = 'true';
  if (search) query.search = search;
  if (cursor) query.cursor = cursor;
  return query;
}

/** What a person typed, as the server is asked for it: spaces at the ends and runs of spaces do not count. */
export const normalizeSearch = (typed: string): string => typed.trim().replace(/\s+/gu, ' ');

/**
 * What "Show more clients" does: read the next page (`next`), read the list again from its start
 * (`again`), or nothing, so no button (null).
 */
export type MoreClients = 'next' | 'again' | null;

/**
 * The clients of every loaded page in order (a client seen twice, after moving, shows once), the
 * total of the latest page, and what "Show more" does. The next page while there is one; when the
 * last page is in but the scope holds more than the list, someone joined a part already loaded
 * (the server counts the whole scope but pages after the cursor), so the list is read again from
 * its start; a button that fetched a next page that is not there would do nothing (decision 0032).
 */
export function loadedClients(pages: readonly CoachClientsPage[] | undefined): { clients: CoachDashboardEntry[]; total: number; more: MoreClients } {
  if (!pages || pages.length === 0) return { clients: [], total: 0, more: null };
  const seen = new Set<string>();
  const clients = pages.flatMap((page) => page.clients).filter((entry) => !seen.has(entry.user.id) && seen.add(entry.user.id));
  const last = pages.at(-1)!;
  const more: MoreClients = last.nextCursor !== null ? 'next' : last.total > clients.length ? 'again' : null;
  return { clients, total: last.total, more };
}

/** The cached pages of one client list (useClientPages). */
export type LoadedClientPages = InfiniteData<CoachClientsPage, string | null>;

/**
 * The pages with one assessment's client access granted by this coach (the coach's "Grant client
 * access" went through, also over a former coach's release); the same pages when they do not
 * hold it, so lists without it are left alone.
 */
export function withClientAccessGranted(pages: LoadedClientPages | undefined, assessmentId: string): LoadedClientPages | undefined {
  const holds = (entry: CoachDashboardEntry) =>
    entry.assessments.some((assessment) => assessment.id === assessmentId && !(assessment.clientAccessGranted && assessment.releasedByThisCoach));
  if (!pages?.pages.some((page) => page.clients.some(holds))) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      clients: page.clients.map((entry) =>
        holds(entry) ? { ...entry, assessments: entry.assessments.map((assessment) => (assessment.id === assessmentId ? { ...assessment, clientAccessGranted: true, releasedByThisCoach: true } : assessment)) } : entry,
      ),
    })),
  };
}
