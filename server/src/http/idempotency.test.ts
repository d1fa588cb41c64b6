import { CALLS, type CallDef, callPath } from '@coin/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestHash } from '../domain/idempotency';
import { freshPayment, requestRefund } from '../domain/refunds.fixtures';
import { DEMO, describeEachDatabase, type SignedIn, signIn } from '../testing/harness';
import { REPLAYED_HEADER } from './idempotency';

const COIN = 1;

type IdempotentCallId = {
  [K in keyof typeof CALLS]: (typeof CALLS)[K] extends { idempotent: true } ? K : never;
}[keyof typeof CALLS];

describe('requestHash', () => {
  it('differs with the method, the path or the body, and only then', () => {
    const base = requestHash('POST', '/api/wallets/1100000001/refunds', { transaction_id: 1, amount: 10 });
    expect(requestHash('POST', '/api/wallets/1100000001/refunds', { transaction_id: 1, amount: 10 })).toBe(base);
    expect(requestHash('POST', '/api/wallets/1100000001/refunds', { transaction_id: 1, amount: 11 })).not.toBe(base);
    expect(requestHash('POST', '/api/wallets/1100000002/refunds', { transaction_id: 1, amount: 10 })).not.toBe(base);
    expect(requestHash('PUT', '/api/wallets/1100000001/refunds', { transaction_id: 1, amount: 10 })).not.toBe(base);
  });
});

