import type { Request } from 'express';
import type { Clock } from '#shared/clock.ts';
import type { LeadChecks } from '../adapters/lead-checks.ts';
import type { CallEvents } from '../calls/call-events.ts';
import type { Config } from '../config.ts';
import type { LeadStore } from './lead-store.ts';

/** What the lead form routers need; createApp builds it once for both. */
export interface LeadRouteDeps {
  config: Config;
  store: LeadStore;
  checks: LeadChecks;
  clock: Clock;
  callEvents: CallEvents;
  /** Told after commit that a webhook payload is queued, so the outbox worker sends it at once. */
  onLeadQueued: () => void;
}

const USER_AGENT_MAX = 512;

/** Where the consent came from (issue 6 "consent record": IP and user agent). */
export function requestEvidence(req: Request): { ip_address: string | null; user_agent: string | null } {
  return { ip_address: req.ip ?? null, user_agent: req.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null };
}

/**
 * Issue 6 "hidden honeypot field": people never see the `website` field, so any value in it is a bot. Checked
 * before the schema so that the answer does not tell the bot which field gave it away.
 */
export function honeypotFilled(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    'website' in body &&
    body.website !== undefined &&
    body.website !== null &&
    body.website !== ''
  );
}
