import type { RouteObject } from 'react-router';
import { OPERATOR_ROUTE_HANDLE } from '#client/features/operator/operator-route.ts';
import { OperatorLayout } from '#client/layout/operator-layout.tsx';
import { RouteErrorBoundary } from '#client/layout/route-error-boundary.tsx';

/** The operator pages, each a lazy module; the server's table (client/routes.tsx) holds them too. */
export const operatorPageRoutes: RouteObject[] = [
  {
    id: 'analytics',
    path: 'analytics',
    handle: OPERATOR_ROUTE_HANDLE,
    lazy: () => import('#client/routes/analytics.tsx'),
  },
  {
    id: 'dashboard',
    path: 'dashboard',
    handle: OPERATOR_ROUTE_HANDLE,
    lazy: () => import('#client/routes/dashboard.tsx'),
  },
  { id: 'leads', path: 'leads', handle: OPERATOR_ROUTE_HANDLE, lazy: () => import('#client/routes/leads.tsx') },
];

/**
 * The operator pages' app in the browser (client/entry-client.tsx): the same route ids as the server's table, so
 * the server's loader data hydrates, with their own layout. A link from them to a marketing page loads it as a
 * document (docs/decisions/0020-marketing-pages-as-islands.md).
 */
export const operatorRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: OperatorLayout,
    children: [{ id: 'pages', ErrorBoundary: RouteErrorBoundary, children: operatorPageRoutes }],
  },
];
