import type { Page } from '@playwright/test';
import {
  contactFormMessages,
  emailCheckMessages,
  NAME_CHECK_FAILED_MESSAGE,
  nameInvalidMessage,
  PHONE_INVALID_MESSAGE,
} from '#shared/messages.ts';
import { recordAdPixel } from '#tests/support/ad-pixel-recorder.ts';
import { storedLeads, uniqueEmail } from '#tests/support/stored-leads.ts';
import { CAL_EMBED_SCRIPT, fakeCalEmbed, realCalEmbed, silentCalEmbed } from './fake-cal.ts';
import { axeFindings, expect, test, untilHydrated, untilLaidOut } from './fixtures.ts';

const CONTACT_TITLE = 'Get a call from our AI assistant';

const person = {
  'First Name': 'Jane',
  'Last Name': 'Doe',
  'Phone Number': '(210) 867-5309',
  'Email Address': 'jane@example.com',
  'Company Name': 'Doe Realty',
};

async function fill(page: Page, values: Partial<typeof person>) {
  const dialog = page.getByRole('dialog', { name: CONTACT_TITLE });
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
}

async function openContactFromFooter(page: Page) {
  // A link may just have loaded this page: its buttons answer once its islands have hydrated (fixtures.ts).
  await untilHydrated(page);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Contact us' }).click();
  const dialog = page.getByRole('dialog', { name: CONTACT_TITLE });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Takes out the browser's own reports of a refused request, which the test caused on purpose. */
function expectBrowserReports(pageErrors: string[], pattern: RegExp, count: number) {
  const expected = pageErrors.filter((error) => pattern.test(error));
  expect(expected).toHaveLength(count);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !pattern.test(error)));
}

function notifications(page: Page) {
  return page.getByRole('list', { name: 'Notifications' });
}

