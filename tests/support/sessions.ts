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
