import { checkContent } from './check.ts';
import { siteSchema } from './schema.ts';

/** Fails naming content/site.ts and the field at fault, e.g. 'content/site.ts: site.contact.email: …'. */
export function parseSiteFacts(facts: unknown) {
  return checkContent('content/site.ts', facts, siteSchema);
}
