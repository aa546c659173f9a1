import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, lineOf, pauseClock, test } from './fixtures.ts';
import { givenUpLead, routeGivenUpInbox } from './given-up-inbox.ts';
import { passwordFor, signInApi } from './operator-support.ts';
import { testWithOwnServer } from './own-server.ts';

// The lead inbox as an operator's daily tool: filters in the address, leads arriving by themselves, times with
// their zone, the page without its sign-in intro, the operator pages linked (on the desktop, as the other inbox
// specs), and a phone's first screen (on the phone).

/** A lead of this test's own: its number and address are nobody else's, in parallel projects and repeats. */
function mine(testInfo: TestInfo, slot: number) {
  const tag = `${testInfo.project.name}${testInfo.repeatEachIndex}x${slot}`;
  return { phone: `210869${lineOf(testInfo, slot)}`, email: `daily.${tag}@example.com` };
}

async function postDemoCall(request: APIRequestContext, lead: { phone: string; email: string; fullName: string }) {
  const response = await request.post('/api/demo-calls', { data: { ...lead, consent: true, sourceTag: 'agent-isa' } });
  expect(response.status(), await response.text()).toBe(201);
}

async function postContact(request: APIRequestContext, lead: { phone: string; email: string; name: string }) {
  const [firstName, lastName] = lead.name.split(' ');
  const response = await request.post('/api/contact', {
    data: { firstName, lastName, phoneNumber: lead.phone, companyName: 'Daily Homes', email: lead.email },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const leadsStatus = (page: Page) => page.getByRole('status').filter({ hasText: /^(Leads |No lead)/ });

async function unfoldFilters(page: Page) {
  const details = page.getByRole('search', { name: 'Find leads' }).locator('details');
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
}

/** Makes the page believe its tab went out of sight, or came back, as switching tabs does. */
async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test(
  'the filters live in the address: a bookmark opens them applied, and Back returns to the ones before',
  {
    tag: '@desktop',
  },
  async ({ page, request }, testInfo) => {
    const demo = mine(testInfo, 1);
    const contact = mine(testInfo, 2);
    // The search finds a lead with a word starting with each word of the query: `bookmarks` keeps out this
    // spec's other leads (daily.desktop0x3@example.com matches desktop0, daily, example and com).
    const domain = `${testInfo.project.name}${testInfo.repeatEachIndex}.bookmarks.example.com`;
    await postDemoCall(request, { ...demo, email: `dana@${domain}`, fullName: 'Dana Bookmark' });
    await postContact(request, { ...contact, email: `carl@${domain}`, name: 'Carl Bookmark' });
    await signInApi(page.request, 'operator');

    // A bookmark of a search.
    await page.goto(`/leads?q=${encodeURIComponent(domain)}`);
    await expect(leadsStatus(page)).toHaveText('Leads 1-2 of 2, newest first, filtered.');
    await unfoldFilters(page);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(domain);

    // Narrowed to contact forms: the address says so, and the list follows.
    await page.getByLabel('Kind').selectOption('Contact form');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/leads\\?kind=contact&q=${encodeURIComponent(domain).replace(/\./g, '\\.')}$`),
    );
    await expect(leadsStatus(page)).toHaveText('Leads 1-1 of 1, newest first, filtered.');
    await expect(page.getByRole('article', { name: 'Carl Bookmark' })).toBeVisible();

    // Back: both leads again, and the form as it was.
    await page.goBack();
    await expect(leadsStatus(page)).toHaveText('Leads 1-2 of 2, newest first, filtered.');
    await expect(page.getByLabel('Kind')).toHaveValue('');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(domain);
    // Forward, then a reload: still the contact form alone.
    await page.goForward();
    await page.reload();
    await expect(page.getByRole('article', { name: 'Carl Bookmark' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);

    // The consent filter is there too.
    await unfoldFilters(page);
    await page.getByLabel('Consent').selectOption('Consent revoked');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/consent=revoked/);
    await expect(leadsStatus(page)).toHaveText('No lead matches these filters.');
  },
);

// On a server of its own: the count in the title is of every lead accepted, and other tests post leads too.
testWithOwnServer(
  'a lead accepted while the inbox is open appears by itself, and a tab out of sight counts it in its title',
  { tag: '@desktop' },
  async ({ page, request }, testInfo) => {
    const first = mine(testInfo, 3);
    const second = mine(testInfo, 4);
    const third = mine(testInfo, 5);
    await signInApi(page.request, 'operator');
    await page.goto('/leads');
    await expect(leadsStatus(page)).toHaveText(/^No leads yet/);
    await expect(page).toHaveTitle('Lead Inbox | Porchlight');

    // In sight: the list takes it in, no reload, no count.
    await postDemoCall(request, { ...first, fullName: 'Lena Live' });
    const card = page.getByRole('article', { name: 'Lena Live' });
    await expect(card).toBeVisible();
    await expect(leadsStatus(page)).toHaveText('Leads 1-1 of 1, newest first.');
    await expect(page).toHaveTitle('Lead Inbox | Porchlight');
    // Its call moves on in the card as it happens, to its end, still without a reload.
    const loads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loads.push(frame.url());
    });
    await expect(card).toContainText(/Immediate: (preparing|ringing|in progress)/);
    await expect(card).toContainText(/Immediate: ended: completed/, { timeout: 60_000 });
    expect(loads).toEqual([]);

    // Out of sight: the title counts what came in.
    await setTabHidden(page, true);
    await postDemoCall(request, { ...second, fullName: 'Hugo Hidden' });
    await expect(page).toHaveTitle('(1) Lead Inbox | Porchlight');
    await postContact(request, { ...third, name: 'Hana Hidden' });
    await expect(page).toHaveTitle('(2) Lead Inbox | Porchlight');
    await expect(leadsStatus(page)).toHaveText('Leads 1-3 of 3, newest first.');

    // Looked at again: seen.
    await setTabHidden(page, false);
    await expect(page).toHaveTitle('Lead Inbox | Porchlight');
    await expect(page.getByRole('article').first()).toHaveAccessibleName('Hana Hidden');
  },
);

test.describe('in Chicago', { tag: '@desktop' }, () => {
  test.use({ timezoneId: 'America/Chicago' });

  test("times are the operator's own, and say their zone", async ({ page, request }, testInfo) => {
    const lead = mine(testInfo, 6);
    await postDemoCall(request, { ...lead, fullName: 'Zoe Zone' });
    await signInApi(page.request, 'operator');
    await page.goto(`/leads?q=${encodeURIComponent(lead.email)}`);
    const card = page.getByRole('article', { name: 'Zoe Zone' });
    await expect(card.locator('header time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/);
    await expect(page.getByRole('region', { name: 'Deliveries' })).toContainText(/Counted .* C[SD]T/);
  });
});

test('the sign-in intro is gone once signed in, and whoever holds several sessions goes between their pages', {
  tag: '@desktop',
}, async ({ page }) => {
  const intro = page.getByText('This page holds personal data and needs the operator sign-in.');
  await page.goto('/leads');
  await expect(intro).toBeVisible();
  await page.getByLabel('Operator password').fill(passwordFor('operator'));
  await page.getByLabel('Operator password').press('Enter');
  await expect(page.getByRole('heading', { name: 'Deliveries' })).toBeVisible();
  await expect(intro).toHaveCount(0);
  // The inbox alone: nowhere else to go.
  await expect(page.getByRole('navigation', { name: 'Your other pages' })).toHaveCount(0);

  await signInApi(page.request, 'analytics');
  await page.reload();
  const others = page.getByRole('navigation', { name: 'Your other pages' });
  await expect(others.getByRole('link')).toHaveText(['Visitor Analytics']);
  await others.getByRole('link', { name: 'Visitor Analytics' }).click();
  await expect(page).toHaveURL('/analytics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visitor Analytics');
  await expect(page.getByText('needs an analytics sign-in')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Your other pages' }).getByRole('link', { name: 'Lead Inbox' }).click();
  await expect(page).toHaveURL('/leads');
  await expect(page.getByRole('heading', { name: 'Deliveries' })).toBeVisible();
});

test('a retry notice is said, then goes by itself or with the next thing the operator does', {
  tag: '@desktop',
}, async ({ page }) => {
  await routeGivenUpInbox(page, givenUpLead('3b2e8a4c-5d6f-4a1b-9c8d-7e6f5a4b3c2e', 'Nora Notice'));
  await page.clock.install();
  await signInApi(page.request, 'operator');
  await page.goto('/leads');
  const notice = page.getByText('Delivery of Nora Notice: the delivery is being sent again now.');
  await expect(page.getByRole('button', { name: 'Retry delivery of Nora Notice' })).toBeVisible();
  // The page's time moves only when the test moves it: a busy machine's own seconds count for nothing.
  await pauseClock(page);

  await page.getByRole('button', { name: 'Retry delivery of Nora Notice' }).click();
  await expect(notice).toBeVisible();
  await page.clock.runFor(9_000);
  await expect(notice).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(notice).toHaveCount(0);

  await page.getByRole('button', { name: 'Retry delivery of Nora Notice' }).click();
  await expect(notice).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(notice).toHaveCount(0);
});

test(
  'on a phone, the first lead is on the first screen, the filters folded until opened',
  { tag: '@phone' },
  async ({ page, request }, testInfo) => {
    const lead = mine(testInfo, 7);
    await postDemoCall(request, { ...lead, fullName: 'Fay Firstscreen' });
    await signInApi(page.request, 'operator');
    await page.goto('/leads');
    const first = page.getByRole('article').first();
    await expect(first).toBeVisible();
    const box = await first.boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    // Its name and the top of its details at least, without scrolling.
    expect((box?.y ?? height) + 80).toBeLessThanOrEqual(height);
    // Folded, each panel says its gist.
    await expect(page.getByRole('region', { name: 'Deliveries' })).toContainText(
      /^Deliveries\d+ undelivered, no webhook set/,
    );
    await expect(page.getByText('LEAD_WEBHOOK_URL is not set')).toBeHidden();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeHidden();
    // On the narrowest phone too, nothing of the inbox runs off the side.
    const width = page.viewportSize()?.width ?? 0;
    await page.setViewportSize({ width: 360, height });
    await expect(first).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width, height });
    await unfoldFilters(page);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    // A filter applied, the folded panel says so.
    await page.getByRole('searchbox', { name: 'Search' }).fill(lead.email);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('article', { name: 'Fay Firstscreen' })).toBeVisible();
    await page.getByRole('search', { name: 'Find leads' }).locator('summary').click();
    await expect(page.getByRole('search', { name: 'Find leads' })).toContainText(/^Find leads1 filter set/);
  },
);
