import { CALLS, refundApplicationSchema, refundConfirmationSchema } from '@coin/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { REFUND_RATE_BP } from '../seed/fees';
import { DEMO, describeWithDatabase, type SignedIn, signIn, tokyoDay } from '../testing/harness';
import { DomainError } from './errors';
import { SYSTEM_WALLETS } from './ledger';
import { approveRefund, refundableRemainingOf, refundFee } from './refunds';
import { balanceOf, drainTo, entrySum, freshPayment, requestRefund } from './refunds.fixtures';
import { tokyoDate } from './time';

const COIN = { coin: 1, point: 2, voucher: 3 } as const;
const STATION_WALLET = '1100000002';

describe('refundFee', () => {
  it('cuts fractions of a yen off', () => {
    expect(refundFee(1000, 100)).toBe(10);
    expect(refundFee(999, 100)).toBe(9);
    expect(refundFee(50, 100)).toBe(0);
    expect(refundFee(12345, 325)).toBe(401);
    expect(refundFee(1000, 0)).toBe(0);
  });
});

describeWithDatabase('refunds', (env) => {
  let owner: SignedIn;
  let manager: SignedIn;
  let member: SignedIn;
  let bakeryOwner: SignedIn;
  let keyCounter = 0;
  const nextKey = () => `refunds-test-${++keyCounter}-${Date.now()}`;

  beforeAll(async () => {
    owner = await signIn(env().app, DEMO.owner);
    manager = await signIn(env().app, DEMO.manager);
    member = await signIn(env().app, DEMO.member);
    bakeryOwner = await signIn(env().app, DEMO.otherMerchantOwner);
  });

  const create = (walletNo: string, caller: SignedIn, body: unknown, key: string | undefined = nextKey()) =>
    requestRefund(env().app, { walletNo, authorization: caller.authorization, body, ...(key ? { key } : {}) });
  const confirm = (walletNo: string, caller: SignedIn, body: unknown) =>
    requestRefund(env().app, { walletNo, authorization: caller.authorization, body }, true);

  describe('confirm', () => {
    it('shows the fee at the refund rate and what is left before and after', async () => {
      const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN.coin, minAmount: 600, skip: 0 });
      const amount = 350;
      const response = await confirm(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount });
      expect(response.statusCode, response.body).toBe(200);
      const body = refundConfirmationSchema.parse(response.json());
      expect(body).toMatchObject({
        amount,
        fee_rate_bp: REFUND_RATE_BP,
        fee: Math.floor((amount * REFUND_RATE_BP) / 10_000),
        refundable_remaining: payment.amount,
        remaining_after: payment.amount - amount,
        coin: { id: COIN.coin, refundable: 1 },
        payment: { transaction_id: payment.id, amount: payment.amount, payer_wallet_no: payment.payerWalletNo },
      });

      // A request counts against what is left; confirming moves nothing and creates nothing.
      const created = await create(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount: 200 });
      expect(created.statusCode, created.body).toBe(200);
      const again = await confirm(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount: 100 });
      expect(again.json()).toMatchObject({
        refundable_remaining: payment.amount - 200,
        remaining_after: payment.amount - 300,
      });
      const over = await confirm(DEMO.mainWalletNo, owner, {
        transaction_id: payment.id,
        amount: payment.amount - 199,
      });
      expect(over.statusCode).toBe(422);
    });

    it('counts what refund transactions already paid back', async () => {
      // The demo's ledger holds refunds of 本店's payments, some partial.
      const partial = await env()
        .db.selectFrom('transactions as r')
        .innerJoin('entries as e', 'e.transaction_id', 'r.id')
        .select(['r.related_transaction_id', 'e.amount'])
        .where('r.type', '=', 'REFUND')
        .where('r.merchant_id', '=', 1)
        .where('e.wallet_no', '=', DEMO.mainWalletNo)
        .where('r.comment', '=', '返金（一部）')
        .orderBy('r.id', 'desc')
        .executeTakeFirstOrThrow();
      const paymentId = Number(partial.related_transaction_id);
      const requested = await env()
        .db.selectFrom('refund_applications')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
        .where('payment_transaction_id', '=', paymentId)
        .where('status', '=', 'REQUESTED')
        .executeTakeFirstOrThrow();
      const paymentEntry = await env()
        .db.selectFrom('entries')
        .select('amount')
        .where('transaction_id', '=', paymentId)
        .where('wallet_no', '=', DEMO.mainWalletNo)
        .executeTakeFirstOrThrow();
      const response = await confirm(DEMO.mainWalletNo, owner, { transaction_id: paymentId, amount: 1 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().refundable_remaining).toBe(paymentEntry.amount + partial.amount - Number(requested.sum));
    });

    it('refuses a coin that is not refundable (422)', async () => {
      const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN.point });
      for (const call of [confirm, (w: string, c: SignedIn, b: unknown) => create(w, c, b)]) {
        const response = await call(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount: 1 });
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json()).toEqual({ type: 'unprocessable', message: 'この通貨は返金できません' });
      }
    });

    it('refuses amounts of zero or less (400 naming amount) and more than is left (422)', async () => {
      const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN.coin, skip: 1 });
      for (const amount of [0, -100, 1.5, '100']) {
        const response = await create(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ type: 'invalid_request', field: 'amount' });
      }
      const over = await create(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount: payment.amount + 1 });
      expect(over.statusCode).toBe(422);
      expect(over.json()).toEqual({ type: 'unprocessable', message: '返金可能額を超えています' });
    });

    it("answers 404 for anything but a payment into this merchant's wallet", async () => {
      const stationPayment = await freshPayment(env().db, { merchantId: 2, coinId: COIN.coin });
      const notAPayment = await env()
        .db.selectFrom('transactions')
        .select('id')
        .where('merchant_id', '=', 1)
        .where('type', '=', 'RELOAD')
        .executeTakeFirstOrThrow();
      for (const transactionId of [stationPayment.id, notAPayment.id, 999_999_999]) {
        const response = await create(DEMO.mainWalletNo, owner, { transaction_id: transactionId, amount: 10 });
        expect(response.statusCode, response.body).toBe(404);
      }
      // The station's own wallet takes it (owner@ is the station's Owner too).
      const right = await confirm(STATION_WALLET, owner, { transaction_id: stationPayment.id, amount: 10 });
      expect(right.statusCode, right.body).toBe(200);
    });
  });

  describe('roles', () => {
    it('lets only an Owner confirm, request and cancel; another merchant gets 404', async () => {
      const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN.coin, skip: 2 });
      const body = { transaction_id: payment.id, amount: 10 };
      for (const caller of [manager, member]) {
        expect((await confirm(DEMO.mainWalletNo, caller, body)).statusCode).toBe(403);
        expect((await create(DEMO.mainWalletNo, caller, body)).statusCode).toBe(403);
      }
      expect((await confirm(DEMO.mainWalletNo, bakeryOwner, body)).statusCode).toBe(404);
      expect((await create(DEMO.mainWalletNo, bakeryOwner, body)).statusCode).toBe(404);
      // owner@ is only a Member of the bakery.
      expect((await create(DEMO.bakeryWalletNo, owner, body)).statusCode).toBe(403);

      const created = await create(DEMO.mainWalletNo, owner, body);
      expect(created.statusCode).toBe(200);
      const id = created.json().id as number;
      for (const [caller, status] of [
        [manager, 403],
        [member, 403],
        [bakeryOwner, 404],
      ] as const) {
        const response = await env().app.inject({
          method: 'DELETE',
          url: `/api/refunds/${id}`,
          headers: { authorization: caller.authorization },
        });
        expect(response.statusCode).toBe(status);
      }
      const row = await env()
        .db.selectFrom('refund_applications')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('REQUESTED');
    });
  });

  describe('create, list and cancel', () => {
    it('creates a REQUESTED application with its fee, lists it and cancels it once', async () => {
      const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN.voucher });
      const created = await create(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount: payment.amount });
      expect(created.statusCode, created.body).toBe(200);
      const application = refundApplicationSchema.parse(created.json());
      expect(application).toMatchObject({
        merchant_id: 1,
        merchant_wallet_no: DEMO.mainWalletNo,
        customer_wallet_no: payment.payerWalletNo,
        payment_transaction_id: payment.id,
        payment_amount: payment.amount,
        coin_id: COIN.voucher,
        amount: payment.amount,
        fee: refundFee(payment.amount, REFUND_RATE_BP),
        status: 'REQUESTED',
        refund_transaction_id: null,
        approved_at: null,
        canceled_at: null,
      });

      const list = await env().app.inject({
        method: 'GET',
        url: `/api/merchants/1/refund_applications`,
        query: { start_at: tokyoDay(-1), end_at: tokyoDay(), status: 'REQUESTED', limit: '100' },
        headers: { authorization: member.authorization },
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().items.map((a: { id: number }) => a.id)).toContain(application.id);
      expect(list.json().items.every((a: { status: string }) => a.status === 'REQUESTED')).toBe(true);

      const refunding = await env().app.inject({
        method: 'GET',
        url: `/api/admin/wallets/${DEMO.mainWalletNo}/refunding`,
        headers: { authorization: member.authorization },
      });
      expect(refunding.statusCode).toBe(200);
      const voucher = refunding.json().items.find((i: { coin_id: number }) => i.coin_id === COIN.voucher);
      expect(voucher.amount).toBeGreaterThanOrEqual(payment.amount);

      const cancel = () =>
        env().app.inject({
          method: 'DELETE',
          url: `/api/refunds/${application.id}`,
          headers: { authorization: owner.authorization },
        });
      const first = await cancel();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ id: application.id, status: 'CANCELED', canceled_at: expect.any(String) });
      const second = await cancel();
      expect(second.statusCode).toBe(409);
      expect(second.json().type).toBe('conflict');

      // A canceled request no longer counts against what is left.
      const after = await confirm(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount: payment.amount });
      expect(after.json().refundable_remaining).toBe(payment.amount);
    });

    it('counts the requests already pending against the balance, at confirm and at request', async () => {
      // 駅前店's own wallet and coin, drained below what its pending requests and a new one need.
      const { db } = env();
      const [first, second] = [
        await freshPayment(db, { merchantId: DEMO.stationMerchantId, coinId: COIN.coin, minAmount: 200, skip: 0 }),
        await freshPayment(db, { merchantId: DEMO.stationMerchantId, coinId: COIN.coin, minAmount: 200, skip: 1 }),
      ];
      const held = await create(STATION_WALLET, owner, { transaction_id: first.id, amount: 150 });
      expect(held.statusCode, held.body).toBe(200);
      const pending = await db
        .selectFrom('refund_applications')
        .select((eb) => eb.fn.sum<number>(sql<number>`amount + fee`).as('total'))
        .where('merchant_id', '=', DEMO.stationMerchantId)
        .where('coin_id', '=', COIN.coin)
        .where('status', '=', 'REQUESTED')
        .executeTakeFirstOrThrow();
      const amount = 100;
      const cost = amount + refundFee(amount, REFUND_RATE_BP);
      // Enough for the new request alone, one coin short of it with the pending ones.
      await drainTo(db, STATION_WALLET, DEMO.stationMerchantId, COIN.coin, Number(pending.total) + cost - 1);

      const body = { transaction_id: second.id, amount };
      for (const response of [await confirm(STATION_WALLET, owner, body), await create(STATION_WALLET, owner, body)]) {
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json().message).toBe('申請中の返金と手数料を含めると残高が不足しています');
      }
      const canceled = await env().app.inject({
        method: 'DELETE',
        url: `/api/refunds/${refundApplicationSchema.parse(held.json()).id}`,
        headers: { authorization: owner.authorization },
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
      const created = await create(STATION_WALLET, owner, body);
      expect(created.statusCode, created.body).toBe(200);
    });

    it('pages the period newest first with the total, and refuses a period that ends before it starts', async () => {
      const list = (query: Record<string, string>) =>
        env().app.inject({
          method: 'GET',
          url: '/api/merchants/1/refund_applications',
          query: { start_at: tokyoDay(-400), end_at: tokyoDay(), ...query },
          headers: { authorization: member.authorization },
        });
      const all = await env()
        .db.selectFrom('refund_applications')
        .select('id')
        .where('merchant_id', '=', 1)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expect(all.length).toBeGreaterThan(3);
      const ids: number[] = [];
      for (let offset = 1; ; offset++) {
        const page = await list({ limit: '3', offset: String(offset) });
        expect(page.statusCode, page.body).toBe(200);
        expect(page.json()).toMatchObject({ total: all.length, limit: 3, offset });
        const items = page.json().items as { id: number; merchant_id: number }[];
        if (items.length === 0) break;
        expect(items.every((i) => i.merchant_id === 1)).toBe(true);
        ids.push(...items.map((i) => i.id));
      }
      expect(ids).toEqual(all.map((r) => r.id));
      const backwards = await list({ start_at: tokyoDay(), end_at: tokyoDay(-1) });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().field).toBe('end_at');
    });

    it('refuses to cancel an approved application (409) and an unknown one (404)', async () => {
      const approved = await env()
        .db.selectFrom('refund_applications')
        .select('id')
        .where('merchant_id', '=', 1)
        .where('status', '=', 'APPROVED')
        .executeTakeFirstOrThrow();
      const response = await env().app.inject({
        method: 'DELETE',
        url: `/api/refunds/${approved.id}`,
        headers: { authorization: owner.authorization },
      });
      expect(response.statusCode).toBe(409);
      const unknown = await env().app.inject({
        method: 'DELETE',
        url: '/api/refunds/987654321',
        headers: { authorization: owner.authorization },
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('the reason of a request', () => {
    it('is stored trimmed and answered with the application; blank is none', async () => {
      const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN.coin, minAmount: 300, skip: 10 });
      const given = await create(DEMO.mainWalletNo, owner, {
        transaction_id: payment.id,
        amount: 100,
        reason: '  商品の返品（レシート No.12）\u3000',
      });
      expect(given.statusCode, given.body).toBe(200);
      const application = refundApplicationSchema.parse(given.json());
      expect(application.reason).toBe('商品の返品（レシート No.12）');
      const stored = await env()
        .db.selectFrom('refund_applications')
        .select('reason')
        .where('id', '=', application.id)
        .executeTakeFirstOrThrow();
      expect(stored.reason).toBe('商品の返品（レシート No.12）');

      for (const body of [{ amount: 10 }, { amount: 10, reason: ' \u3000 ' }]) {
        const none = await create(DEMO.mainWalletNo, owner, { transaction_id: payment.id, ...body });
        expect(none.statusCode, none.body).toBe(200);
        expect(none.json().reason).toBeNull();
      }
    });

    it('refuses a reason longer than 200 characters (400 naming reason), at confirm and at request', async () => {
      const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN.coin, skip: 11 });
      const long = { transaction_id: payment.id, amount: 1, reason: 'あ'.repeat(201) };
      for (const response of [
        await confirm(DEMO.mainWalletNo, owner, long),
        await create(DEMO.mainWalletNo, owner, long),
      ]) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ type: 'invalid_request', field: 'reason' });
      }
      const longest = await confirm(DEMO.mainWalletNo, owner, { ...long, reason: 'あ'.repeat(200) });
      expect(longest.statusCode, longest.body).toBe(200);
      const { count } = await env()
        .db.selectFrom('refund_applications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('payment_transaction_id', '=', payment.id)
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(0);
    });
  });

  describe('what is left to refund, as the history and the transaction detail show it', () => {
    /** The payment's row of the wallet's history, found by its id on its Tokyo day. */
    async function historyRow(walletNo: string, transactionId: number, caller: SignedIn = member) {
      const { created_at } = await env()
        .db.selectFrom('transactions')
        .select('created_at')
        .where('id', '=', transactionId)
        .executeTakeFirstOrThrow();
      const day = tokyoDate(created_at);
      const response = await env().app.inject({
        method: 'GET',
        url: `/api/wallets/${walletNo}/histories`,
        query: { start_date: day, end_date: day, transaction_id: String(transactionId) },
        headers: { authorization: caller.authorization },
      });
      expect(response.statusCode, response.body).toBe(200);
      const rows = CALLS.listWalletHistories.response.parse(response.json()).items;
      expect(rows.length).toBeGreaterThan(0);
      return rows[0]!;
    }
    async function detail(walletNo: string, transactionId: number, caller: SignedIn = member) {
      const response = await env().app.inject({
        method: 'GET',
        url: `/api/wallets/${walletNo}/balance/${transactionId}`,
        headers: { authorization: caller.authorization },
      });
      expect(response.statusCode, response.body).toBe(200);
      return CALLS.getBalanceAt.response.parse(response.json());
    }

    it('is the payment less what is requested and refunded, the very figure a request is checked against', async () => {
      const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN.coin, minAmount: 500, skip: 12 });
      expect((await historyRow(DEMO.mainWalletNo, payment.id)).refundable_remaining).toBe(payment.amount);
      const shown = await detail(DEMO.mainWalletNo, payment.id);
      expect(shown).toMatchObject({
        type: 'PAYMENT',
        fee_included: 0,
        fee_charged: 0,
        refundable_remaining: payment.amount,
        entries: [{ coin_id: COIN.coin, amount: payment.amount, counterparty: payment.payerWalletNo }],
      });

      const requested = await create(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount: 120 });
      expect(requested.statusCode, requested.body).toBe(200);
      const left = payment.amount - 120;
      expect((await historyRow(DEMO.mainWalletNo, payment.id)).refundable_remaining).toBe(left);
      expect((await detail(DEMO.mainWalletNo, payment.id)).refundable_remaining).toBe(left);
      // Exactly what is shown can be requested, and not one coin more.
      const over = await confirm(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount: left + 1 });
      expect(over.statusCode).toBe(422);
      const all = await confirm(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount: left });
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json()).toMatchObject({ refundable_remaining: left, remaining_after: 0 });

      // Approved, the request becomes a refund: what is left stays; the refund's detail shows its fee.
      const approved = await approveRefund(env().db, { applicationId: requested.json().id });
      expect((await historyRow(DEMO.mainWalletNo, payment.id)).refundable_remaining).toBe(left);
      const refund = await detail(DEMO.mainWalletNo, Number(approved.refund_transaction_id));
      expect(refund).toMatchObject({
        type: 'REFUND',
        fee_included: 0,
        fee_charged: approved.fee,
        refundable_remaining: null,
        entries: [{ coin_id: COIN.coin, amount: -120, counterparty: payment.payerWalletNo }],
      });
      expect(approved.fee).toBeGreaterThan(0);
      // The refund row of the history is no payment: nothing to refund there.
      expect((await historyRow(DEMO.mainWalletNo, refund.transaction_id)).refundable_remaining).toBeNull();

      // Cancelled, a request gives its amount back.
      const second = await create(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount: left });
      expect((await historyRow(DEMO.mainWalletNo, payment.id)).refundable_remaining).toBe(0);
      await env().app.inject({
        method: 'DELETE',
        url: `/api/refunds/${second.json().id}`,
        headers: { authorization: owner.authorization },
      });
      expect((await historyRow(DEMO.mainWalletNo, payment.id)).refundable_remaining).toBe(left);
    });

    it('is null for a coin that cannot be refunded and for anything but a payment into the wallet', async () => {
      const point = await freshPayment(env().db, { merchantId: 1, coinId: COIN.point });
      expect((await historyRow(DEMO.mainWalletNo, point.id)).refundable_remaining).toBeNull();
      expect((await detail(DEMO.mainWalletNo, point.id)).refundable_remaining).toBeNull();
      const reload = await env()
        .db.selectFrom('transactions')
        .select('id')
        .where('merchant_id', '=', 1)
        .where('type', '=', 'RELOAD')
        .executeTakeFirstOrThrow();
      expect((await historyRow(DEMO.mainWalletNo, reload.id)).refundable_remaining).toBeNull();
      expect((await detail(DEMO.mainWalletNo, reload.id)).refundable_remaining).toBeNull();
    });

    it('comes with every page of the list, page 1 and deeper ones, as it does for one transaction', async () => {
      const { db } = env();
      const payment = await freshPayment(db, { merchantId: 1, coinId: COIN.coin, minAmount: 500, skip: 14 });
      const requested = await create(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount: 50 });
      expect(requested.statusCode, requested.body).toBe(200);
      const { created_at } = await db
        .selectFrom('transactions')
        .select('created_at')
        .where('id', '=', payment.id)
        .executeTakeFirstOrThrow();
      const day = tokyoDate(created_at);
      // The payment's Tokyo day in pages of 7: the first page is read beside the day counts, the others from
      // the day that holds them; each its own statement with the figure joined.
      const rows: { transaction_id: number; type: string; amount: number; refundable_remaining: number | null }[] = [];
      for (let page = 1; ; page++) {
        const response = await env().app.inject({
          method: 'GET',
          url: `/api/wallets/${DEMO.mainWalletNo}/histories`,
          query: { start_date: day, end_date: day, limit: '7', offset: String(page) },
          headers: { authorization: member.authorization },
        });
        expect(response.statusCode, response.body).toBe(200);
        const { items, total } = CALLS.listWalletHistories.response.parse(response.json());
        rows.push(...items);
        if (items.length === 0 || rows.length >= total) break;
      }
      expect(rows.length).toBeGreaterThan(7);
      expect(rows.find((row) => row.transaction_id === payment.id)?.refundable_remaining).toBe(payment.amount - 50);
      const expected = await refundableRemainingOf(
        db,
        DEMO.mainWalletNo,
        rows.map((row) => row.transaction_id),
      );
      for (const row of rows) {
        const payIn = row.type === 'PAYMENT' && row.amount > 0;
        expect(row.refundable_remaining, `transaction ${row.transaction_id}`).toBe(
          payIn ? (expected.get(row.transaction_id) ?? null) : null,
        );
      }
    });

    it('shows the fee a payment to another merchant includes', async () => {
      const sent = await env().app.inject({
        method: 'POST',
        url: '/api/merchants/1/payments',
        payload: { to_merchant_id: DEMO.stationMerchantId, coin_id: COIN.coin, amount: 1000, type: 'STANDARD' },
        headers: { authorization: owner.authorization, 'idempotency-key': nextKey() },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const { transaction_id: transactionId, fee } = sent.json() as { transaction_id: number; fee: number };
      expect(fee).toBeGreaterThan(0);
      const shown = await detail(DEMO.mainWalletNo, transactionId);
      expect(shown).toMatchObject({
        type: 'TRANSFER',
        fee_included: fee,
        fee_charged: 0,
        refundable_remaining: null,
        entries: [{ coin_id: COIN.coin, amount: -(1000 + fee), counterparty: 'めぶくカフェ 駅前店' }],
      });
    });
  });

  describe('approve', () => {
    it('moves the refund and its fee in one transaction; balances stay the sums of the entries', async () => {
      const payment = await freshPayment(env().db, { merchantId: 1, coinId: COIN.coin, minAmount: 1000, skip: 3 });
      const amount = payment.amount - 100;
      const created = await create(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount });
      expect(created.statusCode, created.body).toBe(200);
      const { id, fee } = created.json() as { id: number; fee: number };
      expect(fee).toBe(refundFee(amount, REFUND_RATE_BP));
      expect(fee).toBeGreaterThan(0);

      const db = env().db;
      const before = {
        merchant: await balanceOf(db, DEMO.mainWalletNo, COIN.coin),
        customer: await balanceOf(db, payment.payerWalletNo, COIN.coin),
        fees: await balanceOf(db, SYSTEM_WALLETS.fees, COIN.coin),
      };
      const approved = await approveRefund(db, { applicationId: id });
      expect(approved).toMatchObject({ id, status: 'APPROVED', approved_at: expect.any(String) });
      expect(approved.refund_transaction_id).toEqual(expect.any(Number));

      expect(await balanceOf(db, DEMO.mainWalletNo, COIN.coin)).toBe(before.merchant - amount - fee);
      expect(await balanceOf(db, payment.payerWalletNo, COIN.coin)).toBe(before.customer + amount);
      expect(await balanceOf(db, SYSTEM_WALLETS.fees, COIN.coin)).toBe(before.fees + fee);
      for (const wallet of [DEMO.mainWalletNo, payment.payerWalletNo, SYSTEM_WALLETS.fees]) {
        expect(await balanceOf(db, wallet, COIN.coin)).toBe(await entrySum(db, wallet, COIN.coin));
      }
      const refund = await db
        .selectFrom('transactions')
        .selectAll()
        .where('id', '=', Number(approved.refund_transaction_id))
        .executeTakeFirstOrThrow();
      expect(refund).toMatchObject({ type: 'REFUND', merchant_id: 1, related_transaction_id: payment.id });
      const feeTransaction = await db
        .selectFrom('transactions')
        .select(['id', 'type'])
        .where('related_transaction_id', '=', refund.id)
        .executeTakeFirstOrThrow();
      expect(feeTransaction.type).toBe('FEE');
      for (const transactionId of [refund.id, feeTransaction.id]) {
        const sum = await db
          .selectFrom('entries')
          .select((eb) => eb.fn.sum<number>('amount').as('sum'))
          .where('transaction_id', '=', transactionId)
          .executeTakeFirstOrThrow();
        expect(Number(sum.sum)).toBe(0);
      }

      // What is left counts the refund; approving again is a conflict and moves nothing.
      const left = await confirm(DEMO.mainWalletNo, owner, { transaction_id: payment.id, amount: 100 });
      expect(left.json()).toMatchObject({ refundable_remaining: 100, remaining_after: 0 });
      await expect(approveRefund(db, { applicationId: id })).rejects.toMatchObject({ type: 'conflict' });
      expect(await balanceOf(db, DEMO.mainWalletNo, COIN.coin)).toBe(before.merchant - amount - fee);

      const fees = await env().app.inject({
        method: 'GET',
        url: '/api/history/merchants/1/refund_fees',
        query: { start_date: tokyoDay(), end_date: tokyoDay() },
        headers: { authorization: member.authorization },
      });
      expect(fees.statusCode).toBe(200);
      expect(fees.json().items).toContainEqual(
        expect.objectContaining({ refund_application_id: id, fee, amount, fee_rate_bp: REFUND_RATE_BP }),
      );
      expect(fees.json().total_fee).toBeGreaterThanOrEqual(fee);
    });

    it('refuses when the merchant cannot pay it, leaving everything as it was', async () => {
      // The bakery's own wallet, so the drain does not disturb the other tests.
      const payment = await freshPayment(env().db, { merchantId: 3, coinId: COIN.coin });
      const db = env().db;
      const { id } = await db
        .insertInto('refund_applications')
        .values({
          merchant_id: 3,
          wallet_no: payment.payerWalletNo,
          payment_transaction_id: payment.id,
          coin_id: COIN.coin,
          amount: payment.amount,
          fee: 5,
          fee_rate_bp: 100,
          status: 'REQUESTED',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await drainTo(db, DEMO.bakeryWalletNo, 3, COIN.coin, payment.amount + 4);
      const entriesBefore = await entrySum(db, DEMO.bakeryWalletNo, COIN.coin);
      const error = await approveRefund(db, { applicationId: id }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ type: 'unprocessable', message: '残高が不足しています' });
      const row = await db
        .selectFrom('refund_applications')
        .select(['status', 'refund_transaction_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'REQUESTED', refund_transaction_id: null });
      expect(await entrySum(db, DEMO.bakeryWalletNo, COIN.coin)).toBe(entriesBefore);
      expect(await balanceOf(db, DEMO.bakeryWalletNo, COIN.coin)).toBe(payment.amount + 4);
    });
  });
});
