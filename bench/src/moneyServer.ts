/**
 * The server side of the money bench (bench/src/money.ts forks it, so its memory is measured alone):
 * a migrated, seeded database whose 本店 wallet gets 1,000,000 more history entries (set-based SQL),
 * the HTTP service on a loopback port, and, on request, the bare SQL of a history page timed here
 * and the floor of the CSV export (PostgreSQL's own COPY of the same rows).
 * PostgreSQL when BENCH_DATABASE_URL is set (in a fresh schema, dropped at exit), else in-memory PGlite.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { loadConfig } from '../../server/src/config';
import { type Db, openDatabase } from '../../server/src/db/connection';
import { tidyEmbeddedDatabase } from '../../server/src/db/embeddedMaintenance';
import { migrateToLatest } from '../../server/src/db/migrate';
import { buildApp } from '../../server/src/http/app';
import { seedDemo } from '../../server/src/seed';
import { insertBulkHistory } from '../../server/src/testing/bulk';

export const BENCH_WALLET = '1100000001';
export const SMALL_WALLET = '1100000002';
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const DAY = 86_400_000;

export interface BareRequest {
  walletNo: string;
  from: string;
  to: string;
  limit: number;
  page: number;
  runs: number;
  /** One transaction type only (the type filter, or the cash-cancel tab). */
  type?: string;
  /** Only entries whose transaction carries a comment (the comments tab). */
  comments?: boolean;
}

/** The rows of a history CSV export: one wallet's entries in [from, to). */
export interface FloorRequest {
  walletNo: string;
  from: string;
  to: string;
}

const send = (message: unknown) => process.send?.(message);

