import { CALLS } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { NEW_MERCHANT } from '../seed/merchantSettings';
import { DEMO_CUSTOMER_WALLET } from '../seed/moneyOut';
import { DEMO, describeWithDatabase, signIn } from '../testing/harness';
import { postTransaction } from './ledger';
import { salesSpans, salesSummary } from './merchants';
import { balanceOf, settleBalance } from './refunds.fixtures';

// The day at a glance on Top: today and this month so far, each against the same stretch before.

const iso = (span: { from: Date; to: Date }) => ({ from: span.from.toISOString(), to: span.to.toISOString() });

describe('salesSpans', () => {
  it('compares today with the same weekday a week earlier up to the same time of day', () => {
    // Thursday 26 November 2026, 15:30 in Tokyo.
    const spans = salesSpans(new Date('2026-11-26T06:30:00Z'));
    expect(iso(spans.today)).toEqual({ from: '2026-11-25T15:00:00.000Z', to: '2026-11-26T06:30:00.000Z' });
    expect(iso(spans.lastWeek)).toEqual({ from: '2026-11-18T15:00:00.000Z', to: '2026-11-19T06:30:00.000Z' });
    expect(iso(spans.month)).toEqual({ from: '2026-10-31T15:00:00.000Z', to: '2026-11-26T06:30:00.000Z' });
    expect(iso(spans.lastMonth)).toEqual({ from: '2026-09-30T15:00:00.000Z', to: '2026-10-26T06:30:00.000Z' });
  });

  it('takes the whole of a shorter last month, leap years included, and crosses the year', () => {
    expect(iso(salesSpans(new Date('2027-03-31T05:00:00Z')).lastMonth)).toEqual({
      from: '2027-01-31T15:00:00.000Z',
      to: '2027-02-28T15:00:00.000Z',
    });
    expect(iso(salesSpans(new Date('2028-03-30T05:00:00Z')).lastMonth)).toEqual({
      from: '2028-01-31T15:00:00.000Z',
      to: '2028-02-29T15:00:00.000Z',
    });
    // 1 January, 09:00 in Tokyo: last month is December of the year before; a week ago was 25 December.
    const newYear = salesSpans(new Date('2027-01-01T00:00:00Z'));
    expect(iso(newYear.lastMonth)).toEqual({ from: '2026-11-30T15:00:00.000Z', to: '2026-12-01T00:00:00.000Z' });
    expect(iso(newYear.lastWeek)).toEqual({ from: '2026-12-24T15:00:00.000Z', to: '2026-12-25T00:00:00.000Z' });
  });
});

describeWithDatabase('the day at a glance', (env) => {
  // あかぎ青果店 has no sales; these payments are in 2030, far from anything the seed or another test made.
  const NOW = new Date('2030-03-31T05:00:00Z'); // Sunday 31 March 2030, 14:00 in Tokyo
  const pay = (at: string, amount: number) =>
    env()
      .db.transaction()
      .execute((trx) =>
        postTransaction(trx, {
          type: 'PAYMENT',
          merchantId: NEW_MERCHANT.id,
          at: new Date(at),
          entries: [
            { walletNo: DEMO_CUSTOMER_WALLET, coinId: 1, amount: -amount },
            { walletNo: NEW_MERCHANT.walletNo, coinId: 1, amount },
          ],
        }),
      );

  it('adds up each stretch: in it up to its end, not after', async () => {
    // What the seed left the customer depends on the day it ran: give it enough for the payments below.
    if ((await balanceOf(env().db, DEMO_CUSTOMER_WALLET, 1)) < 20_000) {
      await settleBalance(env().db, DEMO_CUSTOMER_WALLET, NEW_MERCHANT.id, 1, 20_000);
    }
    // In time order (the ledger refuses backdated entries).
    await pay('2030-02-28T10:00:00Z', 300); // 28 February 19:00: February is shorter, all of it counts
    await pay('2030-02-28T15:00:00Z', 5_000); // 1 March 00:00: this month
    await pay('2030-03-24T04:00:00Z', 500); // a week ago 13:00
    await pay('2030-03-24T06:00:00Z', 700); // a week ago 15:00: later in the day than now
    await pay('2030-03-31T01:00:00Z', 1_000); // today 10:00
    await pay('2030-03-31T06:00:00Z', 900); // today 15:00: after now
    const summary = await salesSummary(env().db, NEW_MERCHANT.id, NOW);
    expect(summary.today).toMatchObject({ amount: 1_000, count: 1, average: 1_000 });
    expect(summary.same_day_last_week).toMatchObject({ amount: 500, count: 1, average: 500 });
    expect(summary.month).toMatchObject({ amount: 7_200, count: 4, average: 1_800 });
    expect(summary.same_days_last_month).toMatchObject({ amount: 300, count: 1 });
    expect(summary.month.coins).toEqual([{ coin_id: 1, coin_name: 'めぶくコイン', amount: 7_200, count: 4 }]);
  });

  it('answers zero and no average for a stretch without payments', async () => {
    const summary = await salesSummary(env().db, NEW_MERCHANT.id, new Date('2031-06-15T05:00:00Z'));
    expect(summary.today).toMatchObject({ amount: 0, count: 0, average: null, coins: [] });
  });

  it('is served to every role of the merchant, as the contract says', async () => {
    const member = await signIn(env().app, DEMO.member);
    const response = await env().app.inject({
      method: 'GET',
      url: `/api/merchants/${DEMO.mainMerchantId}/sales_summary`,
      headers: { authorization: member.authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    const summary = CALLS.getSalesSummary.response.parse(response.json());
    expect(summary.today.amount).toBe(summary.today.coins.reduce((sum, coin) => sum + coin.amount, 0));
    expect(Date.parse(summary.month.span.from)).toBeLessThanOrEqual(Date.parse(summary.today.span.from));
  });
});
