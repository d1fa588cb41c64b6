import { CALLS } from '@coin/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths, tokyoDate, tokyoDayStart, tokyoMonth } from '../domain/time';
import { DEMO, describeWithDatabase, type SignedIn, signIn, tokyoDay } from '../testing/harness';

describeWithDatabase('merchant and wallet reads', (env) => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await signIn(env().app, DEMO.owner);
  });
  const get = async (url: string, query?: Record<string, string>) => {
    const response = await env().app.inject({
      method: 'GET',
      url,
      headers: { authorization: owner.authorization },
      ...(query ? { query } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as unknown;
  };

  describe('wallet', () => {
    it('answers the balances sorted by coin id, never negative, with 0/1 flags', async () => {
      const wallet = CALLS.getWallet.response.parse(await get(`/api/wallets/${DEMO.mainWalletNo}`));
      expect(wallet.wallet_no).toBe(DEMO.mainWalletNo);
      expect(wallet.balances.map((b) => b.id)).toEqual([1, 2, 3]);
      expect(wallet.balances[0]).toMatchObject({ name: 'めぶくコイン', transferable: 1, refundable: 1 });
      expect(wallet.balances[1]).toMatchObject({ name: 'ポイント', transferable: 0, refundable: 0 });
      for (const balance of wallet.balances) expect(balance.amount).toBeGreaterThanOrEqual(0);
      const stored = await env()
        .db.selectFrom('wallet_balances')
        .select(['coin_id', 'amount'])
        .where('wallet_no', '=', DEMO.mainWalletNo)
        .orderBy('coin_id')
        .execute();
      expect(wallet.balances.map((b) => b.amount)).toEqual(stored.map((s) => s.amount));
    });
  });

  describe('histories', () => {
    const year = { start_date: tokyoDay(-400), end_date: tokyoDay() };
    const histories = async (query: Record<string, string>) =>
      CALLS.listWalletHistories.response.parse(await get(`/api/wallets/${DEMO.mainWalletNo}/histories`, query));

    it('pages 20 rows at a time, newest first, with the total', async () => {
      const first = await histories(year);
      expect(first.limit).toBe(20);
      expect(first.offset).toBe(1);
      expect(first.items).toHaveLength(20);
      expect(first.total).toBeGreaterThanOrEqual(5000);
      const second = await histories({ ...year, offset: '2' });
      expect(second.items).toHaveLength(20);
      expect(second.total).toBe(first.total);
      const ids = (page: typeof first) => page.items.map((i) => `${i.transaction_id}:${i.coin_id}`);
      expect(ids(second).filter((id) => ids(first).includes(id))).toEqual([]);
      const times = [...first.items, ...second.items].map((i) => Date.parse(i.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const lastPage = Math.ceil(first.total / 50);
      const tail = await histories({ ...year, limit: '50', offset: String(lastPage) });
      expect(tail.items).toHaveLength(first.total - (lastPage - 1) * 50);
    });

    it('shows signed amounts and the running balance of the coin', async () => {
      const { items } = await histories({ ...year, limit: '100' });
      const payment = items.find((i) => i.type === 'PAYMENT');
      expect(payment?.amount).toBeGreaterThan(0);
      expect(payment?.counterparty).toMatch(/^\d{10}$/);
      const withdrawal = (await histories({ ...year, limit: '100', offset: '3' })).items.concat(items);
      for (const item of withdrawal.filter((i) => i.type === 'WITHDRAWAL' || i.type === 'REFUND')) {
        expect(item.amount).toBeLessThan(0);
      }
      // The newest entry of each coin carries the wallet's current balance.
      const wallet = CALLS.getWallet.response.parse(await get(`/api/wallets/${DEMO.mainWalletNo}`));
      const newest = items.find((i) => i.coin_id === 1);
      expect(newest?.balance).toBe(wallet.balances[0]?.amount);
    });

    it('treats start_date and end_date as inclusive Asia/Tokyo days', async () => {
      const newest = (await histories(year)).items[0];
      if (!newest) throw new Error('no history');
      const day = tokyoDate(new Date(newest.created_at));
      const sameDay = await histories({ start_date: day, end_date: day, limit: '100' });
      expect(sameDay.items.map((i) => i.transaction_id)).toContain(newest.transaction_id);
      for (const item of sameDay.items) expect(tokyoDate(new Date(item.created_at))).toBe(day);
      const counted = await sql<{ n: number }>`
        select count(*) as n from entries where wallet_no = ${DEMO.mainWalletNo}
        and to_char(created_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD') = ${day}`.execute(env().db);
      expect(sameDay.total).toBe(Number(counted.rows[0]?.n));
    });

    it('is empty for a period without entries', async () => {
      const empty = await histories({ start_date: '2001-01-01', end_date: '2001-01-31' });
      expect(empty).toEqual({ items: [], total: 0, limit: 20, offset: 1 });
    });
  });

  describe('requested refunds', () => {
    it('sums the REQUESTED amounts per coin', async () => {
      const { items } = CALLS.listRequestedRefunds.response.parse(
        await get(`/api/wallets/${DEMO.mainWalletNo}/refunds`),
      );
      expect(items.length).toBeGreaterThan(0);
      expect(items.map((i) => i.id)).toEqual([...items.map((i) => i.id)].sort((a, b) => a - b));
      const expected = await env()
        .db.selectFrom('refund_applications as r')
        .innerJoin('coins as c', 'c.id', 'r.coin_id')
        .select(['c.id', 'c.name', (eb) => eb.fn.sum<number>('r.amount').as('amount')])
        .where('r.merchant_id', '=', DEMO.mainMerchantId)
        .where('r.status', '=', 'REQUESTED')
        .groupBy(['c.id', 'c.name'])
        .orderBy('c.id')
        .execute();
      expect(items).toEqual(expected.map((e) => ({ ...e, amount: Number(e.amount) })));
    });
  });

  describe('merchant', () => {
    it('describes 本店: reloadable coins, subscription flag and its group', async () => {
      const merchant = CALLS.getMerchant.response.parse(await get('/api/merchants/1/merchant'));
      expect(merchant).toEqual({
        merchant_id: 1,
        name: 'めぶくカフェ 本店',
        wallet_no: DEMO.mainWalletNo,
        reloadable_coins: [{ id: 1, name: 'めぶくコイン' }],
        allow_subscription: 1,
        merchant_group_id: 1,
        merchant_group_parent_id: 1,
        status: 'OPEN',
      });
    });

    it('describes the group child and a merchant without a group', async () => {
      expect(await get('/api/merchants/2/merchant')).toMatchObject({
        name: 'めぶくカフェ 駅前店',
        reloadable_coins: [],
        allow_subscription: 0,
        merchant_group_id: 1,
        merchant_group_parent_id: 1,
      });
      expect(await get('/api/merchants/3/merchant')).toMatchObject({
        name: 'まちのパン屋',
        merchant_group_id: null,
        merchant_group_parent_id: null,
      });
    });

    it('answers the latest payment', async () => {
      const { payment } = CALLS.getLatestPayment.response.parse(await get('/api/merchants/1/latest_payment_history'));
      const latest = await env()
        .db.selectFrom('transactions')
        .select(['id'])
        .where('merchant_id', '=', 1)
        .where('type', '=', 'PAYMENT')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(payment?.transaction_id).toBe(latest.id);
      expect(payment?.amount).toBeGreaterThan(0);
      expect(payment?.payer_wallet_no).toMatch(/^2\d{9}$/);
    });

    it('answers the twelve fee months up to the target, newest first', async () => {
      const target = tokyoMonth(new Date());
      const { items } = CALLS.getSummarizedTxFees.response.parse(
        await get('/api/merchants/1/summarized_tx_fees', { target }),
      );
      expect(items.map((i) => i.summarized_month)).toEqual(Array.from({ length: 12 }, (_, i) => addMonths(target, -i)));
      expect(items[0]?.status).toBe('UNSETTLED');
      expect(items.slice(2).every((i) => i.status === 'SETTLED' || i.status === 'CASH_SETTLED')).toBe(true);
      const older = CALLS.getSummarizedTxFees.response.parse(
        await get('/api/merchants/1/summarized_tx_fees', { target: addMonths(target, -3) }),
      );
      expect(older.items[0]?.summarized_month).toBe(addMonths(target, -3));
    });

    it('answers payments per Tokyo day, zero days included', async () => {
      const { items } = CALLS.getDailySales.response.parse(
        await get('/api/merchants/1/daily_sales', { start_date: tokyoDay(-29), end_date: tokyoDay() }),
      );
      expect(items).toHaveLength(30);
      expect(items[0]?.date).toBe(tokyoDay(-29));
      expect(items.at(-1)?.date).toBe(tokyoDay());
      expect(items.filter((i) => i.count > 0).length).toBeGreaterThanOrEqual(25);
      const totals = await sql<{ amount: number; n: number }>`
        select sum(e.amount) as amount, count(*) as n from transactions t
        join entries e on e.transaction_id = t.id and e.wallet_no = ${DEMO.mainWalletNo}
        where t.merchant_id = 1 and t.type = 'PAYMENT'
          and t.created_at >= ${tokyoDayStart(tokyoDay(-29))}`.execute(env().db);
      expect(items.reduce((sum, i) => sum + i.amount, 0)).toBe(Number(totals.rows[0]?.amount));
      expect(items.reduce((sum, i) => sum + i.count, 0)).toBe(Number(totals.rows[0]?.n));

      const quiet = CALLS.getDailySales.response.parse(
        await get('/api/merchants/1/daily_sales', { start_date: '2001-02-27', end_date: '2001-03-02' }),
      );
      expect(quiet.items).toEqual([
        { date: '2001-02-27', amount: 0, count: 0 },
        { date: '2001-02-28', amount: 0, count: 0 },
        { date: '2001-03-01', amount: 0, count: 0 },
        { date: '2001-03-02', amount: 0, count: 0 },
      ]);
    });

    it("lists 本店's users with every status; a user without an address of record has no email", async () => {
      const { items } = CALLS.listMerchantUsers.response.parse(await get('/api/merchants/1/users'));
      expect(new Set(items.map((u) => u.status))).toEqual(new Set(['ACTIVE', 'INACTIVE', 'SUSPENDED', 'CANCELED']));
      const invited = items.filter((u) => u.status === 'INACTIVE');
      const now = Date.now();
      expect(invited.map((u) => Date.parse(u.activate_token_available_until ?? '') < now).sort()).toEqual([
        false,
        true,
      ]);
      const withoutEmail = items.filter((u) => u.email === undefined);
      expect(withoutEmail.map((u) => u.user_id)).toEqual([11]);
      expect(Object.keys(withoutEmail[0] ?? {})).not.toContain('email');
      expect(items.find((u) => u.user_id === 1)).toEqual({
        user_id: 1,
        email: DEMO.owner,
        status: 'ACTIVE',
        activate_token_available_until: null,
        name: '鈴木 一郎',
        role: 'Owner',
        two_step: false,
      });
    });
  });

  describe('notices', () => {
    it('are public and come by revision, newest first', async () => {
      const response = await env().app.inject({ method: 'GET', url: '/api/notices' });
      expect(response.statusCode).toBe(200);
      const { items } = CALLS.listNotices.response.parse(response.json());
      expect(items.length).toBeGreaterThanOrEqual(5);
      const revisions = items.map((n) => n.revision);
      expect(revisions).toEqual([...new Set(revisions)].sort((a, b) => b - a));
    });
  });
});