describeEachDatabase('Idempotency-Key on money-moving calls', (env) => {
  let owner: SignedIn;
  let bakeryOwner: SignedIn;
  beforeAll(async () => {
    owner = await signIn(env().app, DEMO.owner);
    bakeryOwner = await signIn(env().app, DEMO.otherMerchantOwner);
  });

  const applicationsOf = async (paymentId: number) =>
    env()
      .db.selectFrom('refund_applications')
      .select(['id', 'status'])
      .where('payment_transaction_id', '=', paymentId)
      .execute();

  it('is required by every idempotent call of the contract (400 naming the header)', async () => {
    const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN, skip: 10 });
    const balance = async () =>
      (
        await env()
          .db.selectFrom('wallet_balances')
          .select('amount')
          .where('wallet_no', '=', DEMO.mainWalletNo)
          .where('coin_id', '=', COIN)
          .executeTakeFirstOrThrow()
      ).amount;
    const before = await balance();
    // A valid request of each: only the missing key is wrong. A new idempotent call fails the type check here.
    const samples: Record<IdempotentCallId, { params?: Record<string, number>; payload: object }> = {
      createRefund: { payload: { transaction_id: payment.id, amount: 10 } },
      createMerchantPayment: { payload: { to_merchant_id: 2, coin_id: COIN, amount: 10, type: 'STANDARD' } },
      payInvoice: { params: { invoice_id: 1 }, payload: {} },
      createReload: { payload: { wallet_no: '2000000001', coin_id: COIN, amount: 10 } },
    };
    const idempotent = (Object.entries(CALLS) as [string, CallDef][]).filter(([, def]) => def.idempotent);
    expect(idempotent.map(([id]) => id).sort()).toEqual(Object.keys(samples).sort());
    for (const [id, def] of idempotent) {
      const sample = samples[id as IdempotentCallId];
      const response = await env().app.inject({
        method: def.method,
        url: `/api${callPath(def.path, { wallet_no: DEMO.mainWalletNo, id: DEMO.mainMerchantId, ...sample.params })}`,
        payload: sample.payload,
        headers: { authorization: owner.authorization },
      });
      expect(response.statusCode, `${id}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ type: 'invalid_request', field: 'Idempotency-Key' });
    }
    expect(await applicationsOf(payment.id)).toEqual([]);
    expect(await balance()).toBe(before);
  });

  it('refuses a malformed key', async () => {
    const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN, skip: 10 });
    for (const key of ['', 'has space', 'x'.repeat(256), 'ｷｰ']) {
      const response = await requestRefund(env().app, {
        walletNo: DEMO.mainWalletNo,
        authorization: owner.authorization,
        body: { transaction_id: payment.id, amount: 10 },
        key,
      });
      expect(response.statusCode, key).toBe(400);
    }
  });

  it('answers a retry with the first answer and creates nothing more, even after the state changed', async () => {
    const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN, skip: 11 });
    const call = {
      walletNo: DEMO.mainWalletNo,
      authorization: owner.authorization,
      body: { transaction_id: payment.id, amount: 10 },
      key: `retry-${payment.id}-${Date.now()}`,
    };
    const first = await requestRefund(env().app, call);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers[REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    const retry = await requestRefund(env().app, call);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(retry.headers[REPLAYED_HEADER.toLowerCase()]).toBe('true');
    // The console's client adds a cache-busting query parameter to every send, retries included.
    const busted = await env().app.inject({
      method: 'POST',
      url: `/api/wallets/${DEMO.mainWalletNo}/refunds?_=${Date.now()}`,
      payload: call.body,
      headers: { authorization: owner.authorization, 'idempotency-key': call.key },
    });
    expect(busted.statusCode, busted.body).toBe(200);
    expect(busted.body).toBe(first.body);
    expect(await applicationsOf(payment.id)).toHaveLength(1);

    // Canceled since: the retry still answers what the first request answered.
    const id = first.json().id as number;
    const cancel = await env().app.inject({
      method: 'DELETE',
      url: `/api/refunds/${id}`,
      headers: { authorization: owner.authorization },
    });
    expect(cancel.statusCode).toBe(200);
    const late = await requestRefund(env().app, call);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ id, status: 'REQUESTED' });
    expect(await applicationsOf(payment.id)).toEqual([{ id, status: 'CANCELED' }]);
  });

  it('answers 409 when the key comes back with another body or another path', async () => {
    const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN, skip: 12 });
    const key = `reuse-${payment.id}-${Date.now()}`;
    const body = { transaction_id: payment.id, amount: 10 };
    const first = await requestRefund(env().app, {
      walletNo: DEMO.mainWalletNo,
      authorization: owner.authorization,
      body,
      key,
    });
    expect(first.statusCode).toBe(200);
    const otherBody = await requestRefund(env().app, {
      walletNo: DEMO.mainWalletNo,
      authorization: owner.authorization,
      body: { ...body, amount: 11 },
      key,
    });
    expect(otherBody.statusCode).toBe(409);
    expect(otherBody.json()).toEqual({
      type: 'conflict',
      message: 'このIdempotency-Keyは別の内容のリクエストで使用済みです',
    });
    const otherPath = await requestRefund(env().app, {
      walletNo: '1100000002',
      authorization: owner.authorization,
      body,
      key,
    });
    expect(otherPath.statusCode).toBe(409);
    expect(await applicationsOf(payment.id)).toHaveLength(1);
  });

  it("keeps each caller's keys apart", async () => {
    const main = await freshPayment(env().db, { merchantId: 1, coinId: COIN, skip: 13 });
    const bakery = await freshPayment(env().db, { merchantId: 3, coinId: COIN });
    const key = `shared-${Date.now()}`;
    const mine = await requestRefund(env().app, {
      walletNo: DEMO.mainWalletNo,
      authorization: owner.authorization,
      body: { transaction_id: main.id, amount: 10 },
      key,
    });
    const theirs = await requestRefund(env().app, {
      walletNo: DEMO.bakeryWalletNo,
      authorization: bakeryOwner.authorization,
      body: { transaction_id: bakery.id, amount: 10 },
      key,
    });
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(mine.json().id).not.toBe(theirs.json().id);
  });

  it('does not remember a refusal: the key stays free for a corrected request', async () => {
    const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN, skip: 14 });
    const key = `refused-${payment.id}-${Date.now()}`;
    const call = { walletNo: DEMO.mainWalletNo, authorization: owner.authorization, key };
    const refused = await requestRefund(env().app, {
      ...call,
      body: { transaction_id: payment.id, amount: payment.amount + 1 },
    });
    expect(refused.statusCode).toBe(422);
    const stored = await env().db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
    expect(stored).toEqual([]);
    const corrected = await requestRefund(env().app, { ...call, body: { transaction_id: payment.id, amount: 10 } });
    expect(corrected.statusCode).toBe(200);
    expect(await applicationsOf(payment.id)).toHaveLength(1);
  });
});
