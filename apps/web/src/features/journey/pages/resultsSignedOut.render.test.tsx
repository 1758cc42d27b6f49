/**
 * Server-side renders of the journey's results pages whose reads failed. The server's 401 ("Please
 * sign in first.": no session) is not a failure to retry: the page says the session ended (or that
 * there are no results without one) and leads to the log-in or the start, as the question pages do,
 * instead of "could not be loaded" with a Try again that meets the same 401 forever. No answer or a
 * 5xx keeps "could not be loaded" and Try again. Prerendered, which waits for the lazily loaded
 * sign-in block as a browser would.
 */
import type { CurrentUser, ModuleResultsResponse, ModuleSummary } from '@bloom/contracts';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_QUERY_KEY } from '../../../hooks/useCurrentUser';
import { modulesQueryOptions } from '../../../hooks/useModules';
import { ApiError, NO_ANSWER_STATUS } from '../../../lib/api';
import { MemoryRouter, useRoutes } from '../../../lib/router';
import { JOURNEY_PERSON_KEY } from '../../../lib/session-storage';
import { fourPetalQuery, latestAssessmentQuery, moduleResultsQuery, petalResultsQuery, resultsCoverageQuery, summaryTextQuery } from '../api/queries';
import IndividualDifferencesPage from './IndividualDifferencesPage';
import ModuleResultsPage from './ModuleResultsPage';
import PetalResultsPage from './PetalResultsPage';
import YourLifeLotusPage from './YourLifeLotusPage';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

const modules: ModuleSummary[] = [
  { moduleName: 'Experiences', displayName: 'Positive Experiences', petalNames: ['Body', 'Mind', 'Connection', 'Purpose'] },
  { moduleName: 'Feelings', displayName: 'Positive Feelings', petalNames: ['Openness', 'Wellness', 'Significance', 'Efficacy'] },
  { moduleName: 'Energy', displayName: 'Positive Energy', petalNames: ['Activity', 'Excitement'] },
];

/** What GetModuleResults answers nobody (its caller rule is `anyone`): the module, with no score. */
function withoutScore(moduleName: 'Feelings' | 'Energy', displayName: string): ModuleResultsResponse {
  const texts = { resultsText1: 'No data', resultsText2: 'No data' };
  const view = { introText: '', graphic: '', leadIn: '', feelingsLeadIn: null, petalNames: [], ...texts };
  return { module: { ...view, moduleName, displayName }, score: null, band: null, ...texts, petals: [], chartData: [], energyChartData: [] };
}

const signedOut = () => new ApiError(401, 'Please sign in first.', 'unauthorized');
const serverError = () => new ApiError(503, 'Service Unavailable');
const noAnswer = () => new ApiError(NO_ANSWER_STATUS, 'The server could not be reached.', 'offline');

interface Case {
  name: string;
  path: string;
  route: string;
  Page: ComponentType;
  /** The read that fails, and reads answered before it. */
  failing: QueryKey;
  answered?: Array<[QueryKey, unknown]>;
  /** Where the block's "Go to the start" leads. */
  start: string;
  /** With no session, the reads answered so instead of the failing read's 401 (the latest assessment's read answers none for it). */
  noSession?: Array<[QueryKey, unknown]>;
}

const cases: Case[] = [
  { name: 'the lotus page (its coverage read)', path: '/YourLifeLotus', route: '/YourLifeLotus', Page: YourLifeLotusPage, failing: resultsCoverageQuery().queryKey, start: '/' },
  {
    name: 'the lotus page (its summary, after the coverage read answered)',
    path: '/YourLifeLotus',
    route: '/YourLifeLotus',
    Page: YourLifeLotusPage,
    failing: summaryTextQuery().queryKey,
    answered: [[resultsCoverageQuery().queryKey, { hasResults: true, modules: [] }]],
    start: '/',
  },
  {
    name: 'Individual Differences',
    path: '/IndividualDifferences',
    route: '/IndividualDifferences',
    Page: IndividualDifferencesPage,
    failing: latestAssessmentQuery().queryKey,
    noSession: [[latestAssessmentQuery().queryKey, null]],
    start: '/',
  },
  { name: 'a module results page', path: '/Pro/Feelings/Results', route: '/Pro/:moduleName/Results', Page: ModuleResultsPage, failing: moduleResultsQuery('Feelings').queryKey, start: '/Pro' },
  {
    name: 'a module results page (its read answers anyone: without a score for nobody)',
    path: '/Pro/Feelings/Results',
    route: '/Pro/:moduleName/Results',
    Page: ModuleResultsPage,
    failing: moduleResultsQuery('Feelings').queryKey,
    noSession: [[moduleResultsQuery('Feelings').queryKey, withoutScore('Feelings', 'Positive Feelings')]],
    start: '/Pro',
  },
  {
    name: 'the lotus page (the current-user look-up said nobody, its reads not answered yet)',
    path: '/YourLifeLotus',
    route: '/YourLifeLotus',
    Page: YourLifeLotusPage,
    failing: resultsCoverageQuery().queryKey,
    noSession: [],
    start: '/',
  },
  { name: 'a petal results page', path: '/Pro/Feelings/Openness/Results', route: '/Pro/:moduleName/:petalName/Results', Page: PetalResultsPage, failing: petalResultsQuery('Openness').queryKey, start: '/Pro' },
];

