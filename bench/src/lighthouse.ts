/**
 * Lighthouse with its mobile profile (DESIGN.md §11): /login signed out, /top and /transaction signed in,
 * each the median of three runs, against `bench/budgets.json`. The server runs the built console on a
 * fresh seeded data directory; Chromium is the system's (CHROMIUM_PATH, /usr/bin/chromium).
 *
 *   npm run build && npx tsx bench/src/lighthouse.ts
 *   LH_DETAILS=1 LH_RUNS=1 LH_PAGES=top npx tsx bench/src/lighthouse.ts   (where the time goes, one page)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startServerProcess } from '../../server/src/testing/processes';

interface PageBudget {
  performance: number;
  accessibility: number;
}
const budgets = JSON.parse(readFileSync(new URL('../budgets.json', import.meta.url), 'utf8')) as {
  lighthouse: Record<string, PageBudget>;
};

const RUNS = Number(process.env.LH_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ALL_PAGES: { name: string; path: string; signedIn: boolean }[] = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'top', path: '/top', signedIn: true },
  { name: 'transaction', path: '/transaction', signedIn: true },
];
/** LH_PAGES=top,transaction measures only those (when looking into one page); the bench measures all. */
const only = process.env.LH_PAGES?.split(',');
const PAGES = only ? ALL_PAGES.filter((page) => only.includes(page.name)) : ALL_PAGES;

interface Run {
  /** Audits of the accessibility category that did not pass (ids), to see what to fix. */
  failedA11y: string[];
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function signIn(browser: Browser, origin: string): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${origin}/login`);
  await page.waitForSelector('input[name="email"]');
  await page.type('input[name="email"]', 'owner@example.com');
  await page.type('input[type="password"]', 'demo-password');
  // Kept signed in: the session lives in localStorage, shared with the pages Lighthouse opens.
  await page.click('input[type="checkbox"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.pathname === '/top');
  await page.close();
}

async function measure(browser: Browser, url: string): Promise<Run> {
  const page = await browser.newPage();
  try {
    // The default configuration is Lighthouse's mobile profile (emulated phone, simulated 4G and CPU).
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        disableStorageReset: true,
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    if (process.env.LH_DETAILS) {
      for (const id of failedA11y) {
        const items =
          (lhr.audits[id]?.details as { items?: { node?: { snippet?: string; explanation?: string } }[] })?.items ?? [];
        for (const item of items.slice(0, 8))
          console.log(`  ${id}: ${item.node?.snippet} — ${item.node?.explanation?.split('\n')[1] ?? ''}`);
      }
      // Where the main thread's time goes: per script, per kind of work, and the long tasks.
      const items = (id: string) => (lhr.audits[id]?.details as { items?: Record<string, unknown>[] })?.items ?? [];
      const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
      const short = (value: unknown) => String(value).replace(/^https?:\/\/[^/]+/, '');
      for (const item of items('bootup-time').slice(0, 6))
        console.log(
          `  bootup: ${short(item.url)} scripting ${ms(item.scripting)}, parse ${ms(item.scriptParseCompile)}`,
        );
      console.log(
        `  main thread: ${items('mainthread-work-breakdown')
          .slice(0, 6)
          .map((item) => `${item.groupLabel} ${ms(item.duration)}`)
          .join(', ')}`,
      );
      const lcpElement = items('largest-contentful-paint-element')[0] as
        | { items?: { node?: { snippet?: string } }[] }
        | undefined;
      console.log(`  LCP element: ${lcpElement?.items?.[0]?.node?.snippet ?? '?'}`);
      const cls = lhr.audits['cumulative-layout-shift'];
      console.log(
        `  CLS ${cls?.numericValue?.toFixed(3)} (score ${cls?.score}), FCP ${Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0)} ms, SI ${Math.round(lhr.audits['speed-index']?.numericValue ?? 0)} ms`,
      );
      for (const item of items('layout-shifts').slice(0, 4))
        console.log(
          `  layout shift ${Number(item.score).toFixed(3)}: ${(item.node as { snippet?: string; nodeLabel?: string } | undefined)?.nodeLabel?.slice(0, 120) ?? ''} ${(item.node as { snippet?: string } | undefined)?.snippet?.slice(0, 120) ?? '?'}`,
        );
      for (const item of items('long-tasks').slice(0, 6))
        console.log(`  long task: ${short(item.url)} at ${ms(item.startTime)} for ${ms(item.duration)}`);
    }
    return {
      failedA11y,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    };
  } finally {
    await page.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'coin-lighthouse-'));
const server = await startServerProcess({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const origin = server.api.replace(/\/api$/, '');
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
let failed = 0;
try {
  console.log(
    `${'page'.padEnd(12)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'best'.padStart(5)} ${'LCP ms'.padStart(8)} ${'TBT ms'.padStart(8)}  budget`,
  );
  let signedIn = false;
  for (const target of PAGES) {
    if (target.signedIn && !signedIn) {
      await signIn(browser, origin);
      signedIn = true;
    }
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, `${origin}${target.path}`));
    const m = (key: Exclude<keyof Run, 'failedA11y'>) => median(runs.map((run) => run[key]));
    const budget = budgets.lighthouse[target.name];
    const ok = budget ? m('performance') >= budget.performance && m('accessibility') >= budget.accessibility : true;
    if (!ok) failed += 1;
    console.log(
      `${target.name.padEnd(12)} ${String(m('performance')).padStart(5)} ${String(m('accessibility')).padStart(5)} ${String(m('bestPractices')).padStart(5)} ${m('lcpMs').toFixed(0).padStart(8)} ${m('tbtMs').toFixed(0).padStart(8)}  ${budget ? `perf ≥ ${budget.performance}, a11y ≥ ${budget.accessibility}: ${ok ? 'ok' : 'BELOW'}` : ''}`,
    );
    const failingAudits = [...new Set(runs.flatMap((run) => run.failedA11y))];
    if (failingAudits.length > 0)
      console.log(`${''.padEnd(12)} accessibility audits failing: ${failingAudits.join(', ')}`);
  }
  console.log(`\nmedian of ${RUNS} runs each, Lighthouse mobile profile`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed > 0) {
  console.error(`${failed} page(s) below their Lighthouse budget`);
  process.exitCode = 1;
}
