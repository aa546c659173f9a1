import { JsonScript } from '#client/components/json-script.tsx';
import { OPERATOR_PAGE_PATHS } from '#shared/operator-pages.ts';

/**
 * Marketing pages load as documents, from the server's page cache. Browsers with the Speculation Rules API fetch a
 * page when a link to it is pressed, and prerender the blog, where visitors go most, when the pointer rests on a link
 * to it (docs/decisions/0020-marketing-pages-as-islands.md). The header's links also ask for `<link rel=prefetch>`
 * after a hover, in every browser.
 * Not the API, not the operator pages, not a download.
 */
const notPages = [
  { not: { href_matches: '/api/*' } },
  ...OPERATOR_PAGE_PATHS.map((path) => ({ not: { href_matches: path } })),
  { not: { selector_matches: '[download], [target=_blank]' } },
];

const RULES = {
  // On press: the header's hover intent (client/hooks/use-hover-prefetch.ts) asks on hover, in every browser.
  prefetch: [{ where: { and: [{ href_matches: '/*' }, ...notPages] }, eagerness: 'conservative' }],
  prerender: [{ where: { and: [{ href_matches: '/blogs' }, ...notPages] }, eagerness: 'moderate' }],
};

export function SpeculationRules() {
  return <JsonScript type="speculationrules" data={RULES} />;
}
