import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, migrateToLatest } from '#db/database.ts';
import { type AppDeps, createApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createLogger } from '#server/logger.ts';
import { type PageSource, productionPages } from '#server/pages.ts';

let built: Promise<PageSource> | undefined;

/** The production build's pages, loaded once per test file. `npm test` builds before the API tests. */
export function builtPages(): Promise<PageSource> {
  built ??= productionPages();
  return built;
}

type Overrides = Partial<Omit<AppDeps, 'config' | 'db' | 'logger'>>;

/** A whole app over a fresh SQLite file in a temporary folder; call `close()` when done. */
export async function createTestApp(env: Record<string, string> = {}, overrides: Overrides = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const db = createDatabase(config.databaseFile);
  await migrateToLatest(db);
  const pages = overrides.pages ?? (await builtPages());
  const app = createApp({ config, db, logger: createLogger('silent'), ...overrides, pages });
  return {
    app,
    db,
    config,
    async close() {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
