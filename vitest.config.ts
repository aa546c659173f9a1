import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,server,client,db,content}/**/*.test.{ts,tsx}', 'tests/{unit,api}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // API tests each open their own SQLite file; two workers match the machine's two cores.
    maxWorkers: 2,
  },
});
