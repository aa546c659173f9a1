import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { type createStore, Provider as StateProvider } from 'jotai';
import { type ComponentType, StrictMode, startTransition, useEffect } from 'react';
import type { Root } from 'react-dom/client';
import { LAY_OUT_WHEN_IDLE_ATTRIBUTE, layOutAllOnJumpToEnd, layOutWhenIdle } from '#client/lib/lay-out-when-idle.ts';
import { nextTask } from '#client/lib/next-task.ts';
import { scrollToSection, sectionOfHash } from '#client/lib/smooth-scroll.ts';
import { NonceContext } from '#client/nonce.tsx';
import { PUBLIC_CONFIG_ELEMENT_ID, PublicConfigContext } from '#client/public-config.tsx';
import { adoptServerStyles } from '#client/styles/server-styles.ts';
import { createStyleCache } from '#client/styles/style-cache.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import { SECTION_SCROLL_DELAY_MS, SECTION_SCROLL_DURATION_MS } from '#shared/ui-timing.ts';
import { islandModules } from './browser-registry.ts';
import { holdClicksOutsideIslands, keepEarlyClicks, takeEarlyClicks } from './early-clicks.ts';
import { IslandContext } from './island-context.ts';
import { ISLAND_ATTRIBUTES, ISLAND_ELEMENT, type IslandLoad } from './island-load.ts';
import { createPageStore } from './page-store.ts';
import type { IslandName } from './server-registry.ts';

type HydrateRoot = (container: Element, children: React.ReactNode) => Root;

/** What every island's root shares: one style cache, one store, the page's nonce and public configuration. */
interface Page {
  nonce: string;
  publicConfig: PublicConfig;
  emotionCache: EmotionCache;
  store: ReturnType<typeof createStore>;
  hydrateRoot: HydrateRoot;
}

// How far ahead of the viewport a `visible` island starts loading: its code arrives before it is in view.
const VISIBLE_MARGIN = '400px 0px';

function readPage(hydrateRoot: HydrateRoot, emotionKey: string): Page {
  // Browsers hide the nonce attribute from the DOM, but the property keeps it for styles inserted at runtime.
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent ?? '{}';
  const emotionCache = createStyleCache(emotionKey, nonce);
  adoptServerStyles(emotionCache);
  return { nonce, publicConfig: JSON.parse(text), emotionCache, store: createPageStore(), hydrateRoot };
}

/** Says when its island has hydrated: effects run after the commit that hydrated the island's markup. */
function Hydrated({ onHydrated }: { onHydrated(): void }) {
  useEffect(() => onHydrated(), [onHydrated]);
  return null;
}

/** Runs `load` when an island is due: at once, near the viewport, or when the browser is idle. */
function when(load: IslandLoad, element: Element, run: () => void): void {
  if (load === 'visible' && typeof IntersectionObserver === 'function') {
    // An element with `display: contents` has no box: its children are watched.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        run();
      },
      { rootMargin: VISIBLE_MARGIN },
    );
    for (const child of element.children) observer.observe(child);
    if (element.children.length === 0) run();
    return;
  }
  if (load === 'idle' && typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(run, { timeout: 3000 });
    return;
  }
  run();
}

/**
 * A page opened at one of its sections (`/#pricing`), or whose address changes to one (a link to `#faq` on the page,
 * a step back), is put at it as the navigation did (80 px below the top, after 50 ms, in 600 ms), once the sections
 * above it are laid out: the browser's own jump landed on estimates, and those sections laid out later would push
 * the section down.
 */
function scrollToLinkedSection(): void {
  const section = sectionOfHash(window.location.hash);
  // A section that is not there only warns (scrollToSection).
  if (!section) return;
  setTimeout(() => scrollToSection(section, SECTION_SCROLL_DURATION_MS), SECTION_SCROLL_DELAY_MS);
}

function isPrerendering(): boolean {
  return 'prerendering' in document && document.prerendering === true;
}

/**
 * Hydrates every island of the page as a root of its own, each when it is due
 * (docs/decisions/0020-marketing-pages-as-islands.md). `<html data-hydrated="true">` once those due at once have.
 */
