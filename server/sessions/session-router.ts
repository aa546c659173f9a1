import express from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Config } from '#server/config.ts';
import { sendApiError } from '#server/http/api-error.ts';
import { toFieldErrors } from '#shared/api-error.ts';
import type { Clock } from '#shared/clock.ts';
import {
  type LoginResult,
  loginSchema,
  SESSION_ROLES,
  type SessionRole,
  type SessionStatus,
  sessionRoleSchema,
  TOO_MANY_SIGN_INS,
} from '#shared/session-schema.ts';
import type { FailureCounter } from './failure-counter.ts';
import { passwordMatches } from './passwords.ts';
import { clearSessionCookie, sessionIdOf, setSessionCookie } from './session-cookies.ts';
import type { SessionStore } from './session-store.ts';
import { signInThrottle } from './sign-in-throttle.ts';

interface SessionDeps {
  config: Config;
  sessions: SessionStore;
  clock: Clock;
  /** Where failed sign-ins are counted, in windows of SIGN_IN_WINDOW_MS. */
  failures: FailureCounter;
  /** Waits out the pauses that slow guessing. */
  sleep: (ms: number) => Promise<void>;
}

const ROLE_NAMES: Record<SessionRole, { page: string; variable: string }> = {
  client: { page: 'the client dashboard', variable: 'CLIENT_DASHBOARD_PASSWORD' },
  analytics: { page: 'visitor analytics', variable: 'ANALYTICS_PASSWORD' },
  operator: { page: 'the lead inbox', variable: 'OPERATOR_PASSWORD' },
};

function passwordFor(config: Config, role: SessionRole): string | undefined {
  switch (role) {
    case 'client':
      return config.secrets.clientDashboardPassword;
    case 'analytics':
      return config.secrets.analyticsPassword;
    case 'operator':
      return config.secrets.operatorPassword;
  }
}

/** POST, GET and DELETE /api/session: operator sign-in, status and sign-out (docs/product-rules.md#operator-roles). */
export function sessionRouter({ config, sessions, clock, failures, sleep }: SessionDeps) {
  const router = express.Router();
  const ttlMs = config.sessions.ttlHours * 3_600_000;
  const throttle = signInThrottle(failures, {
    perAddress: config.sessions.loginAttemptsPer15Min,
    perRole: config.sessions.loginRoleFailuresPer15Min,
    baseDelayMs: config.sessions.loginFailureDelayMs,
    maxDelayMs: config.sessions.loginFailureMaxDelayMs,
  });
  const pause = async (ms: number) => {
    if (ms > 0) await sleep(ms);
  };

  router.post('/', async (req, res) => {
    const parsed = loginSchema.safeParse(req.body);
    if (!parsed.success) {
      sendApiError(res, 400, toFieldErrors(parsed.error));
      return;
    }
    const { role, password } = parsed.data;
    const expected = passwordFor(config, role);
    if (!expected) {
      sendApiError(
        res,
        503,
        `Sign-in to ${ROLE_NAMES[role].page} is not set up on this server (${ROLE_NAMES[role].variable}).`,
      );
      return;
    }
    // req.ip follows TRUST_PROXY; IPv6 clients count per /56, as in every other limit here.
    const attempt = await throttle.admit(role, ipKeyGenerator(req.ip ?? 'unknown'), clock());
    if (attempt.locked) {
      res.set('Retry-After', String(Math.ceil(attempt.retryAfterMs / 1000)));
      sendApiError(res, 429, TOO_MANY_SIGN_INS);
      return;
    }
    await pause(attempt.waitMs);
    if (!passwordMatches(password, expected)) {
      await pause(await attempt.failed(clock()));
      sendApiError(res, 401, 'Incorrect password. Please try again.');
      return;
    }
    await attempt.succeeded();
    const now = clock();
    // Rotation: the session this browser held for the role (if any) ends; a fresh id replaces it.
    const previous = sessionIdOf(req, role);
    if (previous) await sessions.remove(previous);
    await sessions.pruneExpired(now);
    const session = await sessions.create(role, new Date(now.getTime() + ttlMs));
    setSessionCookie(res, role, session.id, ttlMs);
    res.json({ role, expiresAt: session.expiresAt.toISOString() } satisfies LoginResult);
  });

  router.get('/', async (req, res) => {
    const now = clock();
    const roles: SessionRole[] = [];
    for (const role of SESSION_ROLES) {
      const id = sessionIdOf(req, role);
      if (id && (await sessions.find(id, role, now))) roles.push(role);
    }
    res.set('Cache-Control', 'no-store').json({ roles } satisfies SessionStatus);
  });

  // `?role=client` signs out of one role; without it, out of every role this browser holds.
  router.delete('/', async (req, res) => {
    const requested = req.query.role;
    let roles: readonly SessionRole[] = SESSION_ROLES;
    if (requested !== undefined) {
      const parsed = sessionRoleSchema.safeParse(requested);
      if (!parsed.success) {
        sendApiError(res, 400, "Role must be 'client', 'analytics' or 'operator'.");
        return;
      }
      roles = [parsed.data];
    }
    for (const role of roles) {
      const id = sessionIdOf(req, role);
      if (id) await sessions.remove(id);
      clearSessionCookie(res, role);
    }
    res.status(204).end();
  });

  return router;
}
