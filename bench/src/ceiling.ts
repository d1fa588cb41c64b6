/**
 * Embedded-database ceiling bench (issue 28): the server's resident memory against the size of one
 * wallet's history (10,000, 100,000 and 1,000,000 entries by default), on the embedded database as a
 * deployment runs it (PGlite with its files in DATA_DIR/pglite) and on PostgreSQL. For each size a
 * database is built (demo seed + the bulk wallet), then the real server process is started on it and
 * measured: how long it takes to answer /readyz (PGlite analyzes the whole database at each start), RSS
 * once ready, the peak while paging that wallet's history, and the peak while exporting its
 * year as CSV. It also says whether the server warned at start-up that the embedded database is near
 * its ceiling (EMBEDDED_WARN_ENTRIES).
 * Usage: npm run bench:ceiling [-- --sizes 10000,100000 --databases pglite,postgresql]
 *   PostgreSQL needs BENCH_DATABASE_URL (a database with a unique name is created there and dropped).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tokyoDayFrom } from '@coin/contract';
import { sql } from 'kysely';
import { openDatabase } from '../../server/src/db/connection';
import { migrateToLatest } from '../../server/src/db/migrate';
import { seedDemo } from '../../server/src/seed';
import { insertBulkHistory } from '../../server/src/testing/bulk';
import { freePort } from '../../server/src/testing/processes';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const BIG = '1100000001';
const DAY = 86_400_000;
const LIMIT = 20;

type Kind = 'pglite' | 'postgresql';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    databases: { type: 'string' },
  },
});
const sizes = (values.sizes ?? '').split(',').map(Number).filter(Number.isSafeInteger);
const postgresUrl = process.env.BENCH_DATABASE_URL || null;
/** CEILING_SERVER_FLAGS: Node/V8 flags of the server process (e.g. `--liftoff-only`). */
const serverFlags = (process.env.CEILING_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
const kinds = (values.databases ?? `pglite${postgresUrl ? ',postgresql' : ''}`).split(',') as Kind[];

function rssOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

function urlOf(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A database of the demo seed plus `size` entries in BIG's year; what the server needs to open it. */
async function build(kind: Kind, size: number, dataDir: string) {
  const started = performance.now();
  let env: Record<string, string> = {};
  let drop = async () => {};
  let db: ReturnType<typeof openDatabase>;
  if (kind === 'postgresql') {
    const base = postgresUrl as string;
    const name = `coin_ceiling_${randomBytes(5).toString('hex')}`;
    const admin = openDatabase({ databaseUrl: base, maxConnections: 1 });
    await sql`create database ${sql.id(name)}`.execute(admin);
    await admin.destroy();
    env = { DATABASE_URL: urlOf(base, name) };
    drop = async () => {
      const dropper = openDatabase({ databaseUrl: base, maxConnections: 1 });
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(dropper);
      await dropper.destroy();
    };
    db = openDatabase({ databaseUrl: env.DATABASE_URL as string, maxConnections: 2 });
  } else {
    db = openDatabase({ databaseUrl: null, pgliteDir: join(dataDir, 'pglite') });
  }
  await migrateToLatest(db);
  await seedDemo(db);
  const now = Date.now();
  await insertBulkHistory(db, BIG, size, { from: new Date(now - 366 * DAY), to: new Date(now - DAY) });
  const { rows } = await sql<{ bytes: string }>`select pg_database_size(current_database())::text as bytes`.execute(db);
  await db.destroy();
  return { env, drop, seconds: (performance.now() - started) / 1000, databaseMB: Number(rows[0]?.bytes) / 2 ** 20 };
}

async function startServer(env: Record<string, string>, dataDir: string) {
  const port = await freePort();
  const spawned = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...serverFlags, '--import', 'tsx', 'server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
      LOG_LEVEL: 'warn',
      CONSOLE_DIST: join(dataDir, 'no-console'),
      RATE_LIMIT_MAX: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start: ${log}`);
    await new Promise((next) => setTimeout(next, 200));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  const startSeconds = (performance.now() - spawned) / 1000;
  return { child, api: `http://127.0.0.1:${port}/api`, log: () => log, stop, startSeconds };
}

/** Runs `work` while sampling the process's RSS every 50 ms; answers the peak. */
async function peakDuring(pid: number, work: () => Promise<void>): Promise<number> {
  let peak = rssOf(pid).rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid).rss);
  }, 50);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, rssOf(pid).rss);
}