async function main() {
  const url = process.env.BENCH_DATABASE_URL || null;
  let schema: string | undefined;
  if (url) {
    schema = `bench_${randomBytes(5).toString('hex')}`;
    const admin = openDatabase({ databaseUrl: url, maxConnections: 1 });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    await admin.destroy();
  }
  const db: Db = openDatabase({ databaseUrl: url, ...(schema ? { searchPath: schema } : {}) });
  // The service's data directory (its mail files and the like): removed with the rest at exit.
  const dataDir = mkdtempSync(join(tmpdir(), 'coin-bench-'));
  const cleanup = async () => {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    if (url && schema) {
      const admin = openDatabase({ databaseUrl: url, maxConnections: 1 });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    }
  };
  try {
    let started = performance.now();
    await migrateToLatest(db, schema ? { schema } : {});
    await seedDemo(db);
    const seedMs = performance.now() - started;
    started = performance.now();
    const now = Date.now();
    await insertBulkHistory(db, BENCH_WALLET, ENTRIES, { from: new Date(now - 366 * DAY), to: new Date(now - DAY) });
    // As the server does at start on the embedded database (and autovacuum on PostgreSQL soon after so
    // large an insert): the day counts' pages marked all-visible, their statistics fresh.
    await tidyEmbeddedDatabase(db);
    const buildMs = performance.now() - started;

    const config = loadConfig({
      JWT_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      CONSOLE_DIST: join(tmpdir(), 'coin-bench-no-console'),
      ...(url ? { DATABASE_URL: url } : {}),
    });
    const app = await buildApp({ config, db });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    // Peak of what the process has allocated (JS heap and buffers, PGlite's WebAssembly memory among
    // them), sampled here between `sample: 'start'` and `sample: 'stop'`.
    // Also each part apart (the JS heap, and the buffers outside it): a first large export's growth was
    // buffers waiting for a full collection, which the sum alone did not show.
    let sampler: NodeJS.Timeout | undefined;
    let allocated = { before: 0, peak: 0 };
    let heap = { before: 0, peak: 0 };
    let buffers = { before: 0, peak: 0 };
    const allocatedNow = () => {
      const usage = process.memoryUsage();
      heap.peak = Math.max(heap.peak, usage.heapTotal);
      buffers.peak = Math.max(buffers.peak, usage.external);
      return usage.heapTotal + usage.external;
    };
    process.on(
      'message',
      async (message: {
        bare?: BareRequest;
        keysetOnce?: BareRequest;
        floor?: FloorRequest;
        sample?: 'start' | 'stop';
        stop?: true;
      }) => {
        if (message.sample === 'start') {
          const usage = process.memoryUsage();
          heap = { before: usage.heapTotal, peak: usage.heapTotal };
          buffers = { before: usage.external, peak: usage.external };
          const now = allocatedNow();
          allocated = { before: now, peak: now };
          sampler = setInterval(() => {
            allocated.peak = Math.max(allocated.peak, allocatedNow());
          }, 50);
          send({ sampling: true });
        }
        if (message.sample === 'stop') {
          clearInterval(sampler);
          allocated.peak = Math.max(allocated.peak, allocatedNow());
          send({ allocated, heap, buffers });
        }
        if (message.stop) {
          await app.close();
          await cleanup();
          process.exit(0);
        }
        if (message.bare) send({ bare: await bareTimes(db, message.bare) });
        if (message.keysetOnce) {
          const t0 = performance.now();
          await keysetQuery(message.keysetOnce, null).execute(db);
          send({ keysetMs: performance.now() - t0 });
        }
        if (message.floor) send({ floor: await copyFloor(db, url, schema, message.floor) });
      },
    );
    send({ ready: { port, entries: ENTRIES, seedMs, buildMs, database: url ? 'postgresql' : 'pglite' } });
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * The page written as plain SQL, the way the list defines it: the rows at OFFSET (page − 1) × limit
 * plus the count of the period, with the same joins and filter (on the transaction, as a reader of the
 * schema would write it); and, for reference, the keyset floor (the page's rows read from the row
 * before it, no count, by the entries' own indexes). Medians of `runs` runs.
 */
async function bareTimes(db: Db, r: BareRequest) {
  const offset = (r.page - 1) * r.limit;
  const filter = sql`e.wallet_no = ${r.walletNo} and e.created_at >= ${r.from}::timestamptz
    and e.created_at < ${r.to}::timestamptz
    ${r.type ? sql`and t.type = ${r.type}` : sql``} ${r.comments ? sql`and t.comment is not null` : sql``}`;
  const rowsQuery = sql`select ${PAGE_COLUMNS} from entries e ${PAGE_JOINS} where ${filter}
    order by e.created_at desc, e.id desc limit ${r.limit} offset ${offset}`;
  // The transactions join only where the filter needs it (the unfiltered count reads entries alone).
  const filtered = Boolean(r.type || r.comments);
  const filterJoin = filtered ? sql`join transactions t on t.id = e.transaction_id` : sql``;
  const countQuery = sql`select count(*) from entries e ${filterJoin} where ${filter}`;
  const before =
    offset === 0
      ? null
      : (
          await sql<{ created_at: string; id: number }>`
          select e.created_at::text, e.id from entries e ${filterJoin}
          where ${filter} order by e.created_at desc, e.id desc limit 1 offset ${offset - 1}`.execute(db)
        ).rows[0];
  const time = async (run: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < r.runs + 2; i++) {
      const t0 = performance.now();
      await run();
      if (i >= 2) samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return samples[Math.floor(samples.length / 2)] ?? 0;
  };
  const plainMs = await time(() => Promise.all([rowsQuery.execute(db), countQuery.execute(db)]));
  const keyset = keysetQuery(r, before ?? null);
  const keysetMs = await time(() => keyset.execute(db));
  return { page: r.page, plainMs, keysetMs };
}

const PAGE_COLUMNS = sql`e.transaction_id, e.created_at, t.type, e.coin_id, c.name, e.amount, e.balance_after,
    e.counterparty_wallet_no, m.name as counterparty, t.comment`;
const PAGE_JOINS = sql`join transactions t on t.id = e.transaction_id join coins c on c.id = e.coin_id
    left join wallets w on w.wallet_no = e.counterparty_wallet_no left join merchants m on m.id = w.merchant_id`;

/** The keyset floor of a page: its rows read from the row before it (none: page 1), no count. */
function keysetQuery(r: BareRequest, before: { created_at: string; id: number } | null) {
  // The floor filters on the entry's own copies (type, commented), which its indexes serve.
  const ownFilter = sql`e.wallet_no = ${r.walletNo} and e.created_at >= ${r.from}::timestamptz
    and e.created_at < ${r.to}::timestamptz
    ${r.type ? sql`and e.type = ${r.type}` : sql``} ${r.comments ? sql`and e.commented` : sql``}`;
  return sql`select ${PAGE_COLUMNS} from entries e ${PAGE_JOINS} where ${ownFilter}
      ${before ? sql`and (e.created_at, e.id) < (${before.created_at}::timestamptz, ${before.id})` : sql``}
    order by e.created_at desc, e.id desc limit ${r.limit}`;
}

/**
 * The floor of the history CSV: PostgreSQL's own COPY … TO STDOUT of the export's rows (the columns the
 * export reads, the same joins, filter and order), through psql on PostgreSQL (null when psql is not
 * installed) and into PGlite's /dev/blob on the embedded database. Answers rows and milliseconds.
 */
async function copyFloor(db: Db, url: string | null, schema: string | undefined, r: FloorRequest) {
  // The export's columns, its transaction read only where a row shows something of it (histories.ts).
  const ofTransaction = (column: string) => `(select t.${column} from transactions t where t.id = e.transaction_id)`;
  const select = `select e.id, e.transaction_id,
      to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), e.type,
      case when e.type = 'CASH_CANCEL' then ${ofTransaction('related_transaction_id')} end,
      e.coin_id, c.name, e.amount, e.balance_after, e.counterparty_wallet_no, m.name,
      case when e.commented then ${ofTransaction('comment')} end
    from entries e join coins c on c.id = e.coin_id
      left join wallets w on w.wallet_no = e.counterparty_wallet_no left join merchants m on m.id = w.merchant_id
    where e.wallet_no = '${r.walletNo.replace(/\D/g, '')}'
      and e.created_at >= '${new Date(r.from).toISOString()}' and e.created_at < '${new Date(r.to).toISOString()}'
    order by e.created_at desc, e.id desc`;
  const counted = await sql<{ rows: number }>`select count(*)::int as rows from entries e
    where e.wallet_no = ${r.walletNo} and e.created_at >= ${r.from}::timestamptz and e.created_at < ${r.to}::timestamptz`.execute(
    db,
  );
  const rows = counted.rows[0]?.rows ?? 0;
  const t0 = performance.now();
  if (!url) {
    await sql.raw(`copy (${select}) to '/dev/blob'`).execute(db);
    return { rows, ms: performance.now() - t0 };
  }
  const ok = await new Promise<boolean>((resolve) => {
    const psql = spawn('psql', [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `copy (${select}) to stdout`], {
      stdio: ['ignore', openSync('/dev/null', 'w'), 'inherit'],
      env: { ...process.env, PGOPTIONS: `-c search_path=${schema ?? 'public'}` },
    });
    psql.on('error', () => resolve(false));
    psql.on('exit', (code) => resolve(code === 0));
  });
  return ok ? { rows, ms: performance.now() - t0 } : null;
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
