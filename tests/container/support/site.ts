import http from 'node:http';

// The site as a browser and an operator meet it from outside the container: lead forms posted with the site's
// Origin, the operator's sign-in, the lead inbox and its export.

/** SITE_URL's default in the image (HOST 0.0.0.0, PORT 3000): the origin the API takes state changes from. */
export const IMAGE_ORIGIN = 'http://localhost:3000';
export const OPERATOR_PASSWORD = 'container-operator-password';
/** Lead forms and the API answer more than a visitor's share here: every request comes from the engine's gateway. */
export const HIGH_LIMITS = { DEMO_RATE_LIMIT_PER_HOUR: '100000', API_RATE_LIMIT_PER_MINUTE: '100000' };

const TIMEOUT_MS = 20_000;

export type LeadForm = 'demo-call' | 'contact';

/** A lead with its own e-mail address and phone number (the 6-hour rule is per number), `n` < 10,000. */
export function lead(form: LeadForm, tag: string, n: number, phone = `210867${String(n).padStart(4, '0')}`) {
  const email = `${tag}-${n}@example.com`;
  const body =
    form === 'demo-call'
      ? { fullName: 'Jane Doe', phone, email, consent: true }
      : { firstName: 'Jane', lastName: 'Doe', phoneNumber: phone, companyName: 'Doe Realty', email };
  return { path: form === 'demo-call' ? '/api/demo-calls' : '/api/contact', email, body: JSON.stringify(body) };
}

/** Posts a lead form as the site's page does; answers the status and body, or 0 when no answer came. */
export async function postLead(
  url: string,
  { path, body }: { path: string; body: string },
  origin = IMAGE_ORIGIN,
): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : { text } };
  } catch {
    return { status: 0, body: {} };
  }
}

/** Signs in as operator and answers the Cookie header the browser would send back. */
export async function signInAsOperator(url: string, origin = IMAGE_ORIGIN): Promise<string> {
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ role: 'operator', password: OPERATOR_PASSWORD }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (res.status !== 200) throw new Error(`operator sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** The e-mail addresses of the first page of the lead inbox (GET /api/leads), newest first. */
export async function inboxEmails(url: string, cookie: string): Promise<string[]> {
  const res = await fetch(`${url}/api/leads?limit=100`, {
    headers: { cookie },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (res.status !== 200) throw new Error(`the lead inbox answered ${res.status}`);
  const page: { leads: { email: string }[] } = await res.json();
  return page.leads.map((row) => row.email);
}

/** Every lead's e-mail address, from the inbox's CSV export, once per lead. */
export async function exportedEmails(url: string, cookie: string): Promise<string[]> {
  const res = await fetch(`${url}/api/leads/export.csv`, {
    headers: { cookie },
    signal: AbortSignal.timeout(60_000),
  });
  if (res.status !== 200) throw new Error(`the lead export answered ${res.status}`);
  return [...(await res.text()).matchAll(/[\w.+-]+@example\.com/g)].map((match) => match[0]);
}

/** GET answering its status, or 0 when the server did not answer. */
export async function status(url: string, timeoutMs = 5_000): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * A lead form whose body is still arriving: the headers and half the body are sent now, the rest when `finish()`
 * is called, which answers the response's status (0 when the connection was cut).
 */
export function slowLead(url: string, { path, body }: { path: string; body: string }) {
  const target = new URL(path, url);
  let settle: (status: number) => void = () => {};
  const answered = new Promise<number>((resolve) => {
    settle = resolve;
  });
  const req = http.request(target, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      origin: IMAGE_ORIGIN,
    },
    timeout: 60_000,
  });
  req.on('response', (res) => {
    res.resume();
    res.on('end', () => settle(res.statusCode ?? 0));
  });
  req.on('error', () => settle(0));
  req.on('timeout', () => req.destroy());
  const half = Math.floor(body.length / 2);
  const started = new Promise<void>((resolve) => req.write(body.slice(0, half), () => resolve()));
  return {
    started,
    finish(): Promise<number> {
      req.end(body.slice(half));
      return answered;
    },
  };
}
