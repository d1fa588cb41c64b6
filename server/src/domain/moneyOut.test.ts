import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS } from '../seed/accounts';
import { DEMO_CUSTOMER_WALLET } from '../seed/moneyOut';
import { DEMO, describeEachDatabase, type SignedIn, signIn, signInAt, tokyoDay } from '../testing/harness';
import { issueInvoice } from './invoices';
import { heldForRefunds, SYSTEM_WALLETS } from './ledger';
import { paymentFee } from './merchantPayments';
import { operatorIssueInvoice, operatorPayUrlPayment } from './operatorMoneyOut';
import { balanceOf, entrySum, freshPayment, requestRefund, settleBalance } from './refunds.fixtures';
import { createUrlPayment, urlPaymentUrl } from './urlPayments';

// Money in and out: payment requests, URL payments, invoices and reloads, through the HTTP API.

const COIN = 1;
const POINT = 2;
const MAIN = DEMO_MERCHANTS.main;
const STATION = DEMO_MERCHANTS.station;
const BAKERY = DEMO_MERCHANTS.bakery;
const PUBLIC_URL = 'http://localhost:3000';

describeEachDatabase('money in and out', (env) => {
  let owner: SignedIn;
  let member: SignedIn;
  beforeAll(async () => {
    owner = await signIn(env().app, DEMO.owner);
    member = await signIn(env().app, DEMO.member);
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    options: { payload?: object; key?: string; as?: SignedIn } = {},
  ) =>
    env().app.inject({
      method,
      url: `/api${url}`,
      ...(options.payload ? { payload: options.payload } : {}),
      headers: {
        authorization: (options.as ?? owner).authorization,
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
    });
  const balance = (walletNo: string, coinId = COIN) => balanceOf(env().db, walletNo, coinId);
  const transactionEntries = (transactionId: number) =>
    env()
      .db.selectFrom('entries')
      .select(['wallet_no', 'coin_id', 'amount'])
      .where('transaction_id', '=', transactionId)
      .execute();

  describe('payment to another merchant', () => {
    it('moves amount + fee out, the amount to the payee and the fee to the fees wallet, in one balanced transaction', async () => {
      const before = {
        main: await balance(MAIN.walletNo),
        station: await balance(STATION.walletNo),
        fees: await balance(SYSTEM_WALLETS.fees),
      };
      const fee = await call('GET', `/merchants/${MAIN.id}/fee?to_merchant_id=${STATION.id}&amount=1000&type=STANDARD`);
      expect(fee.json()).toMatchObject({
        amount: 1000,
        fee: 10,
        total: 1010,
        to_merchant_name: STATION.name,
        to_wallet_no: STATION.walletNo,
      });
      // The picker tells payees of one name apart by their wallet numbers.
      const bound = await signInAt(env().app, DEMO.owner, MAIN.id);
      const payees = await call('GET', '/merchants/request_payment', { as: bound });
      expect(payees.statusCode, payees.body).toBe(200);
      expect(payees.json().items).toContainEqual(
        expect.objectContaining({ merchant_id: STATION.id, name: STATION.name, wallet_no: STATION.walletNo }),
      );

      const paid = await call('POST', `/merchants/${MAIN.id}/payments`, {
        payload: { to_merchant_id: STATION.id, coin_id: COIN, amount: 1000, type: 'STANDARD' },
        key: 'pay-station-1000',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const payment = paid.json();
      expect(payment).toMatchObject({ amount: 1000, fee: 10, to_merchant_id: STATION.id, rate_type: 'STANDARD' });

      const entries = await transactionEntries(payment.transaction_id);
      expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
      expect(entries).toHaveLength(3);
      expect(await balance(MAIN.walletNo)).toBe(before.main - 1010);
      expect(await balance(STATION.walletNo)).toBe(before.station + 1000);
      expect(await balance(SYSTEM_WALLETS.fees)).toBe(before.fees + 10);
      expect(await balance(MAIN.walletNo)).toBe(await entrySum(env().db, MAIN.walletNo, COIN));

      const list = await call('GET', `/merchants/${MAIN.id}/payments?start_date=${tokyoDay()}&end_date=${tokyoDay()}`);
      expect(list.json().items[0]).toMatchObject({ transaction_id: payment.transaction_id, fee: 10 });
      expect(list.json().total_amount).toBeGreaterThanOrEqual(1000);
      const history = await call(
        'GET',
        `/wallets/${MAIN.walletNo}/histories?start_date=${tokyoDay()}&end_date=${tokyoDay()}&transaction_id=${payment.transaction_id}`,
      );
      expect(history.json().items[0]).toMatchObject({ type: 'TRANSFER', amount: -1010 });

      const csv = await call(
        'GET',
        `/merchants/${MAIN.id}/downloads/merchant_payments?start_date=${tokyoDay()}&end_date=${tokyoDay()}&encoding=utf8`,
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(`${payment.transaction_id},`);
      expect(csv.body.split('\r\n')[0]).toContain('支払先');
    });

    it('charges no fee at the group rate inside the group, and refuses it outside', async () => {
      const inside = await call('GET', `/merchants/${MAIN.id}/fee?to_merchant_id=${STATION.id}&amount=5000&type=GROUP`);
      expect(inside.json()).toMatchObject({ fee: 0, total: 5000 });
      const outside = await call('GET', `/merchants/${MAIN.id}/fee?to_merchant_id=${BAKERY.id}&amount=5000&type=GROUP`);
      expect(outside.statusCode).toBe(422);
      const paid = await call('POST', `/merchants/${MAIN.id}/payments`, {
        payload: { to_merchant_id: BAKERY.id, coin_id: COIN, amount: 5000, type: 'GROUP' },
        key: 'pay-bakery-group',
      });
      expect(paid.statusCode).toBe(422);
    });

    it('refuses a coin that is not transferable, paying oneself, an unknown rate and bad amounts', async () => {
      const before = await balance(MAIN.walletNo, POINT);
      const point = await call('POST', `/merchants/${MAIN.id}/payments`, {
        payload: { to_merchant_id: STATION.id, coin_id: POINT, amount: 100, type: 'STANDARD' },
        key: 'pay-points',
      });
      expect(point.statusCode).toBe(422);
      expect(point.json().message).toContain('このコインは');
      expect(await balance(MAIN.walletNo, POINT)).toBe(before);
      const self = await call('POST', `/merchants/${MAIN.id}/payments`, {
        payload: { to_merchant_id: MAIN.id, coin_id: COIN, amount: 100, type: 'STANDARD' },
        key: 'pay-self',
      });
      expect(self.statusCode).toBe(422);
      const rate = await call('GET', `/merchants/${MAIN.id}/fee?to_merchant_id=${STATION.id}&amount=100&type=NOPE`);
      expect(rate.statusCode).toBe(400);
      expect(rate.json().field).toBe('type');
      for (const [amount, field] of [
        [0, 'amount'],
        [-5, 'amount'],
        [1.5, 'amount'],
        ['100', 'amount'],
        [100_000_000, 'amount'],
      ] as const) {
        const bad = await call('POST', `/merchants/${MAIN.id}/payments`, {
          payload: { to_merchant_id: STATION.id, coin_id: COIN, amount, type: 'STANDARD' },
          key: `pay-bad-${amount}`,
        });
        expect(bad.statusCode, String(amount)).toBe(400);
        expect(bad.json().field).toBe(field);
      }
      const noPayee = await call('POST', `/merchants/${MAIN.id}/payments`, {
        payload: { coin_id: COIN, amount: 100, type: 'STANDARD' },
        key: 'pay-no-payee',
      });
      expect(noPayee.json()).toMatchObject({ type: 'invalid_request', field: 'to_merchant_id' });
      const noKey = await call('POST', `/merchants/${MAIN.id}/payments`, {
        payload: { to_merchant_id: STATION.id, coin_id: COIN, amount: 100, type: 'STANDARD' },
      });
      expect(noKey.statusCode).toBe(400);
    });

    it('never pays more than the balance (amount + fee), and 50 identical requests with one key pay once', async () => {
      // 駅前店 pays 本店: its balance is set to what two payments of 1,000 (+10 fee) need, plus 5, on top of
      // what its refund applications hold (not spendable).
      const held = await heldForRefunds(env().db, STATION.walletNo, COIN);
      await settleBalance(env().db, STATION.walletNo, STATION.id, COIN, held + 2025);
      const mainBefore = await balance(MAIN.walletNo);
      const body = { to_merchant_id: MAIN.id, coin_id: COIN, amount: 1000, type: 'STANDARD' };
      const same = await Promise.all(
        Array.from({ length: 50 }, () =>
          call('POST', `/merchants/${STATION.id}/payments`, { payload: body, key: 'fifty-same-key' }),
        ),
      );
      expect(same.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
      expect(new Set(same.map((r) => r.json().transaction_id)).size).toBe(1);
      expect(await balance(STATION.walletNo)).toBe(held + 1015);

      const different = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          call('POST', `/merchants/${STATION.id}/payments`, { payload: body, key: `different-key-${i}` }),
        ),
      );
      expect(different.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of different.filter((x) => x.statusCode !== 200)) {
        expect(r.statusCode).toBe(422);
        expect(r.json().message).toContain('残高が不足しています');
      }
      expect(await balance(STATION.walletNo)).toBe(held + 5);
      expect(await balance(MAIN.walletNo)).toBe(mainBefore + 2000);
      expect(await balance(STATION.walletNo)).toBe(await entrySum(env().db, STATION.walletNo, COIN));
    });

    it('lets a Member read the sent payments but not pay', async () => {
      const pay = await call('POST', `/merchants/${MAIN.id}/payments`, {
        payload: { to_merchant_id: STATION.id, coin_id: COIN, amount: 100, type: 'STANDARD' },
        key: 'member-pays',
        as: member,
      });
      expect(pay.statusCode).toBe(403);
      const list = await call(
        'GET',
        `/merchants/${MAIN.id}/payments?start_date=${tokyoDay(-60)}&end_date=${tokyoDay()}`,
        {
          as: member,
        },
      );
      expect(list.statusCode).toBe(200);
      expect(list.json().total).toBeGreaterThan(0);
    });
  });

  describe('payment links', () => {
    const newLink = async (expires_on = tokyoDay(10), amount = 700) => {
      const created = await call('POST', `/merchants/${MAIN.id}/url_payments`, {
        payload: { coin_id: COIN, amount, description: 'テスト用リンク', expires_on },
      });
      expect(created.statusCode, created.body).toBe(200);
      return created.json();
    };

    it('builds the link on the QR host payment intermediary, keeping the token in the query', () => {
      expect(urlPaymentUrl('http://localhost:3000', 'abc')).toBe('http://qr.localhost:3000/payment/?url_payment=abc');
      expect(urlPaymentUrl('https://console.example.jp', 'x-y')).toBe(
        'https://qr.console.example.jp/payment/?url_payment=x-y',
      );
    });

    it('is paid by a customer: a use, the merchant balance and the history change', async () => {
      const link = await newLink();
      expect(link).toMatchObject({ status: 'ACTIVE', use_count: 0 });
      const before = { main: await balance(MAIN.walletNo), customer: await balance(DEMO_CUSTOMER_WALLET) };
      const paid = await operatorPayUrlPayment(env().db, {
        ref: link.id,
        walletNo: DEMO_CUSTOMER_WALLET,
        publicUrl: PUBLIC_URL,
      });
      expect(paid.link).toMatchObject({ use_count: 1, used_amount: 700 });
      expect(await balance(MAIN.walletNo)).toBe(before.main + 700);
      expect(await balance(DEMO_CUSTOMER_WALLET)).toBe(before.customer - 700);
      const history = await call(
        'GET',
        `/wallets/${MAIN.walletNo}/histories?start_date=${tokyoDay()}&end_date=${tokyoDay()}&transaction_id=${paid.transaction_id}`,
      );
      expect(history.json().items[0]).toMatchObject({
        type: 'PAYMENT',
        amount: 700,
        counterparty: DEMO_CUSTOMER_WALLET,
      });
      const listed = await call(
        'GET',
        `/merchants/${MAIN.id}/url_payments?status=ACTIVE&limit=100&start_date=${tokyoDay()}&end_date=${tokyoDay()}`,
      );
      expect(listed.json().items.find((l: { id: number }) => l.id === link.id)).toMatchObject({ use_count: 1 });
    });

    it('refuses a stopped link, an expired link and a customer without the balance', async () => {
      const link = await newLink();
      const stopped = await call('PATCH', `/merchants/${MAIN.id}/url_payments/${link.id}`, {
        payload: { status: 'STOPPED' },
      });
      expect(stopped.json()).toMatchObject({ status: 'STOPPED' });
      const again = await call('PATCH', `/merchants/${MAIN.id}/url_payments/${link.id}`, {
        payload: { status: 'STOPPED' },
      });
      expect(again.statusCode).toBe(409);
      await expect(
        operatorPayUrlPayment(env().db, { ref: link.id, walletNo: DEMO_CUSTOMER_WALLET, publicUrl: PUBLIC_URL }),
      ).rejects.toMatchObject({ type: 'unprocessable', message: 'この支払いリンクは停止されています' });

      const today = await newLink(tokyoDay());
      const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
      await expect(
        operatorPayUrlPayment(env().db, {
          ref: today.id,
          walletNo: DEMO_CUSTOMER_WALLET,
          publicUrl: PUBLIC_URL,
          now: tomorrow,
        }),
      ).rejects.toMatchObject({ type: 'unprocessable', message: 'この支払いリンクは有効期限が切れています' });

      const big = await newLink(tokyoDay(5), 9_000_000);
      const before = await balance(MAIN.walletNo);
      await expect(
        operatorPayUrlPayment(env().db, { ref: big.id, walletNo: DEMO_CUSTOMER_WALLET, publicUrl: PUBLIC_URL }),
      ).rejects.toMatchObject({ type: 'unprocessable' });
      expect(await balance(MAIN.walletNo)).toBe(before);
      await expect(
        operatorPayUrlPayment(env().db, { ref: today.id, walletNo: MAIN.walletNo, publicUrl: PUBLIC_URL }),
      ).rejects.toMatchObject({ type: 'not_found' });
    });

    it("validates the form and keeps another merchant's link out of reach", async () => {
      for (const [payload, field] of [
        [{ coin_id: COIN, amount: 100, description: '', expires_on: tokyoDay(1) }, 'description'],
        [{ coin_id: COIN, amount: 0, description: 'x', expires_on: tokyoDay(1) }, 'amount'],
        [{ coin_id: COIN, amount: 100, description: 'x', expires_on: '2026-02-30' }, 'expires_on'],
        [{ coin_id: COIN, amount: 100, description: 'x', expires_on: tokyoDay(-1) }, 'expires_on'],
        [{ coin_id: COIN, amount: 100, description: 'x', expires_on: tokyoDay(400) }, 'expires_on'],
      ] as const) {
        const response = await call('POST', `/merchants/${MAIN.id}/url_payments`, { payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().field).toBe(field);
      }
      const bakeryLink = await createUrlPayment(
        env().db,
        {
          merchantId: BAKERY.id,
          coinId: COIN,
          amount: 100,
          description: 'パン',
          expiresOn: tokyoDay(3),
          createdBy: null,
        },
        { publicUrl: PUBLIC_URL, now: new Date() },
      );
      // owner@ owns 本店 and is a Member of まちのパン屋: the link is not 本店's, and a Member cannot stop it.
      const viaMain = await call('PATCH', `/merchants/${MAIN.id}/url_payments/${bakeryLink.id}`, {
        payload: { status: 'STOPPED' },
      });
      expect(viaMain.statusCode).toBe(404);
      const asMember = await call('PATCH', `/merchants/${BAKERY.id}/url_payments/${bakeryLink.id}`, {
        payload: { status: 'STOPPED' },
      });
      expect(asMember.statusCode).toBe(403);
    });
  });

  describe('invoices', () => {
    const newInvoice = (merchantId: number = MAIN.id, amount = 1500, dueDays = 7) =>
      issueInvoice(env().db, {
        merchantId,
        issuerName: merchantId === STATION.id ? MAIN.name : STATION.name,
        issuerWalletNo: merchantId === STATION.id ? MAIN.walletNo : STATION.walletNo,
        title: 'テスト請求',
        items: [{ name: '品目', quantity: 3, unit_price: amount / 3, amount }],
        coinId: COIN,
        dueDate: tokyoDay(dueDays),
        now: new Date(),
      });

    it('is paid once: one transaction to the issuer, a second payment refused, 50 doubled clicks pay once', async () => {
      const invoice = await newInvoice();
      const before = { main: await balance(MAIN.walletNo), station: await balance(STATION.walletNo) };
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          call('POST', `/merchants/${MAIN.id}/invoices/${invoice.id}/payments`, {
            payload: {},
            key: `inv-${invoice.id}`,
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
      expect(responses[0]?.json()).toMatchObject({ status: 'PAID', id: invoice.id });
      const second = await call('POST', `/merchants/${MAIN.id}/invoices/${invoice.id}/payments`, {
        payload: {},
        key: `inv-${invoice.id}-again`,
      });
      expect(second.statusCode).toBe(409);
      expect(await balance(MAIN.walletNo)).toBe(before.main - 1500);
      expect(await balance(STATION.walletNo)).toBe(before.station + 1500);
      const paid = await call('GET', `/merchants/${MAIN.id}/invoices/${invoice.id}`);
      expect(paid.json()).toMatchObject({ status: 'PAID', paid_transaction_id: expect.any(Number) });
      expect(await transactionEntries(paid.json().paid_transaction_id)).toHaveLength(2);
    });

    it("answers another merchant's invoice 404 and lists unpaid (earliest due) before paid", async () => {
      const bakery = await newInvoice(BAKERY.id);
      expect((await call('GET', `/merchants/${MAIN.id}/invoices/${bakery.id}`)).statusCode).toBe(404);
      expect(
        (await call('POST', `/merchants/${MAIN.id}/invoices/${bakery.id}/payments`, { payload: {}, key: 'x-bakery' }))
          .statusCode,
      ).toBe(404);
      const overdue = await newInvoice(MAIN.id, 300, -2);
      expect(overdue.status).toBe('OVERDUE');
      const year = `start_date=${tokyoDay(-400)}&end_date=${tokyoDay()}`;
      const list = (await call('GET', `/merchants/${MAIN.id}/invoices?limit=100&${year}`)).json();
      const statuses: string[] = list.items.map((i: { status: string }) => i.status);
      const firstPaid = statuses.indexOf('PAID');
      expect(firstPaid).toBeGreaterThan(0);
      expect(statuses.slice(firstPaid).every((s) => s === 'PAID')).toBe(true);
      const dues: string[] = list.items.slice(0, firstPaid).map((i: { due_date: string }) => i.due_date);
      expect(dues).toEqual([...dues].sort());
      const onlyOverdue = (await call('GET', `/merchants/${MAIN.id}/invoices?status=OVERDUE&${year}`)).json();
      expect(onlyOverdue.items.every((i: { status: string }) => i.status === 'OVERDUE')).toBe(true);
    });

    it('refuses a payment the balance cannot make, changing nothing, and a Member may only read', async () => {
      const invoice = await newInvoice(STATION.id, 9_000_000 - (9_000_000 % 3));
      const before = await balance(STATION.walletNo);
      const refused = await call('POST', `/merchants/${STATION.id}/invoices/${invoice.id}/payments`, {
        payload: {},
        key: `inv-big-${invoice.id}`,
      });
      expect(refused.statusCode).toBe(422);
      expect(await balance(STATION.walletNo)).toBe(before);
      expect((await call('GET', `/merchants/${STATION.id}/invoices/${invoice.id}`)).json().status).toBe('UNPAID');
      const mainInvoice = await newInvoice();
      const asMember = await call('POST', `/merchants/${MAIN.id}/invoices/${mainInvoice.id}/payments`, {
        payload: {},
        key: 'member-pays-invoice',
        as: member,
      });
      expect(asMember.statusCode).toBe(403);
      expect((await call('GET', `/merchants/${MAIN.id}/invoices/${mainInvoice.id}`, { as: member })).statusCode).toBe(
        200,
      );
    });

    it('is issued by the operator from the service or another merchant', async () => {
      const fromService = await operatorIssueInvoice(env().db, {
        merchantId: MAIN.id,
        title: '運営からの請求',
        amount: 2200,
        dueDate: tokyoDay(9),
      });
      expect(fromService).toMatchObject({ issuer_name: 'めぶくペイ運営事務局', amount: 2200, status: 'UNPAID' });
      const fromStation = await operatorIssueInvoice(env().db, {
        merchantId: MAIN.id,
        title: '店舗間の請求',
        amount: 800,
        dueDate: tokyoDay(9),
        issuerMerchantId: STATION.id,
      });
      expect(fromStation.issuer_name).toBe(STATION.name);
      await expect(
        operatorIssueInvoice(env().db, {
          merchantId: MAIN.id,
          title: 'x',
          amount: 1,
          dueDate: tokyoDay(1),
          issuerMerchantId: MAIN.id,
        }),
      ).rejects.toMatchObject({ type: 'invalid_request' });
    });
  });

  describe('reloads', () => {
    it("moves the merchant's reloadable coin to the customer's wallet, once per key", async () => {
      const before = { main: await balance(MAIN.walletNo), customer: await balance(DEMO_CUSTOMER_WALLET) };
      const body = { wallet_no: DEMO_CUSTOMER_WALLET, coin_id: COIN, amount: 3000 };
      const [first, retry] = await Promise.all([
        call('POST', `/merchants/${MAIN.id}/reloads`, { payload: body, key: 'reload-3000' }),
        call('POST', `/merchants/${MAIN.id}/reloads`, { payload: body, key: 'reload-3000' }),
      ]);
      expect(first.statusCode, first.body).toBe(200);
      expect(retry.json().transaction_id).toBe(first.json().transaction_id);
      expect(first.json()).toMatchObject({ amount: 3000, merchant_balance: before.main - 3000 });
      expect(await balance(DEMO_CUSTOMER_WALLET)).toBe(before.customer + 3000);
      const history = await call(
        'GET',
        `/wallets/${MAIN.walletNo}/histories?start_date=${tokyoDay()}&end_date=${tokyoDay()}&type=RELOAD`,
      );
      expect(history.json().items[0]).toMatchObject({ transaction_id: first.json().transaction_id, amount: -3000 });
    });

    it('refuses a coin the merchant does not sell, an unknown or merchant wallet, and bad input', async () => {
      const refused = [
        [MAIN.id, { wallet_no: DEMO_CUSTOMER_WALLET, coin_id: 3, amount: 100 }, 422],
        [STATION.id, { wallet_no: DEMO_CUSTOMER_WALLET, coin_id: COIN, amount: 100 }, 422],
        [MAIN.id, { wallet_no: '2999999999', coin_id: COIN, amount: 100 }, 404],
        [MAIN.id, { wallet_no: STATION.walletNo, coin_id: COIN, amount: 100 }, 404],
        [MAIN.id, { wallet_no: '12345', coin_id: COIN, amount: 100 }, 400],
        [MAIN.id, { wallet_no: DEMO_CUSTOMER_WALLET, coin_id: COIN, amount: 100_001 }, 400],
      ] as const;
      for (const [merchantId, payload, status] of refused) {
        const response = await call('POST', `/merchants/${merchantId}/reloads`, {
          payload,
          key: `reload-refused-${merchantId}-${JSON.stringify(payload)}`,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      }
    });
  });

  describe('money held for refund applications', () => {
    it('is not spent by a payment to another merchant: the refund approval can still be paid', async () => {
      const db = env().db;
      const payment = await freshPayment(db, { merchantId: STATION.id, coinId: COIN, minAmount: 200, skip: 3 });
      // Enough for the request itself (a request is refused when the balance cannot pay what is waiting).
      const heldBefore = await heldForRefunds(db, STATION.walletNo, COIN);
      await settleBalance(db, STATION.walletNo, STATION.id, COIN, heldBefore + 10_000);
      const requested = await requestRefund(env().app, {
        walletNo: STATION.walletNo,
        authorization: owner.authorization,
        body: { transaction_id: payment.id, amount: 100 },
        key: `held-refund-${payment.id}`,
      });
      expect(requested.statusCode, requested.body).toBe(200);
      const { id } = requested.json() as { id: number };
      // Everything 駅前店's waiting applications hold, this one included.
      const held = await heldForRefunds(db, STATION.walletNo, COIN);
      await settleBalance(db, STATION.walletNo, STATION.id, COIN, held + 500);
      const pay = (amount: number) =>
        call('POST', `/merchants/${STATION.id}/payments`, {
          payload: { to_merchant_id: MAIN.id, coin_id: COIN, amount, type: 'STANDARD' },
          key: `held-pay-${id}-${amount}`,
        });
      try {
        // 500 costs 505: it would dip into the held money.
        const refused = await pay(500);
        expect(refused.statusCode, refused.body).toBe(422);
        expect(refused.json().message).toContain('返金申請中');
        expect(await balance(STATION.walletNo)).toBe(held + 500);
        // 400 costs 404: what is left covers the held money.
        expect((await pay(400)).statusCode).toBe(200);
        expect(await balance(STATION.walletNo)).toBe(held + 96);
        // The wallet answer says what is held beside the balance (Top shows it).
        const wallet = (await call('GET', `/wallets/${STATION.walletNo}`)).json();
        expect(wallet.balances.find((b: { id: number }) => b.id === COIN)).toMatchObject({ amount: held + 96, held });
      } finally {
        await env().app.inject({
          method: 'DELETE',
          url: `/api/refunds/${id}`,
          headers: { authorization: owner.authorization },
        });
      }
    });
  });

  describe('periods and CSV reports of the link and invoice lists', () => {
    // Dated long before the demo, so no other test's period holds them.
    const march2010 = new Date('2010-03-05T03:00:00Z');
    const lines = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');

    it('lists and downloads the payment links created in the period', async () => {
      const link = await createUrlPayment(
        env().db,
        {
          merchantId: MAIN.id,
          coinId: COIN,
          amount: 1200,
          description: '2010年3月のリンク',
          expiresOn: '2010-03-20',
          createdBy: null,
        },
        { publicUrl: PUBLIC_URL, now: march2010 },
      );
      const idsIn = async (start: string, end: string, status = '') => {
        const response = await call(
          'GET',
          `/merchants/${MAIN.id}/url_payments?start_date=${start}&end_date=${end}&limit=100${status}`,
        );
        expect(response.statusCode, response.body).toBe(200);
        return response.json().items.map((item: { id: number }) => item.id);
      };
      expect(await idsIn('2010-03-01', '2010-03-31')).toContain(link.id);
      expect(await idsIn('2010-03-01', '2010-03-31', '&status=EXPIRED')).toContain(link.id);
      expect(await idsIn('2010-03-01', '2010-03-31', '&status=ACTIVE')).not.toContain(link.id);
      expect(await idsIn('2010-04-01', '2010-04-30')).not.toContain(link.id);
      expect((await call('GET', `/merchants/${MAIN.id}/url_payments?limit=10`)).statusCode).toBe(400);

      const csv = await call(
        'GET',
        `/merchants/${MAIN.id}/downloads/url_payments?start_date=2010-03-01&end_date=2010-03-31&encoding=utf8`,
      );
      expect(csv.statusCode, csv.body).toBe(200);
      const [header, ...rows] = lines(csv.body);
      expect(header).toBe('作成日時,リンクID,説明,コイン,金額,有効期限,状態,停止日時,利用回数,利用金額,URL');
      expect(rows.find((row) => row.split(',')[1] === String(link.id))).toBe(
        `2010/03/05 12:00:00,${link.id},2010年3月のリンク,${link.coin_name},1200,2010/03/20,期限切れ,,0,0,${link.url}`,
      );
    });

    it('lists and downloads the invoices issued in the period, and says since when one is unpaid', async () => {
      const old = await issueInvoice(env().db, {
        merchantId: MAIN.id,
        issuerName: STATION.name,
        issuerWalletNo: STATION.walletNo,
        title: '2010年3月分',
        items: [{ name: '品目', quantity: 2, unit_price: 450, amount: 900 }],
        coinId: COIN,
        dueDate: '2010-03-31',
        now: march2010,
      });
      const thisMonth = (
        await call('GET', `/merchants/${MAIN.id}/invoices?start_date=${tokyoDay()}&end_date=${tokyoDay()}&limit=100`)
      ).json();
      expect(thisMonth.items.map((i: { id: number }) => i.id)).not.toContain(old.id);
      // Issued before the period and still to pay: the list says since when.
      expect(thisMonth.unpaid_since <= '2010-03-05').toBe(true);
      const march = (
        await call('GET', `/merchants/${MAIN.id}/invoices?start_date=2010-03-01&end_date=2010-03-31&limit=100`)
      ).json();
      expect(march.items.map((i: { id: number }) => i.id)).toContain(old.id);

      const csv = await call(
        'GET',
        `/merchants/${MAIN.id}/downloads/invoices?start_date=2010-03-01&end_date=2010-03-31&encoding=utf8`,
      );
      expect(csv.statusCode, csv.body).toBe(200);
      const [header, ...rows] = lines(csv.body);
      expect(header).toBe('発行日時,請求書ID,請求元,件名,コイン,金額,支払期限,状態,支払日時,取引ID');
      expect(rows.find((row) => row.split(',')[1] === String(old.id))).toBe(
        `2010/03/05 12:00:00,${old.id},${STATION.name},2010年3月分,${old.coin_name},900,2010/03/31,期限超過,,`,
      );
    });
  });
});

describe('the fee of a payment to another merchant', () => {
  it('cuts fractions off, and takes at least one coin at a positive rate', () => {
    expect(paymentFee(1000, 100)).toBe(10);
    expect(paymentFee(1099, 100)).toBe(10);
    expect(paymentFee(99, 100)).toBe(1);
    expect(paymentFee(1, 30)).toBe(1);
    expect(paymentFee(500, 0)).toBe(0);
  });
});
