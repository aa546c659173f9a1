import type { APIRequestContext } from '@playwright/test';
import { signedHeaders } from '#server/hooks/signing.ts';
import type { LeadVolume } from '#shared/operator-api.ts';
import type { SessionRole } from '#shared/session-schema.ts';
import config from '../../playwright.config.ts';

/** The environment the config gives the test server: the passwords and secrets the tests use. */
export function serverEnv(): Record<string, string> {
  const server = Array.isArray(config.webServer) ? config.webServer[0] : config.webServer;
  return { ...server?.env };
}

function required(name: string): string {
  const value = serverEnv()[name];
  if (!value) throw new Error(`playwright.config.ts gives the server no ${name}`);
  return value;
}

const PASSWORD_VARIABLES = {
  client: 'CLIENT_DASHBOARD_PASSWORD',
  analytics: 'ANALYTICS_PASSWORD',
  operator: 'OPERATOR_PASSWORD',
} as const satisfies Record<SessionRole, string>;

export const passwordFor = (role: SessionRole) => required(PASSWORD_VARIABLES[role]);

/** Signs `request` (its own cookie jar, not the page's) in as `role`. */
export async function signInApi(request: APIRequestContext, role: SessionRole) {
  const response = await request.post('/api/session', { data: { role, password: passwordFor(role) } });
  if (!response.ok()) throw new Error(`sign-in as ${role} failed: ${response.status()}`);
}

/** The lead volume as the server counts it now; its `updatedAt` is the server's clock, fixed or not. */
export async function leadVolumeApi(request: APIRequestContext): Promise<LeadVolume> {
  await signInApi(request, 'client');
  const response = await request.get('/api/dashboard/lead-volume');
  if (!response.ok()) throw new Error(`lead volume: ${response.status()}`);
  return response.json();
}

/** Reports leads through the signed hook, as the automation does, stamped with the server's own time. */
export async function reportLeads(request: APIRequestContext, externalIds: string[]) {
  const now = new Date((await leadVolumeApi(request)).updatedAt);
  const body = JSON.stringify(externalIds.map((externalId) => ({ externalId, receivedAt: now.toISOString() })));
  const response = await request.post('/api/hooks/leads', {
    headers: signedHeaders(required('HOOK_SECRET'), { method: 'POST', path: '/api/hooks/leads', body }, now),
    data: body,
  });
  if (!response.ok()) throw new Error(`lead hook: ${response.status()} ${await response.text()}`);
}

/** Removes the console errors the browser logs for answers a test provokes on purpose (a 401, a 429). */
export function acceptFailedLoads(pageErrors: string[], status: number) {
  for (let i = pageErrors.length - 1; i >= 0; i--) {
    if (pageErrors[i]?.includes(`status of ${status}`)) pageErrors.splice(i, 1);
  }
}