function Routed({ route, Page }: { route: string; Page: ComponentType }) {
  return useRoutes([{ path: route, element: <Page /> }]);
}

/** Session storage holding who this tab had signed in (`null`: nobody known, a new tab). */
function tabHad(person: 'member' | 'guest' | null) {
  const store = new Map<string, string>(person ? [[JOURNEY_PERSON_KEY, person]] : []);
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const member: CurrentUser = {
  id: 'id-member',
  firstName: 'Mo',
  lastName: 'Member',
  userName: 'mo@example.com',
  coachGuid: null,
  researchOptIn: false,
  userRoles: [],
  lastVisitedRoute: null,
  coachPending: false,
  accessPreGranted: false,
};

/**
 * The page with `page.failing`'s read failed with `error`, and the current-user look-up answered
 * `caller` (by default as the server would: nobody with a 401). With no session, a page's
 * `noSession` reads are answered instead of failing.
 */
async function renderFailed(page: Case, error: ApiError, caller: CurrentUser | null = error.status === 401 ? null : member): Promise<{ html: string; page: string }> {
  // A failed read is not asked again by the render (as after the page's own read failed).
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  queryClient.setQueryData(modulesQueryOptions.queryKey, modules);
  const nobody = error.status === 401;
  queryClient.setQueryData([...CURRENT_USER_QUERY_KEY, page.path.toLowerCase()], caller);
  for (const [key, data] of page.answered ?? []) queryClient.setQueryData(key, data);
  if (nobody && page.noSession) {
    for (const [key, data] of page.noSession) queryClient.setQueryData(key, data);
  } else {
    const read = queryClient.getQueryCache().build(queryClient, { queryKey: page.failing });
    read.setState({ status: 'error', error, errorUpdateCount: 1, fetchStatus: 'idle' });
  }
  const { prelude } = await prerender(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[page.path]}>
        <Routed route={page.route} Page={page.Page} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const html = await new Response(prelude).text();
  return { html, page: text(html) };
}

describe('a results page whose read found no session (401)', () => {
  for (const page of cases) {
    describe(page.name, () => {
      it('for the member this tab had signed in: asks for the log-in that comes back here, and no Try again', async () => {
        tabHad('member');
        const { html, page: shown } = await renderFailed(page, signedOut());
        expect(shown).toContain('Please sign in to continue');
        expect(shown).toContain('Your session has ended. Log in to continue on this page of your assessment');
        expect(shown).toContain('Log in to continue');
        expect(html).toMatch(new RegExp(`<a [^>]*href="${page.start}"[^>]*>Go to the start</a>`));
        expect(shown).not.toContain('could not be loaded');
        expect(shown).not.toContain('Try again');
      });

      it('for a guest this tab had signed in: says the session ended with its results, and leads to the start only', async () => {
        tabHad('guest');
        const { html, page: shown } = await renderFailed(page, signedOut());
        expect(shown).toContain('Your session has ended');
        expect(shown).toContain('its results can no longer be shown');
        expect(shown).toContain('A new assessment starts from the beginning');
        expect(shown).not.toContain('Log in to continue');
        expect(html).toMatch(new RegExp(`<a [^>]*href="${page.start}"[^>]*>Go to the start</a>`));
        expect(shown).not.toContain('could not be loaded');
      });

      it('for someone this tab does not know: no results without a session, the log-in or the start', async () => {
        tabHad(null);
        const { page: shown } = await renderFailed(page, signedOut());
        expect(shown).toContain('You are not signed in, so there are no results to show');
        expect(shown).toContain('Log in to continue');
        expect(shown).toContain('Go to the start');
        expect(shown).not.toContain('could not be loaded');
      });

      it('keeps "could not be loaded" with Try again for a 5xx or no answer, whoever the tab had signed in', async () => {
        tabHad('member');
        for (const error of [serverError(), noAnswer()]) {
          const { page: shown } = await renderFailed(page, error);
          expect(shown).toContain('This page could not be loaded just now.');
          expect(shown).toContain('Try again');
          expect(shown).not.toMatch(/sign in|session has ended|Log in/i);
        }
      });
    });
  }
});

describe("a results page whose read found no session after the page's look-up found the member (the session ended in between)", () => {
  for (const page of cases.filter((c) => !c.noSession)) {
    it(`${page.name}: asks for the log-in, no Try again`, async () => {
      tabHad('member');
      const { page: shown } = await renderFailed(page, signedOut(), member);
      expect(shown).toContain('Please sign in to continue');
      expect(shown).toContain('Log in to continue');
      expect(shown).not.toContain('could not be loaded');
    });
  }
});

describe('a module results page whose chart read found no session after the results were read', () => {
  const view = { introText: '', graphic: '', leadIn: '', feelingsLeadIn: null, petalNames: [], resultsText1: 'First results text.', resultsText2: 'Second results text.' };
  const feelings: ModuleResultsResponse = {
    module: { ...view, moduleName: 'Feelings', displayName: 'Positive Feelings' },
    score: 2.5,
    band: null,
    resultsText1: 'First results text.',
    resultsText2: 'Second results text.',
    petals: [],
    chartData: [],
    energyChartData: [],
  };
  const page: Case = {
    name: 'the chart',
    path: '/Pro/Feelings/Results',
    route: '/Pro/:moduleName/Results',
    Page: ModuleResultsPage,
    failing: fourPetalQuery(false).queryKey,
    answered: [[moduleResultsQuery('Feelings').queryKey, feelings]],
    start: '/Pro',
  };

  it("says so in the chart's place, under the page's own heading, with the log-in for the member", async () => {
    tabHad('member');
    // The page's look-up found the member; the session ended before the chart's read.
    const { html, page: shown } = await renderFailed(page, signedOut(), member);
    expect(html).toMatch(/<h1[^>]*>Your Recent Positive Feelings<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>Please sign in to continue<\/h2>/);
    expect(shown).toContain('First results text.');
    expect(shown).toContain('Log in to continue');
    expect(shown).not.toContain('could not be loaded');
  });

  it("Energy's bars gathered from its petals' reads: the same in the bars' place", async () => {
    tabHad('member');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
    queryClient.setQueryData(modulesQueryOptions.queryKey, modules);
    queryClient.setQueryData([...CURRENT_USER_QUERY_KEY, '/pro/energy/results'], member);
    queryClient.setQueryData(moduleResultsQuery('Energy').queryKey, { ...feelings, module: { ...feelings.module, moduleName: 'Energy', displayName: 'Positive Energy' } });
    for (const petal of ['Activity', 'Excitement']) {
      queryClient.getQueryCache().build(queryClient, { queryKey: petalResultsQuery(petal).queryKey }).setState({ status: 'error', error: signedOut(), errorUpdateCount: 1, fetchStatus: 'idle' });
    }
    const { prelude } = await prerender(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/Pro/Energy/Results']}>
          <Routed route="/Pro/:moduleName/Results" Page={ModuleResultsPage} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const html = await new Response(prelude).text();
    expect(html).toMatch(/<h1[^>]*>Your Recent Positive Energy<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>Please sign in to continue<\/h2>/);
    expect(text(html)).not.toContain('could not be loaded');
  });

  it('keeps Try again in its place for a 5xx', async () => {
    tabHad('member');
    const { page: shown } = await renderFailed(page, serverError());
    expect(shown).toContain('This page could not be loaded just now.');
    expect(shown).not.toContain('Please sign in');
  });
});

describe('Individual Differences for someone signed in with no assessment (the latest read answers none for a 404 too)', () => {
  it('keeps "could not be loaded" with Try again, as before', async () => {
    tabHad('member');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
    queryClient.setQueryData([...CURRENT_USER_QUERY_KEY, '/individualdifferences'], member);
    queryClient.setQueryData(latestAssessmentQuery().queryKey, null);
    const { prelude } = await prerender(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/IndividualDifferences']}>
          <IndividualDifferencesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const shown = text(await new Response(prelude).text());
    expect(shown).toContain('This page could not be loaded just now.');
    expect(shown).not.toContain('Please sign in');
  });
});
