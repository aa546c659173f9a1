import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MockAgent } from 'undici';
import { loadConfig } from '#server/config.ts';
import { createServer, type ServerOverrides } from '#server/create-server.ts';
import { createLogger } from '#server/logger.ts';
import { type PageSource, productionPages } from '#server/pages/page-source.ts';
import { createTestDatabase, testPostgresUrl } from './test-database.ts';

let built: Promise<PageSource> | undefined;

/**
 * The production build's pages, loaded once per test file, for the tests that render pages or serve the
 * build's files: they pass `{ pages: await builtPages() }` to createTestApp. Needs `npm run build` (`npm test`
 * builds before the API tests); without a build it throws saying so.
 */
export function builtPages(): Promise<PageSource> {
  built ??= productionPages();
  return built;
}

const NO_PAGES =
  'This test app renders no pages: a test that asks for a page passes `{ pages: await builtPages() }` to ' +
  'createTestApp (it needs `npm run build`)';

/**
 * What a test app serves when its test renders no page, so that API tests run without a build: the API answers
 * as usual, and a request that reaches the pages fails the test saying how to give it pages.
 */
function noPages(): PageSource {
  const refuse = async (): Promise<never> => {
    // tests/setup.ts fails the test on console.error, with this line, whatever the response was.
    console.error(NO_PAGES);
    throw new Error(NO_PAGES);
  };
  return {
    assets: (_req, _res, next) => next(),
    render: refuse,
    serverModule: refuse,
    scriptsFor: () => ({ modules: [], preloads: [] }),
    close: async () => {},
  };
}

/**
 * The whole server (createServer, as server/index.ts builds it) over a fresh SQLite file in a temporary folder,
 * or, in the PostgreSQL run (`api-postgres`), over a fresh PostgreSQL database of its own.
 * Tests drive `app` through supertest; `start()` listens on a free loopback port and starts the workers, as
 * the real server does. Call `close()` when done.
 */
export async function createTestApp(env: Record<string, string> = {}, overrides: ServerOverrides = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-test-'));
  const postgres = testPostgresUrl();
  const database = postgres && !overrides.db && !env.DATABASE_URL ? await createTestDatabase(postgres) : undefined;
  // No pause after a failed sign-in unless a test asks for one.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    LOGIN_FAILURE_DELAY_MS: '0',
    // Production refuses a shared database without a shared session secret (server/config.ts).
    ...(database
      ? {
          DATABASE_URL: database.url,
          SESSION_SECRET: 'a-session-secret-shared-by-test-instances',
          DO_NOT_CONTACT_KEY: 'a-do-not-contact-key-shared-by-test-instances',
        }
      : {}),
    ...env,
  });
  // No test reaches the network: a third party is faked with a MockAgent passed in, and anything else fails.
  const offline = new MockAgent();
  offline.disableNetConnect();
  const server = await createServer(config, {
    logger: createLogger('silent'),
    ...overrides,
    dispatcher: overrides.dispatcher ?? offline,
    pages: overrides.pages ?? noPages(),
  });
  return {
    app: server.app,
    db: server.db,
    config,
    server,
    /** Call status changes the app publishes (what Socket.IO rooms receive). */
    callEvents: server.callEvents,
    /** Listens on a free loopback port and starts the workers; resolves with the server's base URL. */
    async start() {
      return `http://127.0.0.1:${await server.start()}`;
    },
    async close() {
      await server.stop();
      database?.release();
      await offline.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * What makes another test app a second instance on `first`'s database, as N instances share one PostgreSQL
 * database: its DATABASE_URL in the PostgreSQL run; in the SQLite one, its open database (one file has one
 * server, so both instances write through one connection).
 */
export function sameDatabaseAs(first: TestApp): { env: Record<string, string>; overrides: ServerOverrides } {
  const url = first.config.databaseUrl;
  // The same do-not-contact key too: an instance with another refuses to start (server/consent/shared-key.ts).
  const key = first.config.secrets.doNotContactKey;
  return url
    ? { env: { DATABASE_URL: url, ...(key ? { DO_NOT_CONTACT_KEY: key } : {}) }, overrides: {} }
    : { env: {}, overrides: { db: first.db } };
}
