import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // `import 'server-only'` marks modules the browser must never get; Next.js resolves it itself (no package),
      // outside Next (tests) it is the same empty module Next uses on the server.
      'server-only': 'next/dist/compiled/server-only/empty.js',
    },
  },
  test: {
    include: ['lib/**/*.test.{ts,tsx}', 'components/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['lib/testing/global-setup.ts'],
    setupFiles: ['lib/testing/setup-file.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more forks only contend.
    maxWorkers: 2,
  },
});
