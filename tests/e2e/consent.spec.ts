import type { Page } from '@playwright/test';
import { DO_NOT_CONTACT_MESSAGE, REVOCATION_RECEIVED_MESSAGE } from '#shared/messages.ts';
import { uniqueEmail } from '#tests/support/stored-leads.ts';
import { axeFindings, expect, test, themeChosenBefore, untilLaidOut } from './fixtures.ts';
import { expectCards, expectTable } from './table-cards.ts';

// Consent a visitor can see and take back (docs/product-rules.md#consent), at a phone's 390 px and on the
// desktop: the contact form's receipt, revoking it there, and the form refusing the number afterwards; and the
// policy page itself, its form and its table of what the Site stores in the browser.

const CONTACT_TITLE = 'Get a call from our AI assistant';
// A number of each project's own: a revoked number is refused to every test that uses it afterwards.
const PHONES: Record<string, string> = { desktop: '(210) 234-5671', mobile: '(210) 234-5672' };

async function sendContactForm(page: Page, phone: string, email: string) {
  await page.goto('/about-us');
  await page.getByRole('main').getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: CONTACT_TITLE });
  const values = {
    'First Name': 'Jane',
    'Last Name': 'Doe',
    'Phone Number': phone,
    'Email Address': email,
    'Company Name': 'Doe Realty',
  };
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  return dialog;
}

