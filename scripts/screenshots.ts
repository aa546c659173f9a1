// `npm run screenshots`: a full-page PNG of every page at 390 px (a phone) and 1440 px (a laptop), in the light
// and the dark theme, written to screenshots/ for a person to look through. Builds when the build is missing or
// older than the sources, serves it on a free port with a throwaway DATA_DIR, and stops the server by itself.
// The pages are the sitemap's, the unlisted ones, and the operator pages signed out and signed in.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import config from '../playwright.config.ts';
import { buildIfNeeded, ROOT, startProductionServer } from './lib/production-server.ts';

const OUT = path.join(ROOT, 'screenshots');
const SCREENS = [
  { name: '390', width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  { name: '1440', width: 1440, height: 900, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
];
const THEMES = ['light', 'dark'] as const;
const UNLISTED = ['/meeting-confirmation', '/this-page-does-not-exist'];
const OPERATOR = [
  { path: '/dashboard', role: 'client' },
  { path: '/analytics', role: 'analytics' },
  { path: '/leads', role: 'operator' },
] as const;

/** `/blog/some-post` → `blog-some-post`; `/` → `home`. */
function fileStem(pagePath: string): string {
  return pagePath.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'home';
}

/** Opens the page as a visitor would, scrolled through once so sections that load when seen are there. */
async function capture(context: BrowserContext, url: string, file: string) {
  const page = await context.newPage();
  try {
    await page.goto(url);
    // The splash of a visitor arriving at the site is over before the page is taken.
    await page.getByTestId('splash').waitFor({ state: 'hidden' });
    await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await frame();
      }
      window.scrollTo(0, 0);
      await document.fonts.ready;
    });
    // A page that holds a connection open (the live lead inbox) is never idle: it is taken as it is by then.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    await page.screenshot({ path: file, fullPage: true });
  } finally {
    await page.close();
  }
}

buildIfNeeded();
const passwords = {
  client: randomBytes(12).toString('hex'),
  analytics: randomBytes(12).toString('hex'),
  operator: randomBytes(12).toString('hex'),
};
const server = await startProductionServer({
  env: {
    CLIENT_DASHBOARD_PASSWORD: passwords.client,
    ANALYTICS_PASSWORD: passwords.analytics,
    OPERATOR_PASSWORD: passwords.operator,
    SESSION_SECRET: randomBytes(24).toString('hex'),
  },
});
// The tests' browser resolves no host name but localhost (playwright.config.ts), and the server listens on 127.0.0.1.
const base = server.base.replace('//127.0.0.1:', '//localhost:');
const browser = await chromium.launch(config.use?.launchOptions);
try {
  const sitemap = await (await fetch(`${server.base}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  const pages = [...listed, ...UNLISTED];
  // A demo call and a contact form, so the signed-in inbox shows what a lead looks like.
  const headers = { origin: server.base, 'content-type': 'application/json' };
  const leads = [
    ['/api/demo-calls', { fullName: 'Jane Doe', phone: '2108675309', email: 'jane@example.com', consent: true }],
    [
      '/api/contact',
      {
        firstName: 'Carl',
        lastName: 'Stone',
        phoneNumber: '2108675310',
        companyName: 'Stone Homes',
        email: 'carl@example.com',
      },
    ],
  ] as const;
  for (const [api, lead] of leads) {
    const response = await fetch(`${server.base}${api}`, { method: 'POST', headers, body: JSON.stringify(lead) });
    if (!response.ok) throw new Error(`${api}: ${response.status} ${await response.text()}`);
  }
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  let count = 0;
  for (const screen of SCREENS) {
    for (const colorScheme of THEMES) {
      const { name, width, height, ...device } = screen;
      const context = await browser.newContext({ ...device, viewport: { width, height }, colorScheme });
      // No promo popup: it would cover the page being looked at.
      await context.addInitScript(() => {
        try {
          sessionStorage.setItem('promo_popup_dismissed', '1');
        } catch {}
      });
      const shoot = async (pagePath: string, stem: string) => {
        console.log(`${name} ${colorScheme} ${pagePath}`);
        await capture(context, `${base}${pagePath}`, path.join(OUT, `${stem}-${name}-${colorScheme}.png`));
        count++;
      };
      for (const pagePath of pages) await shoot(pagePath, fileStem(pagePath));
      for (const { path: pagePath } of OPERATOR) await shoot(pagePath, `${fileStem(pagePath)}-signed-out`);
      for (const { path: pagePath, role } of OPERATOR) {
        const response = await context.request.post(`${base}/api/session`, {
          data: { role, password: passwords[role] },
        });
        if (!response.ok()) throw new Error(`signing in as ${role}: ${response.status()}`);
        await shoot(pagePath, `${fileStem(pagePath)}-signed-in`);
      }
      await context.close();
    }
  }
  console.log(`${count} screenshots in ${path.relative(process.cwd(), OUT) || '.'}/`);
} finally {
  await browser.close();
  await server.stop();
}
