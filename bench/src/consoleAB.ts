/**
 * Two console builds side by side, by the main thread's work as a page loads: a change to the console is
 * judged here when Lighthouse cannot tell (on a shared 2-core machine the same build's score moves by
 * 10–20 points between runs, and its TBT by hundreds of milliseconds). Each build is served by its own
 * server on a fresh seeded data directory; the demo Owner is signed in on both; then every page is loaded
 * in turn from build A and build B, `--runs` times, alternating, so both meet the same moments of the
 * machine. For each page and build: the median and range of the main thread's thread time (CPU ms) and
 * of its blocking time at Lighthouse's 4× CPU from thread time (cpuTBT, as bench/src/lighthouse.ts
 * prints) and from wall time (wallTBT, as Lighthouse's simulation counts it: it also counts a layout that
 * waits on font lookups in the browser process), and B over A. No budget: a measuring tool.
 *
 *   (cd console && npx vite build --outDir /tmp/a)   # then change, and build --outDir /tmp/b
 *   npx tsx bench/src/consoleAB.ts --build /tmp/a --build /tmp/b --page top --page transaction --runs 7
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolvePath } from '@coin/contract';
import { startServerProcess } from '../../server/src/testing/processes';
import { launchChromium, type MainThreadFigures, mainThreadCpu, median, signIn, type TraceEvent } from './consolePages';

const { values: args } = parseArgs({
  options: {
    build: { type: 'string', multiple: true },
    page: { type: 'string', multiple: true },
    runs: { type: 'string', default: '7' },
  },
});
const builds = args.build ?? [];
if (builds.length !== 2) throw new Error('name two console builds: --build <dir A> --build <dir B>');
const paths = (args.page ?? ['top']).map((name) => `/${name.replace(/^\//, '')}`);
const unknown = paths.filter((path) => resolvePath(path).kind !== 'app');
if (unknown.length > 0) throw new Error(`not a signed-in page: ${unknown.join(', ')}`);
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs is a whole number of loads per page and build');

/** One load of a page, traced: the main thread's figures once the network has been quiet. */
async function load(browser: Awaited<ReturnType<typeof launchChromium>>, url: string): Promise<MainThreadFigures> {
  const page = await browser.newPage();
  try {
    // Lighthouse's mobile viewport; no throttling: thread time is what is compared.
    await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 });
    await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(url, { waitUntil: 'networkidle0' });
    const trace = await page.tracing.stop();
    if (!trace) throw new Error(`no trace of ${url}`);
    const { traceEvents } = JSON.parse(Buffer.from(trace).toString('utf8')) as { traceEvents: TraceEvent[] };
    return mainThreadCpu(traceEvents);
  } finally {
    await page.close();
  }
}

const dataDirs = builds.map(() => mkdtempSync(join(tmpdir(), 'coin-ab-')));
const servers: Awaited<ReturnType<typeof startServerProcess>>[] = [];
const browser = await launchChromium();
try {
  for (const [i, build] of builds.entries()) {
    servers.push(
      await startServerProcess(
        { ...process.env, CONSOLE_DIST: build, DATA_DIR: dataDirs[i], LOG_LEVEL: 'warn' },
        { timeoutMs: 600_000 },
      ),
    );
  }
  const origins = servers.map((server) => server.api.replace(/\/api$/, ''));
  for (const origin of origins) await signIn(browser, origin);

  const figures = new Map<string, MainThreadFigures[]>();
  for (let run = 0; run < runs; run++) {
    for (const path of paths) {
      for (const [i, origin] of origins.entries()) {
        const key = `${path} ${i}`;
        figures.set(key, [...(figures.get(key) ?? []), await load(browser, `${origin}${path}`)]);
      }
    }
  }

  const width = Math.max(...paths.map((path) => path.length)) + 1;
  console.log(`A: ${builds[0]}\nB: ${builds[1]}\n`);
  console.log(
    `${'page'.padEnd(width)} build ${'CPU ms'.padStart(7)} ${'range'.padStart(11)} ${'cpuTBT'.padStart(7)} ${'range'.padStart(11)} ${'wallTBT'.padStart(7)} ${'range'.padStart(11)}`,
  );
  for (const path of paths) {
    type Medians = { cpuMs: number; cpuTbtMs: number; wallTbtMs: number };
    const medians: Medians[] = [];
    for (const [i, name] of ['A', 'B'].entries()) {
      const loads = figures.get(`${path} ${i}`) ?? [];
      const cpu = loads.map((figure) => figure.cpuMs);
      const tbt = loads.map((figure) => figure.cpuTbtMs);
      const wallTbt = loads.map((figure) => figure.wallTbtMs);
      medians.push({ cpuMs: median(cpu), cpuTbtMs: median(tbt), wallTbtMs: median(wallTbt) });
      const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
      console.log(
        `${(i === 0 ? path : '').padEnd(width)} ${name.padStart(5)} ${median(cpu).toFixed(0).padStart(7)} ${range(cpu).padStart(11)} ${median(tbt).toFixed(0).padStart(7)} ${range(tbt).padStart(11)} ${median(wallTbt).toFixed(0).padStart(7)} ${range(wallTbt).padStart(11)}`,
      );
    }
    const [a, b] = medians as [Medians, Medians];
    console.log(
      `${''.padEnd(width)} ${'B/A'.padStart(5)} ${(b.cpuMs / a.cpuMs).toFixed(2).padStart(7)} ${''.padStart(11)} ${(b.cpuTbtMs / a.cpuTbtMs).toFixed(2).padStart(7)} ${''.padStart(11)} ${(b.wallTbtMs / a.wallTbtMs).toFixed(2).padStart(7)}`,
    );
  }
  console.log(
    `\nmedian of ${runs} loads per page and build, alternating; CPU ms: the page's main-thread tasks in thread time until the network is quiet; cpuTBT: their blocking time at 4× CPU from thread time; wallTBT: the same from wall time, as Lighthouse's simulation counts it`,
  );
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
