/**
 * Server-side renders of the pages that offer Log out, with the log-out as useLogout reports it:
 * a failed one (offline, a server fault) is said beside the button, which stays there to try
 * again; a busy one keeps the button's focus (aria-disabled, not disabled); an idle one says nothing.
 */
import type { CurrentUser } from '@bloom/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { prerender } from 'react-dom/static';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../lib/router';
import { ApiError, NO_ANSWER_STATUS } from '../lib/api';
import { currentUserQuery } from '../hooks/useCurrentUser';
import type { Logout } from '../hooks/useLogout';
import CoachDashboardPage from '../features/coach/pages/CoachDashboardPage';
import { COACH_TEXT } from '../features/coach/content';
import DashboardPage from '../features/dashboard/pages/DashboardPage';
import { assessmentsQuery, siteLinksQuery } from '../features/dashboard/api';
import { DASHBOARD_TEXT } from '../features/dashboard/content';

const logout = vi.hoisted(() => ({ current: null as Logout | null }));
vi.mock('../hooks/useLogout', () => ({ useLogout: () => logout.current }));

const idle: Logout = { logOut: () => Promise.resolve(), isPending: false, isError: false, error: null };

const person: CurrentUser = {
  id: 'member-1',
  firstName: 'Otto',
  lastName: 'Offline',
  userName: 'otto@example.test',
  coachGuid: null,
  researchOptIn: false,
  userRoles: ['Coach'],
  lastVisitedRoute: null,
  coachPending: false,
  accessPreGranted: false,
};

/** The page at its path, signed in, the member dashboard's first reads answered (nothing to list; the coach's outline still loading). */
async function render(path: string, Page: ComponentType): Promise<string> {
  const client = new QueryClient();
  client.setQueryData(currentUserQuery(path).queryKey, person);
  client.setQueryData(assessmentsQuery.queryKey, []);
  client.setQueryData(siteLinksQuery.queryKey, { memberResourcesUrl: 'https://example.test/resources' });
  const { prelude } = await prerender(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return new Response(prelude).text();
}

const logOutButton = (html: string) => html.match(/<button[^>]*>(?:(?!<\/button>).)*Log out<\/button>/)?.[0] ?? '';
const alerts = (html: string) => html.match(/<p[^>]*role="alert"[^>]*>[^<]*<\/p>/g) ?? [];

const pages: [string, ComponentType, string][] = [
  ['/Dashboard', DashboardPage, DASHBOARD_TEXT.logOutFailed],
  ['/CoachDashboard', CoachDashboardPage, COACH_TEXT.dashboard.logOutFailed],
];

describe('Log out on the pages that offer it', () => {
  beforeEach(() => {
    logout.current = idle;
  });

  for (const [path, Page, failedText] of pages) {
    it(`${path}: a log-out that failed says the person is still logged in, and the button is there to try again`, async () => {
      logout.current = { ...idle, isError: true, error: new ApiError(NO_ANSWER_STATUS, 'The server could not be reached.', 'offline') };
      const html = await render(path, Page);
      expect(failedText).toBe('You are still logged in: Bloom could not be reached. Please try again.');
      expect(alerts(html)).toEqual([`<p class="bloom-error" role="alert">${failedText}</p>`]);
      const button = logOutButton(html);
      expect(button).not.toBe('');
      expect(button).not.toMatch(/disabled|aria-busy/);
    });

    it(`${path}: a log-out under way keeps the button's focus (aria-disabled, never disabled) and says nothing yet`, async () => {
      logout.current = { ...idle, isPending: true };
      const html = await render(path, Page);
      const button = logOutButton(html);
      expect(button).toContain('aria-disabled="true"');
      expect(button).toContain('aria-busy="true"');
      expect(button).not.toMatch(/\sdisabled=""/);
      expect(alerts(html)).toEqual([]);
    });

    it(`${path}: before any log-out, no alert`, async () => {
      const html = await render(path, Page);
      expect(logOutButton(html)).not.toBe('');
      expect(html).not.toContain('still logged in');
    });
  }
});