/** Nothing on the page is cut off or scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a contact form’s receipt shows the consent, revokes it, and the form then refuses the number', async ({
  page,
  pageErrors,
}, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize({ width: 390, height: 844 });
  const phone = PHONES[testInfo.project.name] ?? '(210) 234-5679';
  const email = uniqueEmail('consent', testInfo);

  const dialog = await sendContactForm(page, phone, email);
  const receipt = dialog.getByRole('link', { name: /stop us contacting you/ });
  await expect(receipt).toHaveAttribute('href', /\/consent\/[A-Za-z0-9_-]{43}$/);
  await receipt.click();

  await expect(page.getByRole('heading', { name: 'Your consent receipt' })).toBeVisible();
  const receiptUrl = page.url();
  await expect(page.getByRole('status')).toContainText('Consent given');
  await expect(page.getByText(`(•••) •••-${phone.slice(-4)}`).first()).toBeVisible();
  await expect(page.getByText('artificial or AI-generated voice')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Stop contacting me' }).click();
  await expect(page.getByRole('heading', { name: 'Stop contacting me?' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Yes, stop contacting me' }).click();
  await expect(page).toHaveURL(receiptUrl);
  await expect(page.getByRole('status')).toContainText('Consent revoked');
  await expect(page.getByRole('button', { name: 'Stop contacting me' })).toHaveCount(0);

  const again = await sendContactForm(page, phone, email);
  await expect(again.getByText(DO_NOT_CONTACT_MESSAGE)).toBeVisible();
  await expect(again.getByRole('checkbox', { name: /want to be contacted again/ })).toBeVisible();
  await expect(again).toBeVisible();
  // The browser reports the refused request itself.
  const refused = pageErrors.filter((error) => /status of 422/.test(error));
  expect(refused).toHaveLength(1);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !/status of 422/.test(error)));
});

test(
  "the policy page's form takes consent back for a number or an address, and answers alike either way",
  {
    tag: '@phone',
  },
  async ({ page, pageErrors }, testInfo) => {
    await page.goto('/consent-policies');
    const form = page.getByRole('form', { name: 'Stop us contacting you' });
    const field = form.getByLabel('Phone number or e-mail address');
    const send = form.getByRole('button', { name: 'Stop contacting me' });
    await field.fill('210 555');
    await send.click();
    await expect(form.getByText('Please enter a 10-digit phone number or an e-mail address')).toBeVisible();
    // The focus goes to the field the message is about, which says it is invalid.
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // An address nobody gave us: the same answer as for one we hold, so the form tells nobody who is known.
    await field.fill(uniqueEmail('revocation', testInfo));
    await send.click();
    await expect(form.getByRole('status')).toHaveText(REVOCATION_RECEIVED_MESSAGE);
    // The browser reports the refused request itself.
    expect(pageErrors.filter((error) => /status of 400/.test(error))).toHaveLength(1);
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !/status of 400/.test(error)));
  },
);

test(
  "the server's answers to the policy page's form, as a browser sends it before its script runs, pass axe in both themes",
  { tag: '@phone' },
  async ({ page, pageErrors }, testInfo) => {
    const form = page.getByRole('form', { name: 'Stop us contacting you' });
    const answers = [
      { value: '210 555', heading: 'Stop us contacting you' },
      { value: uniqueEmail('revocation-axe', testInfo), heading: 'Request received' },
    ];
    for (const { value, heading } of answers) {
      await page.goto('/consent-policies');
      await form.getByLabel('Phone number or e-mail address').fill(value);
      // The browser's own post, which the island's submit handler would otherwise take (axe needs scripts on).
      await form.evaluate((element: HTMLFormElement) => element.submit());
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await axeFindings(page), `${heading}, ${colorScheme}`).toEqual([]);
      }
    }
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !/status of 400/.test(error)));
  },
);

test(
  'a receipt and the page for a broken link keep the theme chosen on the site, against the system',
  {
    tag: '@desktop',
  },
  async ({ page, baseURL }, testInfo) => {
    const answer = await page.request.post('/api/contact', {
      data: {
        firstName: 'Theo',
        lastName: 'Theme',
        phoneNumber: '(210) 234-5673',
        email: uniqueEmail('theme', testInfo),
        companyName: 'Theme Homes',
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    const receipt = new URL((await answer.json()).receiptUrl).pathname;
    // A page of the server's with no script: nothing to hydrate, its style in its head.
    const background = () => page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    const DARK = 'rgb(28, 25, 23)';
    const LIGHT = 'rgb(250, 250, 249)';
    for (const path of [receipt, `${receipt.slice(0, -1)}`]) {
      // No choice: the system's.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(path, { waitUntil: 'commit' });
      expect(await background()).toBe(DARK);
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await background()).toBe(LIGHT);
      // Dark chosen on the site, on a light system, and light on a dark one.
      await themeChosenBefore(page, baseURL, 'dark');
      await page.goto(path, { waitUntil: 'commit' });
      expect(await background()).toBe(DARK);
      await themeChosenBefore(page, baseURL, 'light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(path, { waitUntil: 'commit' });
      expect(await background()).toBe(LIGHT);
      await page.context().clearCookies();
    }
    // A link cut short says what may have happened, and where a visitor can stop us contacting them all the same.
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Consent Policy' }).click();
    await expect(page.getByRole('form', { name: 'Stop us contacting you' })).toBeVisible();
  },
);

test("the policy page's table of what the Site stores: a card a row on a 320 px phone, nothing sideways; a table on the desktop", {
  tag: '@desktop',
}, async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/consent-policies');
  await untilLaidOut(page);
  const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'How long it lasts' }) });
  const theme = table.getByRole('row', { name: /^theme Local storage/ });
  await theme.scrollIntoViewIfNeeded();
  const cells = table.getByRole('cell');
  await expect(cells).toHaveCount(28);
  const type = theme.getByRole('cell', { name: 'Local storage', exact: true });
  const name = theme.getByRole('cell', { name: 'theme', exact: true });
  await expectCards(page, table, cells, { cell: type, label: 'Type', text: 'Local storage', above: name });

  await page.setViewportSize({ width: 1280, height: 800 });
  await expectTable(table, ['Name', 'Type', 'Purpose', 'How long it lasts'], { cell: type, beside: name });
  const boxes = await table
    .getByRole('columnheader')
    .evaluateAll((all) => all.map((header) => header.getBoundingClientRect().width));
  expect(Math.min(...boxes)).toBeGreaterThan(80);
});

test.describe('with scripts turned off', { tag: '@phone' }, () => {
  test.use({ javaScriptEnabled: false });

  test("the policy page's form takes consent back all the same, answered by a page of the server's", async ({
    page,
    pageErrors,
  }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 640 });
    // No hydration to wait for without scripts.
    await page.goto('/consent-policies', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Stop us contacting you' });
    await form.getByLabel('Phone number or e-mail address').fill('210 555');
    await form.getByRole('button', { name: 'Stop contacting me' }).click();

    // Refused: the form again, with what was typed and why, the field focused.
    await expect(page.getByRole('heading', { name: 'Stop us contacting you', level: 1 })).toBeVisible();
    const field = page.getByLabel('Phone number or e-mail address');
    await expect(field).toHaveValue('210 555');
    await expect(field).toBeFocused();
    await expect(field).toHaveAccessibleDescription('Please enter a 10-digit phone number or an e-mail address');
    await expectNoSidewaysScroll(page);
    // The browser reports the refused post itself.
    expect(pageErrors.filter((error) => /status of 400/.test(error))).toHaveLength(1);
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !/status of 400/.test(error)));

    await field.fill(uniqueEmail('revocation-no-script', testInfo));
    await page.getByRole('button', { name: 'Stop contacting me' }).click();
    await expect(page.getByRole('heading', { name: 'Request received' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(REVOCATION_RECEIVED_MESSAGE);
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: 'Back to the Consent Policy' }).click();
    await expect(page).toHaveURL(/\/consent-policies$/);
  });
});
