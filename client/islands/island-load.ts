/**
 * When an island's code loads and it hydrates: `now` for what the first screen needs (the header, the hero), `visible`
 * once it comes near the viewport, `idle` when the browser has nothing else to do (what the visitor does not click
 * first: promotions, the visit count). Dialogs load inside their host on first use.
 */
export type IslandLoad = 'now' | 'visible' | 'idle';

export const ISLAND_ELEMENT = 'porch-island';

/** The attributes an island's element carries from the server to the browser's loader. */
export const ISLAND_ATTRIBUTES = {
  name: 'data-island',
  id: 'data-island-id',
  load: 'data-load',
  props: 'data-props',
} as const;
