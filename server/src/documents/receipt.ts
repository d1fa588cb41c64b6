import { DOCUMENT_MESSAGES, tokyoWallClock } from '@coin/contract';
import type { DocumentSettings } from '../config';
import { type Db, inTransaction } from '../db/connection';
import { DomainError } from '../domain/errors';
import { tokyoDate } from '../domain/time';
import { documentNumber, type IssuedDocument, nextDocumentId } from './numbering';
import { CONTENT_WIDTH, facts, figure, japaneseDate, newA4, notes, PAGE, title, yen } from './typeset';

/*
 * A receipt (領収書) for a payment the merchant received, issued by the merchant: its name, the amount, the
 * coin it was paid in, the day and the transaction id, with the staff's 但し書き. A merchant with its own
 * invoice registration number gets the items of a simplified qualified invoice (適格簡易請求書): the number,
 * the amount for the tax rate and the tax it includes. Every issue is numbered and kept; the second and
 * later receipts for a payment are marked 再発行 and name the first.
 */

export interface ReceiptContent {
  merchant: { id: number; name: string; registration_no: string };
  transaction_id: number;
  paid_at: string;
  amount: number;
  coins: { name: string; amount: number }[];
  note: string;
  tax_rate: number;
  /** The consumption tax the amount includes at the rate, rounded down once. */
  tax_included: number;
  /** The first receipt of the payment, when this one is a reissue. */
  reissue_of: { number: string; issued_at: string } | null;
}

/** The tax an amount including tax at a rate contains, rounded down once: amount × rate / (100 + rate). */
export const includedTax = (amount: number, ratePercent: number) =>
  Math.floor((amount * ratePercent) / (100 + ratePercent));

export const RECEIPT_TEXT = {
  title: '領収書',
  reissued: '再発行',
  reissueNote: (number: string, date: string) => `本書は ${date} 発行の領収書（番号 ${number}）の再発行です。`,
  received: '上記正に領収いたしました。',
  method: (coins: string) => `お支払い方法: ${coins}（プリペイド決済）`,
} as const;

/** Numbers and keeps a receipt for a payment into the merchant's wallet. */
export async function issueReceipt(
  db: Db,
  merchantId: number,
  transactionId: number,
  input: { note: string; tax_rate: number },
  settings: Pick<DocumentSettings, 'numberPrefix'>,
  now: Date,
  userId: number | null,
): Promise<IssuedDocument<ReceiptContent>> {
  return inTransaction(db, async (trx) => {
    // The payment's row is the lock: two staff issuing at once get a first and a reissue, never two firsts.
    const payment = await trx
      .selectFrom('transactions as t')
      .innerJoin('merchants as m', 'm.id', 't.merchant_id')
      .select(['t.id', 't.created_at', 'm.name', 'm.wallet_no', 'm.invoice_registration_no'])
      .where('t.id', '=', transactionId)
      .where('t.merchant_id', '=', merchantId)
      .where('t.type', '=', 'PAYMENT')
      .forUpdate('t')
      .executeTakeFirst();
    if (!payment) throw new DomainError('not_found', DOCUMENT_MESSAGES.notAPayment);
    const coins = await trx
      .selectFrom('entries as e')
      .innerJoin('coins as c', 'c.id', 'e.coin_id')
      .select(['c.name', (eb) => eb.fn.sum<number>('e.amount').as('amount')])
      .where('e.transaction_id', '=', transactionId)
      .where('e.wallet_no', '=', payment.wallet_no)
      .groupBy(['c.id', 'c.name'])
      .orderBy('c.id')
      .execute();
    const received = coins
      .map((coin) => ({ name: coin.name, amount: Number(coin.amount) }))
      .filter((c) => c.amount > 0);
    const amount = received.reduce((sum, coin) => sum + coin.amount, 0);
    if (amount <= 0) throw new DomainError('not_found', DOCUMENT_MESSAGES.notAPayment);

    const first = await trx
      .selectFrom('issued_documents')
      .select(['id', 'number', 'issued_at'])
      .where('merchant_id', '=', merchantId)
      .where('kind', '=', 'receipt')
      .where('subject', '=', String(transactionId))
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    const id = await nextDocumentId(trx);
    const number = documentNumber(settings.numberPrefix, 'receipt', id);
    const content: ReceiptContent = {
      merchant: { id: merchantId, name: payment.name, registration_no: payment.invoice_registration_no },
      transaction_id: transactionId,
      paid_at: payment.created_at.toISOString(),
      amount,
      coins: received,
      note: input.note,
      tax_rate: input.tax_rate,
      tax_included: includedTax(amount, input.tax_rate),
      reissue_of: first ? { number: first.number, issued_at: first.issued_at.toISOString() } : null,
    };
    await trx
      .insertInto('issued_documents')
      .values({
        id,
        merchant_id: merchantId,
        kind: 'receipt',
        subject: String(transactionId),
        number,
        issued_at: now,
        content: JSON.stringify(content),
        replaces_id: first?.id ?? null,
        issued_by: userId,
      })
      .execute();
    return { id, number, issued_at: now, content, replaces_id: first?.id ?? null };
  });
}

