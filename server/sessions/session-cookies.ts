import type { CookieOptions, Request, Response } from 'express';
import type { SessionRole } from '#shared/session-schema.ts';

// One signed cookie per role, so the client dashboard and analytics sign in and out independently and each
// cookie names exactly one row of the sessions table.
export function sessionCookieName(role: SessionRole): string {
  return `porchlight_session_${role}`;
}

export function sessionCookieOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/' };
}

/** The session id from this role's cookie when its signature holds; cookie-parser gives false otherwise. */
export function sessionIdOf(req: Request, role: SessionRole): string | undefined {
  const signed: unknown = req.signedCookies;
  if (typeof signed !== 'object' || signed === null) return undefined;
  const value: unknown = Reflect.get(signed, sessionCookieName(role));
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function setSessionCookie(res: Response, role: SessionRole, id: string, maxAgeMs: number, secure: boolean) {
  res.cookie(sessionCookieName(role), id, { ...sessionCookieOptions(secure), signed: true, maxAge: maxAgeMs });
}

/** The same attributes as when set, or browsers keep the cookie; an empty value needs no signature. */
export function clearSessionCookie(res: Response, role: SessionRole, secure: boolean) {
  res.clearCookie(sessionCookieName(role), sessionCookieOptions(secure));
}
