// The one thing that ties a visit to a person (docs/product-rules.md#privacy-requests): a random id the browser
// keeps and sends with its visits and its lead forms. An address does not: an office or a carrier puts many people
// behind one.

/** The local-storage key the browser keeps its id under. */
export const VISITOR_ID_KEY = 'visitor_id';

const VISITOR_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for an id as browsers make them: a UUID in lower case (`crypto.randomUUID()`). */
export function isVisitorId(value: unknown): value is string {
  return typeof value === 'string' && VISITOR_ID_PATTERN.test(value);
}
