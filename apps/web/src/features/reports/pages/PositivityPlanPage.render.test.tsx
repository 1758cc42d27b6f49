/**
 * Server-side renders of /PositivityPlan/{id} for a locked plan, with the assessment and the
 * current user already answered: the upsell is for the owner only (the one who can buy it), and
 * never for a read with no session, which may be a plan bought already (the sign-in block).
 * Prerendered, which waits for the page's lazy parts (the upsell's code) as a browser would.
 */
import type { Assessment, CurrentUser } from '@bloom/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { JOURNEY_PERSON_KEY } from '../../../lib/session-storage';
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

/** `answered`: the assessment read's answer, or its refusal (an ApiError). `caller` null: the server's "nobody" (204). */
async function renderHtml(caller: CurrentUser | null, answered: Assessment | ApiError = assessment): Promise<string> {
  // A refused read stays refused on the page's mount, as it does in a browser once the read has answered.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  if (answered instanceof ApiError) {
    queryClient.getQueryCache().build(queryClient, { queryKey: [...assessmentQuery('a-1').queryKey] }).setState({ status: 'error', error: answered, fetchStatus: 'idle', errorUpdatedAt: Date.now() });
  } else {
    queryClient.setQueryData(assessmentQuery('a-1').queryKey, answered);
  }
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
const renderFor = async (caller: CurrentUser | null, answered?: Assessment | ApiError) => text(await renderHtml(caller, answered));

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


describe('a Positivity Plan read with no session (the receipt’s link on another device, review of 2026-11-27)', () => {
  const nobody = new ApiError(401, 'Please sign in first.');
  afterEach(() => vi.unstubAllGlobals());
  /** This tab's session storage, holding who it last had signed in (`bloom.journeyPerson`). */
  const tabHad = (person: 'member' | 'guest') => vi.stubGlobal('sessionStorage', { getItem: (key: string) => (key === JOURNEY_PERSON_KEY ? person : null), setItem() {}, removeItem() {} });

  it('is the sign-in block, never the upsell or its price: the plan may be bought already', async () => {
    const html = await renderHtml(null, nobody);
    const page = text(html);
    expect(page).toContain('Please sign in to see this plan');
    expect(page).toContain('You are not signed in.');
    expect(page).toContain('Log in to continue');
    expect(html).toContain('href="/"');
    expect(page).not.toContain('Your Personal Profile is Ready!');
    expect(page).not.toContain('Purchase My Plan');
    expect(page).not.toContain('$9.99');
    // Its heading takes the focus when it appears (a ref that focuses it, so it can be focused).
    expect(html).toMatch(/<h1 id="plan-signed-out-title" tabindex="-1"/);
  });

  it('tells a member of this tab that the session ended, and a guest that its plan went with it (no log-in)', async () => {
    tabHad('member');
    const member = await renderFor(null, nobody);
    expect(member).toContain('Your session has ended. Log in to continue');
    expect(member).toContain('Log in to continue');
    tabHad('guest');
    const guest = await renderFor(null, nobody);
    expect(guest).toContain('Your session has ended');
    expect(guest).toContain('A new assessment starts from the beginning.');
    expect(guest).not.toContain('Log in to continue');
    expect(guest).not.toContain('Purchase My Plan');
  });

  it('still offers a guest, who has a session, the upsell of its assessment (spec 02 §2)', async () => {
    const page = await renderFor(person('Guest', null), { ...assessment, isNinetyItem: false, userName: 'Guest' });
    expect(page).toContain('Your Personal Profile is Ready!');
    expect(page).toContain('Purchase My Plan');
  });
});
