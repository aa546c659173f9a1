import crypto from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import type { SessionRole } from '#shared/session-schema.ts';

export const PASSWORDS = { client: 'client-password-1', analytics: 'analytics-password-1' } satisfies Record<
  SessionRole,
  string
>;

/** Env that sets both role passwords. */
export const SIGN_IN_ENV = {
  CLIENT_DASHBOARD_PASSWORD: PASSWORDS.client,
  ANALYTICS_PASSWORD: PASSWORDS.analytics,
};

/** A supertest agent (keeps cookies) signed in to each of `roles`. */
export async function signedInAgent(app: Express, ...roles: SessionRole[]) {
  const agent = request.agent(app);
  for (const role of roles) {
    const res = await agent.post('/api/session').send({ role, password: PASSWORDS[role] });
    if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status} ${res.text}`);
  }
  return agent;
}

/** The Set-Cookie lines of a response. */
export function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const header = res.headers['set-cookie'];
  return Array.isArray(header) ? header.map(String) : typeof header === 'string' ? [header] : [];
}

/** The session id in a Set-Cookie line or a name=value pair (cookie-parser's form `s:<id>.<signature>`, URL-encoded). */
export function sessionIdIn(setCookie: string): string {
  const pair = setCookie.split(';')[0] ?? '';
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
