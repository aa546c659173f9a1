import { useMatches } from 'react-router';

/**
 * The `handle` of the operator pages (/dashboard, /analytics): a plain frame for work, with no promos, no exit-intent
 * dialog and no ad pixel, which would cover the tables or send operator URLs to Meta.
 */
export const OPERATOR_ROUTE_HANDLE = { operator: true } as const;

function isOperatorHandle(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && Reflect.get(handle, 'operator') === true;
}

/** True while the current route is an operator page (server render and browser alike). */
export function useOperatorRoute(): boolean {
  return useMatches().some((match) => isOperatorHandle(match.handle));
}
