import { defineConfig } from 'vitest/config';

const apiTests = ['{server,db}/**/*.test.{ts,tsx}', 'tests/api/**/*.test.{ts,tsx}'];

// The API tests that are about SQLite's own files run on SQLite only: `kill -9` against the SQLite file and
// reading it afterwards (durability and fault tolerance), and server processes started on a DATA_DIR. So do those
// about pages that read no database: their markup, the page cache and the development server.
const sqliteOnly = [
  'tests/api/durability.test.ts',
  'tests/api/fault-tolerance.test.ts',
  'tests/api/startup.test.ts',
  'tests/api/html-validity.test.ts',
  'tests/api/page-cache.test.ts',
  'tests/api/development.test.ts',
];
// The API tests run on PostgreSQL too, and the PostgreSQL migrator's own; the rest of db/ and server/ is
// about SQLite files or pure logic, or builds its own SQLite database.
const postgresTests = ['tests/api/**/*.test.{ts,tsx}', 'db/postgres-migrator.test.ts'];
// Tests that must load a library afresh (to watch what it reads as it loads) run where every file has its own
// module graph.
const freshModules = ['server/leads/checks/phone-time-zones.test.ts'];

// Three projects: pure logic runs fast and must stay fast; API tests start servers, open databases and spawn
// processes, so on a machine busy with other work they get room to finish instead of flaking. They run twice:
// on SQLite (the default) and on a real PostgreSQL server started for the run (tests/support/postgres-server.ts).
// The API tests share each worker's modules from file to file (`isolate: false`): importing the server afresh
// for every file was a fifth of their time. Each file still builds its own app, database and clock, and a test
// that changes a global restores it.
export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // Two workers match the machine's two cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{shared,client,content}/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', ...freshModules],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: apiTests,
          exclude: freshModules,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: postgresTests,
          exclude: sqliteOnly,
          isolate: false,
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          // Every statement is a round trip to another process: more room on a busy machine, and the fuzzing
          // (whose cases are about the HTTP layer, the same on both engines) runs fewer cases.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          env: { FUZZ_RUNS: '100' },
        },
      },
    ],
  },
});
