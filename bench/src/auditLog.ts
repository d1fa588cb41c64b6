/**
 * 操作履歴 bench (issue 48): a shop with 100,000 recorded actions over 180 days, its staff's own account
 * events beside them, and another shop's; the Owner's list (first page, a deep page, one person, one
 * kind) and the whole CSV read in keyset batches, median milliseconds of repeated runs. PostgreSQL when
 * BENCH_DATABASE_URL is set, else in-memory PGlite.
 * Usage: npm run bench:audit
 */
import { performance } from 'node:perf_hooks';
import { AUDIT_ACTIONS, tokyoDayFrom } from '@coin/contract';
import { openDatabase } from '../../server/src/db/connection';
import { migrateToLatest } from '../../server/src/db/migrate';
import { auditEventBatches, listAuditEvents } from '../../server/src/domain/auditLog';
import { seedDemo } from '../../server/src/seed';

const SHOP_EVENTS = 100_000;
const OTHER_SHOP_EVENTS = 50_000;
const STAFF = [1, 2, 3, 4, 11];
const RUNS = 9;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(label: string, run: () => Promise<unknown>): Promise<void> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  console.log(`${label.padEnd(44)} ${median(times).toFixed(1).padStart(8)} ms (median of ${RUNS})`);
}

const db = openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL ?? null });
await migrateToLatest(db);
await seedDemo(db);
const now = Date.now();
const span = 180 * 24 * 3_600_000;
const rows = (count: number, merchantId: number | null, offset: number) =>
  Array.from({ length: count }, (_, i) => {
    const action = AUDIT_ACTIONS[(i + offset) % AUDIT_ACTIONS.length] as string;
    const personal = merchantId === null;
    const user = STAFF[i % STAFF.length] as number;
    return {
      occurred_at: new Date(now - Math.floor((i / count) * span)),
      actor_user_id: user,
      action: personal ? 'identity.password_changed' : action,
      merchant_id: merchantId,
      target_user_id: personal ? user : null,
      before: null,
      after: JSON.stringify({ amount: i, report: 'histories', start_date: '2026-01-01', end_date: '2026-01-31' }),
      client_ip: '203.0.113.24',
    };
  });
const started = performance.now();
for (const [count, merchantId, offset] of [
  [SHOP_EVENTS, 1, 0],
  [OTHER_SHOP_EVENTS, 3, 7],
  [2_000, null, 0],
] as const) {
  const all = rows(count, merchantId, offset);
  for (let i = 0; i < all.length; i += 2_000)
    await db
      .insertInto('audit_events')
      .values(all.slice(i, i + 2_000))
      .execute();
}
await db.executeQuery({ sql: 'analyze audit_events', parameters: [], query: { kind: 'RawNode' } } as never);
console.log(
  `inserted ${SHOP_EVENTS + OTHER_SHOP_EVENTS + 2_000} events in ${(performance.now() - started).toFixed(0)} ms`,
);

const period = { start_date: tokyoDayFrom(-180), end_date: tokyoDayFrom(0), limit: 20 };
await timed('list: first page (20 of ~100,000)', () => listAuditEvents(db, 1, { ...period, offset: 1 }));
await timed('list: page 500', () => listAuditEvents(db, 1, { ...period, offset: 500 }));
await timed('list: one person, first page', () => listAuditEvents(db, 1, { ...period, offset: 1, user_id: 4 }));
await timed('list: one kind (download), first page', () =>
  listAuditEvents(db, 1, { ...period, offset: 1, kind: 'download' }),
);
await timed('list: one kind (account: personal events only)', () =>
  listAuditEvents(db, 1, { ...period, offset: 1, kind: 'account' }),
);
let csvRows = 0;
await timed('CSV: every row, keyset batches', async () => {
  csvRows = 0;
  for await (const batch of auditEventBatches(db, {
    merchantId: 1,
    startDate: period.start_date,
    endDate: period.end_date,
  })) {
    csvRows += batch.length;
  }
});
console.log(`CSV rows: ${csvRows}`);
await db.destroy();