export function bootIslands(hydrateRoot: HydrateRoot, emotionKey: string): void {
  const page = readPage(hydrateRoot, emotionKey);
  for (const element of document.querySelectorAll<HTMLElement>(`[${LAY_OUT_WHEN_IDLE_ATTRIBUTE}]`)) {
    layOutWhenIdle(element);
  }
  layOutAllOnJumpToEnd();
  scrollToLinkedSection();
  window.addEventListener('hashchange', scrollToLinkedSection);
  const elements = [...document.querySelectorAll<HTMLElement>(ISLAND_ELEMENT)];
  const dueAtOnce = elements.filter((element) => element.getAttribute(ISLAND_ATTRIBUTES.load) === 'now').length;
  // Hydrated, for `data-hydrated`; settled (hydrated, or failed to load), for the clicks held until then.
  let waiting = dueAtOnce;
  let unsettled = dueAtOnce;
  const outside = holdClicksOutsideIslands();
  // A held click is clicked again once its island has settled and so have the islands due at once: what it opens may
  // be another island's (the demo-call dialog, from the hero's form), and an island that hydrated on a store changed
  // since the server's render would not match that render.
  const replays: (() => void)[] = [];
  // The other islands hydrate after those due at once, on the state those hydrated on: one of them answering a tap
  // first (the menu drawer's Try the AI) would change what the dialogs' island renders before it has hydrated.
  let atOnceSettled: () => void = () => {};
  const afterAtOnce = new Promise<void>((resolve) => {
    atOnceSettled = resolve;
  });
  const replayHeld = () => {
    if (unsettled > 0) return;
    atOnceSettled();
    for (const replay of replays.splice(0)) replay();
    outside.release();
  };
  const markHydrated = () => {
    if (waiting === 0) document.documentElement.dataset.hydrated = 'true';
  };
  markHydrated();
  replayHeld();
  const early = new Map<Element, (event: Event) => void>();
  for (const element of elements) {
    const load = (element.getAttribute(ISLAND_ATTRIBUTES.load) ?? 'now') as IslandLoad;
    let started = false;
    // Whether clicks go straight through: once the island has hydrated, or once its code has failed to.
    let settled = false;
    let replay: (() => void) | undefined;
    /** Stops holding clicks, and has the one held clicked again; false if that was done already. */
    const settle = () => {
      if (settled) return false;
      settled = true;
      if (replay) replays.push(replay);
      if (load === 'now') unsettled--;
      replayHeld();
      return true;
    };
    // Once: StrictMode runs effects twice in development.
    const onHydrated = () => {
      if (!settle() || load !== 'now') return;
      waiting--;
      markHydrated();
    };
    const start = () => {
      if (started) return;
      started = true;
      hydrateIsland(page, element, onHydrated, load === 'now' ? undefined : afterAtOnce).catch((error: unknown) => {
        // The server's HTML stays as it is (docs/product-rules.md#quiet-failures), and answers as it can without the
        // island's code: a link or a form's button gets the click that was held, and every later one.
        console.warn(`The ${element.getAttribute(ISLAND_ATTRIBUTES.name)} island could not load`, error);
        settle();
      });
    };
    // An island due at once is still some time away from hydrating on a slow phone: the header's menu too.
    early.set(
      element,
      keepEarlyClicks(
        element,
        () => settled,
        start,
        (again) => {
          replay = again;
        },
      ),
    );
    // A prerendered page (client/layout/speculation-rules.tsx) may never be shown: nothing hydrates, counts a visit
    // or starts a promotion's timer until it is.
    if (isPrerendering())
      document.addEventListener('prerenderingchange', () => when(load, element, start), { once: true });
    else when(load, element, start);
  }
  // The clicks that came before this code ran go where they would have gone had it been here.
  for (const click of takeEarlyClicks()) {
    const island = click.target instanceof Element ? click.target.closest(ISLAND_ELEMENT) : null;
    if (island) early.get(island)?.(click);
    else outside.hold(click);
  }
}

/** Hydrates the island in `element` once its code has come, and `after` has settled if given. */
async function hydrateIsland(
  page: Page,
  element: HTMLElement,
  onHydrated: () => void,
  after?: Promise<void>,
): Promise<void> {
  const name = element.getAttribute(ISLAND_ATTRIBUTES.name) as IslandName;
  const id = element.getAttribute(ISLAND_ATTRIBUTES.id) ?? undefined;
  const props: object = JSON.parse(element.getAttribute(ISLAND_ATTRIBUTES.props) ?? '{}');
  const load = islandModules[name];
  if (!load) throw new Error(`no island is called ${name}`);
  const Component: ComponentType<object> = await load();
  await after;
  // Each island hydrates in a task of its own: the islands due at once would otherwise run in one long one.
  await nextTask();
  startTransition(() => {
    page.hydrateRoot(
      element,
      <StrictMode>
        <CacheProvider value={page.emotionCache}>
          <StateProvider store={page.store}>
            <NonceContext value={page.nonce}>
              <PublicConfigContext value={page.publicConfig}>
                <IslandContext value={{ name, id }}>
                  <Component {...props} />
                  <Hydrated onHydrated={onHydrated} />
                </IslandContext>
              </PublicConfigContext>
            </NonceContext>
          </StateProvider>
        </CacheProvider>
      </StrictMode>,
    );
  });
}
