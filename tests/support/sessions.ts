import crypto from 'node:crypto';
import type { RequestListener } from 'node:http';
import request from 'supertest';
import type { SessionRole } from '#shared/session-schema.ts';

export const PASSWORDS = {
  client: 'client-password-1',
  analytics: 'analytics-password-1',
  operator: 'operator-password-1',
} satisfies Record<SessionRole, string>;

/** Env that sets every role's password. */
export const SIGN_IN_ENV = {
  CLIENT_DASHBOARD_PASSWORD: PASSWORDS.client,
  ANALYTICS_PASSWORD: PASSWORDS.analytics,
  OPERATOR_PASSWORD: PASSWORDS.operator,
};

/** The Set-Cookie lines of a response. */
export function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const header = res.headers['set-cookie'];
  return Array.isArray(header) ? header.map(String) : typeof header === 'string' ? [header] : [];
}

/** The `name=value` pair of a Set-Cookie line, as a browser sends it back. */
export function cookiePair(setCookie: string): string {
  return setCookie.split(';')[0] ?? '';
}

/** A Set-Cookie line that deletes its cookie: empty, or expired at the epoch as Express's clearCookie does. */
function deletes(setCookie: string): boolean {
  const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
  if (pair.endsWith('=')) return true;
  return attributes.some((attribute) => {
    const [name = '', value = ''] = attribute.split('=');
    if (/^max-age$/i.test(name)) return Number(value) <= 0;
    return /^expires$/i.test(name) && Date.parse(value) <= 0;
  });
}

/**
 * A browser's cookie jar over supertest. supertest's own agent never sends a Secure cookie over plain http,
 * while browsers do send them to http://localhost; the session cookies are always Secure, so this one keeps
 * what the server sets and sends it back on every request.
 */
export function cookieBrowser(app: RequestListener) {
  const jar = new Map<string, string>();
  const send = (method: 'get' | 'post' | 'delete', url: string) => {
    const test = request(app)[method](url);
    if (jar.size > 0) test.set('Cookie', [...jar.values()].join('; '));
    test.on('response', (res: { headers: Record<string, unknown> }) => {
      for (const line of setCookies(res)) {
        const pair = cookiePair(line);
        const name = pair.slice(0, pair.indexOf('='));
        if (deletes(line)) jar.delete(name);
        else jar.set(name, pair);
      }
    });
    return test;
  };
  return {
    get: (url: string) => send('get', url),
    post: (url: string) => send('post', url),
    delete: (url: string) => send('delete', url),
  };
}
export type CookieBrowser = ReturnType<typeof cookieBrowser>;

/** A browser (see cookieBrowser) signed in to each of `roles`. */
export async function signedInAgent(app: RequestListener, ...roles: SessionRole[]): Promise<CookieBrowser> {
  const browser = cookieBrowser(app);
  for (const role of roles) {
    const res = await browser.post('/api/session').send({ role, password: PASSWORDS[role] });
    if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status} ${res.text}`);
  }
  return browser;
}

/** The session id in a Set-Cookie line or a name=value pair (cookie-parser's form `s:<id>.<signature>`, URL-encoded). */
export function sessionIdIn(setCookie: string): string {
  const pair = cookiePair(setCookie);
  const value = decodeURIComponent(pair.slice(pair.indexOf('=') + 1));
  const id = /^s:([\w-]+)\./.exec(value)?.[1];
  if (!id) throw new Error(`not a signed session cookie: ${setCookie}`);
  return id;
}

/** A cookie value signed as cookie-parser expects, for a test that holds the secret (as a stolen copy would). */
export function signedCookieValue(value: string, secret: string): string {
  const signature = crypto.createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '');
  return encodeURIComponent(`s:${value}.${signature}`);
}
