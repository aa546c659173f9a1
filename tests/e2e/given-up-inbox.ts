import type { Page } from '@playwright/test';

/** A demo call whose delivery was given up, as GET /api/leads shows it. */
export function givenUpLead(id: string, fullName: string) {
  return {
    id,
    createdAt: '2026-01-10T15:00:00.000Z',
    kind: 'demo',
    fullName,
    companyName: null,
    phone: '2108675309',
    email: 'gail@example.com',
    sourceTag: 'website',
    calendarLink: 'https://cal.com/porchlight/demo-call',
    timezone: 'America/Chicago',
    scheduled: false,
    call: null,
    consent: { version: 'demo-call-2026-01', givenAt: '2026-01-10T15:00:00.000Z', ipAddress: null, userAgent: null },
    delivery: {
      state: 'given_up',
      attempts: 30,
      lastError: 'webhook answered 503',
      nextAttemptAt: '2026-01-13T15:00:00.000Z',
      deliveredAt: null,
      givenUpAt: '2026-01-13T15:00:00.000Z',
    },
  };
}

/**
 * The browser tests' server has no LEAD_WEBHOOK_URL (its demo calls use the local driver), so the inbox is given
 * the answers a server with a webhook and this given-up lead gives (tests/api/lead-retry.test.ts covers the
 * server). Returns the retries asked for, as `METHOD /path`.
 */
export async function routeGivenUpInbox(page: Page, lead: ReturnType<typeof givenUpLead>): Promise<string[]> {
  const retries: string[] = [];
  await page.route('/api/leads/delivery', (route) =>
    route.fulfill({
      json: {
        webhookConfigured: true,
        giveUpHours: 72,
        queued: 0,
        retrying: 0,
        givenUp: 1,
        undelivered: 1,
        oldestUndeliveredAt: lead.createdAt,
        checkedAt: '2026-01-15T18:00:00.000Z',
      },
    }),
  );
  await page.route(/\/api\/leads(\?.*)?$/, (route) =>
    route.fulfill({ json: { leads: [lead], nextCursor: null, total: 1 } }),
  );
  await page.route(/\/api\/leads\/.*retry.*/, (route) => {
    retries.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
    return route.fulfill({ json: { retried: 1 } });
  });
  return retries;
}
