import { createStore } from 'jotai';
import { appliedTheme, renderedThemeChoiceAtom, themeChoiceAtom } from '#client/layout/theme-choice.ts';
import { settleSourceTag, sourceTagAtom } from '#client/state/source-tag.ts';

/**
 * The one store every island of the page reads (docs/decisions/0020-marketing-pages-as-islands.md), with the page's
 * source tag settled before any island hydrates: a visit or a form an island sends carries it from the start. No
 * server-rendered markup shows the tag, so hydration still matches the server's default.
 */
export function createPageStore(): ReturnType<typeof createStore> {
  const store = createStore();
  store.set(sourceTagAtom, settleSourceTag(new URLSearchParams(window.location.search).get('source')));
  // As the server rendered it (client/layout/theme-choice.ts).
  const theme = appliedTheme(document.documentElement) ?? 'system';
  store.set(themeChoiceAtom, theme);
  store.set(renderedThemeChoiceAtom, theme);
  return store;
}
