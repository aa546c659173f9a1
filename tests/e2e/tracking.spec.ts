import type { Page } from '@playwright/test';
import { expect, test, untilHydrated } from './fixtures.ts';

/** Every POST to /api/visits the page makes, with the server's answer. */
function recordVisits(page: Page) {
  const visits: { body: unknown; status: number }[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/visits') {
      visits.push({ body: request.postDataJSON(), status: response.status() });
    }
  });
  return visits;
}

/** A clock that moves only when the test says so (`runFor`), from a fixed date. */
async function stopClock(page: Page) {
  const start = new Date('2026-11-02T15:00:00Z').getTime();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}

test.beforeEach(async ({ page }) => {
  // The promo popup (15 s) would cover the page once the clock jumps minutes ahead.
  await page.addInitScript(() => sessionStorage.setItem('promo_popup_dismissed', '1'));
});

test('a page view is posted 1.5 s after navigation and not again within 5 minutes', async ({ page }) => {
  await stopClock(page);
  const visits = recordVisits(page);
  await page.goto('/privacy?source=isa-hq');
  await page.clock.runFor(1400);
  expect(visits).toHaveLength(0);
  await page.clock.runFor(100);
  await expect.poll(() => visits.length).toBe(1);
  // The browser keeps an id of its own: every visit and lead form it sends carries it.
  const visitorId = await page.evaluate(() => localStorage.getItem('visitor_id'));
  expect(visitorId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(visits[0]).toEqual({
    status: 204,
    body: {
      page: '/privacy',
      referrer: 'direct',
      returnVisit: false,
      duration: expect.any(Number),
      sourceTag: 'isa-hq',
      visitorId,
    },
  });
  expect(await page.evaluate(() => localStorage.getItem('visitor_last_tracked'))).toMatch(/^\d+$/);
  expect(await page.evaluate(() => localStorage.getItem('visitor_duration'))).toMatch(/^\d+$/);

  // Another page, and a reload, inside the 5 minutes: nothing more is posted.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await untilHydrated(page);
  await page.clock.runFor(5000);
  await page.reload();
  await page.clock.runFor(5000);
  expect(visits).toHaveLength(1);

  // Five minutes after the first, the next page change is posted again, as a return visit.
  await page.clock.runFor(300_000);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await untilHydrated(page);
  await page.clock.runFor(1500);
  await expect.poll(() => visits.length).toBe(2);
  expect(visits[1]?.body).toMatchObject({
    page: '/privacy',
    returnVisit: true,
    sourceTag: 'isa-hq',
    visitorId,
  });
});

test('a browser tracked on an earlier page counts as returning on its next visit', async ({ page }) => {
  await stopClock(page);
  const visits = recordVisits(page);
  await page.goto('/policies');
  await page.clock.runFor(1500);
  await expect.poll(() => visits.length).toBe(1);
  expect(visits[0]?.body).toMatchObject({ page: '/policies', returnVisit: false });

  // Five minutes on, the page a link loads is the second visit of this browser.
  await page.clock.runFor(300_000);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await untilHydrated(page);
  await page.clock.runFor(1500);
  await expect.poll(() => visits.length).toBe(2);
  expect(visits[1]?.body).toMatchObject({ page: '/privacy', returnVisit: true });
});

test('leaving a page before 1.5 s posts nothing for it', async ({ page }) => {
  await stopClock(page);
  const visits = recordVisits(page);
  await page.goto('/policies');
  await page.clock.runFor(1000);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await untilHydrated(page);
  await page.clock.runFor(1000);
  expect(visits).toHaveLength(0);
  await page.clock.runFor(500);
  await expect.poll(() => visits.length).toBe(1);
  expect(visits[0]?.body).toMatchObject({ page: '/privacy' });
});

test('the operator pages are not tracked', async ({ page }) => {
  await stopClock(page);
  const visits = recordVisits(page);
  await page.goto('/dashboard');
  await page.clock.runFor(5000);
  await page.goto('/analytics');
  await page.clock.runFor(5000);
  expect(visits).toHaveLength(0);
});
