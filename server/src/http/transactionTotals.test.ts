import { addDays, CALLS, TRANSACTION_TOTALS_MAX_DAYS } from '@coin/contract';
import { CompiledQuery, type QueryId, type RootOperationNode, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_WALLETS } from '../domain/ledger';
import { transactionTotals } from '../domain/transactionTotals';
import { insertBulkHistory } from '../testing/bulk';
import { DEMO, describeWithDatabase, type SignedIn, signIn, tokyoDay } from '../testing/harness';
import { insertPastTransaction } from '../testing/pastPosting';

/** Transaction totals (issue 15): counts and sums per type and coin, beside the previous period. */

const BULK_WALLET = '5200000002';

describeWithDatabase('transaction totals', (env) => {
  let owner: SignedIn;
  let member: SignedIn;

  const get = async (caller: SignedIn, walletNo: string, query: Record<string, string>) =>
    env().app.inject({
      method: 'GET',
      url: `/api/wallets/${walletNo}/histories/totals`,
      query,
      headers: { authorization: caller.authorization },
    });

  /** A transaction into (or out of) 本店's wallet at a past instant. */
  const post = (type: 'PAYMENT' | 'REFUND' | 'RELOAD', at: string, coinId: number, amount: number) =>
    insertPastTransaction(env().db, {
      type,
      merchantId: DEMO.mainMerchantId,
      entries: [
        { walletNo: SYSTEM_WALLETS.issuer, coinId, amount: -amount },
        { walletNo: DEMO.mainWalletNo, coinId, amount },
      ],
      at: new Date(at),
    });

  beforeAll(async () => {
    owner = await signIn(env().app, DEMO.owner);
    member = await signIn(env().app, DEMO.member);
    // Long before the demo data: the period 2020-03-03..2020-03-04 and its previous 2020-03-01..2020-03-02.
    await post('PAYMENT', '2020-03-01T00:00:00+09:00', 1, 100); // previous, first instant
    await post('PAYMENT', '2020-03-02T23:59:59.999+09:00', 1, 50); // previous, last instant
    await post('PAYMENT', '2020-03-03T00:00:00+09:00', 1, 300); // current, first instant
    await post('PAYMENT', '2020-03-04T12:00:00+09:00', 1, 200);
    await post('PAYMENT', '2020-03-04T13:00:00+09:00', 2, 7);
    await post('RELOAD', '2020-03-04T23:59:59.999+09:00', 1, 1000); // current, last instant
    await post('RELOAD', '2020-02-29T23:59:59.999+09:00', 1, 9999); // before the previous period
    await post('PAYMENT', '2020-03-05T00:00:00+09:00', 1, 8888); // after the period
    // A refund out of the wallet: a negative sum.
    await insertPastTransaction(env().db, {
      type: 'REFUND',
      merchantId: DEMO.mainMerchantId,
      entries: [
        { walletNo: DEMO.mainWalletNo, coinId: 1, amount: -80 },
        { walletNo: SYSTEM_WALLETS.issuer, coinId: 1, amount: 80 },
      ],
      at: new Date('2020-03-02T10:00:00+09:00'),
    });
  });

  it('sums each type and coin of the period, beside the period of the same length just before it', async () => {
    const response = await get(owner, DEMO.mainWalletNo, { start_date: '2020-03-03', end_date: '2020-03-04' });
    expect(response.statusCode, response.body).toBe(200);
    const body = CALLS.getTransactionTotals.response.parse(response.json());
    expect(body).toEqual({
      start_date: '2020-03-03',
      end_date: '2020-03-04',
      previous_start_date: '2020-03-01',
      previous_end_date: '2020-03-02',
      items: [
        {
          type: 'PAYMENT',
          coin_id: 1,
          coin_name: 'めぶくコイン',
          count: 2,
          amount: 500,
          previous_count: 2,
          previous_amount: 150,
        },
        {
          type: 'PAYMENT',
          coin_id: 2,
          coin_name: 'ポイント',
          count: 1,
          amount: 7,
          previous_count: 0,
          previous_amount: 0,
        },
        {
          type: 'RELOAD',
          coin_id: 1,
          coin_name: 'めぶくコイン',
          count: 1,
          amount: 1000,
          previous_count: 0,
          previous_amount: 0,
        },
        {
          type: 'REFUND',
          coin_id: 1,
          coin_name: 'めぶくコイン',
          count: 0,
          amount: 0,
          previous_count: 1,
          previous_amount: -80,
        },
      ],
    });
  });

  it('answers the same sums as plain SQL over the demo history, for a one-day period too', async () => {
    for (const [start, end] of [
      [tokyoDay(-30), tokyoDay()],
      [tokyoDay(-1), tokyoDay(-1)],
    ] as const) {
      const response = await get(member, DEMO.mainWalletNo, { start_date: start, end_date: end });
      expect(response.statusCode, response.body).toBe(200);
      const body = CALLS.getTransactionTotals.response.parse(response.json());
      const days = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
      const previousStart = new Date(Date.parse(`${start}T00:00:00+09:00`) - days * 86_400_000);
      const reference = await sql<{ type: string; coin_id: number; n: string; s: string; pn: string; ps: string }>`
        select type, coin_id,
          count(*) filter (where created_at >= ${new Date(`${start}T00:00:00+09:00`)}) as n,
          coalesce(sum(amount) filter (where created_at >= ${new Date(`${start}T00:00:00+09:00`)}), 0) as s,
          count(*) filter (where created_at < ${new Date(`${start}T00:00:00+09:00`)}) as pn,
          coalesce(sum(amount) filter (where created_at < ${new Date(`${start}T00:00:00+09:00`)}), 0) as ps
        from entries where wallet_no = ${DEMO.mainWalletNo}
          and created_at >= ${previousStart} and created_at < ${new Date(Date.parse(`${end}T00:00:00+09:00`) + 86_400_000)}
        group by type, coin_id`.execute(env().db);
      const expected = reference.rows.map((r) => ({
        type: r.type,
        coin_id: r.coin_id,
        count: Number(r.n),
        amount: Number(r.s),
        previous_count: Number(r.pn),
        previous_amount: Number(r.ps),
      }));
      const answered = body.items.map(({ coin_name: _name, ...item }) => item);
      const key = (r: { type: string; coin_id: number }) => `${r.type}/${r.coin_id}`;
      expect(answered.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
        expected.sort((a, b) => key(a).localeCompare(key(b))),
      );
    }
    // The 30-day demo period holds payments: the card has figures to show.
    const month = CALLS.getTransactionTotals.response.parse(
      (await get(owner, DEMO.mainWalletNo, { start_date: tokyoDay(-30), end_date: tokyoDay() })).json(),
    );
    expect(month.items.some((item) => item.type === 'PAYMENT' && item.count > 0)).toBe(true);
  });

  it("is not found on another merchant's wallet, as the history list answers", async () => {
    const query = { start_date: tokyoDay(-30), end_date: tokyoDay() };
    const totals = await get(member, DEMO.bakeryWalletNo, query);
    const histories = await env().app.inject({
      method: 'GET',
      url: `/api/wallets/${DEMO.bakeryWalletNo}/histories`,
      query,
      headers: { authorization: member.authorization },
    });
    expect(totals.statusCode).toBe(404);
    expect(totals.json()).toMatchObject({ type: 'not_found' });
    expect(totals.statusCode).toBe(histories.statusCode);
  });

  it('takes the roles of the history list', () => {
    expect(CALLS.getTransactionTotals.access).toEqual(CALLS.listWalletHistories.access);
  });

  it('refuses a period that ends before it starts, and no authorization', async () => {
    const reversed = await get(owner, DEMO.mainWalletNo, { start_date: tokyoDay(), end_date: tokyoDay(-1) });
    expect(reversed.statusCode).toBe(400);
    const anonymous = await env().app.inject({
      method: 'GET',
      url: `/api/wallets/${DEMO.mainWalletNo}/histories/totals`,
      query: { start_date: tokyoDay(-1), end_date: tokyoDay() },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`takes a period of ${TRANSACTION_TOTALS_MAX_DAYS} days, and refuses a day more with the message of the other reports`, async () => {
    const end = tokyoDay();
    const longest = await get(owner, DEMO.mainWalletNo, {
      start_date: addDays(end, -(TRANSACTION_TOTALS_MAX_DAYS - 1)),
      end_date: end,
    });
    expect(longest.statusCode).toBe(200);
    const tooLong = await get(owner, DEMO.mainWalletNo, {
      start_date: addDays(end, -TRANSACTION_TOTALS_MAX_DAYS),
      end_date: end,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      type: 'invalid_request',
      field: 'end_date',
      message: `期間は${TRANSACTION_TOTALS_MAX_DAYS}日以内で指定してください`,
    });
  });

  describe('a wallet with 100,000 entries', () => {
    // Its history spans the longest period the totals take.
    const from = new Date(`${tokyoDay(1 - TRANSACTION_TOTALS_MAX_DAYS)}T00:00:00+09:00`);
    const to = new Date(`${tokyoDay()}T00:00:00+09:00`);

    beforeAll(async () => {
      await insertBulkHistory(env().db, BULK_WALLET, 100_000, { from, to });
    }, 300_000);

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

    /** Runs the totals, then EXPLAIN ANALYZE of the query it ran: its plan nodes. */
    async function explained(start: string, end: string) {
      const queries: RootOperationNode[] = [];
      const spy = env().db.withPlugin({
        transformQuery: ({ node }) => {
          queries.push(node);
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      const result = await transactionTotals(spy, BULK_WALLET, { start_date: start, end_date: end });
      expect(queries).toHaveLength(1);
      const compiled = spy.getExecutor().compileQuery(queries[0] as RootOperationNode, { queryId: 'x' } as QueryId);
      const plan = await env().db.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]),
      );
      const raw = plan.rows[0]?.['QUERY PLAN'];
      const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
      return { result, nodes: nodesOf(top.Plan) };
    }

    /** The wallet's entries in [start − days, end], from the trigger-kept day counts. */
    async function entriesIn(start: string, end: string) {
      const counted = await sql<{ n: string }>`select coalesce(sum(entries), 0) as n from wallet_history_days
        where wallet_no = ${BULK_WALLET} and day >= ${start}::date and day <= ${end}::date`.execute(env().db);
      return Number(counted.rows[0]?.n);
    }

    it('reads a month and its previous month by a wallet history index, no more rows than they hold', async () => {
      const { result, nodes } = await explained(tokyoDay(-60), tokyoDay(-31));
      const scans = nodes.filter((n) => n['Relation Name'] === 'entries');
      expect(scans.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
      // Driven by an index that starts at the wallet (an index scan, or a bitmap of it).
      const indexes = nodes.map((n) => n['Index Name']).filter((name) => name !== undefined);
      expect(indexes.length, JSON.stringify(nodes.map((n) => [n['Node Type'], n['Index Name']]))).toBeGreaterThan(0);
      for (const name of indexes) expect(name).toMatch(/^entries_wallet_(coin_)?history_idx$/);
      const read = scans.reduce(
        (sum, n) => sum + (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'],
        0,
      );
      const inPeriods = await entriesIn(tokyoDay(-90), tokyoDay(-31));
      expect(inPeriods).toBeGreaterThan(10_000);
      // Far below the wallet's 100,000: only the two periods are read.
      expect(read).toBeLessThanOrEqual(inPeriods);
      const current = result.items.reduce((sum, item) => sum + item.count, 0);
      const previous = result.items.reduce((sum, item) => sum + item.previous_count, 0);
      expect(current).toBe(await entriesIn(tokyoDay(-60), tokyoDay(-31)));
      expect(previous).toBe(await entriesIn(tokyoDay(-90), tokyoDay(-61)));
    });

    it('sums the whole history: a quarter of each common type (every 500th a cash cancel in place of a rebate), 1 coin each', async () => {
      const { result } = await explained(tokyoDay(1 - TRANSACTION_TOTALS_MAX_DAYS), tokyoDay());
      const byType = Object.fromEntries(result.items.map((item) => [item.type, [item.count, item.amount]]));
      expect(byType).toEqual({
        PAYMENT: [25_000, 25_000],
        RELOAD: [25_000, 25_000],
        TRANSFER: [25_000, 25_000],
        REBATE: [24_800, 24_800],
        CASH_CANCEL: [200, 200],
      });
    });
  });
});