async function measure(kind: Kind, size: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'coin-ceiling-'));
  const built = await build(kind, size, dataDir);
  try {
    const server = await startServer(built.env, dataDir);
    const pid = server.child.pid ?? 0;
    try {
      await new Promise((settle) => setTimeout(settle, 1000));
      const ready = rssOf(pid).rss;
      const signIn = await fetch(`${server.api}/sessions/merchant`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: 'demo-password', platform: 'web' }),
      });
      const authorization = signIn.headers.get('authorization') ?? '';
      if (!authorization) throw new Error(`sign-in failed: ${signIn.status}`);
      const headers = { authorization };
      const period = `start_date=${tokyoDayFrom(-366)}&end_date=${tokyoDayFrom(0)}`;
      const lastPage = Math.max(1, Math.ceil(size / LIMIT));
      const pages = await peakDuring(pid, async () => {
        for (const page of [1, 2, Math.ceil(lastPage / 2), lastPage]) {
          for (let i = 0; i < 5; i++) {
            const answer = await fetch(
              `${server.api}/wallets/${BIG}/histories?${period}&limit=${LIMIT}&offset=${page}`,
              { headers },
            );
            if (answer.status !== 200) throw new Error(`history page ${page}: ${answer.status}`);
            await answer.arrayBuffer();
          }
        }
      });
      let rows = 0;
      const started = performance.now();
      const csv = await peakDuring(pid, async () => {
        const answer = await fetch(`${server.api}/merchants/1/downloads/histories?${period}&encoding=cp932`, {
          headers,
        });
        if (!answer.ok || !answer.body) throw new Error(`download: ${answer.status} ${server.log().slice(-2000)}`);
        for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
          for (const byte of chunk) if (byte === 0x0a) rows++;
        }
      });
      const csvSeconds = (performance.now() - started) / 1000;
      const { hwm } = rssOf(pid);
      const warned = /embedded database/i.test(server.log()) && /EMBEDDED_WARN_ENTRIES/.test(server.log());
      return { ...built, start: server.startSeconds, ready, pages, csv, hwm, csvRows: rows - 1, csvSeconds, warned };
    } finally {
      await server.stop();
    }
  } finally {
    await built.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    `Embedded-database ceiling: server RSS (MB) against one wallet's history; ${kinds.join(', ')}; sizes ${sizes.join(', ')}` +
      (serverFlags.length > 0 ? `; server flags ${serverFlags.join(' ')}` : ''),
  );
  console.log(
    '  database        entries   build s   db MB   start s   RSS ready   peak pages   peak CSV (rows/s)          VmHWM   warned',
  );
  for (const kind of kinds) {
    for (const size of sizes) {
      const m = await measure(kind, size);
      console.log(
        `  ${kind.padEnd(14)} ${size.toLocaleString('en').padStart(9)} ${m.seconds.toFixed(0).padStart(8)} ${m.databaseMB
          .toFixed(0)
          .padStart(
            7,
          )} ${m.start.toFixed(1).padStart(9)} ${m.ready.toFixed(0).padStart(11)} ${m.pages.toFixed(0).padStart(12)} ${m.csv
          .toFixed(0)
          .padStart(10)} (${Math.round(m.csvRows / m.csvSeconds).toLocaleString('en')})`.padEnd(96) +
          `${m.hwm.toFixed(0).padStart(6)}   ${m.warned ? 'yes' : 'no'}`,
      );
    }
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
