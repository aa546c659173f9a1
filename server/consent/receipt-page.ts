import { site } from '#content/site.ts';
import { CONSENT_POLICY_PATH, CONSENT_RECEIPT_PATH } from '#shared/consent.ts';
import { escapeXml as text } from '#shared/xml.ts';
import type { Receipt } from './consent-store.ts';

// The consent pages rendered on the server with no script (docs/product-rules.md#consent): the receipt's, which
// must read the same on any browser and is nobody's but its holder's, so it never goes through the page cache;
// and the revocation form's answers when a browser posts it itself, its scripts off.

/** `(•••) •••-5309`: enough for the holder to know the number, not enough for anyone else to learn it. */
export function maskPhone(digits: string): string {
  return `(•••) •••-${digits.slice(-4)}`;
}

/** `j•••@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

const WHEN = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const when = (iso: string) => `${WHEN.format(new Date(iso))} UTC`;

const STYLE = `
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#fafaf9}
main{max-width:40rem;margin:0 auto;padding:2rem 1.25rem 3rem}
a{color:#9a3412}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.05rem;margin:1.75rem 0 .5rem}
.brand{font-weight:700;text-decoration:none;color:inherit}
.status{padding:.9rem 1rem;border-radius:.5rem;background:#ecfdf5;border:1px solid #a7f3d0}
.status.revoked{background:#fef2f2;border-color:#fecaca}
blockquote{margin:0;padding:.75rem 1rem;border-left:4px solid #d6d3d1;background:#fff;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
button{font:inherit;font-weight:600;padding:.7rem 1.2rem;border-radius:.5rem;border:0;background:#b91c1c;color:#fff;cursor:pointer;min-height:44px}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{box-sizing:border-box;width:100%;max-width:24rem;min-height:44px;padding:0 .75rem;font:inherit;color:inherit;background:inherit;border:1px solid #78716c;border-radius:.5rem}
input[aria-invalid=true]{border-color:#b91c1c}
.error{margin:.25rem 0 0;color:#b91c1c;font-size:.9rem}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;margin-top:1rem}
@media (prefers-color-scheme:dark){body{background:#1c1917;color:#f5f5f4}a{color:#fdba74}blockquote{background:#292524;border-color:#57534e}.status{background:#064e3b;border-color:#065f46}.status.revoked{background:#7f1d1d;border-color:#991b1b}.error{color:#fca5a5}input[aria-invalid=true]{border-color:#fca5a5}}
`;

function document(title: string, nonce: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<title>${text(title)} | ${text(site.name)}</title>
<style nonce="${text(nonce)}">${STYLE}</style>
</head>
<body>
<main>
<a class="brand" href="/">${text(site.name)}</a>
${body}
</main>
</body>
</html>`;
}

const FORM_NAMES: Record<Receipt['kind'], string> = {
  demo: 'the "Have the AI call me" demo call form',
  contact: 'the contact form',
};

/** The receipt: what was agreed, when, by which form, to which masked number and address, and its state. */
export function receiptPage(receipt: Receipt, token: string, nonce: string): string {
  const path = `${CONSENT_RECEIPT_PATH}/${token}`;
  const status = receipt.revocation
    ? `<p class="status revoked" role="status"><strong>Consent revoked</strong> on ${text(when(receipt.revocation.at))}.
We will not call, text or e-mail ${text(maskPhone(receipt.phone))} or ${text(maskEmail(receipt.email))} again
unless you give consent anew on one of our forms.</p>`
    : `<p class="status" role="status"><strong>Consent given</strong> on ${text(when(receipt.givenAt))}.</p>`;
  const renewal = receipt.renewalText
    ? `<h2>You also confirmed</h2><blockquote>${text(receipt.renewalText)}</blockquote>`
    : '';
  const stop = receipt.revocation
    ? ''
    : `<h2>Changed your mind?</h2>
<p>You can take your consent back at any time. We then stop calling, texting and e-mailing you, and cancel a call
that is scheduled and not yet placed.</p>
<form method="get" action="${text(path)}/stop"><button type="submit">Stop contacting me</button></form>`;
  return document(
    'Your consent receipt',
    nonce,
    `<h1>Your consent receipt</h1>
${status}
<h2>What you agreed to</h2>
<blockquote>${text(receipt.text)}</blockquote>
${renewal}
<h2>Details</h2>
<dl>
<dt>Given</dt><dd>${text(when(receipt.givenAt))}</dd>
<dt>Through</dt><dd>${text(FORM_NAMES[receipt.kind])} (source: ${text(receipt.sourceTag)})</dd>
<dt>Phone</dt><dd>${text(maskPhone(receipt.phone))}</dd>
<dt>E-mail</dt><dd>${text(maskEmail(receipt.email))}</dd>
<dt>Text version</dt><dd>${text(receipt.version)}</dd>
</dl>
${stop}
<p>Keep this link private: it is the only key to this page. See our <a href="${CONSENT_POLICY_PATH}">Consent Policy</a>.</p>`,
  );
}

