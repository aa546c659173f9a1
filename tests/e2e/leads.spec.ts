import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { axeFindings, expect, lineOf, test, themeChosenBefore } from './fixtures.ts';
import { givenUpLead, routeGivenUpInbox } from './given-up-inbox.ts';
import { acceptFailedLoads, passwordFor, signInApi } from './operator-support.ts';
import { testWithOwnServer } from './own-server.ts';
import { cuttableSockets } from './socket-cut.ts';
import { expectCards, expectTable } from './table-cards.ts';

// The operators' lead inbox at /leads, at each project's width (desktop and phone), by keyboard, in both themes.

/** A number, address and name of this test's own, so parallel projects and repeats never see each other's leads. */
function mine(testInfo: TestInfo, slot: number) {
  const line = lineOf(testInfo, slot);
  const tag = `${testInfo.project.name}${testInfo.repeatEachIndex}x${slot}`;
  return {
    phone: `210868${line}`,
    formatted: `(210) 868-${line}`,
    email: `inbox.${tag}@example.com`,
  };
}

async function postDemoCall(request: APIRequestContext, lead: { phone: string; email: string; fullName: string }) {
  const response = await request.post('/api/demo-calls', { data: { ...lead, consent: true, sourceTag: 'agent-isa' } });
  expect(response.status(), await response.text()).toBe(201);
}

async function postContact(request: APIRequestContext, lead: Record<string, string>) {
  const response = await request.post('/api/contact', { data: lead });
  expect(response.status(), await response.text()).toBe(201);
}

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function search(page: Page, text: string) {
  const field = page.getByRole('searchbox', { name: 'Search' });
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

test('by keyboard alone: sign in, find a demo call and a contact form with their consent and queued delivery', async ({
  page,
  request,
}, testInfo) => {
  const demo = mine(testInfo, 1);
  const contact = mine(testInfo, 2);
  await postDemoCall(request, { ...demo, fullName: 'Dora Keyboard' });
  await postContact(request, {
    firstName: 'Carl',
    lastName: 'Keyboard',
    phoneNumber: contact.phone,
    companyName: 'Keyboard Homes',
    email: contact.email,
  });

  await page.goto('/leads');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lead Inbox');
  // The form shows once the browser has asked for its session, as a visitor would wait to see it.
  const password = page.getByLabel('Operator password');
  await expect(password).toBeVisible();
  // The skip link leads into the page, and the password field is the first thing in it.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(password).toBeFocused();
  await page.keyboard.type(passwordFor('operator'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Deliveries' })).toBeVisible();

  await search(page, demo.email);
  const status = page.getByRole('status').filter({ hasText: /^Leads / });
  await expect(status).toHaveText('Leads 1-1 of 1, newest first, filtered.');
  const demoCard = page.getByRole('article', { name: 'Dora Keyboard' });
  await expect(demoCard.getByText('Demo call', { exact: true })).toBeVisible();
  await expect(demoCard.getByText('Queued', { exact: true })).toBeVisible();
  await expect(demoCard.getByRole('link', { name: demo.formatted })).toHaveAttribute('href', `tel:+1${demo.phone}`);
  await expect(demoCard.getByText(/^demo-call-2026-01, /)).toBeVisible();
  await expect(demoCard.getByText('Queued, not tried yet')).toBeVisible();
  await expect(demoCard.getByText('agent-isa', { exact: true })).toBeVisible();

  // The phone number as an operator would type it finds the contact form.
  await search(page, contact.formatted);
  await expect(status).toHaveText('Leads 1-1 of 1, newest first, filtered.');
  const contactCard = page.getByRole('article', { name: 'Carl Keyboard' });
  await expect(contactCard.getByText('Contact form', { exact: true })).toBeVisible();
  await expect(contactCard.getByText('Keyboard Homes')).toBeVisible();
  await expect(contactCard.getByText(/^contact-notice-2026-01, /)).toBeVisible();
  await expect(contactCard.getByText('Queued', { exact: true })).toBeVisible();

  // The consent evidence opens from the keyboard too.
  const evidence = contactCard.getByText('Consent evidence');
  await tabTo(page, evidence);
  await page.keyboard.press('Enter');
  await expect(contactCard.getByText(/127\.0\.0\.1|::1/)).toBeVisible();
});

test('paging: 50 leads a page, Older and Newer with the keyboard, the count of all matches kept', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const tag = `Pagetest${testInfo.project.name}${testInfo.repeatEachIndex}`;
  // A few at a time: the server checks and stores each, and a busy machine need not wait for them one by one.
  for (let batch = 0; batch < 53; batch += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, 53 - batch) }, (_, j) => {
        const i = batch + j;
        return postContact(request, {
          firstName: 'Paula',
          lastName: 'Pager',
          phoneNumber: `2108699${String(i + (testInfo.project.name === 'mobile' ? 500 : 0)).padStart(3, '0')}`,
          companyName: `${tag} Realty`,
          email: `paula.${i}.${tag.toLowerCase()}@example.com`,
        });
      }),
    );
  }
  await signInApi(page.request, 'operator');
  await page.goto('/leads');
  await search(page, tag);
  const status = page.getByRole('status').filter({ hasText: /^Leads / });
  await expect(status).toHaveText('Leads 1-50 of 53, newest first, filtered.');
  await expect(page.getByRole('article')).toHaveCount(50);

  // Past 50 cards of links by Tab is a long walk for a test; the pager is reached, then used, by keyboard.
  const older = page.getByRole('button', { name: 'Older' });
  await older.focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('Leads 51-53 of 53, newest first, filtered.');
  await expect(page.getByRole('article')).toHaveCount(3);
  // The list starts again at its heading; Older is now off, Newer goes back.
  await expect(page.getByRole('heading', { name: 'Leads', exact: true })).toBeFocused();
  await expect(older).toBeDisabled();

  // A lead that comes in meanwhile waits above this page: the status says so as it happens, the button shows it.
  await postContact(request, {
    firstName: 'Nina',
    lastName: 'Newest',
    phoneNumber: `2108699${testInfo.project.name === 'mobile' ? 999 : 499}`,
    companyName: `${tag} Realty`,
    email: `nina.${tag.toLowerCase()}@example.com`,
  });
  // Other tests post leads too, on this shared server: one or more.
  await expect(status).toHaveText(/^Leads 51-53 of 53, newest first, filtered\. (A new lead|\d+ new leads) came in\.$/);
  const newest = page.getByRole('button', { name: /came in: show the newest$/ });
  await newest.click();
  await expect(status).toHaveText('Leads 1-50 of 54, newest first, filtered.');
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Nina Newest');
  await expect(newest).toHaveCount(0);
  await older.focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('Leads 51-54 of 54, newest first, filtered.');
  await tabTo(page, page.getByRole('button', { name: 'Newer' }));
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('Leads 1-50 of 54, newest first, filtered.');
});

