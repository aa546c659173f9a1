import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { loadConfig } from '#server/config.ts';
import { TOO_MANY_SIGN_INS } from '#shared/session-schema.ts';
import { recordAdPixel } from '#tests/support/ad-pixel-recorder.ts';
import { builtChunkUrl, loadBuiltChunk } from '#tests/support/built-assets.ts';
import { expect, pauseClock, test } from './fixtures.ts';
import {
  acceptFailedLoads,
  leadVolumeApi,
  passwordFor,
  reportLeads,
  serverEnv,
  signInApi,
} from './operator-support.ts';
import { testWithOwnServer } from './own-server.ts';
import { expectCards, expectTable } from './table-cards.ts';

// Fixed ids: the hook counts a repeated id once, so every test that seeds them leaves the same total.
const SEEDED_LEADS = Array.from({ length: 7 }, (_, i) => `e2e-dashboard-lead-${i + 1}`);

test('the dashboard gate refuses a wrong password, then the right one unlocks the lead volume', async ({
  page,
  request,
  pageErrors,
}) => {
  await reportLeads(request, SEEDED_LEADS);
  const { total } = await leadVolumeApi(request);
  expect(total).toBeGreaterThanOrEqual(SEEDED_LEADS.length);

  await page.goto('/dashboard');
  const password = page.getByLabel('Dashboard password');
  await password.fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password. Please try again.');
  await expect(password).toBeFocused();
  acceptFailedLoads(pageErrors, 401);

  await password.fill(passwordFor('client'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  const card = page.getByRole('region', { name: 'Monthly Lead Volume' });
  await expect(card.getByText('Click refresh to load data')).toBeVisible();
  // The answer is held back until the test has seen the loading state.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('/api/dashboard/lead-volume', async (route) => {
    await held;
    await route.continue();
  });
  // By keyboard: the button says it is busy while the figures load, and keeps focus (a disabled one would drop it to
  // the page's top).
  const refresh = card.getByRole('button', { name: 'Refresh' });
  await refresh.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByText('Loading...')).toBeVisible();
  await expect(refresh).toHaveAttribute('aria-disabled', 'true');
  release();
  await expect(card.locator('dt:text-is("Reported by your call automation") + dd')).toHaveText(String(total));
  // Beside it, what this site captured itself, so the two can be compared.
  await expect(card.locator('dt:text-is("Captured by this website") + dd')).toHaveText(/^\d+$/);
  await expect(card.getByText('Loading...')).toHaveCount(0);
  await expect(card.getByText(/leads? in \w+ \d{4}/)).toBeVisible();
  await expect(card.getByText(/^Last updated: /)).toBeVisible();
  await expect(card.getByText('Click refresh to load data')).toHaveCount(0);
  await expect(refresh).toBeFocused();
  await expect(refresh).toHaveAttribute('aria-disabled', 'false');
});

