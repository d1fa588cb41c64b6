import type { Transaction } from 'kysely';
import { DEFAULT_DOCUMENT_SETTINGS } from '../config';
import type { Database } from '../db/schema';
import { issueFeeInvoice } from '../documents/feeInvoice';
import { issueReceipt } from '../documents/receipt';
import { correctMonthlyFee } from '../domain/fees';
import { addMonths, tokyoMonth, tokyoMonthStart } from '../domain/time';
import { DEMO_MERCHANTS } from './accounts';
import { DAY, HOUR } from './calendar';

/**
 * Documents (issue 26): 本店 has its own invoice registration number (its receipts carry the items of a
 * simplified qualified invoice), the fee invoices of the last two closed months issued on the 11th of the
 * month after, one of them corrected since (a corrected invoice naming the original), and a receipt of a
 * recent payment with its reissue. Payout statements need no rows: they are read from the payouts.
 */

/** A made-up number with a valid check digit (T + 13 digits). */
export const MAIN_REGISTRATION_NO = 'T2000400004474';
export const DOCUMENT_DEMO = {
  /** Months back from the seed's month: invoiced, and invoiced then corrected. */
  invoicedMonthsBack: 1,
  correctedMonthsBack: 2,
  correction: { amountChange: -150, reason: '返金分の手数料の二重計上' },
} as const;

export async function seedDocuments(trx: Transaction<Database>, { now }: { now: Date }): Promise<void> {
  const main = DEMO_MERCHANTS.main;
  await trx
    .updateTable('merchants')
    .set({ invoice_registration_no: MAIN_REGISTRATION_NO })
    .where('id', '=', main.id)
    .execute();

  const current = tokyoMonth(now);
  const issuedOn = (month: string) => {
    const at = new Date(tokyoMonthStart(addMonths(month, 1)).getTime() + 10 * DAY + 10 * HOUR);
    return at < now ? at : new Date(now.getTime() - HOUR);
  };
  const corrected = addMonths(current, -DOCUMENT_DEMO.correctedMonthsBack);
  const invoiced = addMonths(current, -DOCUMENT_DEMO.invoicedMonthsBack);
  await issueFeeInvoice(trx, main.id, corrected, DEFAULT_DOCUMENT_SETTINGS, issuedOn(corrected), null);
  const summary = await trx
    .selectFrom('monthly_fee_summaries')
    .select('amount')
    .where('merchant_id', '=', main.id)
    .where('summarized_month', '=', corrected)
    .executeTakeFirstOrThrow();
  const correctedAt = new Date(issuedOn(invoiced).getTime() - DAY);
  await correctMonthlyFee(
    trx,
    {
      merchantId: main.id,
      month: corrected,
      amount: Math.max(0, Number(summary.amount) + DOCUMENT_DEMO.correction.amountChange),
      reason: DOCUMENT_DEMO.correction.reason,
    },
    correctedAt,
  );
  await issueFeeInvoice(
    trx,
    main.id,
    corrected,
    DEFAULT_DOCUMENT_SETTINGS,
    new Date(correctedAt.getTime() + HOUR),
    null,
  );
  await issueFeeInvoice(trx, main.id, invoiced, DEFAULT_DOCUMENT_SETTINGS, issuedOn(invoiced), null);

  // A receipt of 本店's latest payment of ¥1,000 or more, and its reissue an hour later.
  const payment = await trx
    .selectFrom('transactions as t')
    .innerJoin('entries as e', 'e.transaction_id', 't.id')
    .select(['t.id', 't.created_at'])
    .where('t.merchant_id', '=', main.id)
    .where('t.type', '=', 'PAYMENT')
    .where('e.wallet_no', '=', main.walletNo)
    .where('e.amount', '>=', 1000)
    .orderBy('t.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (payment) {
    const at = new Date(Math.min(payment.created_at.getTime() + 5 * 60_000, now.getTime()));
    await issueReceipt(
      trx,
      main.id,
      payment.id,
      { note: 'お品代として', tax_rate: 10 },
      DEFAULT_DOCUMENT_SETTINGS,
      at,
      null,
    );
    await issueReceipt(
      trx,
      main.id,
      payment.id,
      { note: 'ご飲食代として', tax_rate: 10 },
      DEFAULT_DOCUMENT_SETTINGS,
      new Date(Math.min(at.getTime() + HOUR, now.getTime())),
      null,
    );
  }
}