/** The confirmation the button leads to; only its form revokes. */
export function confirmStopPage(receipt: Receipt, token: string, nonce: string): string {
  const path = `${CONSENT_RECEIPT_PATH}/${token}`;
  return document(
    'Stop contacting me',
    nonce,
    `<h1>Stop contacting me?</h1>
<p>We will no longer call, text or e-mail ${text(maskPhone(receipt.phone))} or ${text(maskEmail(receipt.email))},
and a call scheduled and not yet placed is cancelled. You can give consent again later on any of our forms.</p>
<form method="post" action="${text(path)}/stop" class="actions">
<button type="submit">Yes, stop contacting me</button>
<a href="${text(path)}">No, keep my consent</a>
</form>`,
  );
}

/** One page for every link that opens no receipt: wrong, cut short, or erased. */
export function noReceiptPage(nonce: string): string {
  return document(
    'Page not found',
    nonce,
    `<h1>Page not found</h1>
<p>This page does not exist. <a href="/">Go to the home page</a>.</p>`,
  );
}

const BACK_TO_POLICY = `<p><a href="${CONSENT_POLICY_PATH}">Back to the Consent Policy</a></p>`;

/** The revocation form sent without scripts, and taken: the answer is the same whether or not we knew the subject. */
export function revocationReceivedPage(message: string, nonce: string): string {
  return document(
    'Request received',
    nonce,
    `<h1>Request received</h1>
<p class="status" role="status">${text(message)}</p>
${BACK_TO_POLICY}`,
  );
}

/**
 * The revocation form sent without scripts, and refused: the form again, with what was typed and why, its field
 * focused so that a keyboard or a screen reader lands on the error.
 */
export function revocationFormPage(value: string, error: string, nonce: string): string {
  return document(
    'Stop us contacting you',
    nonce,
    `<h1>Stop us contacting you</h1>
<p>Enter the phone number or e-mail address you gave us. We stop calling, texting and e-mailing it, and cancel a
call scheduled and not yet placed.</p>
<form method="post" action="${CONSENT_POLICY_PATH}" novalidate>
<label for="subject">Phone number or e-mail address</label>
<input id="subject" name="subject" autocomplete="tel" value="${text(value)}" aria-invalid="true" aria-describedby="subject-error" autofocus>
<p class="error" id="subject-error">${text(error)}</p>
<div class="actions"><button type="submit">Stop contacting me</button></div>
</form>
${BACK_TO_POLICY}`,
  );
}

/** The revocation form sent without scripts too often from one address. */
export function revocationLimitedPage(message: string, nonce: string): string {
  return document('Too many requests', nonce, `<h1>Too many requests</h1>\n<p>${text(message)}</p>\n${BACK_TO_POLICY}`);
}
