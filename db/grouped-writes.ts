import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

export interface GroupedWritesOptions {
  /** A failure the group is written again for, up to `attempts` times in all (a race another writer won). */
  retryable?: (error: unknown) => boolean;
  attempts?: number;
}

/**
 * Writes asked for in the same turn of the event loop go to the database in one transaction, and each caller's
 * promise settles once that transaction is committed. A burst of small writes (the lines of many live calls) then
 * costs one commit, not one each: on SQLite a commit is most of a one-row insert's cost. If the group fails, each
 * write is tried again on its own, so one write's fault never fails the others.
 */
export function groupedWrites<Item, Result>(
  db: Kysely<Database>,
  write: (trx: Transaction<Database>, item: Item) => Promise<Result>,
  { retryable = () => false, attempts = 1 }: GroupedWritesOptions = {},
): (item: Item) => Promise<Result> {
  type Waiting = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];

  async function commit(items: Item[]): Promise<Result[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(async (trx) => {
          const results: Result[] = [];
          for (const item of items) results.push(await write(trx, item));
          return results;
        });
      } catch (error) {
        if (attempt >= attempts || !retryable(error)) throw error;
      }
    }
  }

  async function flush() {
    const group = waiting;
    waiting = [];
    try {
      const results = await commit(group.map((each) => each.item));
      for (const [index, each] of group.entries()) each.resolve(results[index] as Result);
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      await Promise.all(
        group.map((each) => commit([each.item]).then(([result]) => each.resolve(result as Result), each.reject)),
      );
    }
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      // After the I/O callbacks of this turn: every request that arrived with this one has queued its write too.
      if (waiting.push({ item, resolve, reject }) === 1) setImmediate(flush);
    });
}
