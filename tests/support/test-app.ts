import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MockAgent } from 'undici';
import { createDatabase, migrateToLatest } from '#db/database.ts';
import { type AppDeps, createApp } from '#server/app.ts';
import { createCallEvents } from '#server/calls/call-events.ts';
import { loadConfig } from '#server/config.ts';
import { createLogger } from '#server/logger.ts';
import { type PageSource, productionPages } from '#server/pages.ts';

let built: Promise<PageSource> | undefined;

/** The production build's pages, loaded once per test file. `npm test` builds before the API tests. */
export function builtPages(): Promise<PageSource> {
  built ??= productionPages();
  return built;
}

type Overrides = Partial<Omit<AppDeps, 'config' | 'db'>>;

/** A whole app over a fresh SQLite file in a temporary folder; call `close()` when done. */
export async function createTestApp(env: Record<string, string> = {}, overrides: Overrides = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-test-'));
  // No pause after a failed sign-in unless a test asks for one.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOGIN_FAILURE_DELAY_MS: '0',
    ...env,
  });
  const db = createDatabase(config.databaseFile);
  await migrateToLatest(db);
  const pages = overrides.pages ?? (await builtPages());
  // No test reaches the network: a third party is faked with a MockAgent passed in, and anything else fails.
  const offline = new MockAgent();
  offline.disableNetConnect();
  const dispatcher = overrides.dispatcher ?? offline;
  const callEvents = overrides.callEvents ?? createCallEvents();
  const app = createApp({ config, db, logger: createLogger('silent'), ...overrides, dispatcher, callEvents, pages });
  return {
    app,
    db,
    config,
    /** Call status changes the app publishes (what Socket.IO rooms would receive). */
    callEvents,
    async close() {
      await offline.close();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
