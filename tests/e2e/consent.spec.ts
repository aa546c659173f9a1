import type { Page } from '@playwright/test';
import { DO_NOT_CONTACT_MESSAGE, REVOCATION_RECEIVED_MESSAGE } from '#shared/messages.ts';
import { uniqueEmail } from '#tests/support/stored-leads.ts';
import { expect, test } from './fixtures.ts';

// Consent a visitor can see and take back (docs/product-rules.md#consent), at a phone's 390 px and on the
// desktop: the contact form's receipt, revoking it there, and the form refusing the number afterwards.

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
    await expect(form.getByText(/they are off in this browser/)).toBeHidden();
    const field = form.getByLabel('Phone number or e-mail address');
    const send = form.getByRole('button', { name: 'Stop contacting me' });
    await field.fill('210 555');
    await send.click();
    await expect(form.getByText('Please enter a 10-digit phone number or an e-mail address')).toBeVisible();
    // An address nobody gave us: the same answer as for one we hold, so the form tells nobody who is known.
    await field.fill(uniqueEmail('revocation', testInfo));
    await send.click();
    await expect(form.getByRole('status')).toHaveText(REVOCATION_RECEIVED_MESSAGE);
    // The browser reports the refused request itself.
    expect(pageErrors.filter((error) => /status of 400/.test(error))).toHaveLength(1);
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !/status of 400/.test(error)));
  },
);

test.describe('with scripts turned off', { tag: '@phone' }, () => {
  test.use({ javaScriptEnabled: false });

  test("the policy page's form says how else consent is taken back", async ({ page }) => {
    // No hydration to wait for without scripts.
    await page.goto('/consent-policies', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Stop us contacting you' });
    await expect(
      form.getByText("This form sends once this page's scripts run, and they are off in this browser."),
    ).toBeVisible();
    await expect(form.getByRole('link', { name: 'hello@porchlight.ai' })).toHaveAttribute(
      'href',
      'mailto:hello@porchlight.ai',
    );
    await expect(form.getByRole('link', { name: '(210) 555-0142' })).toHaveAttribute('href', 'tel:+12105550142');
  });
});
