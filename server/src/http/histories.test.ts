import { CALLS, type History } from '@coin/contract';
import { CompiledQuery, type QueryId, type RootOperationNode, sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { tidyEmbeddedDatabase } from '../db/embeddedMaintenance';
import { PREPARED_MARK } from '../db/prepared';
import { type HistoryFilter, historyPage } from '../domain/histories';
import { SYSTEM_WALLETS } from '../domain/ledger';
import { addDays, tokyoDayStart } from '../domain/time';
import { insertBulkHistory } from '../testing/bulk';
import { DEMO, describeEachDatabase, type SignedIn, signIn, tokyoDay } from '../testing/harness';
import { insertPastTransaction } from '../testing/pastPosting';

/** Money: histories and fees — the history lists, the balance at a transaction and the fee calls. */

const BOUNDARY_DAY = tokyoDay(-3);
const LAST_INSTANT = new Date(`${BOUNDARY_DAY}T23:59:59.999+09:00`);
const NEXT_MIDNIGHT = new Date(`${addDays(BOUNDARY_DAY, 1)}T00:00:00.000+09:00`);
const BULK_WALLET = '5200000001';

describeEachDatabase('wallet histories and fees', (env) => {
  let owner: SignedIn;
  let member: SignedIn;
  const posted = { lastOfDay: 0, firstOfNext: 0 };

  const get = async (caller: SignedIn, url: string, query: Record<string, string | number> = {}) =>
    env().app.inject({
      method: 'GET',
      url: `/api${url}`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { authorization: caller.authorization },
    });

  /** Every row of a list, page after page. */
  async function allPages(url: string, query: Record<string, string | number>, limit = 100) {
    const rows: History[] = [];
    let total = -1;
    for (let page = 1; ; page++) {
      const response = await get(owner, url, { ...query, limit, offset: page });
      expect(response.statusCode, response.body).toBe(200);
      const body = CALLS.listWalletHistories.response.parse(response.json());
      total = body.total;
      rows.push(...body.items);
      if (body.items.length < limit) break;
    }
    expect(rows).toHaveLength(total);
    return rows;
  }

  /** The same list by plain SQL: the reference the paged answer must equal. */
  async function reference(filter: { start: string; end: string; type?: string; transactionId?: number }) {
    let query = env()
      .db.selectFrom('entries as e')
      .innerJoin('transactions as t', 't.id', 'e.transaction_id')
      .select(['e.transaction_id', 'e.created_at', 't.type', 'e.amount', 'e.balance_after'])
      .where('e.wallet_no', '=', DEMO.mainWalletNo)
      .where('e.created_at', '>=', tokyoDayStart(filter.start))
      .where('e.created_at', '<', tokyoDayStart(addDays(filter.end, 1)))
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc');
    if (filter.type) query = query.where('t.type', '=', filter.type as 'PAYMENT');
    if (filter.transactionId) query = query.where('e.transaction_id', '=', filter.transactionId);
    const rows = await query.execute();
    return rows.map((r) => ({
      transaction_id: r.transaction_id,
      created_at: r.created_at.toISOString(),
      type: r.type,
      amount: r.amount,
      balance: r.balance_after,
    }));
  }
  const brief = (rows: History[]) =>
    rows.map(({ transaction_id, created_at, type, amount, balance }) => ({
      transaction_id,
      created_at,
      type,
      amount,
      balance,
    }));

  beforeAll(async () => {
    owner = await signIn(env().app, DEMO.owner);
    member = await signIn(env().app, DEMO.member);
    // Two payments into 本店 either side of a Tokyo midnight (days ago, among the seeded entries).
    const pay = (at: Date, amount: number) =>
      insertPastTransaction(env().db, {
        type: 'PAYMENT',
        merchantId: DEMO.mainMerchantId,
        entries: [
          { walletNo: SYSTEM_WALLETS.issuer, coinId: 1, amount: -amount },
          { walletNo: DEMO.mainWalletNo, coinId: 1, amount },
        ],
        comment: 'boundary',
        at,
      });
    posted.lastOfDay = await pay(LAST_INSTANT, 111);
    posted.firstOfNext = await pay(NEXT_MIDNIGHT, 222);
  });

  describe('GET /wallets/{wallet_no}/histories', () => {
    it('pages through every row of the period, equal to the plain SQL list, newest first', async () => {
      const start = tokyoDay(-45);
      const end = tokyoDay();
      const rows = await allPages(`/wallets/${DEMO.mainWalletNo}/histories`, { start_date: start, end_date: end });
      expect(rows.length).toBeGreaterThan(150);
      expect(brief(rows)).toEqual(await reference({ start, end }));
    });

    it('answers the same rows for every page size (pages are cut across Tokyo days)', async () => {
      const query = { start_date: tokyoDay(-20), end_date: tokyoDay() };
      const by7 = await allPages(`/wallets/${DEMO.mainWalletNo}/histories`, query, 7);
      const by20 = await allPages(`/wallets/${DEMO.mainWalletNo}/histories`, query, 20);
      expect(brief(by7)).toEqual(brief(by20));
      // A deep page alone equals the same slice of the whole list.
      const page = await get(owner, `/wallets/${DEMO.mainWalletNo}/histories`, { ...query, limit: 7, offset: 5 });
      expect(brief(page.json().items)).toEqual(brief(by7.slice(28, 35)));
    });

    it('filters one transaction type, over every page', async () => {
      const start = tokyoDay(-90);
      const end = tokyoDay();
      for (const type of ['PAYMENT', 'CASH_CANCEL', 'REFUND']) {
        const rows = await allPages(`/wallets/${DEMO.mainWalletNo}/histories`, {
          start_date: start,
          end_date: end,
          type,
        });
        expect(rows.length, type).toBeGreaterThan(0);
        expect(rows.every((r) => r.type === type)).toBe(true);
        expect(brief(rows)).toEqual(await reference({ start, end, type }));
      }
    });

    it('finds a transaction by id, and nothing for an id outside the wallet', async () => {
      const query = { start_date: BOUNDARY_DAY, end_date: addDays(BOUNDARY_DAY, 1) };
      const found = await get(owner, `/wallets/${DEMO.mainWalletNo}/histories`, {
        ...query,
        transaction_id: posted.firstOfNext,
      });
      expect(found.json()).toMatchObject({ total: 1, items: [{ transaction_id: posted.firstOfNext, amount: 222 }] });
      const bakeryEntry = await env()
        .db.selectFrom('entries')
        .select('transaction_id')
        .where('wallet_no', '=', DEMO.bakeryWalletNo)
        .executeTakeFirstOrThrow();
      const none = await get(owner, `/wallets/${DEMO.mainWalletNo}/histories`, {
        start_date: tokyoDay(-400),
        end_date: tokyoDay(),
        transaction_id: bakeryEntry.transaction_id,
      });
      expect(none.json()).toMatchObject({ total: 0, items: [] });
    });

    it('treats the period as inclusive Asia/Tokyo days at the midnight boundary', async () => {
      const day = await get(owner, `/wallets/${DEMO.mainWalletNo}/histories`, {
        start_date: BOUNDARY_DAY,
        end_date: BOUNDARY_DAY,
        limit: 100,
      });
      const ids = day.json().items.map((r: History) => r.transaction_id);
      expect(ids).toContain(posted.lastOfDay);
      expect(ids).not.toContain(posted.firstOfNext);
      const next = await get(owner, `/wallets/${DEMO.mainWalletNo}/histories`, {
        start_date: addDays(BOUNDARY_DAY, 1),
        end_date: addDays(BOUNDARY_DAY, 1),
        limit: 100,
      });
      const nextIds = next.json().items.map((r: History) => r.transaction_id);
      expect(nextIds).toContain(posted.firstOfNext);
      expect(nextIds).not.toContain(posted.lastOfDay);
    });

    it('answers an empty page beyond the end and refuses a bad type', async () => {
      const query = { start_date: tokyoDay(-1), end_date: tokyoDay() };
      const beyond = await get(owner, `/wallets/${DEMO.mainWalletNo}/histories`, { ...query, offset: 9999 });
      expect(beyond.statusCode).toBe(200);
      expect(beyond.json().items).toEqual([]);
      const bad = await get(owner, `/wallets/${DEMO.mainWalletNo}/histories`, { ...query, type: 'GIFT' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ type: 'invalid_request', field: 'type' });
    });
  });

  describe("another merchant's wallet", () => {
    for (const path of ['histories', 'histories/cashcancel', 'histories/comments']) {
      it(`is not found: ${path}`, async () => {
        // 本店's Member holds no role at まちのパン屋.
        const response = await get(member, `/wallets/${DEMO.bakeryWalletNo}/${path}`, {
          start_date: tokyoDay(-30),
          end_date: tokyoDay(),
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ type: 'not_found' });
      });
    }
  });

  describe('GET /wallets/{wallet_no}/balance/{transaction_id}', () => {
    it("answers every coin's balance right after the transaction, from the running balances", async () => {
      // A seeded transaction of 本店 ten days ago: every coin's balance is the sum of the entries up to it.
      const anchor = await env()
        .db.selectFrom('entries')
        .select(['transaction_id', 'created_at', 'id'])
        .where('wallet_no', '=', DEMO.mainWalletNo)
        .where('created_at', '<', tokyoDayStart(tokyoDay(-10)))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const response = await get(member, `/wallets/${DEMO.mainWalletNo}/balance/${anchor.transaction_id}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = CALLS.getBalanceAt.response.parse(response.json());
      expect(body.transaction_id).toBe(anchor.transaction_id);
      expect(body.balances.map((b) => b.id)).toEqual([1, 2, 3]);
      for (const coin of body.balances) {
        const expected = await sql<{ total: number | null }>`
          select sum(amount) as total from entries
          where wallet_no = ${DEMO.mainWalletNo} and coin_id = ${coin.id}
            and (created_at < ${anchor.created_at} or (created_at = ${anchor.created_at} and id <= ${anchor.id}))`.execute(
          env().db,
        );
        expect(coin.amount, coin.name).toBe(Number(expected.rows[0]?.total ?? 0));
      }
    });

    it('moves by the amount of the next transaction', async () => {
      const body = CALLS.getBalanceAt.response.parse(
        (await get(member, `/wallets/${DEMO.mainWalletNo}/balance/${posted.lastOfDay}`)).json(),
      );
      const coin1 = body.balances.find((b) => b.id === 1);
      const after = CALLS.getBalanceAt.response.parse(
        (await get(member, `/wallets/${DEMO.mainWalletNo}/balance/${posted.firstOfNext}`)).json(),
      );
      expect(after.balances.find((b) => b.id === 1)?.amount).toBe((coin1?.amount ?? 0) + 222);
    });

    it("is not found for a transaction that did not touch the wallet, or another merchant's wallet", async () => {
      const bakeryEntry = await env()
        .db.selectFrom('entries')
        .select('transaction_id')
        .where('wallet_no', '=', DEMO.bakeryWalletNo)
        .executeTakeFirstOrThrow();
      expect((await get(owner, `/wallets/${DEMO.mainWalletNo}/balance/${bakeryEntry.transaction_id}`)).statusCode).toBe(
        404,
      );
      expect((await get(owner, `/wallets/${DEMO.mainWalletNo}/balance/999999999`)).statusCode).toBe(404);
    });
  });

  describe('cash cancels and comments', () => {
    it('lists only cash cancels, with the transaction each one reverses', async () => {
      const response = await get(owner, `/wallets/${DEMO.mainWalletNo}/histories/cashcancel`, {
        start_date: tokyoDay(-400),
        end_date: tokyoDay(),
        limit: 100,
      });
      const body = CALLS.listCashCancelHistories.response.parse(response.json());
      expect(body.items.length).toBeGreaterThan(0);
      // Only the contract's fields: no keyset cursor or CSV text of the server's own rows.
      expect(Object.keys(response.json().items[0]).sort()).toEqual(
        Object.keys(CALLS.listCashCancelHistories.response.shape.items.element.shape).sort(),
      );
      expect(body.items.every((r) => r.type === 'CASH_CANCEL' && r.canceled_transaction_id !== null)).toBe(true);
      expect(body.total).toBe(
        (await reference({ start: tokyoDay(-400), end: tokyoDay(), type: 'CASH_CANCEL' })).length,
      );
    });

    it('lists only rows whose transaction carries a comment', async () => {
      const response = await get(owner, `/wallets/${DEMO.mainWalletNo}/histories/comments`, {
        start_date: BOUNDARY_DAY,
        end_date: addDays(BOUNDARY_DAY, 1),
        limit: 100,
      });
      const body = CALLS.listCommentHistories.response.parse(response.json());
      expect(body.items.every((r) => r.comment !== null)).toBe(true);
      expect(Object.keys(response.json().items[0]).sort()).toEqual(
        Object.keys(CALLS.listCommentHistories.response.shape.items.element.shape).sort(),
      );
      expect(body.items.map((r) => r.transaction_id)).toEqual(
        expect.arrayContaining([posted.lastOfDay, posted.firstOfNext]),
      );
    });
  });

  describe('fees', () => {
    it("answers the merchant's rates in effect on a date, and the history marking them", async () => {
      const today = await get(member, `/history/merchants/${DEMO.mainMerchantId}/fee_rates`, {
        target_date: tokyoDay(),
      });
      expect(today.json().items).toContainEqual(expect.objectContaining({ type: 'PAYMENT', rate_bp: 300 }));
      expect(today.json().items).toContainEqual(expect.objectContaining({ type: 'TRANSFER', rate_bp: 100 }));
      const yearAgo = await get(member, `/history/merchants/${DEMO.mainMerchantId}/fee_rates`, {
        target_date: tokyoDay(-365),
      });
      expect(yearAgo.json().items).toContainEqual(expect.objectContaining({ type: 'PAYMENT', rate_bp: 325 }));
      const history = CALLS.getFeeHistory.response.parse(
        (await get(member, `/history/merchants/${DEMO.mainMerchantId}`, { target_date: tokyoDay() })).json(),
      );
      const payment = history.items.filter((i) => i.type === 'PAYMENT');
      expect(payment.map((i) => [i.rate_bp, i.in_effect])).toEqual([
        [300, true],
        [325, false],
      ]);
      expect(payment[1]?.valid_to).toBe(addDays(payment[0]?.valid_from ?? '', -1));
    });

    it('answers the fee limit of a user type on a date', async () => {
      const now = await get(member, '/history/fee_limits', { user_type: 'CUSTOMER', target_date: tokyoDay() });
      expect(now.json()).toMatchObject({ user_type: 'CUSTOMER', limit_amount: 500_000 });
      const long = await get(member, '/history/fee_limits', { user_type: 'CUSTOMER', target_date: '2000-01-01' });
      expect(long.json()).toMatchObject({ limit_amount: null, valid_from: null });
    });

    it('lists transaction fees at the rate of their day, with totals over every page', async () => {
      const query = { start_at: tokyoDay(-60), end_at: tokyoDay(), type: 'PAYMENT' };
      const first = CALLS.listTxFees.response.parse(
        (await get(member, `/merchants/${DEMO.mainMerchantId}/tx_fees`, { ...query, limit: 100 })).json(),
      );
      expect(first.total).toBeGreaterThan(0);
      let fees = 0;
      let count = 0;
      for (let page = 1; page <= Math.ceil(first.total / 100); page++) {
        const body = CALLS.listTxFees.response.parse(
          (
            await get(member, `/merchants/${DEMO.mainMerchantId}/tx_fees`, { ...query, limit: 100, offset: page })
          ).json(),
        );
        for (const item of body.items) {
          expect(item.type).toBe('PAYMENT');
          expect(item.fee).toBe(Math.floor((item.amount * item.fee_rate_bp) / 10000));
          fees += item.fee;
          count++;
        }
      }
      expect(count).toBe(first.total);
      expect(fees).toBe(first.total_fee);
    });
  });

  describe('a wallet with many entries', () => {
    const from = tokyoDayStart(tokyoDay(-200));
    const to = tokyoDayStart(tokyoDay(-10));
    const filter = { walletNo: BULK_WALLET, startDate: tokyoDay(-400), endDate: tokyoDay() };

    beforeAll(async () => {
      await insertBulkHistory(env().db, BULK_WALLET, 40_000, { from, to });
      // As the embedded server does at start and hourly (autovacuum on PostgreSQL).
      await tidyEmbeddedDatabase(env().db);
    }, 120_000);

    /** One node of a JSON query plan. */
    interface PlanNode {
      'Node Type': string;
      'Relation Name'?: string;
      'Index Name'?: string;
      'Actual Rows': number;
      'Actual Loops': number;
      'Rows Removed by Filter'?: number;
      Plans?: PlanNode[];
    }
    const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

    /**
     * EXPLAIN ANALYZE of a query as the product runs it: a statement marked prepared() runs under its
     * generic plan (plan_cache_mode on either database), so it is prepared and executed that way here.
     */
    async function explain(compiled: { sql: string; parameters: readonly unknown[] }): Promise<unknown> {
      if (compiled.sql.endsWith(PREPARED_MARK)) {
        return env()
          .db.connection()
          .execute(async (connection) => {
            await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
            await connection.executeQuery(CompiledQuery.raw(`prepare plan_probe as ${compiled.sql}`));
            try {
              // EXPLAIN EXECUTE takes its arguments as literals (a parameter there has no type to infer).
              const text = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
              const args = compiled.parameters.map((value) => pg.escapeLiteral(text(value)));
              const explained = await connection.executeQuery<{ 'QUERY PLAN': unknown }>(
                CompiledQuery.raw(`explain (analyze, format json) execute plan_probe(${args.join(', ')})`),
              );
              return explained.rows[0]?.['QUERY PLAN'];
            } finally {
              await sql`deallocate plan_probe`.execute(connection);
            }
          });
      }
      const explained = await env().db.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]),
      );
      return explained.rows[0]?.['QUERY PLAN'];
    }

    /** Runs the page, then EXPLAIN ANALYZE of every query it ran: the plan nodes of each. */
    async function plansOf(page: number, extra: Pick<HistoryFilter, 'type' | 'commentsOnly'>) {
      // The plugin sees every query built (a subquery's too); those it sees a result of were executed.
      const built = new Map<QueryId, RootOperationNode>();
      const queries: RootOperationNode[] = [];
      const spy = env().db.withPlugin({
        transformQuery: ({ node, queryId }) => {
          built.set(queryId, node);
          return node;
        },
        transformResult: async ({ result, queryId }) => {
          const node = built.get(queryId);
          if (node) queries.push(node);
          return result;
        },
      });
      const result = await historyPage(spy, { ...filter, ...extra }, 20, page, (rows) => rows);
      const plans: PlanNode[][] = [];
      // The page's rows run prepared: the plan examined is the generic one.
      const compiled = queries.map((query) => spy.getExecutor().compileQuery(query, { queryId: 'explain' } as QueryId));
      expect(compiled.filter((query) => query.sql.endsWith(PREPARED_MARK)).length).toBeGreaterThanOrEqual(1);
      for (const query of compiled) {
        const raw = await explain(query);
        const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
        plans.push(nodesOf(top.Plan));
      }
      return { result, plans };
    }

    /** The busiest Tokyo day of the bulk wallet: how many entries a page may read past its own rows. */
    async function busiestDay() {
      const result = await sql<{ n: string }>`
        select max(n) as n from (select sum(entries) as n from wallet_history_days
          where wallet_no = ${BULK_WALLET} group by day) per_day`.execute(env().db);
      return Number(result.rows[0]?.n);
    }

    for (const [label, page, extra, total, index] of [
      ['the first page', 1, {}, 40_000, 'entries_wallet_history_idx'],
      ['a deep page', 1800, {}, 40_000, 'entries_wallet_history_idx'],
      ['a deep page of one type', 350, { type: 'PAYMENT' }, 10_000, 'entries_wallet_type_history_idx'],
      ['a rare type (the cash-cancel tab)', 3, { type: 'CASH_CANCEL' }, 80, 'entries_wallet_type_history_idx'],
      ['the comments tab, deep', 30, { commentsOnly: true }, 800, 'entries_wallet_commented_history_idx'],
      ['the comments tab, first page', 1, { commentsOnly: true }, 800, 'entries_wallet_commented_history_idx'],
      ['the first page of one type', 1, { type: 'PAYMENT' }, 10_000, 'entries_wallet_type_history_idx'],
    ] as const) {
      it(`reads ${label} by ${index}, touching no more entries than one day holds`, async () => {
        const { result, plans } = await plansOf(page, extra);
        expect(result.total).toBe(total);
        expect(result.rows).toHaveLength(20);
        // Page 1 is one statement (its rows carry the total); a deeper page reads its day counts first.
        expect(plans.length).toBe(page === 1 ? 1 : 2);
        const scans = plans
          .flat()
          .filter((n) => n['Relation Name'] === 'entries' || n['Relation Name'] === 'transactions');
        expect(scans.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
        // The page is driven by the index of its list, which starts at the wallet (not by every
        // transaction of a type, nor by the wallet's whole history filtered).
        const driving = scans.filter((n) => n['Relation Name'] === 'entries').map((n) => n['Index Name']);
        expect(driving).toContain(index);
        // The total (and a deep page's start) sums the day counts from the primary key's index (which
        // carries them: no visit to the table where its pages are all-visible, embeddedMaintenance.test).
        const days = plans.flat().filter((n) => n['Relation Name'] === 'wallet_history_days');
        expect(days.length).toBeGreaterThan(0);
        for (const node of days) {
          expect(node).toMatchObject({ 'Node Type': 'Index Only Scan', 'Index Name': 'wallet_history_days_pkey' });
        }
        // Rows read (kept and filtered out): at most the page and the day it starts in; walking the wallet past
        // rows of other types or without comments would read thousands.
        const bound = (await busiestDay()) + 20;
        for (const relation of ['entries', 'transactions']) {
          const read = scans
            .filter((n) => n['Relation Name'] === relation)
            .reduce((sum, n) => sum + (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'], 0);
          expect(read, relation).toBeLessThanOrEqual(bound);
        }
        // The page is the same slice as the plain OFFSET query.
        const skip = (page - 1) * 20;
        const type = 'type' in extra ? extra.type : undefined;
        const expected = await sql<{ transaction_id: number }>`
          select e.transaction_id from entries e join transactions t on t.id = e.transaction_id
          where e.wallet_no = ${BULK_WALLET} ${type ? sql`and t.type = ${type}` : sql``}
          ${'commentsOnly' in extra ? sql`and t.comment is not null` : sql``}
          order by e.created_at desc, e.id desc limit 20 offset ${skip}`.execute(env().db);
        expect(result.rows.map((r) => r.transaction_id)).toEqual(expected.rows.map((r) => r.transaction_id));
      });
    }
  });
});
