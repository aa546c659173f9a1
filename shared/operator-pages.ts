// The operator pages (docs/product-rules.md#operator-roles): the routes whose `handle` is the operator one in
// client/routes.tsx, and `/tracking`, which sends to `/analytics`. They load no third party and write no inline
// style, so the server gives them a narrower CSP than the site's (server/http/security.ts).
export const OPERATOR_PAGE_PATHS = ['/dashboard', '/analytics', '/leads', '/tracking'] as const;
