import { useOperatorRoute } from '#client/features/operator/operator-route.ts';
import { MarketingLayout } from './marketing-layout.tsx';
import { OperatorLayout } from './operator-layout.tsx';

/**
 * The root route's layout on the server: the marketing pages' (server HTML with islands), or the operator pages'
 * (a small app, client/entry-client.tsx, which renders `OperatorLayout` itself).
 */
export function Layout() {
  return useOperatorRoute() ? <OperatorLayout /> : <MarketingLayout />;
}
