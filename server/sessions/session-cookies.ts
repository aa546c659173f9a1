import type { CookieOptions, Request, Response } from 'express';
import type { SessionRole } from '#shared/session-schema.ts';

// One signed cookie per role, so the client dashboard and analytics sign in and out independently and each
// cookie names exactly one row of the sessions table. The `__Host-` prefix makes browsers keep it only when
// Secure, with Path=/ and no Domain: neither a sibling subdomain nor a plain-http page can plant or replace it.
export function sessionCookieName(role: SessionRole): string {
  return `__Host-porchlight_session_${role}`;
}

// Always Secure, which the prefix demands: browsers keep Secure cookies from http://localhost too, so a local
// production build still signs in; any other plain-http address cannot. Strict: never sent on a request that
// another site starts, links included (the operator pages ask for the session from their own scripts).
const COOKIE_OPTIONS: CookieOptions = { httpOnly: true, sameSite: 'strict', secure: true, path: '/' };

/** The session id from this role's cookie when its signature holds; cookie-parser gives false otherwise. */
export function sessionIdOf(req: Request, role: SessionRole): string | undefined {
  const signed: unknown = req.signedCookies;
  if (typeof signed !== 'object' || signed === null) return undefined;
  const value: unknown = Reflect.get(signed, sessionCookieName(role));
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function setSessionCookie(res: Response, role: SessionRole, id: string, maxAgeMs: number) {
  res.cookie(sessionCookieName(role), id, { ...COOKIE_OPTIONS, signed: true, maxAge: maxAgeMs });
}

/** The same attributes as when set, or browsers keep the cookie; an empty value needs no signature. */
export function clearSessionCookie(res: Response, role: SessionRole) {
  res.clearCookie(sessionCookieName(role), COOKIE_OPTIONS);
}
