import request from 'supertest';
import type { MockAgent } from 'undici';
import { vi } from 'vitest';
import { recordCallEvents } from './leads.ts';
import { manualClock } from './manual-clock.ts';
import { createTestApp } from './test-app.ts';

// The lead forms' API as a browser meets it: a whole app over a fresh database, posts from a given address
// and user agent, and the rows a lead leaves behind.

export const LEAD_TABLES = ['leads', 'consents', 'call_notifications', 'outbox', 'phone_cooldowns'] as const;
export type LeadTable = (typeof LEAD_TABLES)[number];
export type LeadPath = '/api/demo-calls' | '/api/contact';

export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36';
export const CLIENT_IP = '203.0.113.7';
/** 2026-03-02 is before US DST: San Antonio (210, America/Chicago) is UTC-6, so this is noon there. */
export const NOON_IN_TEXAS = '2026-03-02T18:00:00.000Z';

interface LeadAppOptions {
  env?: Record<string, string>;
  /** The clock's start; noon in Texas unless told. */
  at?: string;
  /** The third-party checks, faked; without them the offline checks run. */
  thirdParties?: MockAgent;
}

const open: { close(): Promise<void> }[] = [];

/** Closes every app `leadApi` opened: `afterEach(closeLeadApis)`. */
export async function closeLeadApis(): Promise<void> {
  for (const item of open.splice(0)) await item.close();
}

export async function leadApi(path: LeadPath, { env = {}, at = NOON_IN_TEXAS, thirdParties }: LeadAppOptions = {}) {
  const time = manualClock(at);
  const queued = vi.fn();
  const ctx = await createTestApp(
    { TRUST_PROXY: 'loopback', ...env },
    { clock: time.clock, onLeadQueued: queued, ...(thirdParties ? { dispatcher: thirdParties } : {}) },
  );
  open.push(ctx);
  if (thirdParties) open.push({ close: () => thirdParties.close() });
  const { db } = ctx;
  const count = async (table: LeadTable) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    ...ctx,
    time,
    /** The outbox worker's wake-up, called once per lead after commit. */
    queued,
    /** Call status events published, as a call's room would hear them. */
    events: recordCallEvents(ctx.callEvents),
    /** Posts the form from a browser at `ip`; a string body is sent as it is. */
    post: (body: string | object, ip = CLIENT_IP) =>
      request(ctx.app).post(path).set('X-Forwarded-For', ip).set('User-Agent', BROWSER).send(body),
    count,
    /** How many rows each lead table holds. */
    async counts(): Promise<Partial<Record<LeadTable, number>>> {
      const counts: Partial<Record<LeadTable, number>> = {};
      for (const table of LEAD_TABLES) counts[table] = await count(table);
      return counts;
    },
    /** The one row a single lead leaves in each table; fails when there is none. */
    stored: {
      lead: () => db.selectFrom('leads').selectAll().executeTakeFirstOrThrow(),
      consent: () => db.selectFrom('consents').selectAll().executeTakeFirstOrThrow(),
      call: () => db.selectFrom('call_notifications').selectAll().executeTakeFirstOrThrow(),
      outbox: () => db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow(),
    },
  };
}

export type LeadApi = Awaited<ReturnType<typeof leadApi>>;
