import type { EmotionCache } from '@emotion/cache';

/**
 * The server's `<style>` in `<head>` lists in this attribute the Emotion names whose rules it holds
 * (client/styles/collected-styles.ts). It is not `data-emotion`, so Emotion's browser caches do not adopt it:
 * they adopt an element by moving it to the end of `<head>`, even when it is there already, and a moved style
 * element is a stylesheet removed and added: the browser matches every rule again and lays the page out again.
 */
export const SERVER_STYLES_ATTRIBUTE = 'data-server-styles';

/** Marks the rules the server sent as inserted, so that hydrating components insert none of them again. */
export function adoptServerStyles(cache: EmotionCache): void {
  for (const element of document.head.querySelectorAll(`style[${SERVER_STYLES_ATTRIBUTE}]`)) {
    for (const name of element.getAttribute(SERVER_STYLES_ATTRIBUTE)?.split(' ') ?? []) {
      if (name) cache.inserted[name] = true;
    }
  }
}
