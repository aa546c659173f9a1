import type { SessionRole } from '#shared/session-schema.ts';
import type { FailureCounter } from './failure-counter.ts';

export interface SignInLimits {
  /** Failed sign-ins to one role from one address in a window; past that, that address is refused the role. */
  perAddress: number;
  /** Failed sign-ins to one role from all addresses together in a window; from then on every attempt waits. */
  perRole: number;
  /** The pause after a first failure; each further one doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** base × 2^(step − 1), at most `max`; nothing before the first step. */
export function backoffDelay(step: number, baseMs: number, maxMs: number): number {
  if (step <= 0) return 0;
  return Math.min(maxMs, baseMs * 2 ** Math.min(step - 1, 30));
}

export type SignInAttempt =
  | { locked: true; retryAfterMs: number }
  | {
      locked: false;
      /** How long to wait before comparing the password: the role is under a guessing attack from many places. */
      waitMs: number;
      /** A wrong password: counts it for the role and returns the pause before answering. */
      failed(now: Date): Promise<number>;
      /** The right password: this address starts again from nothing for the role. */
      succeeded(): Promise<void>;
    };

/**
 * Failed sign-ins counted per role and address: one address that keeps guessing is slowed, then refused that
 * role for the rest of the window, while the same role from any other address, and the other role from the same
 * one, go on as before. Across all addresses a role is only ever slowed, never refused, so nobody can lock
 * the operators out by guessing from many addresses.
 */
export function signInThrottle(counter: FailureCounter, limits: SignInLimits) {
  const roleKey = (role: SessionRole) => `sign-in:${role}`;
  const addressKey = (role: SessionRole, address: string) => `sign-in:${role}:${address}`;
  const delay = (step: number) => backoffDelay(step, limits.baseDelayMs, limits.maxDelayMs);

  return {
    /**
     * Call before comparing the password. The attempt counts as a failure from here until it succeeds, so
     * guesses sent side by side cannot all slip in under the limit, and one given up half-way still counts.
     */
    async admit(role: SessionRole, address: string, now: Date): Promise<SignInAttempt> {
      const own = await counter.add(addressKey(role, address), now);
      if (own.failures > limits.perAddress) {
        return { locked: true, retryAfterMs: own.resetAt.getTime() - now.getTime() };
      }
      const all = await counter.get(roleKey(role), now);
      return {
        locked: false,
        waitMs: delay((all?.failures ?? 0) - limits.perRole + 1),
        async failed(at) {
          await counter.add(roleKey(role), at);
          return delay(own.failures);
        },
        async succeeded() {
          await counter.reset(addressKey(role, address));
        },
      };
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;
