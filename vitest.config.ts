import { defineConfig } from 'vitest/config';

// Two projects: pure logic runs fast and must stay fast; API tests start servers, open SQLite files and
// spawn processes, so on a machine busy with other work they get room to finish instead of flaking.
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
          include: ['{shared,client,content}/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['{server,db}/**/*.test.{ts,tsx}', 'tests/api/**/*.test.{ts,tsx}'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
