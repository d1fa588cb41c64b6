import { installTestClock } from '@coin/contract/testClock';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../server/src/testing/chromium';

// TEST_CLOCK=<ISO date-time> runs the walks as if it were then: anchored at the config's first evaluation,
// the same clock reaches the workers, the servers (and the demo seed) and the admin command through the
// environment, and the browser through Playwright's clock (tests/fixtures.ts).
installTestClock();

/** How long one step may wait for what the user sees; E2E_EXPECT_TIMEOUT_MS overrides. */
const expectTimeout = Number(process.env.E2E_EXPECT_TIMEOUT_MS ?? 30_000);

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  // A spec file's walks run in order in one worker, against the file's own server (tests/fixtures.ts);
  // the files run side by side.
  fullyParallel: false,
  forbidOnly: true,
  // Two spec files at a time (E2E_WORKERS overrides): a third made the run no shorter on 2 cores.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Seeds the data every file's server starts from (tests/servers.ts), after `npm run build`.
  globalSetup: './globalSetup.ts',
  // A walk's whole time, sized for the suite getting a third of a 2-core machine (issue 44). Each step
  // still waits at most the expect timeout.
  timeout: 120_000,
  expect: { timeout: expectTimeout },
  reporter: [['list']],
  use: {
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    actionTimeout: expectTimeout,
    navigationTimeout: expectTimeout * 2,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
