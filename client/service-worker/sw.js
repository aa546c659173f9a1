// Porchlight service worker. The build fills in PRECACHE and VERSION (client/service-worker/plugin.ts).
// Pages: network first, falling back to the last copy seen, then to the offline page.
// Hashed assets and the offline page's own files: cache first (the version changes with their content).
// API and sockets: never cached.
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const ASSETS_CACHE = `assets-${VERSION}`;
const PAGES_CACHE = `pages-${VERSION}`;
const OFFLINE_URL = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(ASSETS_CACHE)
      // The offline files are not hashed: past the HTTP cache, so a new version gets their current copy.
      .then((cache) =>
        cache.addAll(
          PRECACHE.map((url) => (url.startsWith('/assets/') ? url : new Request(url, { cache: 'no-cache' }))),
        ),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== ASSETS_CACHE && key !== PAGES_CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

function neverCached(url) {
  return url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/') || url.pathname === '/sw.js';
}

async function networkFirstPage(request) {
  const cache = await caches.open(PAGES_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch {
    return (await cache.match(request)) ?? (await caches.match(OFFLINE_URL)) ?? Response.error();
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(ASSETS_CACHE)).put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || neverCached(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
  } else if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
