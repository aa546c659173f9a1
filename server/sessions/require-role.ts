import type { RequestHandler } from 'express';
import { sendApiError } from '#server/http/api-error.ts';
import type { Clock } from '#shared/clock.ts';
import type { SessionRole } from '#shared/session-schema.ts';
import { sessionIdOf } from './session-cookies.ts';
import type { SessionStore } from './session-store.ts';

/**
 * Lets the request through only with a live session of `role`; otherwise 401 in JSON. What a role may read is
 * never kept by a browser or shared cache, so every answer behind this guard, the refusal too, is `no-store`.
 */
export function requireRole(role: SessionRole, { sessions, clock }: { sessions: SessionStore; clock: Clock }) {
  const guard: RequestHandler = async (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    const id = sessionIdOf(req, role);
    const session = id ? await sessions.find(id, role, clock()) : undefined;
    if (!session) {
      sendApiError(res, 401, 'Please sign in to continue.');
      return;
    }
    next();
  };
  return guard;
}
