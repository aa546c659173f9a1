import { sql, type Transaction } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { createDatabase, type DB } from './database.ts';
import { groupedWrites } from './grouped-writes.ts';
import type { Database } from './schema.ts';

const open: DB[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

async function notesDatabase(): Promise<DB> {
  const db = createDatabase(':memory:');
  open.push(db);
  await sql`create table notes (id integer primary key, text text not null check (text <> 'refused'))`.execute(db);
  return db;
}

async function notes(db: DB): Promise<string[]> {
  const { rows } = await sql<{ text: string }>`select text from notes order by id`.execute(db);
  return rows.map((row) => row.text);
}

const insert = async (trx: Transaction<Database>, text: string) => {
  const { rows } = await sql<{ id: number }>`insert into notes (text) values (${text}) returning id`.execute(trx);
  return rows[0]?.id;
};

test('writes asked for together share one transaction, and each caller gets its own result once it is committed', async () => {
  const db = await notesDatabase();
  const transactions: Transaction<Database>[] = [];
  const write = groupedWrites(db, async (trx, text: string) => {
    transactions.push(trx);
    return insert(trx, text);
  });

  const ids = await Promise.all(['a', 'b', 'c'].map(write));
  expect(ids).toEqual([1, 2, 3]);
  expect(new Set(transactions).size).toBe(1);
  expect(await notes(db)).toEqual(['a', 'b', 'c']);

  // Asked for later, in a turn of its own: a transaction of its own.
  await write('d');
  expect(new Set(transactions).size).toBe(2);
});

test('a write that fails fails only its own caller: the others in its group are stored', async () => {
  const db = await notesDatabase();
  const write = groupedWrites(db, insert);

  const results = await Promise.allSettled(['a', 'refused', 'c'].map(write));
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(await notes(db)).toEqual(['a', 'c']);
});

test('a group refused for a reason worth retrying is written again, without writing anything twice', async () => {
  const db = await notesDatabase();
  let refusals = 1;
  const write = groupedWrites(
    db,
    async (trx, text: string) => {
      const id = await insert(trx, text);
      if (text === 'b' && refusals-- > 0) throw new Error('lost a race');
      return id;
    },
    { retryable: (error) => error instanceof Error && error.message === 'lost a race', attempts: 3 },
  );

  expect(await Promise.all(['a', 'b'].map(write))).toEqual([1, 2]);
  expect(await notes(db)).toEqual(['a', 'b']);
});
