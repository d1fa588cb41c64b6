import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS } from '../seed/accounts';
import { DEMO, describeWithDatabase, type SignedIn, signIn, tokyoDay } from '../testing/harness';
import { couponDiscount, useCoupon } from './coupons';
import { postTransaction, SYSTEM_WALLETS } from './ledger';
import { nextChargeOn, PROGRAM_MESSAGES, runAutomaticPayments } from './programs';
import { balanceOf, drainTo } from './refunds.fixtures';
import { addDays } from './time';

const COIN = 1;
const { main: MAIN, station: STATION } = DEMO_MERCHANTS;

describe('couponDiscount', () => {
  it.each([
    [{ discount_type: 'AMOUNT', discount_value: 300 }, 1000, 300],
    [{ discount_type: 'AMOUNT', discount_value: 300 }, 200, 200],
    [{ discount_type: 'RATE', discount_value: 10 }, 1000, 100],
    [{ discount_type: 'RATE', discount_value: 15 }, 999, 149],
  ] as const)('%o off %i is %i', (coupon, purchase, expected) => {
    expect(couponDiscount(coupon, purchase)).toBe(expected);
  });
});

describe('nextChargeOn', () => {
  it.each([
    ['2026-11-10', 'MONTHLY', '2026-12-10'],
    ['2026-12-01', 'MONTHLY', '2027-01-01'],
    ['2026-01-31', 'MONTHLY', '2026-02-28'],
    ['2028-01-31', 'MONTHLY', '2028-02-29'],
    ['2026-03-31', 'MONTHLY', '2026-04-30'],
    ['2028-02-29', 'YEARLY', '2029-02-28'],
  ] as const)('after %s (%s) comes %s', (day, cycle, expected) => {
    expect(nextChargeOn(day, cycle)).toBe(expected);
  });
});

