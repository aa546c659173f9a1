import { fetchJson, HttpError, isRetryable, sendJson } from '#client/lib/fetch-json.ts';
import { createQuery } from '#client/lib/query-cache.ts';
import { browserClock } from '#client/lib/use-query.ts';
import type { LoginInput, LoginResult, SessionRole, SessionStatus } from '#shared/session-schema.ts';

// The server holds the operator sessions in HttpOnly cookies (docs/product-rules.md#operator-roles); the page only asks
// which roles this browser holds (GET /api/session), signs in (POST) and out (DELETE).

export const SESSION = 'session';

export const sessionQuery = createQuery({
  key: (_: typeof SESSION) => SESSION,
  load: () => fetchJson<SessionStatus>('/api/session'),
  clock: browserClock,
  shouldRetry: isRetryable,
});

function withRoles(change: (roles: SessionRole[]) => SessionRole[]) {
  const roles = sessionQuery.get(SESSION).data?.roles ?? [];
  sessionQuery.setData(SESSION, { roles: change(roles) });
}

export async function signIn(input: LoginInput): Promise<LoginResult> {
  const result = await fetchJson<LoginResult>('/api/session', { method: 'POST', body: JSON.stringify(input) });
  withRoles((roles) => [...roles.filter((role) => role !== result.role), result.role]);
  return result;
}

export async function signOut(role: SessionRole): Promise<void> {
  await sendJson(`/api/session?role=${role}`, { method: 'DELETE' });
  sessionEnded(role);
}

/** The server no longer knows this browser for `role` (signed out, or the session expired). */
export function sessionEnded(role: SessionRole) {
  withRoles((roles) => roles.filter((held) => held !== role));
}

/** True when an operator API refused a request because its session is gone. */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}
