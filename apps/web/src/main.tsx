import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/routes';
import { RouteErrorBoundary } from './app/RouteErrorBoundary';
import { LoadingScreen } from './components/layout/LoadingScreen';
import { LocationShownSignal } from './hooks/useNavigateWhenShown';
import { queryClient } from './lib/query-client';
import './styles/tokens.css';
import './styles/global.css';
import './styles/scaffold.css';

// "Loading..." (already in the HTML) stays until the first page's code has arrived.
createRoot(document.getElementById('root')!).render(
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
