/**
 * The system Chromium that the browser tests (e2e/playwright.config.ts) and the browser benches
 * (bench/src/consolePages.ts) drive, with the flags this machine's notes ask for: no sandbox (a
 * container), no GPU, and none of the background traffic of a desktop browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
