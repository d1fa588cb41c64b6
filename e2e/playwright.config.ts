import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installTestClock } from '@coin/contract/testClock';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/src/testing/chromium';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 4317);
// The config is evaluated again in every worker; the first evaluation picks the data directory.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'coin-e2e-'));
// TEST_CLOCK=<ISO date-time> runs the walks as if it were then: anchored at the first evaluation, the same
// clock reaches the workers, the server (and its demo seed) and the admin command through the environment,
// and the browser through Playwright's clock (tests/fixtures.ts).
installTestClock();

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  // A test's whole time; CI's machine has run the e2e suite at a load of 14 on 2 cores, where a sign-in
  // walk took 20 s. Each step still waits at most the expect timeout.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The real server serving the built console, on a fresh seeded embedded database.
    command: 'node --enable-source-maps server/dist/server.mjs',
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '::',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // Every test signs in from the same address; the per-address limit is tested in the server's tests.
      RATE_LIMIT_MAX: '100000',
    },
  },
});
