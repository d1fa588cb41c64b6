/**
 * What the browser benches share (lighthouse.ts, consoleAB.ts): the system Chromium, the demo Owner's
 * sign-in, the main thread's figures from a trace, and the median.
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../server/src/testing/chromium';

/** The system Chromium, headless, started as this machine's notes ask. */
export const launchChromium = (): Promise<Browser> =>
  puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });

/** Signs the demo Owner in, kept signed in: the session lives in localStorage, shared with later pages. */
export async function signIn(browser: Browser, origin: string): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${origin}/login`);
  await page.waitForSelector('input[name="email"]');
  await page.type('input[name="email"]', 'owner@example.com');
  await page.type('input[type="password"]', 'demo-password');
  await page.click('input[type="checkbox"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.pathname === '/top');
  await page.close();
}

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadFigures {
  /** The page's main-thread tasks in thread time, ms. */
  cpuMs: number;
  /** Σ max(0, 4 × a task's thread time − 50 ms): blocking time at Lighthouse's 4× CPU, whatever else runs. */
  cpuTbtMs: number;
  /** Their wall time over thread time (1.0 on an idle machine). */
  wallOverCpu: number;
  /**
   * Σ max(0, 4 × a task's wall time − 50 ms): blocking time as Lighthouse's simulation counts it (from
   * wall time), so it also counts what the thread waited for (another core, a synchronous call to the
   * browser process such as a font lookup); noisier than cpuTbtMs, compared over many loads.
   */
  wallTbtMs: number;
}

/**
 * Main-thread figures from a trace that other processes on the machine do not inflate: a task's thread
 * time (`tdur`) counts only while the thread ran, where its wall time (`dur`, what TBT and the score use)
 * also counts the time it waited for a core. On a busy shared machine the score moves with the load;
 * these move with the page.
 */
export function mainThreadCpu(events: TraceEvent[]): MainThreadFigures {
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const tasksByThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name !== 'RunTask' || event.ph !== 'X' || !mains.has(thread)) continue;
    tasksByThread.set(thread, [...(tasksByThread.get(thread) ?? []), event]);
  }
  // The page's renderer is the one that worked most (others are blank or extension frames).
  const busiest = (tasks: TraceEvent[]) => tasks.reduce((total, task) => total + (task.tdur ?? 0), 0);
  const tasks = [...tasksByThread.values()].sort((a, b) => busiest(b) - busiest(a))[0] ?? [];
  const cpuMs = busiest(tasks) / 1000;
  const wallMs = tasks.reduce((total, task) => total + (task.dur ?? 0), 0) / 1000;
  const cpuTbtMs = tasks.reduce((total, task) => total + Math.max(0, (4 * (task.tdur ?? 0)) / 1000 - 50), 0);
  const wallTbtMs = tasks.reduce((total, task) => total + Math.max(0, (4 * (task.dur ?? 0)) / 1000 - 50), 0);
  return { cpuMs, cpuTbtMs, wallOverCpu: cpuMs > 0 ? wallMs / cpuMs : Number.NaN, wallTbtMs };
}

/** The median of the values that are numbers (a run may fail to see a figure). */
export const median = (values: number[]): number => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
