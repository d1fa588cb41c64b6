import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../http/app';
import { REFUND_RATE_BP } from '../seed/fees';
import { createTestDatabase, DEMO, type SignedIn, signIn, type TestDatabase, testConfig } from '../testing/harness';
import { approveRefund, refundableRemainingOf, refundFee } from './refunds';
import { balanceOf, drainTo, entrySum, freshPayment, requestRefund } from './refunds.fixtures';

const COIN = 1;
const STATION = { id: 2, walletNo: '1100000002' } as const;
const url = process.env.TEST_DATABASE_URL;

/**
 * Real concurrency needs real connections: PGlite is one connection behind a mutex, so these run on
 * PostgreSQL only, and are reported as skipped (with this reason in their name) without it.
 */
describe.skipIf(!url)('refund concurrency on PostgreSQL (skipped unless TEST_DATABASE_URL is set)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SignedIn;

  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'postgresql', url: url ?? null });
    app = await buildApp({ config: testConfig(), db: database.db });
    await app.ready();
    owner = await signIn(app, DEMO.owner);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('50 concurrent requests never request more than the payment; approving all never overdraws', async () => {
    const db = database.db;
    const payment = await freshPayment(db, { merchantId: 1, coinId: COIN, minAmount: 1000 });
    const each = Math.floor(payment.amount / 7);
    const fits = Math.floor(payment.amount / each);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        requestRefund(app, {
          walletNo: DEMO.mainWalletNo,
          authorization: owner.authorization,
          body: { transaction_id: payment.id, amount: each },
          key: `fifty-${payment.id}-${i}`,
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(fits);
    expect(statuses.filter((s) => s === 422)).toHaveLength(50 - fits);
    const requested = await db
      .selectFrom('refund_applications')
      .select(['id', 'amount', 'fee'])
      .where('payment_transaction_id', '=', payment.id)
      .where('status', '=', 'REQUESTED')
      .execute();
    expect(requested).toHaveLength(fits);
    expect(requested.reduce((sum, r) => sum + r.amount, 0)).toBeLessThanOrEqual(payment.amount);
    // What the history and the detail show as left to refund is what the requests left, to the coin.
    const shownLeft = async () => (await refundableRemainingOf(db, DEMO.mainWalletNo, [payment.id])).get(payment.id);
    expect(await shownLeft()).toBe(payment.amount - fits * each);

    // The wallet can pay three of them; all approvals race.
    const cost = each + refundFee(each, REFUND_RATE_BP);
    const start = 3 * cost + Math.floor(cost / 2);
    await drainTo(db, DEMO.mainWalletNo, 1, COIN, start);
    const results = await Promise.allSettled(requested.map((r) => approveRefund(db, { applicationId: r.id })));
    const approved = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(approved).toHaveLength(3);
    for (const r of refused) expect(r.reason).toMatchObject({ type: 'unprocessable', message: '残高が不足しています' });
    // Approved requests became refunds, refused ones still wait: what is left has not moved.
    expect(await shownLeft()).toBe(payment.amount - fits * each);

    const balance = await balanceOf(db, DEMO.mainWalletNo, COIN);
    expect(balance).toBe(start - 3 * cost);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(await entrySum(db, DEMO.mainWalletNo, COIN));
    const refunded = await db
      .selectFrom('transactions as t')
      .innerJoin('entries as e', 'e.transaction_id', 't.id')
      .select((eb) => eb.fn.sum<number>('e.amount').as('sum'))
      .where('t.related_transaction_id', '=', payment.id)
      .where('t.type', '=', 'REFUND')
      .where('e.wallet_no', '=', payment.payerWalletNo)
      .executeTakeFirstOrThrow();
    expect(Number(refunded.sum)).toBe(3 * each);
    expect(Number(refunded.sum)).toBeLessThanOrEqual(payment.amount);
  });

  it('20 concurrent requests with the same key create one application and all answer it', async () => {
    const db = database.db;
    const payment = await freshPayment(db, { merchantId: STATION.id, coinId: COIN, minAmount: 200 });
    const key = `twenty-${payment.id}`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        requestRefund(app, {
          walletNo: STATION.walletNo,
          authorization: owner.authorization,
          body: { transaction_id: payment.id, amount: 100 },
          key,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    const applications = await db
      .selectFrom('refund_applications')
      .select('id')
      .where('payment_transaction_id', '=', payment.id)
      .execute();
    expect(applications).toEqual([{ id: responses[0]?.json().id }]);

    // Approved (twice, concurrently): the money moves once.
    const before = await balanceOf(db, STATION.walletNo, COIN);
    const id = applications[0]?.id ?? 0;
    const results = await Promise.allSettled([
      approveRefund(db, { applicationId: id }),
      approveRefund(db, { applicationId: id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf(db, STATION.walletNo, COIN)).toBe(before - 100 - refundFee(100, REFUND_RATE_BP));
    const refunds = await db
      .selectFrom('transactions')
      .select('id')
      .where('related_transaction_id', '=', payment.id)
      .where('type', '=', 'REFUND')
      .execute();
    expect(refunds).toHaveLength(1);
  });

  it('the same key with two bodies at once: one wins, the other body is refused with 409', async () => {
    const db = database.db;
    const payment = await freshPayment(db, { merchantId: STATION.id, coinId: COIN, minAmount: 200, skip: 1 });
    const key = `split-${payment.id}`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        requestRefund(app, {
          walletNo: STATION.walletNo,
          authorization: owner.authorization,
          body: { transaction_id: payment.id, amount: i % 2 === 0 ? 100 : 150 },
          key,
        }),
      ),
    );
    const applications = await db
      .selectFrom('refund_applications')
      .select(['id', 'amount'])
      .where('payment_transaction_id', '=', payment.id)
      .execute();
    expect(applications).toHaveLength(1);
    const winner = applications[0]?.amount;
    responses.forEach((response, i) => {
      const amount = i % 2 === 0 ? 100 : 150;
      if (amount === winner) {
        expect(response.statusCode).toBe(200);
        expect(response.json().id).toBe(applications[0]?.id);
      } else {
        expect(response.statusCode).toBe(409);
      }
    });
  });

  it('concurrent requests of different payments count each other against the balance', async () => {
    const db = database.db;
    const bakery = await signIn(app, DEMO.otherMerchantOwner);
    const payments = [];
    for (let skip = 0; skip < 10; skip++) {
      payments.push(await freshPayment(db, { merchantId: DEMO.bakeryMerchantId, coinId: COIN, minAmount: 100, skip }));
    }
    const pending = await db
      .selectFrom('refund_applications')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(sql<number>`amount + fee`), eb.lit(0)).as('total'))
      .where('merchant_id', '=', DEMO.bakeryMerchantId)
      .where('coin_id', '=', COIN)
      .where('status', '=', 'REQUESTED')
      .executeTakeFirstOrThrow();
    const cost = 100 + refundFee(100, REFUND_RATE_BP);
    // Room for three more requests (and half of a fourth) beside those already pending.
    await drainTo(
      db,
      DEMO.bakeryWalletNo,
      DEMO.bakeryMerchantId,
      COIN,
      Number(pending.total) + 3 * cost + Math.floor(cost / 2),
    );
    const responses = await Promise.all(
      payments.map((payment, i) =>
        requestRefund(app, {
          walletNo: DEMO.bakeryWalletNo,
          authorization: bakery.authorization,
          body: { transaction_id: payment.id, amount: 100 },
          key: `room-${payment.id}-${i}`,
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => [r.statusCode, r.json().message])).toEqual(
      Array(7).fill([422, '申請中の返金と手数料を含めると残高が不足しています']),
    );
  });
});
