import '@vitejs/plugin-react/preamble';
import { StrictMode, startTransition } from 'react';
import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { appliedTheme } from '#client/layout/theme-choice.ts';
import { nextTask } from '#client/lib/next-task.ts';
import { registerServiceWorkerOnLoad } from '#client/lib/register-service-worker.ts';
import { adoptServerStyles } from '#client/styles/server-styles.ts';
import { createStyleCache } from '#client/styles/style-cache.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import { AppProviders, EMOTION_KEY } from './app-providers.tsx';
import { operatorRoutes as routes } from './operator-routes.tsx';
import { PUBLIC_CONFIG_ELEMENT_ID } from './public-config.tsx';

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
  }
}

/** Lazy modules of the server-rendered routes load before hydration, or React would see a fallback. */
async function resolveLazyMatches(routeTable: RouteObject[]) {
  const matches = matchRoutes(routeTable, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

function readPublicConfig(): PublicConfig {
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent ?? '{}';
  return JSON.parse(text);
}

// Browsers hide the nonce attribute from the DOM, but the property keeps it for styles inserted at runtime.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';

// The app's code, React DOM's client and the work before hydrating run in three tasks, not one long one that
// would hold a phone's first input (docs/decisions/0013-scripts-after-first-paint.md). React DOM's client is imported
// here rather than statically for that reason.
const [{ hydrateRoot }] = await Promise.all([import('react-dom/client'), resolveLazyMatches(routes)]);
await nextTask();
const emotionCache = createStyleCache(EMOTION_KEY, nonce);
adoptServerStyles(emotionCache);
const router = createBrowserRouter(routes, { hydrationData: window.__staticRouterHydrationData });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <AppProviders
        nonce={nonce}
        publicConfig={readPublicConfig()}
        emotionCache={emotionCache}
        theme={appliedTheme(document.documentElement)}
      >
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});

registerServiceWorkerOnLoad();
