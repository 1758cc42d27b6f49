/**
 * Server-side renders of the gated pages while the current-user lookup has failed (a 503, a 429,
 * no connection): each says the sign-in could not be checked and offers Try again, instead of
 * "this page is for coaches" or a sign-in prompt, which nobody has said applies.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '../lib/router';
import { CURRENT_USER_QUERY_KEY } from '../hooks/useCurrentUser';
import AccountPage from '../features/account/pages/AccountPage';
import ClientOnboardingPage from '../features/client/pages/ClientOnboardingPage';
import ClientManagementPage from '../features/client-management/pages/ClientManagementPage';
import CoachDashboardPage from '../features/coach/pages/CoachDashboardPage';
import DashboardPage from '../features/dashboard/pages/DashboardPage';
import PrivacyPage from '../features/privacy/pages/PrivacyPage';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

/** The page at its path, its current-user lookup answered with a failure; waits for what loads lazily. */
async function renderWithFailedLookup(path: string, Page: ComponentType): Promise<string> {
  const queryClient = new QueryClient();
  const lookup = queryClient.getQueryCache().build(queryClient, { queryKey: [...CURRENT_USER_QUERY_KEY, path.toLowerCase()] });
  lookup.setState({ status: 'error', error: new Error('503 Service Unavailable'), errorUpdateCount: 1, fetchStatus: 'idle' });
  const { prelude } = await prerender(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return text(await new Response(prelude).text());
}

const pages: [string, ComponentType][] = [
  ['/CoachDashboard', CoachDashboardPage],
  ['/ClientManagement', ClientManagementPage],
  ['/Dashboard', DashboardPage],
  ['/Account', AccountPage],
  ['/Account/Privacy', PrivacyPage],
  ['/Client/Onboarding', ClientOnboardingPage],
];

describe('a gated page whose current-user lookup failed', () => {
  for (const [path, Page] of pages) {
    it(`${path} says the sign-in could not be checked and offers to try again`, async () => {
      const page = await renderWithFailedLookup(path, Page);
      expect(page).toContain('We could not check your sign-in');
      expect(page).toContain('Try again');
      expect(page).not.toContain('This page is for coaches');
      expect(page).not.toContain('Client management is for approved coaches');
      expect(page).not.toMatch(/Log In|Sign Up|signed out|sign in to/i);
    });
  }
});