for (const path of ['/lead-generation', '/affiliate-program', '/about-us']) {
  test(`${path} opens the contact modal from its call to action; Escape closes it and focus returns`, {
    tag: '@phone',
  }, async ({ page }) => {
    await page.goto(path);
    const button = page.getByRole('main').getByRole('button', { name: 'Contact Us' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: CONTACT_TITLE });
    await expect(dialog).toBeVisible();
    // The form starts where the visitor does.
    await expect(dialog.getByLabel('First Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });
}

test('the footer opens the contact modal: its fields, consent notice, policy link and honeypot', async ({ page }) => {
  await page.goto('/');
  const dialog = await openContactFromFooter(page);
  for (const label of Object.keys(person)) await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
  await expect(dialog).toContainText('artificial or AI-generated voice');
  await expect(dialog.getByRole('link', { name: '/consent-policies' })).toHaveAttribute('href', '/consent-policies');
  await expect(dialog.getByRole('button', { name: 'Book a Call Directly' })).toBeVisible();
  // The honeypot is out of sight and out of the tab order.
  await expect(dialog.getByLabel('Website')).not.toBeInViewport();
  await expect(dialog.getByLabel('Website')).toHaveAttribute('tabindex', '-1');
  // The policy link leaves the modal behind.
  await dialog.getByRole('link', { name: '/consent-policies' }).click();
  await expect(page).toHaveURL('/consent-policies');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie and Consent Policy');
});

test('a valid form is sent with its source tag, shows Submitting..., then the success toast and the receipt', {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/about-us');
  const opener = page.getByRole('main').getByRole('button', { name: 'Contact Us' });
  await opener.click();
  await fill(page, person);
  // Hold the request until the busy state has been seen; the real server then runs its offline checks.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  const sent = page.waitForRequest('/api/contact');
  await page.getByRole('button', { name: 'Submit' }).click();
  const busy = page.getByRole('button', { name: 'Submitting...' });
  await expect(busy).toBeDisabled();
  expect((await sent).postDataJSON()).toEqual({
    firstName: 'Jane',
    lastName: 'Doe',
    phoneNumber: '(210) 867-5309',
    email: 'jane@example.com',
    companyName: 'Doe Realty',
    sourceTag: 'website',
    // The id this browser's visits carry too: what ties them to the lead (docs/product-rules.md#privacy-requests).
    visitorId: await page.evaluate(() => localStorage.getItem('visitor_id')),
    website: '',
  });
  const answered = page.waitForResponse('/api/contact');
  release();
  expect((await answered).status()).toBe(201);
  await expect(notifications(page).getByText('Form submitted!')).toBeVisible();
  await expect(notifications(page).getByText('The assistant will be calling you shortly.')).toBeVisible();
  // The dialog stays to show the consent receipt's link (docs/product-rules.md#consent), then closes.
  const dialog = page.getByRole('dialog', { name: CONTACT_TITLE });
  await expect(dialog.getByRole('link', { name: /stop us contacting you/ })).toHaveAttribute('href', /\/consent\//);
  // The focus leaves the Submit button that went for the confirmation that replaced it, which a screen reader reads.
  await expect(page.locator(':focus')).toContainText('The assistant will be calling you shortly.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('each field shows its own message under it, and nothing is sent until the form is valid', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) requests.push(request.url());
  });
  await page.goto('/');
  const dialog = await openContactFromFooter(page);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const expected: [label: string, message: string][] = [
    ['First Name', contactFormMessages.firstName],
    ['Last Name', contactFormMessages.lastName],
    ['Phone Number', contactFormMessages.phoneNumber],
    ['Email Address', contactFormMessages.email],
    ['Company Name', contactFormMessages.companyName],
  ];
  for (const [label, message] of expected) {
    const input = dialog.getByLabel(label, { exact: true });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(message);
  }
  await expect(dialog.getByLabel('First Name')).toBeFocused();

  // Typing into a field clears its message; a short phone and a malformed e-mail keep theirs.
  await fill(page, { 'First Name': 'Jane', 'Last Name': 'Doe', 'Company Name': 'Doe Realty' });
  await fill(page, { 'Phone Number': '210 867', 'Email Address': 'jane@example' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByLabel('First Name')).not.toHaveAttribute('aria-invalid');
  await expect(dialog.getByLabel('Phone Number')).toHaveAccessibleDescription(contactFormMessages.phoneNumber);
  await expect(dialog.getByLabel('Email Address')).toHaveAccessibleDescription(contactFormMessages.email);
  await expect(dialog.getByLabel('Phone Number')).toBeFocused();
  expect(requests).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the contact and booking dialogs pass axe in the ${theme} theme, with their messages showing`, async ({
    page,
    pageErrors,
  }) => {
    await page.route(CAL_EMBED_SCRIPT, (route) => route.abort('internetdisconnected'));
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/');
    const dialog = await openContactFromFooter(page);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeFindings(page, { include: 'dialog[open]' })).toEqual([]);
    await dialog.getByRole('button', { name: 'Book a Call Directly' }).click();
    await expect(page.getByRole('dialog', { name: 'Book a demo' }).getByRole('alert')).toBeVisible();
    expect(await axeFindings(page, { include: 'dialog[open]' })).toEqual([]);
    expectBrowserReports(pageErrors, /ERR_INTERNET_DISCONNECTED/, 1);
  });
}

test("the server's refusals appear under their fields: a disposable e-mail, a premium-rate phone, a made-up name", {
  tag: '@phone',
}, async ({ page, pageErrors }) => {
  await page.goto('/');
  const dialog = await openContactFromFooter(page);
  await fill(page, { ...person, 'Email Address': 'jane@mailinator.com' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByLabel('Email Address')).toHaveAccessibleDescription(emailCheckMessages.disposable);
  await expect(dialog.getByLabel('Email Address')).toBeFocused();

  // Ten digits pass the form's own rule; the server's offline phone check refuses a 900 number.
  await fill(page, { 'Email Address': 'jane@example.com', 'Phone Number': '(900) 555-0100' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByLabel('Phone Number')).toHaveAccessibleDescription(PHONE_INVALID_MESSAGE);
  await expect(dialog.getByLabel('Phone Number')).toBeFocused();
  await expect(dialog.getByLabel('Email Address')).not.toHaveAttribute('aria-invalid');

  await fill(page, { 'First Name': 'Test', 'Last Name': 'User', 'Phone Number': person['Phone Number'] });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByLabel('First Name')).toHaveAccessibleDescription(nameInvalidMessage('Test User'));
  await expect(dialog.getByLabel('Phone Number')).not.toHaveAttribute('aria-invalid');
  await expect(dialog).toBeVisible();
  expectBrowserReports(pageErrors, /status of 422/, 3);
});

test('when the name check cannot answer, its message shows under First Name and the form stays open', {
  tag: '@phone',
}, async ({ page, pageErrors }) => {
  // The offline name check always answers; this is the server's own reply when a remote one is down.
  await page.route('/api/contact', (route) =>
    route.fulfill({
      status: 502,
      json: { error: NAME_CHECK_FAILED_MESSAGE, fieldErrors: { firstName: NAME_CHECK_FAILED_MESSAGE } },
    }),
  );
  await page.goto('/');
  const dialog = await openContactFromFooter(page);
  await fill(page, person);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByLabel('First Name')).toHaveAccessibleDescription(NAME_CHECK_FAILED_MESSAGE);
  await expect(dialog.getByLabel('First Name')).toBeFocused();
  await expect(dialog.getByLabel('Company Name')).toHaveValue('Doe Realty');
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();
  expectBrowserReports(pageErrors, /status of 502/, 1);
});

test('any other failure shows the destructive toast and keeps what was typed', { tag: '@phone' }, async ({
  page,
  pageErrors,
}) => {
  await page.route('/api/contact', (route) =>
    route.fulfill({ status: 500, json: { error: 'Something went wrong', description: 'Please try again later.' } }),
  );
  await page.goto('/');
  const dialog = await openContactFromFooter(page);
  await fill(page, person);
  // Pressed from the keyboard, the button keeps the focus while it sends, so it is there to press again.
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await submit.focus();
  await page.keyboard.press('Enter');
  const toast = notifications(page).getByRole('alert');
  await expect(toast).toContainText('Something went wrong');
  await expect(toast).toContainText('Please try again later.');
  await expect(dialog.getByRole('alert')).toHaveText('Something went wrong. Please try again later.');
  await expect(dialog.getByLabel('Company Name')).toHaveValue('Doe Realty');
  await expect(submit).toBeEnabled();
  await expect(submit).toBeFocused();
  expectBrowserReports(pageErrors, /status of 500/, 1);
});

test('offline, the booking dialog offers the phone number and the plain booking link', { tag: '@phone' }, async ({
  page,
  pageErrors,
}) => {
  await page.route(CAL_EMBED_SCRIPT, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await page.locator('#features').getByRole('button', { name: 'Book Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a demo' });
  const fallback = dialog.getByRole('alert');
  await expect(fallback).toContainText('could not load');
  await expect(fallback.getByRole('link', { name: '(210) 555-0142' })).toHaveAttribute('href', 'tel:+12105550142');
  await expect(fallback.getByRole('link', { name: 'cal.com/porchlight/demo-call' })).toHaveAttribute(
    'href',
    'https://cal.com/porchlight/demo-call',
  );
  expectBrowserReports(pageErrors, /ERR_INTERNET_DISCONNECTED/, 1);
});

test('a calendar that never shows itself gives way to the fallback after a bounded wait', { tag: '@phone' }, async ({
  page,
}) => {
  await page.clock.install();
  await silentCalEmbed(page);
  await page.goto('/#pricing');
  await page.getByRole('button', { name: 'Get Started Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a demo' });
  await expect(dialog.getByRole('status')).toHaveText('Loading the calendar…');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  // The page's clock runs on from here as it would; ten seconds on, the visitor is not left waiting.
  await page.clock.runFor(10_000);
  await expect(dialog.getByRole('alert')).toContainText('(210) 555-0142');
});

test('a booking made in the calendar leads to the meeting confirmation page', { tag: '@phone' }, async ({ page }) => {
  await fakeCalEmbed(page);
  await page.goto('/#pricing');
  await page.getByRole('button', { name: 'Get Started Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a demo' });
  await expect(dialog.getByText('Booker for https://cal.com/porchlight/demo-call in month_view')).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL('/meeting-confirmation');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're Booked! Here's What Happens Next");
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("with Cal.com's own embed script, the source tag's booking page shows and a booking is confirmed", {
  tag: '@phone',
}, async ({ page }) => {
  // The embed's inline styles are allowed by the CSP: a refused one would be a console error and fail this test.
  await realCalEmbed(page);
  await page.goto('/?source=isa-hq');
  await page.locator('#features').getByRole('button', { name: 'Book Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a demo' });
  const booker = dialog.frameLocator('iframe[title="Book a call"]');
  await expect(booker.getByRole('heading')).toContainText('Booking page /porchlight/isa-hq/embed?embed=isa-hq');
  await expect(booker.getByRole('heading')).toContainText('layout=month_view');
  await expect(dialog.getByRole('status')).toHaveCount(0);
  await booker.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL('/meeting-confirmation');
});

test('Book a Call Directly in the contact modal opens the calendar', { tag: '@phone' }, async ({ page }) => {
  await fakeCalEmbed(page);
  await page.goto('/');
  const dialog = await openContactFromFooter(page);
  await dialog.getByRole('button', { name: 'Book a Call Directly' }).click();
  await expect(page.getByRole('dialog', { name: CONTACT_TITLE })).toHaveCount(0);
  const booking = page.getByRole('dialog', { name: 'Book a demo' });
  await expect(booking.getByText(/^Booker for /)).toBeVisible();
  // Closing the calendar gives focus back to what opened the contact modal.
  await page.keyboard.press('Escape');
  await expect(booking).toBeHidden();
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Contact us' })).toBeFocused();
});

test(
  '/agent-isa tags the visit: the calendar is the agent ISA one and the stored lead carries the tag',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const email = uniqueEmail('agent-isa', testInfo);
    await fakeCalEmbed(page);
    await page.goto('/agent-isa');
    await expect(page).toHaveURL('/?source=agent-isa');
    await page.locator('#features').getByRole('button', { name: 'Book Demo' }).click();
    const booking = page.getByRole('dialog', { name: 'Book a demo' });
    await expect(booking.getByText('Booker for https://cal.com/porchlight/agent-isa in month_view')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(booking).toBeHidden();

    // The tag outlives the query: it is kept for the next page too.
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL('/about-us');
    const dialog = await openContactFromFooter(page);
    await fill(page, { ...person, 'Email Address': email });
    const sent = page.waitForRequest('/api/contact');
    const answered = page.waitForResponse('/api/contact');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ sourceTag: 'agent-isa', email });
    expect((await answered).status()).toBe(201);
    await expect(notifications(page).getByText('Form submitted!')).toBeVisible();
    // What the server kept, read from its database: the tag and the calendar of the tag.
    expect(storedLeads(email)).toEqual([
      expect.objectContaining({
        kind: 'contact',
        source_tag: 'agent-isa',
        calendar_link: 'https://cal.com/porchlight/agent-isa',
      }),
    ]);
  },
);

test('without a pixel id no pixel code runs and nothing is requested for it', { tag: '@phone' }, async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/');
  // The footer is reached at a jump: until the sections above have their real heights, it moves under the click.
  await untilLaidOut(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy');
  expect(await page.evaluate(() => typeof window.fbq)).toBe('undefined');
  expect(await page.locator('script[src*="fbevents"]').count()).toBe(0);
  expect(requested.filter((url) => url.includes('facebook'))).toEqual([]);
});

test(
  'with a pixel id, each page counts a PageView and a submitted contact form a Lead',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const pixelCalls = await recordAdPixel(page);
    const pageView = ['track', 'PageView'];
    await page.goto('/');
    await expect.poll(pixelCalls).toEqual([pageView]);
    await untilLaidOut(page);
    // Each page a link loads counts its own view, once (marketing pages load as documents).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
    await expect.poll(pixelCalls).toEqual([pageView]);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL('/about-us');
    await expect.poll(pixelCalls).toEqual([pageView]);

    const dialog = await openContactFromFooter(page);
    await fill(page, { ...person, 'Email Address': uniqueEmail('pixel', testInfo) });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notifications(page).getByText('Form submitted!')).toBeVisible();
    // The pixel's Lead event for the contact form, once, after the server accepted it.
    expect(await pixelCalls()).toEqual([
      pageView,
      ['track', 'Lead', { content_name: 'contact_form', content_category: 'demo_request', status: 'submitted' }],
    ]);
  },
);
