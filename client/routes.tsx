import { data, type LoaderFunction, type RouteObject, redirect } from 'react-router';
import { Layout } from '#client/layout/layout.tsx';
import { NotFoundPage, RouteErrorBoundary } from '#client/layout/route-error-boundary.tsx';
import { operatorPageRoutes } from '#client/operator-routes.tsx';

/** The catch-all route: every path no page has gets the same not-found page. */
export const NOT_FOUND_ROUTE_ID = 'not-found';

const to =
  (location: string): LoaderFunction =>
  () =>
    redirect(location);

/**
 * Every page is a lazy module in `client/routes/<id>.tsx`, so each page ships only its own code.
 * The server maps these ids to built chunks to preload them (server/pages/ssr.ts).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Layout,
    children: [
      {
        id: 'pages',
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { id: 'home', index: true, lazy: () => import('#client/routes/home.tsx') },
          // Campaign links set their source tag (docs/product-rules.md#source-tags).
          { path: 'agent-isa', loader: to('/?source=agent-isa') },
          { path: 'isa-headquarters', loader: to('/?source=isa-hq') },
          { path: 'tracking', loader: to('/analytics') },
          { id: 'blogs', path: 'blogs', lazy: () => import('#client/routes/blogs.tsx') },
          { id: 'blog-post', path: 'blog/:slug', lazy: () => import('#client/routes/blog-post.tsx') },
          { id: 'policies', path: 'policies', lazy: () => import('#client/routes/policies.tsx') },
          { id: 'privacy', path: 'privacy', lazy: () => import('#client/routes/privacy.tsx') },
          {
            id: 'consent-policies',
            path: 'consent-policies',
            lazy: () => import('#client/routes/consent-policies.tsx'),
          },
          {
            id: 'meeting-confirmation',
            path: 'meeting-confirmation',
            lazy: () => import('#client/routes/meeting-confirmation.tsx'),
          },
          { id: 'team', path: 'team', lazy: () => import('#client/routes/team.tsx') },
          { id: 'meet-person', path: 'meet/:person', lazy: () => import('#client/routes/meet-person.tsx') },
          {
            id: 'affiliate-program',
            path: 'affiliate-program',
            lazy: () => import('#client/routes/affiliate-program.tsx'),
          },
          { id: 'lead-generation', path: 'lead-generation', lazy: () => import('#client/routes/lead-generation.tsx') },
          { id: 'about-us', path: 'about-us', lazy: () => import('#client/routes/about-us.tsx') },
          { id: 'directory', path: 'directory', lazy: () => import('#client/routes/directory.tsx') },
          // Operator pages: their own layout and their own small app in the browser (client/operator-routes.tsx).
          ...operatorPageRoutes,
          {
            id: NOT_FOUND_ROUTE_ID,
            path: '*',
            // The loader sets the 404 status; the error boundary then renders this same page.
            Component: NotFoundPage,
            loader: () => {
              throw data('Not Found', { status: 404 });
            },
          },
        ],
      },
    ],
  },
];
