import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['lib/**/*.test.{ts,tsx}', 'tools/**/*.test.{ts,tsx}', 'components/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['tools/testing/global-setup.ts'],
    setupFiles: ['tools/testing/setup-file.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more forks only contend.
    maxWorkers: 2,
  },
});