test('while the inbox cannot hear the server it says live updates are paused, and takes leads in once it can', async ({
  page,
  request,
}, testInfo) => {
  const sockets = await cuttableSockets(page);
  const lead = mine(testInfo, 11);
  await signInApi(page.request, 'operator');
  await page.goto(`/leads?${new URLSearchParams({ q: lead.email })}`);
  const status = page.getByRole('status').filter({ hasText: /^(Leads |No lead)/ });
  await expect(status).toHaveText('No lead matches these filters.');
  await sockets.untilJoined();

  // The network goes: said at once, and for as long as it lasts.
  await sockets.cut();
  await expect(status).toHaveText('No lead matches these filters. Live updates paused: reconnecting…');
  await page.waitForTimeout(3500);
  await expect(status).toHaveText('No lead matches these filters. Live updates paused: reconnecting…');

  // Back: the next try gets through, and a lead shows by itself again.
  sockets.restore();
  await expect(status).toHaveText('No lead matches these filters.', { timeout: 30_000 });
  await postDemoCall(request, { ...lead, fullName: 'Lou Live' });
  await expect(page.getByRole('article', { name: 'Lou Live' })).toBeVisible();
});

test('Export CSV downloads the filtered leads with their consent evidence', async ({ page, request }, testInfo) => {
  const lead = mine(testInfo, 6);
  await postDemoCall(request, { ...lead, fullName: 'Eve Exporter' });
  await signInApi(page.request, 'operator');
  await page.goto('/leads');
  await search(page, lead.email);
  await expect(page.getByRole('article', { name: 'Eve Exporter' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^porchlight-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  const [headings, row, ...rest] = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(rest).toEqual([]);
  expect(headings).toContain('Consent version,Consent given at (UTC),Consent IP address');
  expect(row).toContain(`Eve Exporter,,,,${lead.formatted},${lead.email},agent-isa,`);
  expect(row).toContain(',demo-call-2026-01,');
  expect(row).toContain(',queued,0,');
});

// On a server of its own: the audit trail lists every request, and names no one, so only there are its rows
// this test's.
testWithOwnServer(
  'a privacy request finds a person, downloads their records and erases them, leaving the others',
  async ({ page, request }, testInfo) => {
    const demo = mine(testInfo, 7);
    const contact = mine(testInfo, 8);
    await postDemoCall(request, { ...demo, fullName: 'Erin Erase' });
    await postContact(request, {
      firstName: 'Kim',
      lastName: 'Keep',
      phoneNumber: contact.phone,
      companyName: 'Keep Homes',
      email: contact.email,
    });
    await signInApi(page.request, 'operator');
    await page.goto('/leads');
    // As the other inbox tests do, the page is settled before it is used: the inbox above the panel has loaded.
    await expect(page.getByRole('status').filter({ hasText: /^Leads / })).toHaveText('Leads 1-2 of 2, newest first.');
    const privacy = page.getByRole('region', { name: 'Privacy requests' });
    await privacy.getByLabel('Phone number or e-mail address').fill(demo.email.toUpperCase());
    await privacy.getByRole('button', { name: 'Find records' }).click();
    await expect(privacy.getByRole('status')).toHaveText(
      'Found 1 lead, 1 consent record, 1 call, 1 delivery and 1 call limit record.',
    );
    await expect(privacy.getByText(/^Erin Erase, demo call, /)).toBeVisible();

    // By keyboard from here on: the focus stays where the operator is, or goes where the next step is.
    const downloadButton = privacy.getByRole('button', { name: 'Download records (JSON)' });
    await downloadButton.focus();
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^porchlight-privacy-export-\d{4}-\d{2}-\d{2}\.json$/);
    const records = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(records.leads).toEqual([expect.objectContaining({ email: demo.email, phone: demo.phone })]);
    expect(records.consents[0].consent_text).toContain('artificial or AI-generated voice');
    await expect(privacy.getByRole('table', { name: 'The one privacy request answered so far' })).toBeVisible();
    await expect(downloadButton).toBeFocused();

    // Escape and Cancel each step back from the erasure to the button that asked for it.
    const eraseButton = privacy.getByRole('button', { name: 'Erase records' });
    const question = privacy.getByRole('group', { name: /^Erase 1 lead, .* for good\? This cannot be undone\.$/ });
    const yes = privacy.getByRole('button', { name: 'Yes, erase' });
    await page.keyboard.press('Tab');
    await expect(eraseButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(yes).toBeFocused();
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(eraseButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(yes).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(question).toHaveCount(0);
    await expect(eraseButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(yes).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(privacy.getByRole('status')).toHaveText(
      'Erased 1 lead, 1 consent record, 1 call, 1 delivery and 1 call limit record.',
    );
    const trail = privacy.getByRole('table', { name: 'The latest 2 privacy requests, newest first' });
    await expect(trail.getByRole('row').filter({ hasText: 'Erased' })).toHaveCount(1);
    await expect(trail.getByRole('row').filter({ hasText: 'Erased' })).toContainText('E-mail address');
    await expect(trail.getByRole('row').filter({ hasText: 'Downloaded' })).toHaveCount(1);
    // Nothing in the audit trail names the person.
    await expect(trail).not.toContainText(demo.email);
    // The buttons it was on are gone: the field is ready for the next request.
    await expect(privacy.getByLabel('Phone number or e-mail address')).toBeFocused();

    await search(page, demo.email);
    await expect(page.getByRole('status').filter({ hasText: 'No lead matches these filters.' })).toBeVisible();
    await search(page, contact.email);
    await expect(page.getByRole('article', { name: 'Kim Keep' })).toBeVisible();
  },
);

test('with a webhook set, a given-up lead and all given-up leads can be retried, and the page says so', async ({
  page,
}) => {
  const lead = givenUpLead('3b2e8a4c-5d6f-4a1b-9c8d-7e6f5a4b3c2d', 'Gail Givenup');
  const retries = await routeGivenUpInbox(page, lead);
  await signInApi(page.request, 'operator');
  await page.goto('/leads');
  const deliveries = page.getByRole('region', { name: 'Deliveries' });
  await expect(deliveries.getByText('LEAD_WEBHOOK_URL is not set')).toHaveCount(0);
  await expect(deliveries.getByText('5 days', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Retry delivery of Gail Givenup' }).click();
  await expect(page.getByText('Delivery of Gail Givenup: the delivery is being sent again now.')).toBeVisible();
  await page.getByRole('button', { name: 'Retry all given up (1)' }).click();
  await expect(page.getByText('Given-up deliveries: the delivery is being sent again now.')).toBeVisible();
  expect(retries).toEqual([`POST /api/leads/${lead.id}/retry`, 'POST /api/leads/retry-given-up']);
});

test('the delivery filter shows what waits, and the page says when no webhook is set', async ({
  page,
  request,
}, testInfo) => {
  const lead = mine(testInfo, 3);
  await postDemoCall(request, { ...lead, fullName: 'Quinn Queue' });
  await signInApi(page.request, 'operator');
  await page.goto('/leads');
  const deliveries = page.getByRole('region', { name: 'Deliveries' });
  await expect(deliveries.getByText('LEAD_WEBHOOK_URL is not set on this server')).toBeVisible();
  await expect(deliveries.getByRole('definition').first()).not.toHaveText('0');

  await page.getByLabel('Delivery').selectOption('Delivered');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No lead matches these filters.' })).toBeVisible();
  await page.getByLabel('Delivery').selectOption('Queued');
  await page.getByRole('searchbox', { name: 'Search' }).fill(lead.email);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('article', { name: 'Quinn Queue' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
});

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const theme of ['light', 'dark'] as const) {
  test(`in the ${theme} theme the inbox fits the width and has no WCAG 2.2 AA violations`, async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    const lead = mine(testInfo, theme === 'light' ? 4 : 5);
    await postDemoCall(request, {
      ...lead,
      fullName: `Theo ${theme === 'light' ? 'Lightly' : 'Darkly'}`,
      email: `a.rather.long.address.for.${theme}.${lead.email}`,
    });
    if (theme === 'dark') await themeChosenBefore(page, baseURL, 'dark');
    await signInApi(page.request, 'operator');
    await page.goto('/leads');
    if (theme === 'dark') await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // One lead, opened: every part of a card is on the page, and axe has one card to read on a busy machine.
    await page.getByRole('searchbox', { name: 'Search' }).fill(lead.phone);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const card = page.getByRole('article');
    await expect(card).toHaveCount(1);
    await card.getByText('Consent evidence').click();
    await expect(card.getByText('Lead id')).toBeVisible();
    await expect(page.getByTestId('splash')).toBeHidden();
    // Nothing scrolls sideways, on the phone as on the desktop.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeFindings(page, { tags: WCAG_AA })).toEqual([]);
  });
}

test('a refresh that fails keeps the leads and the call on screen and says they are as loaded before', async ({
  page,
  request,
  pageErrors,
}, testInfo) => {
  const demo = mine(testInfo, 10);
  await postDemoCall(request, { ...demo, fullName: 'Rita Refresh' });
  await signInApi(page.request, 'operator');
  await page.goto('/leads');
  await search(page, demo.email);
  const status = page.getByRole('status').filter({ hasText: /^Leads / });
  await expect(status).toHaveText('Leads 1-1 of 1, newest first, filtered.');
  const card = page.getByRole('article', { name: 'Rita Refresh' });
  await card.getByText('Call and transcript').click();
  const callStatus = card.getByRole('status');
  await expect(card.getByRole('heading', { name: 'Transcript' })).toBeVisible();
  await expect(callStatus).toHaveText('');

  // The server fails from here on (the retry too).
  await page.route(/\/api\/leads(\?|\/)/, (route) => route.fulfill({ status: 500, json: { error: 'Internal error' } }));
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(status).toHaveText(
    'Leads 1-1 of 1, newest first, filtered. The latest could not be loaded: these are as loaded before.',
  );
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Refresh call' }).click();
  await expect(callStatus).toHaveText('The latest could not be loaded: this is the call as loaded before.');
  await expect(card.getByRole('heading', { name: 'Transcript' })).toBeVisible();

  // Once the server answers again, so does the page.
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(status).toHaveText('Leads 1-1 of 1, newest first, filtered.');
  acceptFailedLoads(pageErrors, 500);
});

test('a client or analytics session does not open the inbox', async ({ page }) => {
  await signInApi(page.request, 'client');
  await signInApi(page.request, 'analytics');
  await page.goto('/leads');
  await expect(page.getByLabel('Operator password')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deliveries' })).toHaveCount(0);
});

test('on a 320 px phone each entry of the audit trail is a card, every value after its column; on the desktop a table', async ({
  page,
  baseURL,
}, testInfo) => {
  await signInApi(page.request, 'operator');
  // A download of no one's records is answered, and leaves an entry in the audit trail like any other.
  const response = await page.request.post('/api/privacy-requests/export', {
    headers: { origin: baseURL ?? '' },
    data: { email: mine(testInfo, 9).email },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/leads');
  const trail = page
    .getByRole('region', { name: 'Privacy requests' })
    .getByRole('table', { name: /^The (one|latest \d+) privacy requests? / });
  const row = trail.getByRole('row').filter({ hasText: 'Downloaded' }).filter({ hasText: 'E-mail address' }).first();
  await row.scrollIntoViewIfNeeded();

  const cells = row.getByRole('cell');
  await expect(cells).toHaveCount(4);
  const request = row.getByRole('cell', { name: 'Downloaded', exact: true });
  const foundBy = row.getByRole('cell', { name: 'E-mail address', exact: true });
  await expectCards(page, trail, cells, { cell: foundBy, label: 'Found by', text: 'E-mail address', above: request });

  await page.setViewportSize({ width: 1280, height: 800 });
  await expectTable(trail, ['When', 'Request', 'Found by', 'Records'], { cell: foundBy, beside: request });
});
