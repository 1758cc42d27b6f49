import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/layout/LoadingScreen';
import type { CallbackFlow } from '../features/auth/sign-in-callback';
import { startRapidPageRequests, startResultsPageRequests } from '../features/journey/api/queries';
import { startProfileReportRequest } from '../features/reports/api/queries';
import { modulesQueryOptions } from '../hooks/useModules';
import { queryClient } from '../lib/query-client';
import { AppLayout } from './AppLayout';
import { RouteErrorPage } from './RouteErrorPage';

/*
 * The route map of both spec documents. React Router matches paths
 * case-insensitively unless a route sets `caseSensitive: true` (none does),
 * so "/pro/experiences" and "/Pro/Experiences" are the same page.
 * Every page is its own lazily loaded chunk, keeping the first load small.
 */

type PageModule = { default: ComponentType };

/** A route whose page module (with a default-exported component) loads on first visit. */
function page(path: string, load: () => Promise<PageModule>): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

/**
 * A page whose reads start when navigation to it begins, alongside the download of its code
 * (the page's queries then take those answers; see lib/early-requests). The loader returns at
 * once: nothing waits for it, and it never runs again for the same page.
 */
function pageWithEarlyReads(path: string, load: () => Promise<PageModule>, startReads: (args: LoaderFunctionArgs) => void | Promise<void>): RouteObject {
  return {
    ...page(path, load),
    loader: (args) => {
      void startReads(args);
      return null;
    },
    shouldRevalidate: () => false,
  };
}

const welcome = () => import('../features/welcome/WelcomePage');

function loginCallback(path: string, flow: CallbackFlow): RouteObject {
  return {
    path,
    lazy: async () => {
      const { LoginCallbackPage } = await import('../features/auth/LoginCallbackPage');
      return { Component: () => <LoginCallbackPage flow={flow} /> };
    },
  };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingScreen fullPage />,
    children: [
      {
        // Page errors keep the header: the error screen renders inside the layout.
        errorElement: <RouteErrorPage inShell />,
        children: [
          // Welcome pages (spec 01 §1, spec 02 §2)
          page('/', welcome),
          page('/Pro', () => import('../features/welcome/ProWelcomePage')),
          page('/Client', () => import('../features/welcome/ClientWelcomePage')),

          // Assessment journey (spec 01 §2)
          pageWithEarlyReads('/Rapid/:moduleName', () => import('../features/journey/pages/RapidModulePage'), async ({ params }) => {
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
          pageWithEarlyReads('/BloomProfileReport/:assessmentId', () => import('../features/reports/pages/ProfileReportPage'), ({ params }) =>
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
          page('/Account/Privacy', () => import('../features/privacy/pages/PrivacyPage')),

          // Any unknown path shows the welcome page (spec 01 §2).
          page('*', welcome),
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