describeWithDatabase('customer programs', (env) => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await signIn(env().app, DEMO.owner);
  });
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    env().app.inject({
      method,
      url: `/api${url}`,
      ...(payload ? { payload } : {}),
      headers: { authorization: owner.authorization },
    });
  const newCoupon = async (overrides: Record<string, unknown> = {}) => {
    const response = await call('POST', `/merchants/${MAIN.id}/coupons`, {
      name: 'テスト10%OFF',
      discount_type: 'RATE',
      discount_value: 10,
      min_purchase: 500,
      stock: null,
      starts_on: tokyoDay(),
      ends_on: tokyoDay(10),
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: number; status: string };
  };
  const customer = '2000000050';
  /** Coins bought elsewhere: from the issuer, so no merchant's balance is spent on the tests' customers. */
  const topUp = (walletNo: string, amount: number) =>
    env()
      .db.transaction()
      .execute((trx) =>
        postTransaction(trx, {
          type: 'RELOAD',
          merchantId: null,
          entries: [
            { walletNo: SYSTEM_WALLETS.issuer, coinId: COIN, amount: -amount },
            { walletNo, coinId: COIN, amount },
          ],
        }),
      );
  const fund = (amount: number) => topUp(customer, amount);

  it('a coupon used in a payment is that payment: the discounted amount moves, the discount is recorded', async () => {
    const coupon = await newCoupon();
    expect(coupon.status).toBe('ACTIVE');
    await fund(5000);
    const before = {
      main: await balanceOf(env().db, MAIN.walletNo, COIN),
      customer: await balanceOf(env().db, customer, COIN),
    };
    const used = await useCoupon(
      env().db,
      { couponId: coupon.id, walletNo: customer, purchaseAmount: 1200 },
      new Date(),
    );
    expect(used).toMatchObject({ purchase_amount: 1200, discount: 120, paid_amount: 1080 });
    expect(used.coupon).toMatchObject({ use_count: 1, discount_total: 120 });
    expect(await balanceOf(env().db, MAIN.walletNo, COIN)).toBe(before.main + 1080);
    expect(await balanceOf(env().db, customer, COIN)).toBe(before.customer - 1080);
    const history = (
      await call(
        'GET',
        `/wallets/${MAIN.walletNo}/histories?start_date=${tokyoDay()}&end_date=${tokyoDay()}&transaction_id=${used.transaction_id}`,
      )
    ).json();
    expect(history.items[0]).toMatchObject({
      type: 'PAYMENT',
      amount: 1080,
      comment: expect.stringContaining('120円引き'),
    });
  });

  it('refuses a purchase below the minimum, a stopped, scheduled, expired or used-up coupon; moves nothing', async () => {
    await fund(5000);
    const before = await balanceOf(env().db, customer, COIN);
    const use = (couponId: number, amount = 1000, now = new Date()) =>
      useCoupon(env().db, { couponId, walletNo: customer, purchaseAmount: amount }, now);

    const coupon = await newCoupon();
    await expect(use(coupon.id, 499)).rejects.toMatchObject({
      type: 'unprocessable',
      message: expect.stringContaining('500円以上'),
    });
    await expect(use(coupon.id, 1000, new Date(Date.now() + 12 * 86_400_000))).rejects.toMatchObject({
      message: 'このクーポンは利用期間が終了しています',
    });
    const stopped = await call('PATCH', `/merchants/${MAIN.id}/coupons/${coupon.id}`, { status: 'STOPPED' });
    expect(stopped.json().status).toBe('STOPPED');
    expect((await call('PATCH', `/merchants/${MAIN.id}/coupons/${coupon.id}`, { status: 'STOPPED' })).statusCode).toBe(
      409,
    );
    await expect(use(coupon.id)).rejects.toMatchObject({ message: 'このクーポンは停止されています' });

    const later = await newCoupon({ starts_on: tokyoDay(2) });
    expect(later.status).toBe('SCHEDULED');
    await expect(use(later.id)).rejects.toMatchObject({ message: 'このクーポンはまだ利用期間前です' });

    const single = await newCoupon({ stock: 1, discount_type: 'AMOUNT', discount_value: 100 });
    await use(single.id);
    await expect(use(single.id)).rejects.toMatchObject({ message: 'このクーポンは上限枚数に達しました' });
    expect(
      (
        await call('GET', `/merchants/${MAIN.id}/coupons?start_date=${tokyoDay()}&end_date=${tokyoDay()}&status=ENDED`)
      ).json().items,
    ).toEqual(expect.arrayContaining([expect.objectContaining({ id: single.id, status: 'ENDED', use_count: 1 })]));
    expect(await balanceOf(env().db, customer, COIN)).toBe(before - 900);
  });

  it('validates a new coupon field by field (400 naming the field)', async () => {
    for (const [overrides, field] of [
      [{ name: '' }, 'name'],
      [{ discount_value: 95 }, 'discount_value'],
      [{ discount_value: 0 }, 'discount_value'],
      [{ ends_on: tokyoDay(-1), starts_on: tokyoDay() }, 'ends_on'],
      [{ min_purchase: -1 }, 'min_purchase'],
      [{ discount_type: 'FREE' }, 'discount_type'],
    ] as const) {
      const response = await call('POST', `/merchants/${MAIN.id}/coupons`, {
        name: 'x',
        discount_type: 'RATE',
        discount_value: 10,
        min_purchase: 0,
        stock: null,
        starts_on: tokyoDay(),
        ends_on: tokyoDay(1),
        ...overrides,
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });

  it('charges a due subscription once per date, and retries a failed charge once on the next run', async () => {
    const db = env().db;
    const { id: planId } = await db
      .insertInto('subscription_plans')
      .values({ merchant_id: MAIN.id, name: 'テスト定期便', price: 1500, cycle: 'MONTHLY', coin_id: COIN })
      .returning('id')
      .executeTakeFirstOrThrow();
    const today = tokyoDay();
    const subscribe = async (walletNo: string) =>
      (
        await db
          .insertInto('subscriptions')
          .values({ plan_id: planId, wallet_no: walletNo, status: 'ACTIVE', started_on: today, next_charge_on: today })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const paying = '2000000060';
    const poor = '2000000061';
    const recovering = '2000000062';
    for (const wallet of [paying, poor, recovering]) await drainTo(db, wallet, MAIN.id, COIN, 0);
    await topUp(paying, 5000);
    const ids = {
      paying: await subscribe(paying),
      poor: await subscribe(poor),
      recovering: await subscribe(recovering),
    };
    const paymentsOf = (subscriptionId: number) =>
      db.selectFrom('automatic_payments').selectAll().where('subscription_id', '=', subscriptionId).execute();
    const subscription = (id: number) =>
      db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    await runAutomaticPayments(db, today);
    expect(await paymentsOf(ids.paying)).toEqual([
      expect.objectContaining({ result: 'SUCCEEDED', attempts: 1, amount: 1500, transaction_id: expect.any(Number) }),
    ]);
    expect((await subscription(ids.paying)).next_charge_on).toBe(nextChargeOn(today, 'MONTHLY'));
    expect(await balanceOf(db, paying, COIN)).toBe(3500);
    for (const id of [ids.poor, ids.recovering]) {
      expect(await paymentsOf(id)).toEqual([
        expect.objectContaining({
          result: 'RETRY_SCHEDULED',
          attempts: 1,
          failure_reason: PROGRAM_MESSAGES.insufficientBalance,
        }),
      ]);
    }

    // The same date again: nothing is charged twice, and the retries wait for a later run.
    await runAutomaticPayments(db, today);
    expect(await balanceOf(db, paying, COIN)).toBe(3500);
    expect((await paymentsOf(ids.poor))[0]).toMatchObject({ result: 'RETRY_SCHEDULED', attempts: 1 });

    // The next day's run: one customer has topped up, the other has not.
    await topUp(recovering, 2000);
    await runAutomaticPayments(db, addDays(today, 1));
    expect(await paymentsOf(ids.recovering)).toEqual([expect.objectContaining({ result: 'SUCCEEDED', attempts: 2 })]);
    expect(await balanceOf(db, recovering, COIN)).toBe(500);
    expect((await subscription(ids.recovering)).status).toBe('ACTIVE');
    expect(await paymentsOf(ids.poor)).toEqual([expect.objectContaining({ result: 'FAILED', attempts: 2 })]);
    expect((await subscription(ids.poor)).status).toBe('PAYMENT_FAILED');

    // A third run retries nothing more.
    await runAutomaticPayments(db, addDays(today, 2));
    expect(await paymentsOf(ids.poor)).toHaveLength(1);
    expect(await balanceOf(db, paying, COIN)).toBe(3500);

    const listed = (
      await call('GET', `/merchants/${MAIN.id}/automatic_payments?start_date=${today}&end_date=${today}&result=FAILED`)
    ).json();
    expect(listed.items.map((p: { customer_wallet_masked: string }) => p.customer_wallet_masked)).toContain(
      '2000****61',
    );
  });

  it('lists and downloads the subscribers who were members in the period', async () => {
    const db = env().db;
    // Dated long before the demo, so no other test's period sees them.
    const { id: planId } = await db
      .insertInto('subscription_plans')
      .values({ merchant_id: MAIN.id, name: '期間テスト便', price: 800, cycle: 'MONTHLY', coin_id: COIN })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subscribe = async (wallet: string, startedOn: string, stoppedOn: string | null) =>
      (
        await db
          .insertInto('subscriptions')
          .values({
            plan_id: planId,
            wallet_no: wallet,
            status: stoppedOn ? 'STOPPED' : 'ACTIVE',
            started_on: startedOn,
            next_charge_on: stoppedOn ? null : '2010-12-01',
            stopped_on: stoppedOn,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const january = await subscribe('2000000063', '2010-01-05', '2010-01-31');
    const spring = await subscribe('2000000064', '2010-03-10', '2010-05-20');
    const stays = await subscribe('2000000065', '2010-02-01', null);
    const idsIn = async (start: string, end: string) => {
      const response = await call('GET', `/merchants/${MAIN.id}/subscriptions?start_date=${start}&end_date=${end}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: { id: number }[] }).items
        .map((item) => item.id)
        .filter((id) => [january, spring, stays].includes(id))
        .sort((a, b) => a - b);
    };
    expect(await idsIn('2009-01-01', '2009-12-31')).toEqual([]);
    expect(await idsIn('2010-01-31', '2010-01-31')).toEqual([january]);
    expect(await idsIn('2010-02-01', '2010-02-28')).toEqual([stays]);
    expect(await idsIn('2010-04-01', '2010-04-30')).toEqual([spring, stays].sort((a, b) => a - b));
    expect(await idsIn('2010-06-01', '2010-06-30')).toEqual([stays]);
    // The report holds the same members as the list.
    const csv = await call(
      'GET',
      `/merchants/${MAIN.id}/downloads/subscribers?start_date=2010-04-01&end_date=2010-04-30&encoding=utf8`,
    );
    expect(csv.statusCode).toBe(200);
    const memberIds = csv.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.replace(/^\uFEFF/, '').split(',')[0]));
    expect(memberIds.filter((id) => [january, spring, stays].includes(id)).sort((a, b) => a - b)).toEqual(
      [spring, stays].sort((a, b) => a - b),
    );
  });

  it('shows subscriptions only where they are on, and book-ticket summaries that add up to the list', async () => {
    const period = `start_date=${tokyoDay(-90)}&end_date=${tokyoDay()}`;
    const off = await call('GET', `/merchants/${STATION.id}/subscriptions?${period}`);
    expect(off.statusCode).toBe(403);
    expect((await call('GET', `/merchants/${STATION.id}/downloads/subscribers?${period}`)).statusCode).toBe(403);
    const on = (await call('GET', `/merchants/${MAIN.id}/subscriptions?${period}`)).json();
    expect(on.plans.length).toBeGreaterThanOrEqual(2);
    expect(on.plans[0].monthly_revenue.length).toBeGreaterThanOrEqual(3);

    const tickets = (await call('GET', `/merchants/${MAIN.id}/book_ticket_uses?${period}`)).json();
    expect(tickets.total).toBeGreaterThan(0);
    expect(tickets.summary.reduce((sum: number, s: { use_count: number }) => sum + s.use_count, 0)).toBe(tickets.total);
    expect(tickets.items[0].customer_wallet_masked).toMatch(/^\d{4}\*{4}\d{2}$/);
    // The CSV holds every use of the period, in keyset batches.
    const csv = await call('GET', `/merchants/${MAIN.id}/downloads/book_ticket_uses?${period}&encoding=utf8`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(tickets.total + 1);
  });
});
