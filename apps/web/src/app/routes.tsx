import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation, useParams, useRoutes, type Params, type RouteObject } from '../lib/router';
import type { CallbackFlow } from '../features/auth/sign-in-callback';
import { startRapidPageRequests, startResultsPageRequests } from '../features/journey/api/arrival-reads';
import { startProfileReportRequest } from '../features/reports/api/queries';
import { modulesQueryOptions } from '../hooks/useModules';
import { queryClient } from '../lib/query-client';
import { loadOrReloadOnce } from '../lib/reload-once';
import { AppLayout } from './AppLayout';
import { preloadPageScripts, readRouteScriptsWhenIdle } from './page-scripts';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/*
 * The route map of both spec documents. The router (lib/router) matches paths
 * case-insensitively, so "/pro/experiences" and "/Pro/Experiences" are the same page.
 * Every page is its own lazily loaded chunk, keeping the first load small.
 *
 * The routes are declarative (`useRoutes` under a `BrowserRouter`), with no loaders: this map
 * starts a page's reads with one render-time call and loads its code with `React.lazy`
 * (decision 0013). The router is the app's own, React Router's declarative API cut to what the
 * app uses (decision 0038). Each page remounts on every history entry, starting clean.
 */

type PageModule = { default: ComponentType };

/** One page of the map: where it lives, its code (loaded on first visit) and the reads it starts on arrival. */
interface PageRoute {
  path: string;
  Page: LazyExoticComponent<ComponentType>;
  /** Started when navigation to the page begins, alongside the download of its code (see lib/early-requests). */
  startReads?: (params: Params) => void | Promise<void>;
}

/** Whether a page's code has been asked for yet: the first is the page the HTML was sent for. */
let firstPageLoaded = false;

/**
 * A page whose module (with a default-exported component) loads on first visit. The first page's
 * scripts are named in its HTML; a later one's are preloaded as its download starts (page-scripts.ts).
 * Code that fails to load (a tab of a build since replaced) reloads the page once (lib/reload-once.ts);
 * failing again, the error screen shows.
 */
function page(path: string, load: () => Promise<PageModule>): PageRoute {
  const loadWithScripts = () => {
    if (firstPageLoaded) void preloadPageScripts(path);
    firstPageLoaded = true;
    return loadOrReloadOnce(load);
  };
  return { path, Page: lazy(loadWithScripts) };
}

/** A page whose reads start as navigation to it begins; the page's queries then take those answers. */
function pageWithEarlyReads(path: string, load: () => Promise<PageModule>, startReads: (params: Params) => void | Promise<void>): PageRoute {
  return { ...page(path, load), startReads };
}

const welcome = () => import('../features/welcome/WelcomePage');

function loginCallback(path: string, flow: CallbackFlow): PageRoute {
  return {
    path,
    Page: lazy(() =>
      loadOrReloadOnce(async () => {
        const { LoginCallbackPage } = await import('../features/auth/LoginCallbackPage');
        return { default: () => <LoginCallbackPage flow={flow} /> };
      }),
    ),
  };
}

