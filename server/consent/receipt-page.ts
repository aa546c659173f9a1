import { site } from '#content/site.ts';
import { CONSENT_POLICY_PATH, CONSENT_RECEIPT_PATH } from '#shared/consent.ts';
import type { StoredTheme } from '#shared/theme-cookie.ts';
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

// The site's palette for these pages, light and dark: dark follows the system unless the visitor chose a theme on
// the site (its cookie, shared/theme-cookie.ts), as the site's own pages do.
const LIGHT =
  '--bg:#fafaf9;--fg:#1c1917;--link:#9a3412;--quote:#fff;--quote-edge:#d6d3d1;--ok:#ecfdf5;--ok-edge:#a7f3d0;--no:#fef2f2;--no-edge:#fecaca;--error:#b91c1c;color-scheme:light';
const DARK =
  '--bg:#1c1917;--fg:#f5f5f4;--link:#fdba74;--quote:#292524;--quote-edge:#57534e;--ok:#064e3b;--ok-edge:#065f46;--no:#7f1d1d;--no-edge:#991b1b;--error:#fca5a5;color-scheme:dark';

const STYLE = `
:root{${LIGHT}}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${DARK}}}
:root[data-theme=dark]{${DARK}}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:40rem;margin:0 auto;padding:2rem 1.25rem 3rem}
a{color:var(--link)}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.05rem;margin:1.75rem 0 .5rem}
.brand{font-weight:700;text-decoration:none;color:inherit}
.status{padding:.9rem 1rem;border-radius:.5rem;background:var(--ok);border:1px solid var(--ok-edge)}
.status.revoked{background:var(--no);border-color:var(--no-edge)}
blockquote{margin:0;padding:.75rem 1rem;border-left:4px solid var(--quote-edge);background:var(--quote);overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
button{font:inherit;font-weight:600;padding:.7rem 1.2rem;border-radius:.5rem;border:0;background:#b91c1c;color:#fff;cursor:pointer;min-height:44px}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{box-sizing:border-box;width:100%;max-width:24rem;min-height:44px;padding:0 .75rem;font:inherit;color:inherit;background:inherit;border:1px solid #78716c;border-radius:.5rem}
input[aria-invalid=true]{border-color:var(--error)}
.error{margin:.25rem 0 0;color:var(--error);font-size:.9rem}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;margin-top:1rem}
`;

/** What every page here is sent with: the response's nonce, and the theme the visitor chose on the site, if any. */
export interface PageFrame {
  nonce: string;
  theme?: StoredTheme;
}

function document(title: string, { nonce, theme }: PageFrame, body: string): string {
  return `<!doctype html>
<html lang="en"${theme ? ` data-theme="${theme}"` : ''}>
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
export function receiptPage(receipt: Receipt, token: string, frame: PageFrame): string {
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
    frame,
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
export function confirmStopPage(receipt: Receipt, token: string, frame: PageFrame): string {
  const path = `${CONSENT_RECEIPT_PATH}/${token}`;
  return document(
    'Stop contacting me',
    frame,
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
export function noReceiptPage(frame: PageFrame): string {
  return document(
    'Page not found',
    frame,
    `<h1>Page not found</h1>
<p>This page does not exist. If you followed the link of a consent receipt, it may have been cut short or changed on
the way: copy it again whole from where you were given it.</p>
<p>To stop us calling, texting or e-mailing you, the form on our <a href="${CONSENT_POLICY_PATH}">Consent Policy</a>
page needs only your phone number or e-mail address.</p>
<p><a href="/">Go to the home page</a>.</p>`,
  );
}

const BACK_TO_POLICY = `<p><a href="${CONSENT_POLICY_PATH}">Back to the Consent Policy</a></p>`;

/** The revocation form sent without scripts, and taken: the answer is the same whether or not we knew the subject. */
export function revocationReceivedPage(message: string, frame: PageFrame): string {
  return document(
    'Request received',
    frame,
    `<h1>Request received</h1>
<p class="status" role="status">${text(message)}</p>
${BACK_TO_POLICY}`,
  );
}

/**
 * The revocation form sent without scripts, and refused: the form again, with what was typed and why, its field
 * focused so that a keyboard or a screen reader lands on the error.
 */
export function revocationFormPage(value: string, error: string, frame: PageFrame): string {
  return document(
    'Stop us contacting you',
    frame,
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
export function revocationLimitedPage(message: string, frame: PageFrame): string {
  return document('Too many requests', frame, `<h1>Too many requests</h1>\n<p>${text(message)}</p>\n${BACK_TO_POLICY}`);
}
