import { type ControlledTransaction, sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '../db/connection';
import { Random } from '../db/random';
import type { Database } from '../db/schema';
import { describeEachDatabase } from '../testing/harness';
import { type LedgerEntryInput, postTransaction, SYSTEM_WALLETS } from './ledger';

/**
 * Property tests of the ledger: random sequences of postings (a seeded generator, so a failure replays),
 * checked against a model of the balances and against the invariants every ledger state must keep.
 */

const CUSTOMERS = ['5100000001', '5100000002', '5100000003', '5100000004'];
const WALLETS = [SYSTEM_WALLETS.issuer, ...CUSTOMERS];
const COINS = [1, 2, 3];
const TYPES = ['PAYMENT', 'RELOAD', 'TRANSFER', 'REBATE'] as const;
const DAY = 86_400_000;

/** The invariants of any ledger state; answers the offending rows (empty when all hold). */
async function ledgerViolations(db: Db) {
  const unbalanced = await sql`
    select transaction_id, coin_id, sum(amount) as sum from entries
    group by transaction_id, coin_id having sum(amount) <> 0 limit 5`.execute(db);
  const balances = await sql`
    select coalesce(b.wallet_no, s.wallet_no) as wallet_no, coalesce(b.coin_id, s.coin_id) as coin_id,
           b.amount, s.total
    from wallet_balances b
    full join (select wallet_no, coin_id, sum(amount) as total from entries group by 1, 2) s
      on s.wallet_no = b.wallet_no and s.coin_id = b.coin_id
    where coalesce(b.amount, 0) <> coalesce(s.total, 0) limit 5`.execute(db);
  const running = await sql`
    select id from (
      select id, balance_after,
             sum(amount) over (partition by wallet_no, coin_id order by created_at, id) as running
      from entries) r
    where balance_after <> running limit 5`.execute(db);
  const negative = await sql`
    select wallet_no, coin_id, balance_after from entries
    where balance_after < 0 and wallet_no <> ${SYSTEM_WALLETS.issuer} limit 5`.execute(db);
  // Money: histories and fees — the trigger-kept day counts equal a count of the entries.
  const dayCounts = await sql`
    select coalesce(d.wallet_no, c.wallet_no) as wallet_no, coalesce(d.day, c.day) as day, d.entries, c.n
    from (select * from wallet_history_days where entries > 0) d
    full join (
      select e.wallet_no, ((e.created_at at time zone 'UTC') + interval '9 hours')::date as day, t.type,
             count(*) as n
      from entries e join transactions t on t.id = e.transaction_id group by 1, 2, 3) c
      on c.wallet_no = d.wallet_no and c.day = d.day and c.type = d.type
    where coalesce(d.entries, 0) <> coalesce(c.n, 0) limit 5`.execute(db);
  return {
    unbalanced: unbalanced.rows,
    balances: balances.rows,
    running: running.rows,
    negative: negative.rows,
    dayCounts: dayCounts.rows,
  };
}

const NONE = { unbalanced: [], balances: [], running: [], negative: [], dayCounts: [] };

/** Entries of one random posting: per coin, distinct wallets whose amounts sum to zero. */
function randomEntries(random: Random): LedgerEntryInput[] {
  const entries: LedgerEntryInput[] = [];
  const coins = random.chance(0.2) ? COINS.filter(() => random.chance(0.6)) : [random.pick(COINS)];
  for (const coinId of coins.length > 0 ? coins : [1]) {
    const wallets = [...WALLETS].sort(() => random.next() - 0.5).slice(0, random.int(2, 4));
    let sum = 0;
    for (const walletNo of wallets.slice(1)) {
      const amount = random.int(1, 5000) * (random.chance(0.5) ? 1 : -1);
      sum += amount;
      entries.push({ walletNo, coinId, amount });
    }
    if (sum === 0) {
      const first = entries[entries.length - 1] as LedgerEntryInput;
      first.amount += 1;
      sum += 1;
    }
    entries.push({ walletNo: wallets[0] as string, coinId, amount: -sum });
  }
  return entries;
}

describeEachDatabase('ledger properties', (env) => {
  it('holds on the seeded demo database', async () => {
    expect(await ledgerViolations(env().db)).toEqual(NONE);
  });

  for (const seed of [11, 23, 57]) {
    it(`holds after a random sequence of postings (seed ${seed}), matching a model of the balances`, async () => {
      // Each round starts from the seeded state, whatever ran before it: its postings happen in one
      // database transaction, rolled back at the end (each posting in a savepoint, as an overdraft
      // aborts its statement).
      const db = await env().db.startTransaction().execute();
      try {
        await round(db, seed);
      } finally {
        await db.rollback().execute();
      }
    });
  }
});

async function round(db: ControlledTransaction<Database>, seed: number): Promise<void> {
  const random = new Random(seed);
  const prefix = `property-${seed}-`;
  await db
    .insertInto('wallets')
    .values(CUSTOMERS.map((walletNo) => ({ wallet_no: walletNo, owner_type: 'customer' as const })))
    .onConflict((oc) => oc.column('wallet_no').doNothing())
    .execute();
  const before = await db
    .selectFrom('wallet_balances')
    .select(['wallet_no', 'coin_id', 'amount'])
    .where('wallet_no', 'in', WALLETS)
    .execute();
  const model = new Map(before.map((b) => [`${b.wallet_no}:${b.coin_id}`, b.amount]));
  const keys = new Map<string, number>();
  let accepted = 0;
  let refused = 0;
  // After every stored entry: the ledger refuses a posting dated before a wallet's latest entry.
  const { latest } = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.max('created_at').as('latest'))
    .executeTakeFirstOrThrow();
  const start = Math.max(Date.now(), latest ? new Date(latest).getTime() : 0) + DAY;

  for (let step = 0; step < 120; step++) {
    const entries = randomEntries(random);
    // Some postings reuse an earlier key: they must answer the first transaction and move nothing.
    const reuse = keys.size > 0 && random.chance(0.1);
    const key = reuse ? random.pick([...keys.keys()]) : random.chance(0.3) ? `${prefix}${step}` : null;
    const next = new Map(model);
    for (const e of entries) {
      const k = `${e.walletNo}:${e.coinId}`;
      next.set(k, (next.get(k) ?? 0) + e.amount);
    }
    const overdraws = entries.some(
      (e) => e.walletNo !== SYSTEM_WALLETS.issuer && (next.get(`${e.walletNo}:${e.coinId}`) ?? 0) < 0,
    );
    // Times spread over days, around Tokyo midnight too.
    const at = new Date(start + step * (DAY / 7) + random.int(0, 3) * 60_000);
    let outcome: { transactionId: number; replayed: boolean } | null = null;
    const posting = await db.savepoint('posting').execute();
    try {
      outcome = await postTransaction(posting, {
        type: random.pick(TYPES),
        merchantId: null,
        entries,
        idempotencyKey: key,
        comment: `property ${seed}/${step}`,
        at,
      });
      await posting.releaseSavepoint('posting').execute();
    } catch (error) {
      expect(String(error)).toMatch(/wallet_balances_no_overdraft/);
      await posting.rollbackToSavepoint('posting').execute();
    }
    if (key && keys.has(key)) {
      expect(outcome).toEqual({ transactionId: keys.get(key), replayed: true });
      continue;
    }
    expect(outcome === null, `step ${step}: refused iff the model overdraws`).toBe(overdraws);
    if (!outcome) {
      refused++;
      continue;
    }
    accepted++;
    if (key) keys.set(key, outcome.transactionId);
    for (const [k, v] of next) model.set(k, v);
  }
  // Both paths were exercised.
  expect(accepted).toBeGreaterThan(20);
  expect(refused).toBeGreaterThan(5);

  const after = await db
    .selectFrom('wallet_balances')
    .select(['wallet_no', 'coin_id', 'amount'])
    .where('wallet_no', 'in', WALLETS)
    .execute();
  for (const b of after) expect(b.amount, `${b.wallet_no}:${b.coin_id}`).toBe(model.get(`${b.wallet_no}:${b.coin_id}`));
  expect(await ledgerViolations(db)).toEqual(NONE);
}
