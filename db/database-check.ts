import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrations as knownMigrations } from '#db/migrations/index.ts';
import { MIGRATION_TABLE, type Migrations, newerSchemaMessage } from './migrator.ts';

/** Tables every Porchlight database has had since its first migration. */
const CORE_TABLES = ['leads', 'consents', 'outbox', 'visits', 'sessions'];

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why SQLite finds the file damaged, or undefined when `PRAGMA integrity_check` says ok. Opened read-only. */
export function integrityProblem(file: string): string | undefined {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    const messages = rows.map((row) => row.integrity_check);
    if (messages.length === 1 && messages[0] === 'ok') return undefined;
    return messages.slice(0, 3).join('; ') || 'no answer';
  } catch (error) {
    return reason(error);
  } finally {
    db?.close();
  }
}

export type BackupCheck = { ok: true; migrations: string[] } | { ok: false; problem: string };

/**
 * Whether `file` can stand in for the live database: intact, a Porchlight database (its migrations table and
 * core tables), and not written by a newer version than this code.
 */
export function checkBackupFile(file: string, migrations: Migrations = knownMigrations): BackupCheck {
  if (!fs.existsSync(file)) return { ok: false, problem: `${file} does not exist` };
  if (!fs.statSync(file).isFile()) return { ok: false, problem: `${file} is not a file` };
  const damaged = integrityProblem(file);
  if (damaged) return { ok: false, problem: `${file} fails the integrity check: ${damaged}` };
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = new Set(
      db
        .prepare<[], { name: string }>("select name from sqlite_master where type = 'table'")
        .all()
        .map((row) => row.name),
    );
    const missing = [MIGRATION_TABLE, ...CORE_TABLES].filter((table) => !tables.has(table));
    if (missing.length) {
      return { ok: false, problem: `${file} is not a Porchlight database (no ${missing.join(', ')} table)` };
    }
    const applied = db
      .prepare<[], { name: string }>(`select name from ${MIGRATION_TABLE} order by name`)
      .all()
      .map((row) => row.name);
    const unknown = applied.filter((name) => !Object.hasOwn(migrations, name));
    if (unknown.length) return { ok: false, problem: newerSchemaMessage(path.basename(file), unknown) };
    return { ok: true, migrations: applied };
  } catch (error) {
    return { ok: false, problem: `${file} cannot be read: ${reason(error)}` };
  } finally {
    db.close();
  }
}