test('a live session skips the gate after a reload and loads the figures; signing out locks again', async ({
  page,
  request,
}) => {
  await reportLeads(request, SEEDED_LEADS);
  const { total } = await leadVolumeApi(request);
  await page.goto('/dashboard');
  await page.getByLabel('Dashboard password').fill(passwordFor('client'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  // The browser keeps the always-Secure __Host- cookie on http://localhost, so a local build signs in.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === '__Host-porchlight_session_client')).toMatchObject({
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Strict',
  });

  await page.reload();
  const card = page.getByRole('region', { name: 'Monthly Lead Volume' });
  await expect(card.locator('dt:text-is("Reported by your call automation") + dd')).toHaveText(String(total));
  await expect(page.getByLabel('Dashboard password')).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Dashboard password')).toBeFocused();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Dashboard password')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('a session that ends while the page is open brings the sign-in back, saying so, the focus in its field', async ({
  page,
  pageErrors,
}) => {
  await signInApi(page.request, 'client');
  await page.goto('/dashboard');
  const refresh = page.getByRole('button', { name: 'Refresh' });
  await expect(page.getByRole('region', { name: 'Monthly Lead Volume' })).toBeVisible();
  // Expired, or signed out in another tab: the server no longer knows this browser.
  await page.context().clearCookies();
  await refresh.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Dashboard password')).toBeFocused();
  await page.keyboard.type(passwordFor('client'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Monthly Lead Volume' })).toBeVisible();
  await expect(page.getByText('Your session has ended.')).toHaveCount(0);
  acceptFailedLoads(pageErrors, 401);
});

test('a locked-out sign-in shows the server message', async ({ page, pageErrors }) => {
  // Ten real failures would lock every other test on this address out too; the answer is the server's own.
  await page.route('/api/session', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 429, json: { error: TOO_MANY_SIGN_INS } })
      : route.fallback(),
  );
  await page.goto('/dashboard');
  await page.getByLabel('Dashboard password').fill(passwordFor('client'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(TOO_MANY_SIGN_INS);
  acceptFailedLoads(pageErrors, 429);
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every value the server keeps to itself (its config's `secrets`), as the browser-test server is set up. */
function serverSecrets(): [name: string, value: string][] {
  const { secrets } = loadConfig(serverEnv());
  return Object.entries(secrets).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

test.describe('in the files', () => {
  test('the secrets under test are the passwords, the hook and lead webhook secrets and the session secret', () => {
    expect(serverSecrets().map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'clientDashboardPassword',
        'analyticsPassword',
        'operatorPassword',
        'hookSecret',
        'leadWebhookSecret',
        'sessionSecret',
      ]),
    );
  });

  test('the built client assets contain no password or secret from the server environment', async () => {
    const secrets = serverSecrets();
    const files = await filesUnder(path.resolve('dist/client'));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = (await readFile(file)).toString('latin1');
      for (const [name, value] of secrets) expect(text.includes(value), `${file} contains ${name}`).toBe(false);
    }
  });
});

test('no page the server sends, nor any script the browser loads for it, carries a password or secret', async ({
  page,
}) => {
  // The build never saw the secrets; the running server has them all, so this is where one could leak.
  const bodies = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (!/html|javascript/.test(response.headers()['content-type'] ?? '')) return;
    const body = response.body().then((buffer) => buffer.toString('latin1'));
    body.catch(() => {});
    bodies.set(response.url(), body);
  });
  // A page navigated away from keeps no response bodies: each page's are read before the next one opens.
  const readAll = async () => {
    await page.waitForLoadState('networkidle');
    await Promise.all(bodies.values());
  };
  // Signed in to both roles, so the operator pages load their own code too.
  await signInApi(page.request, 'client');
  await signInApi(page.request, 'analytics');
  await page.goto('/');
  await readAll();
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Monthly Lead Volume' })).toBeVisible();
  await readAll();
  await page.goto('/analytics');
  await expect(page.getByRole('button', { name: '7 days' })).toBeVisible();
  await readAll();

  const urls = [...bodies.keys()].map((url) => new URL(url).pathname);
  expect(urls).toEqual(
    expect.arrayContaining(['/', '/dashboard', '/analytics', builtChunkUrl('client/routes/analytics.tsx')]),
  );
  const secrets = serverSecrets();
  for (const [url, body] of bodies) {
    const text = await body;
    for (const [name, value] of secrets) expect(text.includes(value), `${url} carries ${name}`).toBe(false);
  }
});

const FIREFOX_ON_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';

// On a server of its own: the top ten pages and the newest visits are then this test's, whatever other tests
// post at the same time.
testWithOwnServer(
  'the analytics page charts and tables the visits recorded through the API',
  async ({ page, request, baseURL }) => {
    const seededPage = '/e2e-analytics';
    for (let i = 0; i < 22; i++) {
      const response = await request.post('/api/visits', {
        headers: { origin: baseURL ?? '', 'user-agent': FIREFOX_ON_ANDROID },
        data: {
          page: seededPage,
          referrer: 'https://news.example.test/story',
          duration: 30 + i,
          returnVisit: i % 2 === 0,
          sourceTag: 'agent-isa',
        },
      });
      expect(response.status()).toBe(204);
    }

    await page.goto('/analytics');
    await page.getByLabel('Analytics password').fill(passwordFor('analytics'));
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('img', { name: 'Visits and unique visitors per day' })).toBeVisible();
    await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByText('Daily figures as a table').click();
    const daily = page.getByRole('table', { name: 'Visits per day' });
    await expect(daily.locator('tbody tr')).toHaveCount(7);

    const pages = page.getByRole('table', { name: 'Top pages' });
    await expect(pages.getByRole('row', { name: seededPage })).toContainText('22');
    await expect(page.getByRole('table', { name: 'Sources' }).getByRole('row', { name: /agent-isa/ })).toBeVisible();
    const referrers = page.getByRole('table', { name: 'Referrers' });
    await expect(referrers.getByRole('row', { name: /news\.example\.test/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Countries' }).getByRole('row', { name: /Unknown/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Devices' }).getByRole('row', { name: /mobile/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Browsers' }).getByRole('row', { name: /Firefox/ })).toBeVisible();
    await expect(page.getByText('Return visits')).toBeVisible();

    const recent = page.getByRole('table', { name: /newest first/ });
    await expect(recent.locator('tbody tr')).toHaveCount(20);
    // The 22 seeded visits are all there is (operator pages are not tracked): two pages of 20.
    await expect(recent.getByRole('row').filter({ hasText: seededPage })).toHaveCount(20);
    // By keyboard: the focus stays on the pager's button, on the last page as on the others.
    const next = page.getByRole('button', { name: 'Next' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /^Page \d of \d$/ })).toHaveText('Page 2 of 2');
    await expect(page.getByRole('table', { name: /^Visits 21-22/ })).toBeVisible();
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('table', { name: /^Visits 21-22/ })).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('table', { name: /^Visits 1-20/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('table', { name: /^Visits 21-22/ })).toBeVisible();

    await page.getByRole('button', { name: '30 days' }).click();
    await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Daily figures as a table')).toBeVisible();
    await page.getByText('Daily figures as a table').click();
    await expect(page.getByRole('table', { name: 'Visits per day' }).locator('tbody tr')).toHaveCount(30);
    await expect(page.getByText('Page 1 of 2', { exact: true })).toBeVisible();
  },
);

test('an analytics range without visits says so', async ({ page }) => {
  // This shared test server always has visits; the empty answer has the server's shape.
  await page.route('/api/analytics/summary?days=7', (route) =>
    route.fulfill({
      json: {
        days: 7,
        from: '2026-11-16',
        to: '2026-11-22',
        totals: { visits: 0, uniqueVisitors: 0, returnVisits: 0, returnVisitShare: 0, averageDuration: 0 },
        perDay: [],
        topPages: [],
        sources: [],
        referrers: [],
        countries: [],
        cities: [],
        devices: [],
        browsers: [],
      },
    }),
  );
  await page.goto('/analytics');
  await page.getByLabel('Analytics password').fill(passwordFor('analytics'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('No visits in the last 7 days.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Visits and unique visitors per day' })).toHaveCount(0);
});

async function leaveByTheTop(page: Page) {
  await page.mouse.move(400, 200);
  await page.mouse.move(400, 2);
  await page.mouse.move(400, -20);
}

for (const path of ['/dashboard', '/analytics']) {
  test(`${path} keeps a quiet background: no promo popup, no exit-intent dialog, no ad pixel`, async ({ page }) => {
    const pixelCalls = await recordAdPixel(page);
    const promo = page.getByRole('complementary', { name: '50% off your first month' });
    const exitIntent = page.getByRole('dialog', { name: 'Have the AI call me' });
    const exitIntentShown = () => page.evaluate(() => sessionStorage.getItem('exit_intent_shown'));
    await page.clock.install();
    await page.goto(path);
    await pauseClock(page);
    await page.clock.runFor(16_000);
    // The popup's code is in the page now: had its 15 s been counted here, it would show.
    await loadBuiltChunk(page, 'client/features/promos/promo-popup.tsx');
    await expect(promo).toHaveCount(0);
    // Exit intent marks the session before it opens the dialog: no mark, no dialog on its way.
    await leaveByTheTop(page);
    expect(await exitIntentShown()).toBeNull();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The pixel id is configured for this page, yet Meta hears nothing of the operator page.
    expect(await pixelCalls()).toEqual([]);

    // No marketing header or footer either: the way back to the site, and the theme, are all it has.
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link')).toHaveText(['Porchlight']);
    await expect(banner.getByRole('button')).toHaveCount(1);
    await expect(banner.getByRole('button')).toHaveAccessibleName(/^Theme:/);
    await expect(page.getByRole('button', { name: 'Try the AI' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    // Control: the same steps on a marketing page bring all three.
    await banner.getByRole('link', { name: 'Porchlight home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Never Misses A Lead/);
    await expect.poll(pixelCalls).toEqual([['track', 'PageView']]);
    await page.clock.runFor(16_000);
    await expect(promo).toBeVisible();
    await page.mouse.move(400, 300);
    await leaveByTheTop(page);
    expect(await exitIntentShown()).toBe('1');
    await loadBuiltChunk(page, 'client/features/demo-call/demo-call-dialog.tsx');
    await page.clock.runFor(1000);
    await expect(exitIntent).toBeVisible();
  });
}

// On a server of its own, so the newest visits are this test's.
testWithOwnServer(
  'on a phone or a tablet each recent visit is a card, every value after its column; on the desktop a table',
  async ({ page, request, baseURL }) => {
    for (let i = 0; i < 3; i++) {
      const response = await request.post('/api/visits', {
        headers: { origin: baseURL ?? '', 'user-agent': FIREFOX_ON_ANDROID },
        data: {
          page: '/e2e-cards',
          referrer: 'https://news.example.test/a-rather-long-story-about-leads',
          duration: 75,
          returnVisit: false,
          sourceTag: 'agent-isa',
        },
      });
      expect(response.status()).toBe(204);
    }
    await page.setViewportSize({ width: 320, height: 640 });
    await signInApi(page.request, 'analytics');
    await page.goto('/analytics');
    const recent = page.getByRole('table', { name: /newest first/ });
    await expect(recent.getByRole('row').filter({ hasText: '/e2e-cards' })).toHaveCount(3);
    const row = recent.getByRole('row').filter({ hasText: '/e2e-cards' }).first();
    await row.scrollIntoViewIfNeeded();

    const cells = row.getByRole('cell');
    await expect(cells).toHaveCount(8);
    const duration = row.getByRole('cell', { name: '1 min 15 s', exact: true });
    const pageCell = row.getByRole('cell', { name: '/e2e-cards', exact: true });
    await expectCards(page, recent, cells, { cell: duration, label: 'Duration', text: '1 min 15 s', above: pageCell });
    // Eight columns would be ribbons on a tablet held upright too.
    await page.setViewportSize({ width: 768, height: 1024 });
    await row.scrollIntoViewIfNeeded();
    await expectCards(page, recent, cells, { cell: duration, label: 'Duration', text: '1 min 15 s', above: pageCell });

    await page.setViewportSize({ width: 1280, height: 800 });
    const headers = ['Time', 'Page', 'Location', 'Referrer', 'Source', 'Device', 'Return', 'Duration'];
    await expectTable(recent, headers, { cell: duration, beside: pageCell });
  },
);

test('the visits chart labels its axes in type of 11 px or more on phones, in both themes, none on another', async ({
  page,
  request,
  baseURL,
}) => {
  // At least one visit, or there is no chart to draw.
  const visit = await request.post('/api/visits', {
    headers: { origin: baseURL ?? '' },
    data: { page: '/e2e-chart', referrer: '', duration: 5, returnVisit: false },
  });
  expect(visit.status()).toBe(204);
  await signInApi(page.request, 'analytics');
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/analytics');
  const chart = page.getByRole('img', { name: 'Visits and unique visitors per day' });
  for (const range of ['7 days', '90 days']) {
    await page.getByRole('button', { name: range }).click();
    await expect(page.getByRole('button', { name: range })).toHaveAttribute('aria-pressed', 'true');
    for (const width of [320, 360, 390, 414]) {
      await page.setViewportSize({ width, height: 800 });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        const where = `${range}, ${width} px, ${colorScheme}`;
        // The axes' labels as drawn: the size of their type on the screen, and their boxes. Polled: the chart is
        // drawn again for its new width once the browser has laid it out.
        await expect
          .poll(
            () =>
              chart.evaluate((svg: SVGSVGElement) => {
                const frame = svg.getBoundingClientRect();
                const labels = [...svg.querySelectorAll('text')].map((text) => ({
                  text: text.textContent,
                  size: Number.parseFloat(getComputedStyle(text).fontSize) * (text.getScreenCTM()?.a ?? 1),
                  box: text.getBoundingClientRect(),
                }));
                const problems = labels.length > 4 ? [] : [`only ${labels.length} labels`];
                for (const [index, a] of labels.entries()) {
                  if (a.size < 11) problems.push(`"${a.text}" is ${a.size.toFixed(1)} px`);
                  if (a.box.left < frame.left - 0.5 || a.box.right > frame.right + 0.5) {
                    problems.push(`"${a.text}" is cut by the chart's edge`);
                  }
                  for (const b of labels.slice(index + 1)) {
                    const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
                    const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
                    if (across > 0 && down > 0) problems.push(`"${a.text}" overlaps "${b.text}"`);
                  }
                }
                return problems;
              }),
            { message: where },
          )
          .toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          where,
        ).toBeLessThanOrEqual(0);
      }
    }
  }
  // The figures are still there in words for a screen reader, and as a table.
  await expect(chart).toHaveAccessibleDescription(/visits and \d+ unique visitors from/);
  await page.getByText('Daily figures as a table').click();
  await expect(page.getByRole('table', { name: 'Visits per day' }).locator('tbody tr')).toHaveCount(90);
});
