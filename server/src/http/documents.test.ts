import { DOCUMENT_MESSAGES, isRegistrationNumber, REGISTRATION_NUMBER_CHECK_MESSAGE } from '@coin/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENT_SETTINGS } from '../config';
import { payoutForStatement, renderPayoutStatement } from '../documents/payoutStatement';
import { yen } from '../documents/typeset';
import { correctMonthlyFee } from '../domain/fees';
import { addMonths, tokyoMonth } from '../domain/time';
import { DOCUMENT_DEMO, MAIN_REGISTRATION_NO } from '../seed/documents';
import { DEMO, describeWithDatabase, type SignedIn, signIn } from '../testing/harness';
import { pdfText } from '../testing/pdfText';

/**
 * Issue 26: the fee invoice, its correction, payout statements and receipts, read back out of each PDF
 * and checked against the ledger, the fee tables and the payouts.
 */

describe('registration numbers', () => {
  it('accepts T and 13 digits whose first digit checks the rest, and nothing else', () => {
    // The National Tax Agency's own corporate number, and the demo default.
    expect(isRegistrationNumber('T7000012050002')).toBe(true);
    expect(isRegistrationNumber('T7123456789012')).toBe(true);
    expect(isRegistrationNumber('T8000012050002')).toBe(false);
    expect(isRegistrationNumber('7000012050002')).toBe(false);
    expect(isRegistrationNumber('T700001205000')).toBe(false);
  });
});

