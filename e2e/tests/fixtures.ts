import { test as base, expect } from '@playwright/test';

export { expect };

/**
 * Every walk also checks that the console runs under the server's Content-Security-Policy: a violation
 * Chromium reports in the console log fails the test that caused it.
 */
export const test = base.extend<{ cspGuard: undefined }>({
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
