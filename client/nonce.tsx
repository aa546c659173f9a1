import { createContext, use } from 'react';

/**
 * The CSP nonce of this response (server) or of the loaded document (browser). Every inline script a
 * component renders, such as JSON-LD, must carry it or the browser's CSP report flags the page.
 */
export const NonceContext = createContext('');

export function useNonce(): string {
  return use(NonceContext);
}
