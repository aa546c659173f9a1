/** A third-party check could not answer (network, timeout, 5xx, unreadable reply). SPEC §5 says per check what follows. */
export class CheckUnavailableError extends Error {
  override name = 'CheckUnavailableError';
}
