// The consent the visitor gives, shown by the browser and stored by the server with each lead as lawful evidence of
// consent (docs/product-rules.md#consent). Change a text only together with its version, so that every stored record
// names the exact words the visitor saw. AI voices are "artificial" under the TCPA (FCC 24-17).

export const DEMO_CONSENT_VERSION = 'demo-call-2026-01';
export const CONTACT_CONSENT_VERSION = 'contact-notice-2026-01';
export const CONSENT_POLICY_PATH = '/consent-policies';

/** The demo dialog's checkbox label (unchecked by default); `company` is the product's wordmark. */
export function demoConsentText(company: string): string {
  return (
    `I agree that ${company} may call and text me at the number above, including with automated technology ` +
    'and an artificial or AI-generated voice, to demonstrate its service and follow up with me. Calls may be ' +
    'recorded. Consent is not a condition of purchase. Message and data rates may apply; reply STOP to opt ' +
    `out of texts. See our Consent Policy at ${CONSENT_POLICY_PATH}.`
  );
}

/** The contact modal's notice: submitting the form is the consent. */
export function contactConsentText(company: string): string {
  return (
    `By submitting this form, you agree that ${company} may call you at the number provided, including with ` +
    'automated technology and an artificial or AI-generated voice, and may text or e-mail you about its ' +
    'service. Calls may be recorded. Consent is not a condition of purchase. See our Consent Policy at ' +
    `${CONSENT_POLICY_PATH}.`
  );
}

/** The opt-back-in box, shown only after the server refused a number or address on the do-not-contact list. */
export const OPT_BACK_IN_TEXT =
  'I asked before not to be contacted, and I now want to be contacted again at this number and e-mail address.';

/** Every consent text by its version, as the visitor saw it then: a receipt shows the words of its version. */
export const CONSENT_TEXTS = {
  [DEMO_CONSENT_VERSION]: demoConsentText,
  [CONTACT_CONSENT_VERSION]: contactConsentText,
} satisfies Record<string, (company: string) => string>;

/** Where a receipt lives: `/consent/<token>`, the token being its only key. */
export const CONSENT_RECEIPT_PATH = '/consent';

/**
 * What the revocation form's one field names: a phone number has digits and no `@`, so anything with an `@` is an
 * address. The form's script and its plain post (when scripts are off) read the field alike.
 */
export function revocationSubject(value: string): { phone: string } | { email: string } {
  return value.includes('@') ? { email: value.trim() } : { phone: value };
}
