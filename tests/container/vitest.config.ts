import path from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run test:container`: the image and compose.yaml built and run on a Docker engine, which
// scripts/ensure-docker.sh and scripts/ensure-base-images.sh prepare. One file at a time: they share the engine
// and the machine's two cores, and each one waits on containers, not on its own code.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    include: ['tests/container/**/*.test.ts'],
    globalSetup: ['tests/container/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 10 * 60_000,
    hookTimeout: 35 * 60_000,
    teardownTimeout: 5 * 60_000,
  },
});
