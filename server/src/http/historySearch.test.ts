import { CALLS, tokyoWallClock, type WalletHistory } from '@coin/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_WALLETS } from '../domain/ledger';
import { addDays, tokyoDayStart } from '../domain/time';
import { customerWalletNo } from '../seed/accounts';
import { DEMO, describeEachDatabase, type SignedIn, signIn, tokyoDay } from '../testing/harness';
import { insertPastTransaction } from '../testing/pastPosting';

/*
 * Finding a payment without its id (issue 25): the amount (exact or a range, of the absolute value) and
 * the Tokyo time of day on the history list, the refund request's list of payments (the same call with
 * type=PAYMENT) and the history CSV.
 */

/** A day among the seeded entries, and an amount the seed does not use, for the rows this file posts. */
const DAY = tokyoDay(-6);
const NEXT = addDays(DAY, 1);
const AMOUNT = 7_913;
const at = (day: string, time: string) => new Date(`${day}T${time}+09:00`);

type Query = Record<string, string | number>;

describeEachDatabase('history search: amount and time of day', (env) => {
  let owner: SignedIn;
  let manager: SignedIn;
  /** The rows posted for this file, by name. */
  const posted = { before: 0, start: 0, endMinute: 0, after: 0, refund: 0, late: 0, early: 0 };

  const get = (caller: SignedIn, url: string, query: Query) =>
    env().app.inject({
      method: 'GET',
      url: `/api${url}`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { authorization: caller.authorization },
    });
  const HISTORIES = `/wallets/${DEMO.mainWalletNo}/histories`;

  /** Every row of the filtered list, page after page; each page must honour the filter on its own. */
  async function allPages(query: Query, limit: number, matches: (row: WalletHistory) => boolean) {
    const rows: WalletHistory[] = [];
    let total = -1;
    for (let page = 1; ; page++) {
      const response = await get(manager, HISTORIES, { ...query, limit, offset: page });
      expect(response.statusCode, response.body).toBe(200);
      const body = CALLS.listWalletHistories.response.parse(response.json());
      if (total >= 0) expect(body.total, 'the same total on every page').toBe(total);
      total = body.total;
      for (const row of body.items) expect(matches(row), `page ${page}: ${JSON.stringify(row)}`).toBe(true);
      rows.push(...body.items);
      if (body.items.length < limit) break;
    }
    expect(rows).toHaveLength(total);
    return rows;
  }

  /**
   * The reference: every entry of 本店 in the period by plain SQL, filtered here in JavaScript (the Tokyo
   * wall clock from the contract's helper), newest first.
   */
  async function reference(
    start: string,
    end: string,
    keep: (row: { amount: number; minute: string; type: string }) => boolean,
  ) {
    const rows = await env()
      .db.selectFrom('entries as e')
      .select(['e.id', 'e.transaction_id', 'e.created_at', 'e.type', 'e.amount'])
      .where('e.wallet_no', '=', DEMO.mainWalletNo)
      .where('e.created_at', '>=', tokyoDayStart(start))
      .where('e.created_at', '<', tokyoDayStart(addDays(end, 1)))
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .execute();
    return rows
      .filter((row) =>
        keep({ amount: row.amount, type: row.type, minute: tokyoWallClock(row.created_at).slice(11, 16) }),
      )
      .map((row) => ({ transaction_id: row.transaction_id, amount: row.amount }));
  }
  const brief = (rows: WalletHistory[]) => rows.map((r) => ({ transaction_id: r.transaction_id, amount: r.amount }));
  const minuteOf = (row: WalletHistory) => tokyoWallClock(row.created_at).slice(11, 16);

  beforeAll(async () => {
    owner = await signIn(env().app, DEMO.owner);
    manager = await signIn(env().app, DEMO.manager);
    const pay = (when: Date) =>
      insertPastTransaction(env().db, {
        type: 'PAYMENT',
        merchantId: DEMO.mainMerchantId,
        entries: [
          { walletNo: SYSTEM_WALLETS.issuer, coinId: 1, amount: -AMOUNT },
          { walletNo: DEMO.mainWalletNo, coinId: 1, amount: AMOUNT },
        ],
        at: when,
      });
    // Around a 12:00–13:00 window: one just before it, its first instant, the last instant of its end
    // minute, the first instant after it.
    posted.before = await pay(at(DAY, '11:59:59.999'));
    posted.start = await pay(at(DAY, '12:00:00.000'));
    posted.endMinute = await pay(at(DAY, '13:00:59.999'));
    posted.after = await pay(at(DAY, '13:01:00.000'));
    // The same figure going out: a refund to the customer (negative in 本店's history).
    posted.refund = await insertPastTransaction(env().db, {
      type: 'REFUND',
      merchantId: DEMO.mainMerchantId,
      relatedTransactionId: posted.start,
      entries: [
        { walletNo: DEMO.mainWalletNo, coinId: 1, amount: -AMOUNT },
        { walletNo: customerWalletNo(3), coinId: 1, amount: AMOUNT },
      ],
      at: at(DAY, '12:30:00.000'),
    });
    // Either side of the midnight after DAY.
    posted.late = await pay(at(DAY, '23:50:00.000'));
    posted.early = await pay(at(NEXT, '00:10:00.000'));
  });

  describe('the amount', () => {
    it('matches the absolute amount exactly: payments in and the refund out alike', async () => {
      const rows = await allPages(
        { start_date: DAY, end_date: NEXT, amount: AMOUNT },
        3,
        (row) => Math.abs(row.amount) === AMOUNT,
      );
      expect(brief(rows)).toEqual(await reference(DAY, NEXT, (row) => Math.abs(row.amount) === AMOUNT));
      const ids = rows.map((row) => row.transaction_id);
      for (const [name, id] of Object.entries(posted)) expect(ids, name).toContain(id);
      expect(rows.find((row) => row.transaction_id === posted.refund)?.amount).toBe(-AMOUNT);
    });

    it('matches a range, and either end alone, over every page', async () => {
      const start = tokyoDay(-30);
      const end = tokyoDay();
      // Bounds taken from the data, so each list holds a good share of the period's entries.
      const amounts = (await reference(start, end, () => true))
        .map((row) => Math.abs(row.amount))
        .sort((a, b) => a - b);
      const low = amounts[Math.floor(amounts.length / 4)] ?? 1;
      const high = amounts[Math.floor((amounts.length * 3) / 4)] ?? 1;
      expect(low).toBeLessThan(high);
      for (const [filter, keep] of [
        [{ amount_min: low, amount_max: high }, (a: number) => a >= low && a <= high],
        [{ amount_min: high }, (a: number) => a >= high],
        [{ amount_max: low }, (a: number) => a <= low],
        // A range of one figure is the exact amount.
        [{ amount_min: AMOUNT, amount_max: AMOUNT }, (a: number) => a === AMOUNT],
      ] as const) {
        const rows = await allPages({ start_date: start, end_date: end, ...filter }, 50, (row) =>
          keep(Math.abs(row.amount)),
        );
        const expected = await reference(start, end, (row) => keep(Math.abs(row.amount)));
        expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(0);
        expect(brief(rows), JSON.stringify(filter)).toEqual(expected);
      }
    });
  });

  describe('the time of day', () => {
    it('keeps entries from the first minute to the end of the last one, Asia/Tokyo', async () => {
      const window = { time_from: '12:00', time_to: '13:00' };
      const rows = await allPages({ start_date: DAY, end_date: DAY, amount: AMOUNT, ...window }, 2, (row) => {
        const minute = minuteOf(row);
        return minute >= '12:00' && minute <= '13:00' && Math.abs(row.amount) === AMOUNT;
      });
      expect(rows.map((row) => row.transaction_id).sort()).toEqual(
        [posted.start, posted.refund, posted.endMinute].sort(),
      );
    });

    it('matches the plain list filtered by hand, with the seeded entries, over every page', async () => {
      const start = tokyoDay(-20);
      const end = tokyoDay();
      const inWindow = (minute: string) => minute >= '10:30' && minute <= '14:59';
      const rows = await allPages(
        { start_date: start, end_date: end, time_from: '10:30', time_to: '14:59' },
        20,
        (row) => inWindow(minuteOf(row)),
      );
      const expected = await reference(start, end, (row) => inWindow(row.minute));
      expect(expected.length).toBeGreaterThan(40);
      expect(brief(rows)).toEqual(expected);
    });

    it('takes either end alone: from a time to the end of the day, or from midnight to a time', async () => {
      const from = await allPages(
        { start_date: DAY, end_date: NEXT, amount: AMOUNT, time_from: '13:01' },
        20,
        () => true,
      );
      expect(from.map((row) => row.transaction_id).sort()).toEqual([posted.after, posted.late].sort());
      const to = await allPages({ start_date: DAY, end_date: NEXT, amount: AMOUNT, time_to: '11:59' }, 20, () => true);
      expect(to.map((row) => row.transaction_id).sort()).toEqual([posted.before, posted.early].sort());
    });

    it('reads a window ending before it starts as one across midnight', async () => {
      const rows = await allPages(
        { start_date: DAY, end_date: NEXT, amount: AMOUNT, time_from: '23:00', time_to: '00:30' },
        20,
        (row) => minuteOf(row) >= '23:00' || minuteOf(row) <= '00:30',
      );
      expect(rows.map((row) => row.transaction_id)).toEqual([posted.early, posted.late]);
    });
  });

  describe('the refund request list (payments only) and the other filters', () => {
    it('finds the payments of an amount at a time, each with what is left to refund', async () => {
      const rows = await allPages(
        { start_date: DAY, end_date: DAY, type: 'PAYMENT', amount: AMOUNT, time_from: '11:00', time_to: '13:00' },
        20,
        (row) => row.type === 'PAYMENT',
      );
      // Not the refund of 12:30 (its figure, going out), nor the payment of 13:01.
      expect(rows.map((row) => row.transaction_id)).toEqual([posted.endMinute, posted.start, posted.before]);
      // What the refund request's list offers: what is left to refund of each.
      for (const row of rows) expect(row.refundable_remaining).toEqual(expect.any(Number));
    });

    it('pages a type with an amount range like the plain list filtered by hand', async () => {
      const start = tokyoDay(-45);
      const end = tokyoDay();
      const keep = (row: { amount: number; type: string }) =>
        row.type === 'PAYMENT' && row.amount >= 500 && row.amount <= 3000;
      const rows = await allPages(
        { start_date: start, end_date: end, type: 'PAYMENT', amount_min: 500, amount_max: 3000 },
        7,
        (row) => keep(row),
      );
      const expected = await reference(start, end, keep);
      expect(expected.length).toBeGreaterThan(14);
      expect(brief(rows)).toEqual(expected);
      // A deep page alone is the same slice of the whole list.
      const page = await get(manager, HISTORIES, {
        start_date: start,
        end_date: end,
        type: 'PAYMENT',
        amount_min: 500,
        amount_max: 3000,
        limit: 7,
        offset: 2,
      });
      expect(brief(page.json().items)).toEqual(expected.slice(7, 14));
    });

    it('finds one transaction id only when it also matches', async () => {
      const query = { start_date: DAY, end_date: DAY, transaction_id: posted.start };
      expect((await get(manager, HISTORIES, { ...query, amount: AMOUNT })).json()).toMatchObject({ total: 1 });
      expect((await get(manager, HISTORIES, { ...query, amount: AMOUNT + 1 })).json()).toMatchObject({
        total: 0,
        items: [],
      });
    });
  });

  describe('the history CSV', () => {
    it('holds the rows the filtered list shows', async () => {
      const query = { start_date: DAY, end_date: NEXT, amount: AMOUNT, time_from: '12:00', time_to: '23:59' };
      const list = await allPages(query, 100, () => true);
      // 12:00, the refund of 12:30, 13:00, 13:01 and 23:50 (not 11:59, nor 00:10 of the next day).
      expect(list).toHaveLength(5);
      const response = await get(owner, `/merchants/${DEMO.mainMerchantId}/downloads/histories`, {
        ...query,
        encoding: 'utf8',
      });
      expect(response.statusCode, response.body).toBe(200);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(1, -1);
      expect(lines.map((line) => Number(line.split(',')[0]))).toEqual(list.map((row) => row.transaction_id));
      expect(lines.map((line) => Number(line.split(',')[4]))).toEqual(list.map((row) => row.amount));
    });
  });

  describe('bad filters answer 400 with the field and a Japanese message', () => {
    const period = { start_date: DAY, end_date: DAY };
    for (const [name, query, field, message] of [
      ['an amount that is not a number', { amount: 'abc' }, 'amount', '金額は1以上の整数で指定してください'],
      ['an amount of 0', { amount: 0 }, 'amount', '金額は1以上の整数で指定してください'],
      ['a fractional amount', { amount_min: '1.5' }, 'amount_min', '金額は1以上の整数で指定してください'],
      ['a negative bound', { amount_max: -100 }, 'amount_max', '金額は1以上の整数で指定してください'],
      [
        'a range upside down',
        { amount_min: 5000, amount_max: 100 },
        'amount_max',
        '金額の下限は上限以下にしてください',
      ],
      [
        'an exact amount with a range',
        { amount: 100, amount_min: 50 },
        'amount',
        '金額はちょうどの金額か範囲のどちらか一方で指定してください',
      ],
      ['an hour 24', { time_from: '24:00' }, 'time_from', '時刻はHH:mm形式（00:00〜23:59）で指定してください'],
      [
        'a time without its leading zero',
        { time_to: '9:00' },
        'time_to',
        '時刻はHH:mm形式（00:00〜23:59）で指定してください',
      ],
      ['a time with seconds', { time_to: '09:00:00' }, 'time_to', '時刻はHH:mm形式（00:00〜23:59）で指定してください'],
    ] as const) {
      it(name, async () => {
        for (const url of [HISTORIES, `/merchants/${DEMO.mainMerchantId}/downloads/histories`]) {
          const response = await get(owner, url, { ...period, ...query });
          expect(response.statusCode, `${url} ${response.body}`).toBe(400);
          expect(response.json()).toEqual({ type: 'invalid_request', field, message });
        }
      });
    }
  });

  it("never answers another merchant's wallet, whatever the filters say (the wallet is checked first)", async () => {
    for (const query of [{ amount: AMOUNT }, { amount: 'lots', time_from: '25:00' }] as Query[]) {
      const response = await get(manager, `/wallets/${DEMO.bakeryWalletNo}/histories`, {
        start_date: DAY,
        end_date: DAY,
        ...query,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().type).toBe('not_found');
    }
  });
});
