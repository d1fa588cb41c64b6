import { installTestClock } from '@coin/contract/testClock';
import { type Browser, type BrowserContext, test as base, expect } from '@playwright/test';

export { expect };

/** Non-zero when TEST_CLOCK is set: this worker's Date is moved already (playwright.config.ts). */
const clockOffset = installTestClock();

/** Another browser context (a second user), on the test clock like the test's own. */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (clockOffset !== 0) await context.clock.install({ time: Date.now() });
  return context;
}

/**
 * On the test clock, every browser context starts at the worker's (and the server's) time and runs on.
 * Every walk also checks that the console runs under the server's Content-Security-Policy: a violation
 * Chromium reports in the console log fails the test that caused it.
 */
export const test = base.extend<{ cspGuard: undefined }>({
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
