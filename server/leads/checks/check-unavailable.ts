/**
 * A third-party check could not answer (network, timeout, 5xx, unreadable reply). What follows depends on the
 * check (docs/product-rules.md#lead-checks).
 */
export class CheckUnavailableError extends Error {
  override name = 'CheckUnavailableError';
}
