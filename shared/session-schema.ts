import { z } from 'zod';

// Operator sign-in (docs/product-rules.md#operator-roles): the client dashboard, the analytics page and the lead inbox
// each have a role (docs/decisions/0002-operator-role.md says why the inbox has its own).

export const sessionRoleSchema = z.enum(['client', 'analytics', 'operator'], {
  error: "Role must be 'client', 'analytics' or 'operator'",
});
export type SessionRole = z.infer<typeof sessionRoleSchema>;
export const SESSION_ROLES = sessionRoleSchema.options;

export const loginSchema = z.object({
  role: sessionRoleSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(256, 'Password must be at most 256 characters'),
});
export type LoginInput = z.input<typeof loginSchema>;

/** GET /api/session: the roles this browser holds a live session for. */
export interface SessionStatus {
  roles: SessionRole[];
}

/** POST /api/session success. */
export interface LoginResult {
  role: SessionRole;
  expiresAt: string;
}

/** The message a page shows when the server refuses more sign-in attempts. */
export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
