import type { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { OPERATOR_ROUTE_HANDLE } from '#client/features/operator/operator-route.ts';
import { earlyClicksScript } from '#client/islands/early-clicks.ts';
import { collectingCache, withCollectedStyles } from '#client/styles/collected-styles.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import type { StoredTheme } from '#shared/theme-cookie.ts';
import { appLoaderScript } from './app-loader.ts';
import { AppProviders, EMOTION_KEY } from './app-providers.tsx';
import { routes as appRoutes, NOT_FOUND_ROUTE_ID } from './routes.tsx';

export { type Discovery, discovery, indexablePages } from './discovery.ts';
export { routes } from './routes.tsx';

/** Whether `pathname` is one no page has: its page is the not-found page, the same for every such path. */
export function matchesNoPage(pathname: string): boolean {
  return matchRoutes(appRoutes, pathname)?.at(-1)?.route.id === NOT_FOUND_ROUTE_ID;
}

export interface RenderOptions {
  nonce: string;
  publicConfig: PublicConfig;
  /**
   * The module scripts that boot the page in the browser, loaded after the first paint (client/app-loader.ts), and
   * the built chunks fetched with them so that nothing waits on a waterfall: the islands' entry for a marketing page,
   * the app's (with the route ids' chunks) for an operator page (docs/decisions/0020-marketing-pages-as-islands.md).
   */
  scriptsFor(routeIds: string[], entry: BrowserEntry): PageScripts;
  /** Crawlers get the whole document at once; browsers get the shell as soon as it is ready. */
  waitForAll: boolean;
  /**
   * A page whose loaders find nothing (an article no post has) is not rendered: the result says `not-found`,
   * for a server that answers every such page with its one cached not-found page (server/pages/ssr.ts).
   */
  reportNotFound?: boolean;
  /** The visitor's chosen theme, from the request's cookie; none for a page that follows the system's. */
  theme?: StoredTheme;
  onError(error: unknown): void;
}

export type BrowserEntry = 'islands' | 'app';

export interface PageScripts {
  modules: string[];
  preloads: string[];
}

export type RenderResult =
  | { kind: 'response'; response: Response }
  | { kind: 'not-found' }
  | { kind: 'html'; status: number; pipe(destination: Writable): void; abort(): void };

export type Render = (request: Request, options: RenderOptions) => Promise<RenderResult>;

const ABORT_AFTER_MS = 10_000;

/** Builds a renderer over a route table; the app's own table unless a caller composes another. */
export function createRenderer(routeTable: RouteObject[]): Render {
  const handler = createStaticHandler(routeTable);

  return async function render(request, options) {
    const context = await handler.query(request);
    if (context instanceof Response) return { kind: 'response', response: context };
    // Loaders answer 404 only for what does not exist; the page would be the not-found page.
    if (options.reportNotFound && context.statusCode === 404) return { kind: 'not-found' };

    // Loader errors other than HTTP responses are logged here and reach the page only as a generic error.
    if (context.errors) {
      for (const [routeId, error] of Object.entries(context.errors)) {
        if (isRouteErrorResponse(error)) continue;
        options.onError(error);
        context.errors[routeId] = new Error('Unexpected Server Error');
      }
    }

    const router = createStaticRouter(handler.dataRoutes, context);
    const styles = collectingCache(EMOTION_KEY, options.nonce);
    const routeIds = context.matches.map((match) => match.route.id);
    const operator = context.matches.some((match) => match.route.handle === OPERATOR_ROUTE_HANDLE);
    const scripts = options.scriptsFor(routeIds, operator ? 'app' : 'islands');

    return new Promise<RenderResult>((resolve, reject) => {
      let settled = false;
      const ready = () => {
        settled = true;
        resolve({
          kind: 'html',
          status: context.statusCode,
          pipe: (destination) => stream.pipe(withCollectedStyles(destination, styles)),
          abort: () => stream.abort(),
        });
      };
      const stream = renderToPipeableStream(
        <AppProviders
          nonce={options.nonce}
          publicConfig={options.publicConfig}
          emotionCache={styles.cache}
          theme={options.theme}
        >
          {/* Only the operator pages hydrate a router (client/entry-client.tsx); the islands read no route data. */}
          <StaticRouterProvider router={router} context={context} nonce={options.nonce} hydrate={operator} />
        </AppProviders>,
        {
          nonce: options.nonce,
          // The page's code comes after the first paint (client/app-loader.ts); React adds the nonce. Until the
          // islands' code runs, a tap on one of their buttons is kept for it (client/islands/early-clicks.ts).
          bootstrapScriptContent:
            (operator ? '' : earlyClicksScript) + appLoaderScript(scripts.preloads, scripts.modules),
          // A whole document is sent at once, so its sections go in place as they are parsed. Otherwise React
          // sends large sections hidden and moves them into place from a timer after the first paint: a second
          // layout of the whole page, one long task on a slow phone, and hidden sections without JavaScript.
          progressiveChunkSize: options.waitForAll ? Number.POSITIVE_INFINITY : undefined,
          onShellReady() {
            if (!options.waitForAll) ready();
          },
          onAllReady() {
            clearTimeout(timer);
            if (options.waitForAll) ready();
          },
          onShellError(error) {
            clearTimeout(timer);
            settled = true;
            reject(error);
          },
          onError(error) {
            options.onError(error);
          },
        },
      );
      // A render that never finishes must not hold the connection open forever.
      const timer = setTimeout(() => {
        stream.abort();
        if (!settled) reject(new Error('Render timed out'));
      }, ABORT_AFTER_MS);
      // Nor keep a stopping process alive.
      timer.unref?.();
    });
  };
}

export const render = createRenderer(appRoutes);