/** The receipt as PDF: one receipt on the upper half of an A4 sheet. */
export async function renderReceipt(number: string, issuedAt: Date, content: ReceiptContent): Promise<Buffer> {
  const reissue = content.reissue_of !== null;
  const { doc, finish } = newA4({
    title: `${RECEIPT_TEXT.title}${reissue ? `（${RECEIPT_TEXT.reissued}）` : ''} ${content.merchant.name}`,
    createdAt: issuedAt,
  });
  title(doc, RECEIPT_TEXT.title, reissue ? RECEIPT_TEXT.reissued : undefined);
  const top = doc.y;
  // The customer's name is written in by hand before 様.
  doc
    .font('bold')
    .fontSize(14)
    .text('様', PAGE.margin, top + 4, { width: CONTENT_WIDTH * 0.55, align: 'right' });
  doc
    .moveTo(PAGE.margin, doc.y + 2)
    .lineTo(PAGE.margin + CONTENT_WIDTH * 0.55, doc.y + 2)
    .lineWidth(0.5)
    .strokeColor('#1a1a1a')
    .stroke();
  const rightX = PAGE.margin + CONTENT_WIDTH * 0.6;
  const rightBottom = facts(doc, rightX, top, CONTENT_WIDTH * 0.4, [
    ['領収書番号', number],
    ['発行日', japaneseDate(tokyoDate(issuedAt))],
  ]);
  let y = Math.max(doc.y, rightBottom) + 24;
  // The amount, boxed.
  doc
    .rect(PAGE.margin + 60, y, CONTENT_WIDTH - 120, 46)
    .lineWidth(1)
    .strokeColor('#1a1a1a')
    .stroke();
  doc
    .font('bold')
    .fontSize(24)
    .fillColor('#1a1a1a')
    .text(`${yen(content.amount)}-`, PAGE.margin + 60, y + 9, { width: CONTENT_WIDTH - 120, align: 'center' });
  y += 58;
  doc
    .font('regular')
    .fontSize(11)
    .text(`但し ${content.note}`, PAGE.margin + 60, y, { width: CONTENT_WIDTH - 120 });
  y = doc.y + 4;
  doc.text(RECEIPT_TEXT.received, PAGE.margin + 60, y, { width: CONTENT_WIDTH - 120 });
  y = doc.y + 16;

  const invoiceRows: [string, string][] = content.merchant.registration_no
    ? [
        [`${content.tax_rate}%対象（税込）`, yen(content.amount)],
        [`内消費税（${content.tax_rate}%）`, yen(content.tax_included)],
      ]
    : [[`内消費税（${content.tax_rate}%）`, yen(content.tax_included)]];
  const leftBottom = facts(
    doc,
    PAGE.margin,
    y,
    CONTENT_WIDTH * 0.5,
    [
      ['お支払い日時', `${japaneseDate(tokyoDate(content.paid_at))} ${tokyoWallClock(content.paid_at).slice(11, 16)}`],
      ['取引ID', String(content.transaction_id)],
      ...content.coins.map((coin): [string, string] => [`お支払い（${coin.name}）`, figure(coin.amount)]),
      ...invoiceRows,
    ],
    { labelWidth: 120 },
  );
  const issuerRows: [string, string][] = [['発行者', content.merchant.name]];
  if (content.merchant.registration_no) issuerRows.push(['登録番号', content.merchant.registration_no]);
  const issuerBottom = facts(doc, rightX, y, CONTENT_WIDTH * 0.4, issuerRows, { labelWidth: 60 });
  y = Math.max(leftBottom, issuerBottom) + 12;
  const lines = [RECEIPT_TEXT.method(content.coins.map((coin) => coin.name).join('・'))];
  if (content.reissue_of)
    lines.push(
      RECEIPT_TEXT.reissueNote(
        content.reissue_of.number,
        japaneseDate(tokyoDate(new Date(content.reissue_of.issued_at))),
      ),
    );
  notes(doc, lines, y);
  return finish();
}
