import type { Kysely } from 'kysely';
import { columnTypes } from '#db/dialect.ts';

// What ties a visit to a person (docs/product-rules.md#privacy-requests): the random id their browser keeps and
// sends with each visit and each lead form, never the address, which an office or a carrier shares among many.
// Rows stored before carry none and belong to nobody.
export async function up(db: Kysely<unknown>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema.alterTable('visits').addColumn('visitor_id', text).execute();
  await db.schema.alterTable('leads').addColumn('visitor_id', text).execute();
  // A privacy request reads a person's visits by it.
  await db.schema.createIndex('visits_visitor_id').on('visits').column('visitor_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('visits_visitor_id').execute();
  await db.schema.alterTable('leads').dropColumn('visitor_id').execute();
  await db.schema.alterTable('visits').dropColumn('visitor_id').execute();
}
