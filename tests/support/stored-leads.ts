import Database from 'better-sqlite3';
import { loadConfig } from '#server/config.ts';
import { serverEnv } from '#tests/e2e/operator-support.ts';

export interface StoredLead {
  kind: string;
  email: string;
  phone: string;
  source_tag: string;
  calendar_link: string | null;
}

/**
 * The leads the browser-test server stored for `email`, newest first. Its database is opened read-only, by the
 * file name the server's own config gives it, and closed again at once.
 */
export function storedLeads(email: string): StoredLead[] {
  const { databaseFile } = loadConfig(serverEnv());
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[string], StoredLead>(
        'select kind, email, phone, source_tag, calendar_link from leads where email = ? order by created_at desc, rowid desc',
      )
      .all(email);
  } finally {
    db.close();
  }
}

/** An e-mail address no other test, project or repetition uses, so its lead rows are this test's alone. */
export function uniqueEmail(label: string, testInfo: { project: { name: string }; repeatEachIndex: number }) {
  return `jane.${label}.${testInfo.project.name}.${testInfo.repeatEachIndex}@example.com`;
}
