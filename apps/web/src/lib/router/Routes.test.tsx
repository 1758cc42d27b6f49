import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from './history';
import type { RouteObject } from './match';
import { Navigate, Router, useLocation, useSearchParams } from './Router';
import { Outlet, useParams, useRoutes } from './Routes';

function ShowParams() {
  return <p>{JSON.stringify(useParams())}</p>;
}

function Layout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <p>welcome</p> },
      { path: '/Pro/:moduleName', element: <ShowParams /> },
      { path: '/Account', children: [{ index: true, element: <p>account</p> }, { path: 'Privacy', element: <p>privacy</p> }] },
      { path: '*', element: <p>fallback</p> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

const renderAt = (path: string, node: ReactNode = <AppRoutes />) => renderToString(<Router history={createMemoryHistory([path])}>{node}</Router>);

describe('useRoutes', () => {
  it('renders the matched page inside its layout', () => {
    expect(renderAt('/')).toBe('<main><p>welcome</p></main>');
    expect(renderAt('/unknown/page')).toBe('<main><p>fallback</p></main>');
  });

  it('gives the page its params', () => {
    expect(renderAt('/pro/Feelings')).toBe('<main><p>{&quot;moduleName&quot;:&quot;Feelings&quot;}</p></main>');
  });

  it('renders a route without an element as its child, index routes at the parent path', () => {
    expect(renderAt('/Account')).toBe('<main><p>account</p></main>');
    expect(renderAt('/Account/Privacy/')).toBe('<main><p>privacy</p></main>');
  });
});

describe('useLocation and useSearchParams', () => {
  function Where() {
    const { pathname, search, hash } = useLocation();
    const [params] = useSearchParams();
    return <p>{`${pathname} ${search} ${hash} ${params.get('assessmentId')}`}</p>;
  }

  it('read the current location and its query', () => {
    expect(renderAt('/purchase-success-callback?assessmentId=a%201#x', <Where />)).toBe('<p>/purchase-success-callback ?assessmentId=a%201 #x a 1</p>');
  });

  it('set the query by moving to the same path, adding an entry or replacing it', () => {
    const history = createMemoryHistory(['/CoachDashboard?page=1#list']);
    let setParams: ReturnType<typeof useSearchParams>[1] = () => undefined;
    function Capture() {
      setParams = useSearchParams()[1];
      return null;
    }
    renderToString(
      <Router history={history}>
        <Capture />
      </Router>,
    );
    setParams((current) => ({ page: String(Number(current.get('page')) + 1), q: 'a&b' }));
    expect(history.location).toMatchObject({ pathname: '/CoachDashboard', search: '?page=2&q=a%26b', hash: '' });
    setParams({}, { replace: true, state: 'kept' });
    expect(history.location).toMatchObject({ pathname: '/CoachDashboard', search: '', state: 'kept' });
    history.go(-1);
    expect(history.location.pathname + history.location.search).toBe('/CoachDashboard?page=1');
  });
});

describe('outside a router', () => {
  it('says what is missing', () => {
    expect(() => renderToString(<Navigate to="/" />)).toThrow(/inside a BrowserRouter or MemoryRouter/);
  });
});
