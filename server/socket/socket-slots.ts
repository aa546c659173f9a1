import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '#db/database.ts';
import type { Logger } from '#server/logger.ts';
import type { Clock } from '#shared/clock.ts';

/**
 * Concurrent Socket.IO connections per client address: in this process's memory, or with several instances on
 * one PostgreSQL database, in a table they share.
 */
export interface SocketSlots {
  /**
   * Takes one of `address`'s slots, or gives undefined when it already holds all of them. The function returned
   * gives the slot back; calling it again does nothing.
   */
  take(address: string): Promise<(() => void) | undefined>;
  /** Stops the upkeep of a shared table (PostgreSQL); memory slots have none. */
  stop?(): Promise<void>;
}

export function memorySocketSlots(perAddress: number): SocketSlots & { held(address: string): number } {
  const counts = new Map<string, number>();
  return {
    async take(address) {
      const held = counts.get(address) ?? 0;
      if (held >= perAddress) return undefined;
      counts.set(address, held + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (counts.get(address) ?? 1) - 1;
        // Addresses without a connection are forgotten, so the map stays as small as what is open.
        if (left > 0) counts.set(address, left);
        else counts.delete(address);
      };
    },
    held: (address) => counts.get(address) ?? 0,
  };
}

/** How often an instance marks its connections as still open. */
export const SLOT_RENEW_MS = 20_000;
/** A connection not renewed for this long belongs to an instance that died: it no longer counts. */
export const SLOT_STALE_MS = 3 * SLOT_RENEW_MS;

/**
 * PostgreSQL's socket_slots table: one row per open connection, so every instance on the database counts the
 * same connections per address. A take serialises on its address (a transaction-scoped advisory lock), clears
 * that address's stale rows, counts and inserts; giving a slot back deletes its row. The rows of an instance
 * that dies without giving them back stop counting after SLOT_STALE_MS, since a running instance renews its
 * own every SLOT_RENEW_MS.
 */
export function postgresSocketSlots(
  db: DB,
  { perAddress, clock, logger }: { perAddress: number; clock: Clock; logger: Logger },
): SocketSlots & { stop(): Promise<void> } {
  const instance = crypto.randomUUID();
  const log = logger.child({ subsystem: 'socket-slots' });
  const staleBefore = () => new Date(clock().getTime() - SLOT_STALE_MS).toISOString();

  // Slots given back while the database could not be reached: deleted at the next renewal, not renewed meanwhile.
  const unreleased = new Set<string>();
  const release = async (ids: string[]) => {
    await sql`delete from socket_slots where id in (${sql.join(ids)})`.execute(db);
    for (const id of ids) unreleased.delete(id);
  };
  const renew = async () => {
    try {
      if (unreleased.size) await release([...unreleased]);
      await sql`update socket_slots set renewed_at = ${clock().toISOString()} where instance = ${instance}`.execute(db);
    } catch (error) {
      log.warn({ err: error }, 'could not renew the socket slots');
    }
  };
  const timer = setInterval(renew, SLOT_RENEW_MS);
  timer.unref();

  return {
    async take(address) {
      const id = crypto.randomUUID();
      const taken = await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`porchlight:socket-slots:${address}`}))`.execute(trx);
        await sql`delete from socket_slots where address = ${address} and renewed_at < ${staleBefore()}`.execute(trx);
        const { rows } = await sql<{ held: number }>`
          select count(*)::int as held from socket_slots where address = ${address}`.execute(trx);
        if (Number(rows[0]?.held ?? 0) >= perAddress) return false;
        await sql`
          insert into socket_slots (id, address, instance, renewed_at)
          values (${id}, ${address}, ${instance}, ${clock().toISOString()})`.execute(trx);
        return true;
      });
      if (!taken) return undefined;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        unreleased.add(id);
        release([id]).catch((error: unknown) => log.warn({ err: error }, 'could not give a socket slot back yet'));
      };
    },
    async stop() {
      clearInterval(timer);
      // This instance's connections are closed by now; nothing of it should count any more.
      await sql`delete from socket_slots where instance = ${instance}`.execute(db).catch(() => undefined);
    },
  };
}
