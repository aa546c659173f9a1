import { matchRoutes, type RouteObject } from 'react-router';

let table: RouteObject[] = [];
const done = new Set<string>();

/** Called once by the browser entry; routes.tsx cannot be imported here (it imports the layout). */
export function initRoutePrefetch(routes: RouteObject[]): void {
  table = routes;
}

/**
 * Loads the lazy module of the page at `path` ahead of a likely navigation. Never rejects: a failed load
 * (a flaky network, a deploy that replaced the chunk) is only a warning, and the path is forgotten so the
 * next hover or the navigation itself tries again.
 */
export async function prefetchRoute(path: string): Promise<void> {
  if (done.has(path)) return;
  done.add(path);
  try {
    await Promise.all(
      (matchRoutes(table, path) ?? []).map(({ route }) =>
        typeof route.lazy === 'function' ? route.lazy() : undefined,
      ),
    );
  } catch (error) {
    done.delete(path);
    console.warn(`Prefetching the page at ${path} failed; it will load when visited`, error);
  }
}
