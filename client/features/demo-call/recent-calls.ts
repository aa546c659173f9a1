import { SAME_NUMBER_EVERY_MS } from '#shared/same-number-rule.ts';

// The numbers this browser had a demo call accepted for, so the 6-hour rule can be told at once instead of by
// a refused request (docs/decisions/0003-handled-refusals.md). The server keeps the rule either way; this only
// spares the visitor a round trip the server would refuse. Numbers are kept as hashes, never as typed.

const STORAGE_KEY = 'demo_calls_asked';

/** Hash of a number → until when (epoch ms) the server would refuse it again. */
export type RecentCalls = Record<string, number>;

/** True while a call for `key` was accepted less than 6 hours before `now`. */
export function isCoolingDown(calls: RecentCalls, key: string, now: number): boolean {
  const until = calls[key];
  return until !== undefined && until > now;
}

/** The record with a call accepted at `now`, and without the entries whose 6 hours are over. */
export function withCall(calls: RecentCalls, key: string, now: number): RecentCalls {
  const kept = Object.entries(calls).filter(([, until]) => until > now);
  return Object.fromEntries([...kept, [key, now + SAME_NUMBER_EVERY_MS]]);
}

function read(): RecentCalls {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry) => typeof entry[1] === 'number'));
  } catch {
    return {};
  }
}

async function keyOf(phoneDigits: string): Promise<string | undefined> {
  // crypto.subtle exists only on secure pages (https, localhost); elsewhere nothing is remembered.
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`porchlight:${phoneDigits}`));
  return [...new Uint8Array(digest).slice(0, 12)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether this browser had a call for this 10-digit number accepted in the last 6 hours. */
export async function askedRecently(phoneDigits: string): Promise<boolean> {
  const key = await keyOf(phoneDigits);
  return key !== undefined && isCoolingDown(read(), key, Date.now());
}

/** Remembers that the server accepted a call (now or scheduled) for this 10-digit number. */
export async function rememberCall(phoneDigits: string): Promise<void> {
  const key = await keyOf(phoneDigits);
  if (!key) return;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(withCall(read(), key, Date.now())));
  } catch {}
}
