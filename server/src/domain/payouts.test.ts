import iconv from 'iconv-lite';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_MERCHANTS } from '../seed/accounts';
import { PAYOUT_RATE_BP } from '../seed/fees';
import { DEMO, describeEachDatabase, type SignedIn, signIn, tokyoDay } from '../testing/harness';
import { heldForRefunds, SYSTEM_WALLETS } from './ledger';
import { closingOnOrAfter, payoutDateOf } from './payoutCalendar';
import { PAYOUT_MESSAGES, PAYOUT_RESERVE, PAYOUT_TRANSFER_FEE, payableOf, payoutFee, runPayouts } from './payouts';
import { balanceOf, drainTo, settleBalance } from './refunds.fixtures';
import { addDays } from './time';

const COIN = 1;
const { main: MAIN, station: STATION, bakery: BAKERY } = DEMO_MERCHANTS;

describeEachDatabase('payouts, rebates and utility bills', (env) => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await signIn(env().app, DEMO.owner);
  });
  const get = (url: string) =>
    env().app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: owner.authorization } });

  it('pays each merchant with a bank account once per closing, in one balanced transaction; passes the others over', async () => {
    const db = env().db;
    // The next closing (today's, or the next 15th / month end), run the day after it.
    const closing = closingOnOrAfter(tokyoDay());
    const runDate = addDays(closing, 1);
    // What the seed left depends on the day it ran (the last closing may have paid 本店 out): the test
    // gives both merchants with an account a balance a payout pays.
    // Money held for refund applications still waiting is not paid out (it stays with the reserve).
    const held = {
      main: await heldForRefunds(db, MAIN.walletNo, COIN),
      station: await heldForRefunds(db, STATION.walletNo, COIN),
    };
    await settleBalance(db, MAIN.walletNo, MAIN.id, COIN, PAYOUT_RESERVE + 86_420 + held.main);
    await settleBalance(db, STATION.walletNo, STATION.id, COIN, PAYOUT_RESERVE + 41_300 + held.station);
    const before = {
      main: (await balanceOf(db, MAIN.walletNo, COIN)) - held.main,
      station: (await balanceOf(db, STATION.walletNo, COIN)) - held.station,
      bakery: await balanceOf(db, BAKERY.walletNo, COIN),
      payouts: await balanceOf(db, SYSTEM_WALLETS.payouts, COIN),
      fees: await balanceOf(db, SYSTEM_WALLETS.fees, COIN),
    };

    // Two runs of the same date at once: the merchant row serialises them, the second finds it done.
    const [first, second] = await Promise.all([runPayouts(db, runDate), runPayouts(db, runDate)]);
    const paid = [...first.paid, ...second.paid];
    expect(paid.map((p) => p.merchant_id).sort()).toEqual([MAIN.id, STATION.id]);
    expect([...first.skipped, ...second.skipped]).toEqual([
      expect.objectContaining({ merchant_id: BAKERY.id, period_end: closing, reason: PAYOUT_MESSAGES.noBankAccount }),
    ]);

    // A payout pays the balance above the reserve, less its fees.
    const expectedNet = (balance: number) => {
      const gross = payableOf(balance);
      return gross - payoutFee(gross, PAYOUT_RATE_BP) - PAYOUT_TRANSFER_FEE;
    };
    expect(paid.find((p) => p.merchant_id === MAIN.id)).toMatchObject({
      period_end: closing,
      payout_date: payoutDateOf(closing),
      net_amount: expectedNet(before.main),
    });
    expect(await balanceOf(db, MAIN.walletNo, COIN)).toBe(PAYOUT_RESERVE + held.main);
    expect(await balanceOf(db, STATION.walletNo, COIN)).toBe(PAYOUT_RESERVE + held.station);
    expect(await balanceOf(db, BAKERY.walletNo, COIN)).toBe(before.bakery);
    expect(await balanceOf(db, SYSTEM_WALLETS.payouts, COIN)).toBe(
      before.payouts + expectedNet(before.main) + expectedNet(before.station),
    );
    expect(await balanceOf(db, SYSTEM_WALLETS.fees, COIN)).toBe(
      before.fees +
        (payableOf(before.main) - expectedNet(before.main)) +
        (payableOf(before.station) - expectedNet(before.station)),
    );

    // Running the date again pays nothing.
    const again = await runPayouts(db, runDate);
    expect(again).toEqual({ date: runDate, paid: [], skipped: [] });

    // The page shows the payout as scheduled, and まちのパン屋 why nothing was paid.
    const list = (await get(`/merchants/${MAIN.id}/payouts?start_date=${closing}&end_date=${closing}`)).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      status: 'SCHEDULED',
      gross_amount: payableOf(before.main),
      net_amount: expectedNet(before.main),
      account: { bank_name: '群馬', number_masked: '****2345' },
    });
    // The payout awaiting its transfer day comes before the next closing, with the list's figures; the
    // next closing is the one after it.
    expect(list.scheduled).toContainEqual(list.items[0]);
    const transferDays = list.scheduled.map((p: { payout_date: string }) => p.payout_date);
    expect(transferDays).toEqual([...transferDays].sort());
    expect(transferDays.every((day: string) => day > tokyoDay())).toBe(true);
    expect(list.next.period_end).toBe(closingOnOrAfter(addDays(closing, 1)));
    const entries = await db
      .selectFrom('entries')
      .select(['amount'])
      .where('transaction_id', '=', list.items[0].transaction_id)
      .execute();
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    const bakery = (await get(`/merchants/${BAKERY.id}/payouts?start_date=${closing}&end_date=${closing}`)).json();
    expect(bakery.next.account).toBeNull();
    expect(bakery.skipped[0]).toMatchObject({ period_end: closing, reason: PAYOUT_MESSAGES.noBankAccount });

    // At the next closing, a balance that does not cover the fees above the reserve is passed over, not paid.
    const nextClosing = closingOnOrAfter(addDays(closing, 1));
    await env()
      .db.insertInto('fee_rates')
      .values({ merchant_id: MAIN.id, type: 'WITHDRAWAL', rate_bp: PAYOUT_RATE_BP, valid_from: tokyoDay(-1000) })
      .execute();
    await drainTo(db, STATION.walletNo, STATION.id, COIN, 0);
    const later = await runPayouts(db, addDays(nextClosing, 1));
    expect(later.paid).toEqual([]);
    expect(later.skipped.map((s) => [s.merchant_id, s.reason])).toEqual([
      [MAIN.id, PAYOUT_MESSAGES.belowFees],
      [STATION.id, PAYOUT_MESSAGES.belowFees],
      [BAKERY.id, PAYOUT_MESSAGES.noBankAccount],
    ]);
  });

  it('shows the group payouts to the group parent only, with totals that add up', async () => {
    const period = `start_date=${tokyoDay(-120)}&end_date=${tokyoDay(30)}`;
    const refused = await get(`/merchants/${STATION.id}/group_payouts?${period}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PAYOUT_MESSAGES.notGroupParent);
    const csvRefused = await get(`/merchants/${STATION.id}/downloads/group_payouts?${period}`);
    expect(csvRefused.statusCode).toBe(403);

    const group = (await get(`/merchants/${MAIN.id}/group_payouts?${period}&limit=100`)).json();
    expect(group.merchants.map((m: { merchant_id: number }) => m.merchant_id)).toEqual([MAIN.id, STATION.id]);
    for (const total of group.merchants) {
      const own = group.items.filter(
        (p: { merchant_id: number; status: string }) => p.merchant_id === total.merchant_id && p.status !== 'FAILED',
      );
      expect(total.count).toBe(own.length);
      expect(total.net_amount).toBe(own.reduce((sum: number, p: { net_amount: number }) => sum + p.net_amount, 0));
    }
    // The demo's returned payout is shown as failed, with its reason.
    const failed = group.items.filter((p: { status: string }) => p.status === 'FAILED');
    expect(failed.length).toBeLessThanOrEqual(1);
    const all = (
      await get(`/merchants/${MAIN.id}/group_payouts?start_date=${tokyoDay(-400)}&end_date=${tokyoDay(30)}&limit=100`)
    ).json();
    expect(all.items.filter((p: { status: string }) => p.status === 'FAILED')).toEqual([
      expect.objectContaining({ merchant_id: STATION.id, failure_reason: expect.stringContaining('組戻し') }),
    ]);
  });

  it('lists rebates by month and campaign, each with the transaction that paid it', async () => {
    const list = (
      await get(`/merchants/${MAIN.id}/rebates?start_date=${tokyoDay(-400)}&end_date=${tokyoDay()}&limit=100`)
    ).json();
    expect(list.total).toBeGreaterThanOrEqual(12);
    expect(new Set(list.items.map((r: { campaign: string }) => r.campaign)).size).toBe(2);
    const first = list.items[0];
    expect(first.amount).toBe(Math.floor((first.base_amount * first.rate_bp) / 10_000));
    const history = (
      await get(
        `/wallets/${MAIN.walletNo}/histories?start_date=${tokyoDay(-400)}&end_date=${tokyoDay()}&transaction_id=${first.transaction_id}`,
      )
    ).json();
    expect(history.items[0]).toMatchObject({ type: 'REBATE', amount: first.amount });
  });

  it('downloads the utility-bill reconciliation with per-biller totals that match the list, in both encodings', async () => {
    const period = `start_date=${tokyoDay(-60)}&end_date=${tokyoDay()}`;
    const list = (await get(`/merchants/${MAIN.id}/utility_bills?${period}`)).json();
    expect(list.paid_count).toBeGreaterThan(10);
    expect(list.items[0].payer_wallet_masked).toMatch(/^\d{4}\*{4}\d{2}$/);

    const cp932 = await env().app.inject({
      method: 'GET',
      url: `/api/merchants/${MAIN.id}/downloads/utility_bills?${period}`,
      headers: { authorization: owner.authorization },
    });
    expect(cp932.statusCode).toBe(200);
    const text = iconv.decode(cp932.rawPayload, 'cp932');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('支払日時,請求書番号,収納先,種別,支払者,金額,状態');
    expect(lines.filter((line) => /^\d{4}\/\d{2}\/\d{2} /.test(line))).toHaveLength(list.total);
    const total = lines.at(-1)?.split(',') ?? [];
    expect(total[0]).toBe('合計');
    expect(Number(total[3])).toBe(list.paid_count);
    expect(Number(total[4])).toBe(list.paid_amount);

    const utf8 = await get(`/merchants/${MAIN.id}/downloads/utility_bills?${period}&encoding=utf8`);
    expect(utf8.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(utf8.body).toContain('収納先別合計');
  });
});
