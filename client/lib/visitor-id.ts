import { isVisitorId, VISITOR_ID_KEY } from '#shared/visitor-id.ts';

/**
 * This browser's visitor id, made on first use and kept in local storage: sent with each visit and each lead form,
 * it is what ties the visits to the person who sent the form (docs/product-rules.md#privacy-requests). Undefined
 * where storage or random UUIDs are unavailable (a blocked storage, a plain-http page): then nothing is tied.
 */
export function visitorId(): string | undefined {
  try {
    const stored = localStorage.getItem(VISITOR_ID_KEY);
    if (isVisitorId(stored)) return stored;
    const made = crypto.randomUUID();
    localStorage.setItem(VISITOR_ID_KEY, made);
    // Read back: an id that could not be kept would tie nothing.
    return localStorage.getItem(VISITOR_ID_KEY) === made ? made : undefined;
  } catch {
    return undefined;
  }
}
