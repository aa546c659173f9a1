import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * Emotion's cache for the site's styles, on the server and in the browser alike. Without Emotion's default plugin,
 * which wrote -webkit-, -moz- and -ms- copies of flex, transform, transition and mask declarations for browsers that
 * cannot run this site: a fifth of `/`'s CSS. A prefix a current browser still reads is written by hand where it is
 * used (`-webkit-line-clamp`, `-webkit-text-size-adjust`, the CRM marks' `-webkit-mask-*` for Safari before 15.4).
 */
export function createStyleCache(key: string, nonce: string): EmotionCache {
  return createCache({ key, nonce, stylisPlugins: [] });
}
