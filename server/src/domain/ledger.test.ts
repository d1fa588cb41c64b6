import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS } from '../seed/accounts';
import { DEMO, describeEachDatabase } from '../testing/harness';
import { insertPastTransaction } from '../testing/pastPosting';
import { LedgerInvariantError, MAX_POSTING_LAG_MS, postTransaction, SYSTEM_WALLETS } from './ledger';
import { addMonths, tokyoMonth } from './time';

const DAY = 86_400_000;

describeEachDatabase('ledger', (env) => {
  describe('the seeded demo', () => {
    it("balances every transaction's entries to zero per coin", async () => {
      const unbalanced = await sql<{ transaction_id: number }>`
        select transaction_id from entries group by transaction_id, coin_id having sum(amount) <> 0`.execute(env().db);
      expect(unbalanced.rows).toEqual([]);
      const lonely = await sql<{ id: number }>`
        select t.id from transactions t left join entries e on e.transaction_id = t.id
        group by t.id having count(e.id) < 2`.execute(env().db);
      expect(lonely.rows).toEqual([]);
    });

    it('stores balances equal to the sum of the entries, with running balances in history order', async () => {
      const mismatched = await sql`
        select b.wallet_no, b.coin_id from wallet_balances b
        full join (select wallet_no, coin_id, sum(amount) as total from entries group by 1, 2) s
          on s.wallet_no = b.wallet_no and s.coin_id = b.coin_id
        where coalesce(b.amount, 0) <> coalesce(s.total, 0)`.execute(env().db);
      expect(mismatched.rows).toEqual([]);
      const running = await sql`
        select id from (
          select id, balance_after,
                 sum(amount) over (partition by wallet_no, coin_id order by created_at, id) as running
          from entries) r
        where balance_after <> running limit 5`.execute(env().db);
      expect(running.rows).toEqual([]);
    });

    it('never lets a balance other than the issuer go below zero, at any point in time', async () => {
      const negative = await env()
        .db.selectFrom('entries')
        .select(['wallet_no', 'coin_id', 'balance_after'])
        .where('balance_after', '<', 0)
        .where('wallet_no', '<>', SYSTEM_WALLETS.issuer)
        .limit(5)
        .execute();
      expect(negative).toEqual([]);
    });

    it('gives 本店 thousands of history rows over the 13 months up to now, of every kind', async () => {
      const rows = await env()
        .db.selectFrom('entries as e')
        .innerJoin('transactions as t', 't.id', 'e.transaction_id')
        .select([
          't.type',
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.min('e.created_at').as('first'),
          (eb) => eb.fn.max('e.created_at').as('last'),
        ])
        .where('e.wallet_no', '=', DEMO.mainWalletNo)
        .groupBy('t.type')
        .execute();
      const byType = Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
      expect(Object.values(byType).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5000);
      for (const type of ['PAYMENT', 'RELOAD', 'REFUND', 'REBATE', 'WITHDRAWAL', 'FEE', 'TRANSFER']) {
        expect(byType[type], type).toBeGreaterThan(0);
      }
      const first = Math.min(...rows.map((r) => new Date(r.first).getTime()));
      const last = Math.max(...rows.map((r) => new Date(r.last).getTime()));
      expect(Date.now() - first).toBeGreaterThan(390 * DAY);
      expect(last).toBeLessThanOrEqual(Date.now());
      // The dashboard's last 30 days have payments on most days.
      const recentDays = await sql<{ day: string }>`
        select distinct to_char(created_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as day from entries
        where wallet_no = ${DEMO.mainWalletNo} and created_at > now() - interval '30 days'`.execute(env().db);
      expect(recentDays.rows.length).toBeGreaterThanOrEqual(25);
    });

    it('refunds never exceed the payment they reverse', async () => {
      const over = await sql`
        select p.id from transactions p
        join entries pe on pe.transaction_id = p.id and pe.amount > 0
        join transactions r on r.related_transaction_id = p.id and r.type = 'REFUND'
        join entries re on re.transaction_id = r.id and re.amount < 0
        where p.type = 'PAYMENT'
        group by p.id, pe.amount having sum(re.amount) * -1 > pe.amount`.execute(env().db);
      expect(over.rows).toEqual([]);
    });

    it('summarises fees for 13 months: settled in the past, the current month open', async () => {
      const summaries = await env()
        .db.selectFrom('monthly_fee_summaries')
        .select(['summarized_month', 'status'])
        .where('merchant_id', '=', DEMO.mainMerchantId)
        .orderBy('summarized_month')
        .execute();
      expect(summaries.length).toBeGreaterThanOrEqual(13);
      const current = tokyoMonth(new Date());
      expect(summaries.at(-1)).toEqual({ summarized_month: current, status: 'UNSETTLED' });
      const old = summaries.filter((s) => s.summarized_month < addMonths(current, -1));
      expect(new Set(old.map((s) => s.status))).toEqual(new Set(['SETTLED', 'CASH_SETTLED']));
    });
  });

  describe('postTransaction', () => {
    const customer = '2000000001';
    const merchant = DEMO_MERCHANTS.bakery.walletNo;
    const balanceOf = async (walletNo: string, coinId = 1) =>
      (
        await env()
          .db.selectFrom('wallet_balances')
          .select('amount')
          .where('wallet_no', '=', walletNo)
          .where('coin_id', '=', coinId)
          .executeTakeFirst()
      )?.amount ?? 0;
    const pay = (amount: number, idempotencyKey?: string) =>
      env()
        .db.transaction()
        .execute((trx) =>
          postTransaction(trx, {
            type: 'PAYMENT',
            merchantId: DEMO_MERCHANTS.bakery.id,
            entries: [
              { walletNo: customer, coinId: 1, amount: -amount },
              { walletNo: merchant, coinId: 1, amount },
            ],
            idempotencyKey: idempotencyKey ?? null,
          }),
        );
    const topUp = (amount: number) =>
      env()
        .db.transaction()
        .execute((trx) =>
          postTransaction(trx, {
            type: 'RELOAD',
            merchantId: null,
            entries: [
              { walletNo: SYSTEM_WALLETS.issuer, coinId: 1, amount: -amount },
              { walletNo: customer, coinId: 1, amount },
            ],
          }),
        );

    it('moves money and records running balances', async () => {
      await topUp(1000);
      const before = await balanceOf(customer);
      const { transactionId, replayed } = await pay(300);
      expect(replayed).toBe(false);
      expect(await balanceOf(customer)).toBe(before - 300);
      const entries = await env()
        .db.selectFrom('entries')
        .select(['wallet_no', 'amount', 'balance_after', 'counterparty_wallet_no'])
        .where('transaction_id', '=', transactionId)
        .orderBy('id')
        .execute();
      expect(entries).toEqual([
        { wallet_no: customer, amount: -300, balance_after: before - 300, counterparty_wallet_no: merchant },
        { wallet_no: merchant, amount: 300, balance_after: expect.any(Number), counterparty_wallet_no: customer },
      ]);
    });

    it('refuses an overdraft through the CHECK constraint and writes nothing', async () => {
      const before = await balanceOf(customer);
      const count = async () =>
        Number(
          (
            await env()
              .db.selectFrom('transactions')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const transactions = await count();
      await expect(pay(before + 1)).rejects.toMatchObject({
        code: '23514',
        constraint: 'wallet_balances_no_overdraft',
      });
      expect(await balanceOf(customer)).toBe(before);
      expect(await count()).toBe(transactions);
    });

    it('refuses entries that do not sum to zero', async () => {
      await expect(
        env()
          .db.transaction()
          .execute((trx) =>
            postTransaction(trx, {
              type: 'PAYMENT',
              merchantId: null,
              entries: [
                { walletNo: customer, coinId: 1, amount: -100 },
                { walletNo: merchant, coinId: 1, amount: 99 },
              ],
            }),
          ),
      ).rejects.toBeInstanceOf(LedgerInvariantError);
    });

    it('moves money once for a repeated idempotency key', async () => {
      await topUp(500);
      const before = await balanceOf(customer);
      const first = await pay(100, 'payment-key-1');
      const second = await pay(100, 'payment-key-1');
      expect(second).toEqual({ transactionId: first.transactionId, replayed: true });
      expect(await balanceOf(customer)).toBe(before - 100);
    });

    it("refuses a time well before a wallet's latest entry (back-dating), writing nothing, and moves a slightly late one up to it", async () => {
      // A customer no other test here pays from.
      const own = '2000000300';
      const post = (amount: number, at: Date) =>
        env()
          .db.transaction()
          .execute((trx) =>
            postTransaction(trx, {
              type: 'PAYMENT',
              merchantId: DEMO_MERCHANTS.bakery.id,
              comment: 'backdated?',
              entries: [
                { walletNo: own, coinId: 1, amount: -amount },
                { walletNo: merchant, coinId: 1, amount },
              ],
              at,
            }),
          );
      const latest = new Date();
      await env()
        .db.transaction()
        .execute((trx) =>
          postTransaction(trx, {
            type: 'RELOAD',
            merchantId: null,
            entries: [
              { walletNo: SYSTEM_WALLETS.issuer, coinId: 1, amount: -1000 },
              { walletNo: own, coinId: 1, amount: 1000 },
            ],
            at: latest,
          }),
        );
      const before = await balanceOf(own);
      const transactions = () =>
        env().db.selectFrom('transactions').select('id').where('comment', '=', 'backdated?').execute();

      await expect(post(100, new Date(latest.getTime() - MAX_POSTING_LAG_MS - 1))).rejects.toMatchObject({
        name: 'DomainError',
        type: 'conflict',
      });
      expect(await balanceOf(own)).toBe(before);
      expect(await transactions()).toEqual([]);

      // A time a little before the latest entry (a "now" taken before waiting for the locks) is moved
      // up to it; at the latest entry's time (or later) a posting goes through as it is. Both come after
      // it in the history.
      await post(100, new Date(latest.getTime() - 1000));
      await post(100, latest);
      expect(await balanceOf(own)).toBe(before - 200);
      const stamped = await env()
        .db.selectFrom('transactions')
        .select('created_at')
        .where('comment', '=', 'backdated?')
        .execute();
      expect(stamped.map((row) => row.created_at.getTime())).toEqual([latest.getTime(), latest.getTime()]);
      const running = await sql`
        select id from (
          select id, balance_after,
                 sum(amount) over (partition by wallet_no, coin_id order by created_at, id) as running
          from entries where wallet_no = ${own}) r
        where balance_after <> running`.execute(env().db);
      expect(running.rows).toEqual([]);
    });

    it('serialises concurrent payments on the wallet: only what the balance covers goes through', async () => {
      const spare = await balanceOf(customer);
      if (spare > 0) await pay(spare);
      await topUp(500);
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => pay(100)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
      for (const r of results) {
        if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: '23514' });
      }
      expect(await balanceOf(customer)).toBe(0);
    });
  });

  describe("insertPastTransaction (the tests' way to rows on a past day)", () => {
    it('threads the transaction into the history: running balances and stored balances stay exact', async () => {
      const at = new Date(Date.now() - 3 * DAY);
      const balance = async () =>
        (
          await env()
            .db.selectFrom('wallet_balances')
            .select('amount')
            .where('wallet_no', '=', DEMO.mainWalletNo)
            .where('coin_id', '=', 1)
            .executeTakeFirstOrThrow()
        ).amount;
      const before = await balance();
      const id = await insertPastTransaction(env().db, {
        type: 'PAYMENT',
        merchantId: DEMO.mainMerchantId,
        entries: [
          { walletNo: SYSTEM_WALLETS.issuer, coinId: 1, amount: -777 },
          { walletNo: DEMO.mainWalletNo, coinId: 1, amount: 777 },
        ],
        at,
      });
      expect(await balance()).toBe(before + 777);
      const later = await env()
        .db.selectFrom('entries')
        .select('id')
        .where('wallet_no', '=', DEMO.mainWalletNo)
        .where('created_at', '>', at)
        .limit(1)
        .execute();
      expect(later, 'the seed has later entries in the wallet').toHaveLength(1);
      const running = await sql`
        select id from (
          select id, balance_after,
                 sum(amount) over (partition by wallet_no, coin_id order by created_at, id) as running
          from entries where wallet_no in (${DEMO.mainWalletNo}, ${SYSTEM_WALLETS.issuer})) r
        where balance_after <> running limit 5`.execute(env().db);
      expect(running.rows).toEqual([]);
      const stored = await env()
        .db.selectFrom('entries')
        .select(['created_at', 'counterparty_wallet_no'])
        .where('transaction_id', '=', id)
        .where('wallet_no', '=', DEMO.mainWalletNo)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ created_at: at, counterparty_wallet_no: SYSTEM_WALLETS.issuer });
    });
  });
});
