import { matchRoutes, type RouteObject } from 'react-router';

let table: RouteObject[] = [];
const done = new Set<string>();

/** Called once by the browser entry; routes.tsx cannot be imported here (it imports the layout). */
export function initRoutePrefetch(routes: RouteObject[]): void {
  table = routes;
}

/** Loads the lazy module of the page at `path` ahead of a likely navigation. */
export async function prefetchRoute(path: string): Promise<void> {
  if (done.has(path)) return;
  done.add(path);
  for (const { route } of matchRoutes(table, path) ?? []) {
    if (typeof route.lazy === 'function') await route.lazy();
  }
}
