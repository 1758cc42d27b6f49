/**
 * Server-side renders of /PositivityPlan/{id} for a locked plan, with the assessment and the
 * current user already answered: the upsell is for the owner only (the one who can buy it).
 * Prerendered, which waits for the page's lazy parts (the upsell's code) as a browser would.
 */
import type { Assessment, CurrentUser } from '@bloom/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, useRoutes } from '../../../lib/router';
import { CURRENT_USER_QUERY_KEY } from '../../../hooks/useCurrentUser';
import { assessmentQuery, planPricingQuery } from '../api/queries';
import PositivityPlanPage from './PositivityPlanPage';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const PATH = '/PositivityPlan/a-1';

const assessment: Assessment = {
  id: 'a-1',
  isNinetyItem: true,
  coachAccessGranted: true,
  clientAccessGranted: false,
  date: '2025-03-01T10:00:00.000Z',
  clientName: 'Dana Drop',
  userName: 'dana@example.com',
  planUnlocked: false,
  hasResults: true,
};
const person = (userName: string, coachGuid: string | null, roles: CurrentUser['userRoles'] = []): CurrentUser => ({
  id: `id-${userName}`,
  firstName: null,
  lastName: null,
  userName,
  coachGuid,
  researchOptIn: false,
  userRoles: roles,
  lastVisitedRoute: null,
  coachPending: false,
  accessPreGranted: false,
});

function Page() {
  return useRoutes([{ path: '/PositivityPlan/:assessmentId', element: <PositivityPlanPage /> }]);
}

async function renderHtml(caller: CurrentUser, answered: Assessment = assessment): Promise<string> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(assessmentQuery('a-1').queryKey, answered);
  queryClient.setQueryData(planPricingQuery().queryKey, { priceCents: 999, promoPriceCents: null, currency: 'usd' });
  queryClient.setQueryData([...CURRENT_USER_QUERY_KEY, PATH.toLowerCase()], caller);
  const { prelude } = await prerender(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[PATH]}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return new Response(prelude).text();
}
const renderFor = async (caller: CurrentUser, answered?: Assessment) => text(await renderHtml(caller, answered));

describe('a locked Positivity Plan', () => {
  it('is offered to its owner', async () => {
    const page = await renderFor(person('dana@example.com', null));
    expect(page).toContain('Your Personal Profile is Ready!');
    expect(page).toContain('Purchase My Plan');
  });

  it('is not sold to the client’s coach, who is told the client has not unlocked it and led back', async () => {
    const html = await renderHtml(person('casey@example.com', null, ['Coach']));
    expect(text(html)).toContain('This Positivity Plan is not unlocked yet');
    expect(text(html)).toContain('Dana Drop has not unlocked the Positivity Plan for this assessment yet.');
    expect(html).toContain('href="/CoachDashboard"');
    expect(text(html)).not.toContain('Purchase My Plan');
  });

  it('tells a coached client whose Professional results are not released yet that they are pending', async () => {
    const page = await renderFor(person('dana@example.com', 'coach-1'));
    expect(page).toContain('Pending coach approval');
    expect(page).not.toContain('Purchase My Plan');
    // Released, the plan is theirs to buy.
    expect(await renderFor(person('dana@example.com', 'coach-1'), { ...assessment, clientAccessGranted: true })).toContain('Purchase My Plan');
  });
});

