import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { AppRoutes } from './app/routes';
import { RouteErrorBoundary } from './app/RouteErrorBoundary';
import { LoadingScreen } from './components/layout/LoadingScreen';
import { LocationShownSignal } from './hooks/useNavigateWhenShown';
import { queryClient } from './lib/query-client';
import './styles/tokens.css';
import './styles/global.css';
import './styles/scaffold.css';

// "Loading..." (already in the HTML) stays until the first page's code has arrived.
// The first render is a transition so React renders it in short slices: outside one it is a
// blocking update, rendered in one task, and on a phone the first run of React's own code
// (compiled as it first runs) made that task the longest of the page load.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <RouteErrorBoundary>
            <Suspense fallback={<LoadingScreen fullPage />}>
              <AppRoutes />
            </Suspense>
          </RouteErrorBoundary>
          <LocationShownSignal />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
});
