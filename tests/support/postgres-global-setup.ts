import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '#db/migrator.ts';
import { createPostgresDatabase } from '#db/postgres.ts';
import { startPostgres } from './postgres-server.ts';
import { TEMPLATE_DATABASE } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set in the PostgreSQL run: the test server's URL without a database name. */
    postgresUrl?: string;
  }
}

/**
 * The `api-postgres` project's server: started once for the run, stopped at its end. The schema is migrated
 * once into a template, which each test app's database is copied from (tests/support/test-database.ts).
 */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  try {
    const admin = new pg.Client(server.url('postgres'));
    await admin.connect();
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const db = createPostgresDatabase(server.url(TEMPLATE_DATABASE));
    await migrateToLatest(db);
    await db.destroy();
  } catch (error) {
    server.stop();
    throw error;
  }
  project.provide('postgresUrl', server.url(''));
  return () => server.stop();
}