describeWithDatabase('documents', (env) => {
  let owner: SignedIn;
  let member: SignedIn;
  /** Closed months of 本店 with fees: one left alone, one corrected by a test. */
  let month = '';
  let correctedMonth = '';

  const get = (caller: SignedIn, url: string, query?: Record<string, string>) =>
    env().app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: { authorization: caller.authorization },
      ...(query ? { query } : {}),
    });

  /** What the ledger says 本店 was charged for a month's payments: each payment at the rate of its day. */
  async function ledgerFees(target: string) {
    const start = `${target.slice(0, 4)}-${target.slice(4)}-01`;
    // The next month's first day in Tokyo, not `start + interval '1 month'`: that adds a month to the UTC
    // instant (30 September 15:00 UTC + 1 month = 30 October 15:00), dropping October's 31st.
    const next = addMonths(target, 1);
    const end = `${next.slice(0, 4)}-${next.slice(4)}-01`;
    const { rows } = await sql<{ rate_bp: number; count: string; base: string; fee: string }>`
      select r.rate_bp, count(*) as count, sum(e.amount) as base, sum(floor(e.amount * r.rate_bp / 10000)) as fee
      from transactions t
      join entries e on e.transaction_id = t.id and e.wallet_no = ${DEMO.mainWalletNo}
      cross join lateral (
        select f.rate_bp from fee_rates f
        where f.merchant_id = t.merchant_id and f.type = 'PAYMENT'
          and f.valid_from <= ((t.created_at at time zone 'UTC') + interval '9 hours')::date
        order by f.valid_from desc limit 1
      ) r
      where t.merchant_id = ${DEMO.mainMerchantId} and t.type = 'PAYMENT'
        and t.created_at >= ${`${start}T00:00:00+09:00`}::timestamptz
        and t.created_at < ${`${end}T00:00:00+09:00`}::timestamptz
      group by r.rate_bp order by r.rate_bp`.execute(env().db);
    return rows.map((row) => ({
      rate_bp: row.rate_bp,
      count: Number(row.count),
      base: Number(row.base),
      fee: Number(row.fee),
    }));
  }

  const summaryOf = (target: string) =>
    env()
      .db.selectFrom('monthly_fee_summaries')
      .select(['amount', 'tax'])
      .where('merchant_id', '=', DEMO.mainMerchantId)
      .where('summarized_month', '=', target)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    owner = await signIn(env().app, DEMO.owner);
    member = await signIn(env().app, DEMO.member);
    const now = tokyoMonth(new Date());
    // Months the demo's own documents leave alone (it invoices the last two and corrects one: seed/documents.ts).
    month = addMonths(now, -3);
    correctedMonth = addMonths(now, -4);
  });

  describe('the fee invoice', () => {
    it("states the month's fees line by line as the ledger charged them, the tax once for the rate, and the issuer's number", async () => {
      const response = await get(member, `/merchants/${DEMO.mainMerchantId}/fee_invoices/${month}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(response.rawPayload);
      const lines = await ledgerFees(month);
      const summary = await summaryOf(month);
      expect(lines.length).toBeGreaterThan(0);
      // The ledger's fees are the month's summary: the invoice's total is what was charged.
      expect(lines.reduce((sum, line) => sum + line.fee, 0)).toBe(Number(summary.amount));
      for (const line of lines) {
        expect(text).toContain(`決済手数料（${(line.rate_bp / 100).toFixed(2).replace(/\.?0+$/, '')}%）`);
        expect(text).toContain(`${line.count.toLocaleString('ja-JP')}${yen(line.base)}10%${yen(line.fee)}`);
      }
      const amount = Number(summary.amount);
      const tax = Math.floor(amount / 10);
      expect(text).toContain(`10%対象小計（税抜）${yen(amount)}`);
      expect(text).toContain(`消費税（10%）${yen(tax)}`);
      expect(text).toContain(`合計（税込）${yen(amount + tax)}`);
      expect(text).toContain('登録番号T7123456789012');
      expect(text).toContain('めぶくカフェ本店御中');
      expect(text).not.toContain('訂正');
    });

    it('is the same document each time it is asked for: the same number and the same bytes', async () => {
      const first = await get(owner, `/merchants/${DEMO.mainMerchantId}/fee_invoices/${month}`);
      const second = await get(member, `/merchants/${DEMO.mainMerchantId}/fee_invoices/${month}`);
      expect(first.statusCode).toBe(200);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      const list = await get(owner, `/merchants/${DEMO.mainMerchantId}/fee_invoices`, { target: month });
      const issued = list.json().items.filter((item: { summarized_month: string }) => item.summarized_month === month);
      expect(issued).toHaveLength(1);
      expect(first.headers['content-disposition']).toContain(encodeURIComponent(issued[0].number));
    });

    it('gives a corrected invoice naming the original once the fees are corrected; the original stays as issued', async () => {
      const original = await get(owner, `/merchants/${DEMO.mainMerchantId}/fee_invoices/${correctedMonth}`);
      expect(original.statusCode).toBe(200);
      const before = await summaryOf(correctedMonth);
      const listed = (
        await get(owner, `/merchants/${DEMO.mainMerchantId}/fee_invoices`, { target: correctedMonth })
      ).json();
      const originalNumber = listed.items.find(
        (item: { summarized_month: string }) => item.summarized_month === correctedMonth,
      ).number;

      const newAmount = Number(before.amount) - 123;
      await correctMonthlyFee(
        env().db,
        { merchantId: DEMO.mainMerchantId, month: correctedMonth, amount: newAmount, reason: '料率設定の誤り' },
        new Date(),
      );
      const corrected = await get(owner, `/merchants/${DEMO.mainMerchantId}/fee_invoices/${correctedMonth}`);
      expect(corrected.statusCode).toBe(200);
      const text = await pdfText(corrected.rawPayload);
      const tax = Math.floor(newAmount / 10);
      expect(text).toContain('請求書（訂正）');
      expect(text).toContain(`請求書番号${originalNumber}の記載事項を訂正するものです`);
      expect(text).toContain(`手数料の訂正:料率設定の誤り`);
      expect(text).toContain(yen(-123));
      expect(text).toContain(`合計（税込）${yen(newAmount + tax)}`);
      const oldTotal = Number(before.amount) + Math.floor(Number(before.amount) / 10);
      expect(text).toContain(`合計${yen(oldTotal)}`);

      const after = (
        await get(owner, `/merchants/${DEMO.mainMerchantId}/fee_invoices`, { target: correctedMonth })
      ).json();
      const ofMonth = after.items.filter(
        (item: { summarized_month: string }) => item.summarized_month === correctedMonth,
      );
      expect(ofMonth).toMatchObject([
        { number: originalNumber, superseded: true, corrects_number: null, total: oldTotal },
        { superseded: false, corrects_number: originalNumber, amount: newAmount, tax, total: newAmount + tax },
      ]);
      // The original, by its number: the very bytes first issued.
      const again = await get(member, `/merchants/${DEMO.mainMerchantId}/documents/${originalNumber}`);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(original.rawPayload)).toBe(true);
    });

    it('is refused for the current month, a month without fees, and another merchant', async () => {
      const current = await get(owner, `/merchants/${DEMO.mainMerchantId}/fee_invoices/${tokyoMonth(new Date())}`);
      expect(current.statusCode).toBe(409);
      expect(current.json().message).toBe(DOCUMENT_MESSAGES.monthNotClosed);
      const none = await get(owner, `/merchants/${DEMO.mainMerchantId}/fee_invoices/201001`);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(DOCUMENT_MESSAGES.noFees);
      const other = await get(owner, `/merchants/${DEMO.mainMerchantId}/documents/MC-F-99999999`);
      expect(other.statusCode).toBe(404);
    });
  });

  it("the demo shows each document: 本店's invoices, one corrected since, and a receipt with its reissue", async () => {
    const now = tokyoMonth(new Date());
    const invoices = (await get(owner, `/merchants/${DEMO.mainMerchantId}/fee_invoices`, { target: now })).json().items;
    const corrected = addMonths(now, -DOCUMENT_DEMO.correctedMonthsBack);
    const ofCorrected = invoices.filter((item: { summarized_month: string }) => item.summarized_month === corrected);
    expect(ofCorrected).toHaveLength(2);
    expect(ofCorrected[1].corrects_number).toBe(ofCorrected[0].number);
    expect(ofCorrected[1].amount - ofCorrected[0].amount).toBe(DOCUMENT_DEMO.correction.amountChange);
    const invoiced = addMonths(now, -DOCUMENT_DEMO.invoicedMonthsBack);
    expect(invoices.some((item: { summarized_month: string }) => item.summarized_month === invoiced)).toBe(true);
    const receipts = await env()
      .db.selectFrom('issued_documents')
      .select(['number', 'replaces_id'])
      .where('merchant_id', '=', DEMO.mainMerchantId)
      .where('kind', '=', 'receipt')
      .orderBy('id')
      .execute();
    expect(receipts.length).toBeGreaterThanOrEqual(2);
    const reissue = await get(owner, `/merchants/${DEMO.mainMerchantId}/documents/${receipts[1]?.number}`);
    expect(await pdfText(reissue.rawPayload)).toContain(`（番号${receipts[0]?.number}）の再発行です`);
  });

  it('renders the same bytes from the same inputs: a receipt by its number, a payout statement at the same instant', async () => {
    const receipt = await env()
      .db.selectFrom('issued_documents')
      .select('number')
      .where('merchant_id', '=', DEMO.mainMerchantId)
      .where('kind', '=', 'receipt')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const once = await get(owner, `/merchants/${DEMO.mainMerchantId}/documents/${receipt.number}`);
    const twice = await get(member, `/merchants/${DEMO.mainMerchantId}/documents/${receipt.number}`);
    expect(once.statusCode).toBe(200);
    expect(twice.rawPayload.equals(once.rawPayload)).toBe(true);
    const payout = await env()
      .db.selectFrom('payouts')
      .select('id')
      .where('merchant_id', '=', DEMO.mainMerchantId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const at = new Date('2026-04-01T00:00:00Z');
    const first = await renderPayoutStatement(
      await payoutForStatement(env().db, DEMO.mainMerchantId, payout.id, at),
      DEFAULT_DOCUMENT_SETTINGS,
      at,
    );
    const second = await renderPayoutStatement(
      await payoutForStatement(env().db, DEMO.mainMerchantId, payout.id, at),
      DEFAULT_DOCUMENT_SETTINGS,
      at,
    );
    expect(second.equals(first)).toBe(true);
  });

  describe('the payout statement', () => {
    it('states the stored payout: period, gross, each fee, net, the account masked, the transfer day', async () => {
      const payout = await env()
        .db.selectFrom('payouts')
        .selectAll()
        .where('merchant_id', '=', DEMO.mainMerchantId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const response = await get(member, `/merchants/${DEMO.mainMerchantId}/payouts/${payout.id}/statement`);
      expect(response.statusCode).toBe(200);
      const text = await pdfText(response.rawPayload);
      expect(text).toContain(`支払対象額（ウォレットからの出金額）${yen(payout.gross_amount)}`);
      expect(text).toContain(`出金手数料${yen(-payout.fee)}`);
      expect(text).toContain(`振込手数料${yen(-payout.transfer_fee)}`);
      expect(text).toContain(`お振込金額${yen(payout.net_amount)}`);
      expect(payout.gross_amount - payout.fee - payout.transfer_fee).toBe(payout.net_amount);
      expect(text).toContain(`****${payout.account_number.slice(-4)}`);
      expect(text).not.toContain(payout.account_number);
      const [y, m, d] = payout.payout_date.split('-');
      expect(text).toContain(`振込日${y}年${Number(m)}月${Number(d)}日`);
    });

    it("lists each merchant of the group with its subtotal, and totals that add up the group's payouts", async () => {
      const start = '2000-01-01';
      const end = '2100-12-31';
      const response = await get(owner, `/merchants/${DEMO.mainMerchantId}/group_payouts/statement`, {
        start_date: start,
        end_date: end,
      });
      expect(response.statusCode).toBe(200);
      const text = await pdfText(response.rawPayload);
      const rows = await env()
        .db.selectFrom('payouts as p')
        .innerJoin('merchants as m', 'm.id', 'p.merchant_id')
        .innerJoin('merchant_groups as g', 'g.id', 'm.group_id')
        .select(['m.name', 'p.net_amount', 'p.failed_at'])
        .where('g.parent_merchant_id', '=', DEMO.mainMerchantId)
        .execute();
      const names = [...new Set(rows.map((row) => row.name))];
      expect(names.length).toBeGreaterThan(1);
      for (const name of names) expect(text).toContain(`${name.replace(/\s+/g, '')}小計`);
      const net = rows.filter((row) => row.failed_at === null).reduce((sum, row) => sum + row.net_amount, 0);
      expect(text).toContain(`振込金額合計${yen(net)}`);
    });
  });

  describe('the receipt', () => {
    let paymentId = 0;
    let paymentAmount = 0;
    beforeAll(async () => {
      const payment = await env()
        .db.selectFrom('transactions as t')
        .innerJoin('entries as e', 'e.transaction_id', 't.id')
        .select(['t.id', 'e.amount'])
        .where('t.merchant_id', '=', DEMO.mainMerchantId)
        .where('t.type', '=', 'PAYMENT')
        .where('e.wallet_no', '=', DEMO.mainWalletNo)
        .where('e.amount', '>', 1000)
        // The oldest: the demo's receipts are of the latest.
        .orderBy('t.id', 'asc')
        .executeTakeFirstOrThrow();
      paymentId = payment.id;
      paymentAmount = payment.amount;
    });
    const issue = (caller: SignedIn, transactionId: number, payload: Record<string, unknown>) =>
      env().app.inject({
        method: 'POST',
        url: `/api/merchants/${DEMO.mainMerchantId}/transactions/${transactionId}/receipt`,
        headers: { authorization: caller.authorization },
        payload,
      });

    it('states the payment with the 但し書き; a merchant with a registration number gets the simplified invoice items; the second is 再発行', async () => {
      const first = await issue(member, paymentId, { note: 'コーヒー豆代として', tax_rate: 8 });
      expect(first.statusCode).toBe(200);
      const firstText = await pdfText(first.rawPayload);
      expect(firstText).toContain(`${yen(paymentAmount)}-`);
      expect(firstText).toContain('但しコーヒー豆代として');
      expect(firstText).toContain(`取引ID${paymentId}`);
      expect(firstText).toContain(`8%対象（税込）${yen(paymentAmount)}`);
      expect(firstText).toContain(`内消費税（8%）${yen(Math.floor((paymentAmount * 8) / 108))}`);
      expect(firstText).toContain(`登録番号${MAIN_REGISTRATION_NO}`);
      expect(firstText).not.toContain('再発行');

      // The Owner enters the shop's registration number (full-width typed: normalised).
      const profile = (await get(owner, `/merchants/${DEMO.mainMerchantId}`)).json();
      const { merchant_id, status, thumbnail_url, image_url, tags, updated_at, ...fields } = profile;
      const refused = await env().app.inject({
        method: 'PATCH',
        url: `/api/merchants/${DEMO.mainMerchantId}`,
        headers: { authorization: owner.authorization },
        payload: { ...fields, invoice_registration_no: 'T1234567890123' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(REGISTRATION_NUMBER_CHECK_MESSAGE);
      const saved = await env().app.inject({
        method: 'PATCH',
        url: `/api/merchants/${DEMO.mainMerchantId}`,
        headers: { authorization: owner.authorization },
        payload: { ...fields, invoice_registration_no: 'Ｔ２０００４００００４４７４' },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().invoice_registration_no).toBe('T2000400004474');

      const second = await issue(owner, paymentId, { note: 'お品代として', tax_rate: 10 });
      expect(second.statusCode).toBe(200);
      const text = await pdfText(second.rawPayload);
      expect(text).toContain('再発行');
      expect(text).toContain('登録番号T2000400004474');
      expect(text).toContain(`10%対象（税込）${yen(paymentAmount)}`);
      expect(text).toContain(`内消費税（10%）${yen(Math.floor((paymentAmount * 10) / 110))}`);
      const firstNumber = /領収書_(.+)\.pdf/.exec(
        decodeURIComponent(first.headers['content-disposition'] as string),
      )?.[1];
      expect(firstNumber).toMatch(/^MC-R-\d{8}$/);
      expect(text).toContain(`（番号${firstNumber}）の再発行です`);
      // Put the profile back for the other tests of this file (they run in any order).
      await env().app.inject({
        method: 'PATCH',
        url: `/api/merchants/${DEMO.mainMerchantId}`,
        headers: { authorization: owner.authorization },
        payload: { ...fields, invoice_registration_no: MAIN_REGISTRATION_NO },
      });
    });

    it('is refused for what is not a payment into the merchant, and for an empty 但し書き', async () => {
      const reload = await env()
        .db.selectFrom('transactions')
        .select('id')
        .where('merchant_id', '=', DEMO.mainMerchantId)
        .where('type', '!=', 'PAYMENT')
        .executeTakeFirstOrThrow();
      const notPayment = await issue(owner, reload.id, { note: 'お品代として', tax_rate: 10 });
      expect(notPayment.statusCode).toBe(404);
      expect(notPayment.json().message).toBe(DOCUMENT_MESSAGES.notAPayment);
      const empty = await issue(owner, paymentId, { note: '  ', tax_rate: 10 });
      expect(empty.statusCode).toBe(400);
      const badRate = await issue(owner, paymentId, { note: 'お品代として', tax_rate: 5 });
      expect(badRate.statusCode).toBe(400);
    });
  });
});
