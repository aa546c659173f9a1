import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Where the site loads Cal.com's embed from with the default calendar team. */
export const CAL_EMBED_SCRIPT = 'https://app.cal.com/embed/embed.js';

// A stand-in for Cal.com's embed.js that keeps its contract with the official loader: it takes over the queues
// the loader filled (root and per namespace), answers 'init', 'on', 'off' and 'inline', fires 'linkReady' once
// the booker shows, and fires the booking events when the visitor confirms. Nothing leaves the machine.
const FAKE_EMBED = `(() => {
  const listeners = new Map();
  const origins = new Map();
  const fire = (ns, action, data) => {
    for (const callback of [...(listeners.get(ns + ':' + action) ?? [])]) {
      callback(new CustomEvent('cal', { detail: { type: action, namespace: ns, fullType: 'CAL:' + ns + ':' + action, data } }));
    }
  };
  const apiFor = (ns) => {
    const api = (method, ...args) => {
      if (method === 'init') origins.set(ns, args[1]?.origin);
      else if (method === 'on') {
        const key = ns + ':' + args[0].action;
        listeners.set(key, [...(listeners.get(key) ?? []), args[0].callback]);
      } else if (method === 'off') {
        const key = ns + ':' + args[0].action;
        listeners.set(key, (listeners.get(key) ?? []).filter((callback) => callback !== args[0].callback));
      } else if (method === 'inline') {
        const { elementOrSelector, calLink, config } = args[0];
        const host = typeof elementOrSelector === 'string' ? document.querySelector(elementOrSelector) : elementOrSelector;
        const page = document.createElement('p');
        page.textContent = 'Booker for ' + origins.get(ns) + '/' + calLink + ' in ' + config.layout;
        const confirm = document.createElement('button');
        confirm.type = 'button';
        confirm.textContent = 'Confirm booking';
        confirm.addEventListener('click', () => {
          const booking = { uid: 'fake-booking', title: 'Demo', status: 'ACCEPTED' };
          fire(ns, 'bookingSuccessfulV2', booking);
          fire(ns, 'bookingSuccessful', { booking, confirmed: true });
        });
        host.append(page, confirm);
        setTimeout(() => fire(ns, 'linkReady', {}), 0);
      }
    };
    api.q = { push: (args) => api(...args) };
    return api;
  };
  const loader = window.Cal;
  const ns = {};
  for (const [name, queued] of Object.entries(loader.ns)) {
    ns[name] = apiFor(name);
    for (const args of queued.q) ns[name](...args);
  }
  const Cal = (method, ...args) => {
    if (method === 'init' && typeof args[0] === 'string') {
      ns[args[0]] ??= apiFor(args[0]);
      ns[args[0]](method, ...args);
    }
  };
  Object.assign(Cal, { ns, q: [], loaded: true });
  window.Cal = Cal;
})();`;

/** Serves the fake embed in place of Cal.com's script. */
export async function fakeCalEmbed(page: Page) {
  await page.route(CAL_EMBED_SCRIPT, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_EMBED }),
  );
}

/** Serves a script that never shows the booker, as when Cal.com's pages hang. */
export async function silentCalEmbed(page: Page) {
  await page.route(CAL_EMBED_SCRIPT, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* never ready */' }),
  );
}

// Cal.com's own embed script as published in @calcom/embed-core (the version the loader is tested with).
const REAL_EMBED = fs.readFileSync(
  path.join('node_modules', '@calcom', 'embed-core', 'dist', 'embed', 'embed.js'),
  'utf8',
);

// A stand-in for the booking page Cal.com frames: it talks to the embed the way Cal.com's pages do, by posting
// 'CAL:<namespace>:<event>' messages to the parent.
const FAKE_BOOKING_PAGE = `<!doctype html>
<html lang="en"><title>Booking</title>
<h1 id="page"></h1>
<button type="button" id="confirm">Confirm booking</button>
<script>
  const namespace = new URL(location.href).searchParams.get('embed');
  const post = (type, data) => parent.postMessage({ fullType: 'CAL:' + namespace + ':' + type, data }, '*');
  document.getElementById('page').textContent = 'Booking page ' + location.pathname + location.search;
  document.getElementById('confirm').addEventListener('click', () => {
    post('bookingSuccessfulV2', { uid: 'fake-booking', title: 'Demo', status: 'ACCEPTED' });
    post('bookingSuccessful', { booking: { uid: 'fake-booking' }, confirmed: true });
  });
  post('__iframeReady', {});
  post('linkReady', {});
</script></html>`;

/** Serves Cal.com's real embed script and a stand-in for every page it frames from app.cal.com. */
export async function realCalEmbed(page: Page) {
  await page.route(CAL_EMBED_SCRIPT, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: REAL_EMBED }),
  );
  await page.route(
    (url) => url.origin === 'https://app.cal.com' && url.pathname !== '/embed/embed.js',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: FAKE_BOOKING_PAGE }),
  );
}
