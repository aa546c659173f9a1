import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DB } from '#db/database.ts';
import { MIGRATION_TABLE } from '#db/migrator.ts';

// Migrations the migrator tests apply on top of the real history, on either engine.

/** The migrations the database has recorded, by name. */
export async function recorded(db: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(
    db,
  );
  return rows.map((row) => row.name);
}

/** Creates a table, adds a column to leads, fills it, then fails: a migration with a bug in its last step. */
export const failsMidway: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('lead_tags')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .execute();
    await db.schema.alterTable('leads').addColumn('score', 'integer').execute();
    await sql`update leads set score = 1`.execute(db);
    await sql`select * from a_table_that_does_not_exist`.execute(db);
  },
};

/** A harmless next migration. */
export const addsNotes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('lead_notes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .execute();
  },
};
