import { installTestClock } from '@coin/contract/testClock';
import { type Browser, type BrowserContext, test as base, expect } from '@playwright/test';
import { type E2eServer, START_TIMEOUT_MS, startCopyServer, stopCopyServer } from './servers';

export { expect };

/** Non-zero when TEST_CLOCK is set: this worker's Date is moved already (playwright.config.ts). */
const clockOffset = installTestClock();

/**
 * The server of the spec file this worker runs now (servers.ts): started at the file's first walk, on a
 * fresh copy of the seeded data, and stopped when the worker moves to another file or ends. A worker that
 * failed a walk is replaced, and its successor starts a fresh server for the walks after it.
 */
let current: (E2eServer & { file: string }) | undefined;

/** Another browser context (a second user) of the same server, on the test clock like the test's own. */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: current?.baseURL });
  if (clockOffset !== 0) await context.clock.install({ time: Date.now() });
  return context;
}

/**
 * On the test clock, every browser context starts at the worker's (and the server's) time and runs on.
 * Every walk also checks that the console runs under the server's Content-Security-Policy: a violation
 * Chromium reports in the console log fails the test that caused it.
 */
export const test = base.extend<{ cspGuard: undefined; fileServer: E2eServer }, { serverOfWorker: undefined }>({
  serverOfWorker: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(undefined);
      if (current) await stopCopyServer(current);
      current = undefined;
    },
    { scope: 'worker' },
  ],
  fileServer: [
    async ({ serverOfWorker: _ }, use, testInfo) => {
      if (current?.file !== testInfo.file) {
        if (current) await stopCopyServer(current);
        current = undefined;
        current = { ...(await startCopyServer()), file: testInfo.file };
        // support.ts finds the server's port (other hostnames) and data directory (mails, the operator
        // command) here.
        process.env.E2E_PORT = String(current.server.port);
        process.env.E2E_DATA_DIR = current.dataDir;
      }
      await use(current);
    },
    // Starting a server is not the walk's time: a loaded machine may take long to compile PGlite, and the
    // previous file's server may take its shutdown time (SHUTDOWN_TIMEOUT_SECONDS) to stop.
    { timeout: START_TIMEOUT_MS + 60_000 },
  ],
  baseURL: async ({ fileServer }, use) => {
    await use(fileServer.baseURL);
  },
  context: async ({ context }, use) => {
    if (clockOffset !== 0) await context.clock.install({ time: Date.now() });
    await use(context);
  },
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations in the console log').toEqual([]);
    },
    { auto: true },
  ],
});
