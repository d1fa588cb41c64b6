/**
 * Money bench (DESIGN.md §11): the history page of a 1,000,000-entry wallet against its bare SQL, as a
 * ratio, and a 1,000,000-row CSV export's rows per second and server RSS growth, each beside its budget
 * in bench/budgets.json. The server runs in a child process (bench/src/moneyServer.ts) so its memory is
 * its own. PostgreSQL when BENCH_DATABASE_URL is set, else in-memory PGlite.
 * Usage: npm run bench   (or: npx tsx bench/src/money.ts)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { BareRequest } from './moneyServer';

const budgets = JSON.parse(readFileSync(new URL('../budgets.json', import.meta.url), 'utf8')) as {
  historyPageRatio: number;
  csvRssGrowthMB: number;
};
const RUNS = 15;
const LIMIT = 20;
const DAY = 86_400_000;

interface Ready {
  port: number;
  entries: number;
  seedMs: number;
  buildMs: number;
  database: string;
}

const tokyoDay = (offsetDays: number) =>
  new Date(Date.now() + 9 * 3_600_000 + offsetDays * DAY).toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00+09:00`).toISOString();
const addDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

function rssMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;

let server: ChildProcess | undefined;

async function main() {
  const child: ChildProcess = fork(fileURLToPath(new URL('./moneyServer.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  server = child;
  const messages: ((m: Record<string, unknown>) => void)[] = [];
  child.on('message', (m) => messages.shift()?.(m as Record<string, unknown>));
  const next = () => new Promise<Record<string, unknown>>((resolve) => messages.push(resolve));
  child.on('exit', (code) => {
    if (code) {
      console.error(`bench server exited with ${code}`);
      process.exit(1);
    }
  });

  console.log('Money bench: building the database (seed + 1,000,000 entries) …');
  const ready = (await next()).ready as Ready;
  const base = `http://127.0.0.1:${ready.port}/api`;
  console.log(
    `  ${ready.database}: seed ${(ready.seedMs / 1000).toFixed(1)} s, ${ready.entries.toLocaleString('en')} entries in ${(ready.buildMs / 1000).toFixed(1)} s`,
  );

  const signIn = await fetch(`${base}/sessions/merchant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@example.com', password: 'demo-password', platform: 'web' }),
  });
  const authorization = signIn.headers.get('authorization') ?? '';
  if (!authorization) throw new Error(`sign-in failed: ${signIn.status}`);
  const headers = { authorization };

  // History pages: the year of the bulk wallet.
  const start = tokyoDay(-366);
  const end = tokyoDay(0);
  const apiPage = async (walletNo: string, page: number) => {
    const samples: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 2; i++) {
      const t0 = performance.now();
      const response = await fetch(
        `${base}/wallets/${walletNo}/histories?start_date=${start}&end_date=${end}&limit=${LIMIT}&offset=${page}`,
        { headers },
      );
      const body = (await response.json()) as { total: number; items: unknown[] };
      if (i >= 2) samples.push(performance.now() - t0);
      if (response.status !== 200 || body.items.length === 0) throw new Error(`page ${page}: ${response.status}`);
      total = body.total;
    }
    return { ms: median(samples), total };
  };
  const bare = async (walletNo: string, page: number) => {
    const request: BareRequest = {
      walletNo,
      from: dayStart(start),
      to: dayStart(addDay(end)),
      limit: LIMIT,
      page,
      runs: RUNS,
    };
    child.send({ bare: request });
    return (await next()).bare as { plainMs: number; keysetMs: number };
  };

  const { total } = await apiPage('1100000001', 1);
  const lastPage = Math.ceil(total / LIMIT);
  const pages = [...new Set([1, 2, 100, 5_000, Math.floor(lastPage / 2), lastPage - 1, lastPage])].filter(
    (p) => p >= 1 && p <= lastPage,
  );
  console.log(
    `\nHistory page, wallet 1100000001 (${total.toLocaleString('en')} entries in the period), limit ${LIMIT}, median of ${RUNS}`,
  );
  console.log('  page      API ms   bare SQL ms (OFFSET+count)   ratio   keyset floor ms');
  let worst = 0;
  for (const page of pages) {
    const api = await apiPage('1100000001', page);
    const sqlTimes = await bare('1100000001', page);
    const ratio = api.ms / sqlTimes.plainMs;
    worst = Math.max(worst, ratio);
    console.log(
      `  ${String(page).padEnd(8)} ${api.ms.toFixed(2).padStart(7)}   ${sqlTimes.plainMs.toFixed(2).padStart(10)}                 ${ratio.toFixed(2).padStart(5)}   ${sqlTimes.keysetMs.toFixed(2).padStart(7)}`,
    );
  }
  const small = await apiPage('1100000002', 1);
  console.log(`  small wallet 1100000002 (${small.total} entries), page 1: API ${small.ms.toFixed(2)} ms`);
  const ratioOk = worst <= budgets.historyPageRatio;
  console.log(
    `  worst ratio ${worst.toFixed(2)}  budget ≤ ${budgets.historyPageRatio}  ${ratioOk ? 'OK' : 'OVER BUDGET'}`,
  );

  // CSV export of the whole year: about 1,000,000 rows.
  const pid = child.pid ?? 0;
  const rssBefore = rssMB(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMB(pid));
  }, 50);
  const t0 = performance.now();
  const response = await fetch(
    `${base}/merchants/1/downloads/histories?start_date=${start}&end_date=${end}&encoding=cp932`,
    { headers },
  );
  if (!response.ok || !response.body) throw new Error(`download: ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 0x0a) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, rssMB(pid));
  const rows = lines - 1;
  const growth = rssPeak - rssBefore;
  const rssOk = growth < budgets.csvRssGrowthMB;
  console.log(
    `\nCSV export (histories, CP932), ${rows.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`,
  );
  console.log(`  ${Math.round(rows / seconds).toLocaleString('en')} rows/s`);
  console.log(
    `  server RSS ${rssBefore.toFixed(0)} MB → peak ${rssPeak.toFixed(0)} MB: growth ${growth.toFixed(1)} MB  budget < ${budgets.csvRssGrowthMB} MB  ${rssOk ? 'OK' : 'OVER BUDGET'}`,
  );

  child.send({ stop: true });
  await new Promise((resolve) => child.once('exit', resolve));
  if (!ratioOk || !rssOk) process.exitCode = 1;
}

void main().catch((error) => {
  console.error(error);
  server?.kill();
  process.exit(1);
});
