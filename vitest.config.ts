import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests run outside a Next.js request: the signed-in user comes from runAsUser and revalidation is recorded.
    alias: [
      { find: /^@\/lib\/auth\/request-user$/, replacement: path.resolve(import.meta.dirname, 'tools/testing/request-user.ts') },
      // Tests are server code: the marker that keeps server modules out of the browser bundle allows them.
      { find: /^server-only$/, replacement: path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js') },
      { find: /^next\/cache$/, replacement: path.resolve(import.meta.dirname, 'tools/testing/next-cache.ts') },
      { find: /^@\//, replacement: `${path.resolve(import.meta.dirname)}/` },
    ],
  },
  test: {
    include: ['lib/**/*.test.{ts,tsx}', 'tools/**/*.test.{ts,tsx}', 'components/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['tools/testing/global-setup.ts'],
    setupFiles: ['tools/testing/setup-file.ts'],
    environment: 'node',
    // Deadlines for a hung test, not performance targets: a loaded two-core machine runs the same tests slower.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Two cores: more forks only contend.
    maxWorkers: 2,
  },
});
