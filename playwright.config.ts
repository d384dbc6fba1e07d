// E2E against `next start` in Debian's Chromium. Run through `npm run test:e2e` (scripts/e2e.ts), which
// starts a throwaway PostgreSQL, migrates and seeds it, and passes DATABASE_URL and E2E_PORT here.
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tools/testing/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // Deadlines for hung work, not speed targets (those are in `npm run bench`): on a loaded two-core machine an
  // expert's submission (pending saves flushed, then one transaction) was seen to take over 10 s.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'] },
  ],
  webServer: {
    // As npm start does (KEEP_ALIVE_TIMEOUT_MS): with Node's 5 s, a request sent on an API client's pooled
    // connection just as the server closed it for idleness was reset (read ECONNRESET).
    command: `node node_modules/next/dist/bin/next start -p ${port} --keepAliveTimeout 65000`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
