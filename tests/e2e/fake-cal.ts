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