const pages: PageRoute[] = [
  // Welcome pages (spec 01 §1, spec 02 §2)
  page('/', welcome),
  page('/Pro', () => import('../features/welcome/ProWelcomePage')),
  page('/Client', () => import('../features/welcome/ClientWelcomePage')),

  // Assessment journey (spec 01 §2)
  pageWithEarlyReads('/Rapid/:moduleName', () => import('../features/journey/pages/RapidModulePage'), async (params) => {
    // The page asks for the module as the modules list spells it, so the list comes first.
    await queryClient.prefetchQuery(modulesQueryOptions);
    const modules = queryClient.getQueryData(modulesQueryOptions.queryKey);
    if (modules) startRapidPageRequests(queryClient, modules, params.moduleName);
  }),
  page('/Pro/:moduleName', () => import('../features/journey/pages/ProModuleIntroPage')),
  page('/Pro/:moduleName/Results', () => import('../features/journey/pages/ModuleResultsPage')),
  page('/Pro/:moduleName/:petalName/Questions', () => import('../features/journey/pages/PetalQuestionsPage')),
  page('/Pro/:moduleName/:petalName/Results', () => import('../features/journey/pages/PetalResultsPage')),
  page('/Research', () => import('../features/journey/pages/ResearchPage')),
  page('/LifeSituations', () => import('../features/journey/pages/LifeSituationsPage')),
  page('/IndividualDifferences', () => import('../features/journey/pages/IndividualDifferencesPage')),
  pageWithEarlyReads('/YourLifeLotus', () => import('../features/journey/pages/YourLifeLotusPage'), () => startResultsPageRequests(queryClient)),

  // Sign-in hand-offs (spec 01 §4 "Auth callbacks")
  loginCallback('/login-callback-beginning', 'Beginning'),
  loginCallback('/login-callback-professional', 'Professional'),
  loginCallback('/login-callback-coach', 'Coach'),
  loginCallback('/login-callback-client', 'Client'),
  loginCallback('/login-callback-end', 'End'),
  loginCallback('/login-callback-purchase', 'Purchase'),

  // Reports, dashboards, coach and purchase screens (spec 02)
  pageWithEarlyReads('/BloomProfileReport/:assessmentId', () => import('../features/reports/pages/ProfileReportPage'), (params) =>
    startProfileReportRequest(queryClient, params.assessmentId ?? ''),
  ),
  page('/PositivityPlan/:assessmentId', () => import('../features/reports/pages/PositivityPlanPage')),
  page('/Purchase/:assessmentId', () => import('../features/purchase/pages/SandboxCheckoutPage')),
  page('/purchase-success-callback', () => import('../features/purchase/pages/PurchaseSuccessPage')),
  page('/purchase-failure-callback', () => import('../features/purchase/pages/PurchaseFailurePage')),
  page('/Dashboard', () => import('../features/dashboard/pages/DashboardPage')),
  page('/Coach', () => import('../features/coach/pages/CoachLoginPage')),
  page('/Coach/Name', () => import('../features/coach/pages/CoachNamePage')),
  page('/CoachDashboard', () => import('../features/coach/pages/CoachDashboardPage')),
  page('/CoachSupplement/:assessmentId', () => import('../features/coach/pages/CoachSupplementPage')),
  page('/Client/Onboarding', () => import('../features/client/pages/ClientOnboardingPage')),
  page('/ClientManagement', () => import('../features/client-management/pages/ClientManagementPage')),
  page('/Account', () => import('../features/account/pages/AccountPage')),
  page('/Account/Privacy', () => import('../features/privacy/pages/PrivacyPage')),

  // Progress over time and the instrument's own statistics (issue 26, DESIGN §13 and §15)
  page('/Progress', () => import('../features/progress/pages/ProgressPage')),
  page('/Progress/Client/:clientId', () => import('../features/progress/pages/ClientProgressPage')),
  page('/Admin/Instrument', () => import('../features/progress/pages/InstrumentPage')),

  // Any unknown path shows the welcome page (spec 01 §2).
  page('*', welcome),
];

/** History entries whose page reads have started (a key per entry; a visit adds one short string). */
const visitsStarted = new Set<string>();

/**
 * Runs `start` once per history entry. It is called while rendering, before the page's code has
 * arrived, which is when the reads should start. React may render the same navigation more than
 * once (and forgets a render that waited for code), so the record lives outside React.
 */
function useOncePerVisit(start: () => void) {
  const { key } = useLocation();
  if (visitsStarted.has(key)) return;
  visitsStarted.add(key);
  start();
}

function RoutePage({ route }: { route: PageRoute }) {
  const params = useParams();
  useOncePerVisit(() => void route.startReads?.(params));
  // Once a page is on screen (so not among what its first paint waits for).
  useEffect(readRouteScriptsWhenIdle, []);
  return <route.Page />;
}

const routeObjects: RouteObject[] = [
  {
    element: <AppLayout />,
    // Page errors keep the header: the error screen renders inside the layout. A new page starts clean.
    children: pages.map((route) => ({ path: route.path, element: <PageWithErrorScreen route={route} /> })),
  },
];

function PageWithErrorScreen({ route }: { route: PageRoute }) {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary key={key} inShell>
      <RoutePage route={route} />
    </RouteErrorBoundary>
  );
}

/** The page for the current address, inside the app shell. */
export function AppRoutes() {
  return useRoutes(routeObjects);
}
