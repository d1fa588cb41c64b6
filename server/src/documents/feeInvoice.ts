import { type CallResponse, DOCUMENT_MESSAGES, type FeeInvoice } from '@coin/contract';
import { sql } from 'kysely';
import type { DocumentSettings } from '../config';
import { type Db, inTransaction } from '../db/connection';
import type { FeeStatus } from '../db/schema';
import { DomainError, notFound } from '../domain/errors';
import { feeSql, txFeeQuery } from '../domain/fees';
import { addDays, addMonths, tokyoDate, tokyoMonth } from '../domain/time';
import { documentNumber, type IssuedDocument, latestOf, nextDocumentId } from './numbering';
import {
  CONTENT_WIDTH,
  facts,
  japaneseDate,
  japaneseMonth,
  newA4,
  notes,
  PAGE,
  table,
  title,
  totals,
  yen,
} from './typeset';

/*
 * The service's qualified invoice (適格請求書) for a merchant's month of fees. Its figures come from the
 * ledger (the month's payments and the rate in effect on each one's day, as the fee detail lists them) and
 * the operator's corrections of the month; its total is the month's fee summary. A month is invoiced once:
 * asking again gives the same document, and once its fees are corrected the next request issues a corrected
 * invoice (修正適格請求書) that names the original, which stays available by its number.
 */

/** Fees are taxed at the standard rate; the tax is rounded down once for the rate, never per line. */
export const FEE_TAX_RATE_PERCENT = 10;
export const taxOf = (amount: number, ratePercent: number) => Math.floor((amount * ratePercent) / 100);

export interface FeeInvoiceLine {
  label: string;
  /** Basis points of the rate the line was charged at; null for a correction. */
  rate_bp: number | null;
  count: number | null;
  /** What the fee was charged on (null for a correction). */
  base_amount: number | null;
  amount: number;
}

/** What an invoice says: everything it is rendered from. */
export interface FeeInvoiceContent {
  issuer: { name: string; registration_no: string };
  recipient: { merchant_id: number; name: string };
  summarized_month: string;
  period_start: string;
  period_end: string;
  lines: FeeInvoiceLine[];
  amount: number;
  tax_rate: number;
  tax: number;
  total: number;
  status: FeeStatus;
  /** The invoice this one corrects, as it was issued. */
  corrects: { number: string; issued_at: string; amount: number; tax: number; total: number } | null;
}

const rateLabel = (rateBp: number) => `${(rateBp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

export const FEE_INVOICE_TEXT = {
  title: '請求書',
  correctedTitle: '請求書（訂正）',
  correctedNote: (number: string) => `この請求書は 請求書番号 ${number} の記載事項を訂正するものです`,
  paymentLine: (rateBp: number) => `決済手数料（${rateLabel(rateBp)}）`,
  correctionLine: (reason: string) => `手数料の訂正: ${reason}`,
  status: {
    UNSETTLED: 'お支払い方法: 翌月10日に加盟店ウォレットの残高から差し引きます',
    SETTLED: 'お支払い済み（加盟店ウォレットの残高から差し引き）',
    CASH_SETTLED: 'お支払い済み（現金）',
  } satisfies Record<FeeStatus, string>,
} as const;

/** The month's figures from the ledger, the corrections and the summary; null when the month has no fee summary. */
export async function feeInvoiceFigures(
  db: Db,
  merchantId: number,
  month: string,
): Promise<Pick<FeeInvoiceContent, 'lines' | 'amount' | 'tax' | 'tax_rate' | 'status' | 'recipient'> | null> {
  const [summary, merchant] = await Promise.all([
    db
      .selectFrom('monthly_fee_summaries')
      .select(['amount', 'status'])
      .where('merchant_id', '=', merchantId)
      .where('summarized_month', '=', month)
      .executeTakeFirst(),
    db.selectFrom('merchants').select('name').where('id', '=', merchantId).executeTakeFirstOrThrow(),
  ]);
  if (!summary) return null;
  const start = `${month.slice(0, 4)}-${month.slice(4)}-01`;
  const end = addDays(`${addMonths(month, 1).slice(0, 4)}-${addMonths(month, 1).slice(4)}-01`, -1);
  const base = await txFeeQuery(db, { merchantId, startDate: start, endDate: end, type: 'PAYMENT' });
  const [byRate, corrections] = await Promise.all([
    base
      .select((eb) => [
        'r.rate_bp',
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>(sql`abs(e.amount)`).as('base_amount'),
        eb.fn.sum<number>(feeSql).as('fee'),
      ])
      .groupBy('r.rate_bp')
      .orderBy('r.rate_bp')
      .execute(),
    db
      .selectFrom('fee_corrections')
      .select(['previous_amount', 'amount', 'reason'])
      .where('merchant_id', '=', merchantId)
      .where('summarized_month', '=', month)
      .orderBy('id')
      .execute(),
  ]);
  const lines: FeeInvoiceLine[] = byRate
    .filter((row) => Number(row.fee) > 0)
    .map((row) => ({
      label: FEE_INVOICE_TEXT.paymentLine(row.rate_bp),
      rate_bp: row.rate_bp,
      count: Number(row.count),
      base_amount: Number(row.base_amount),
      amount: Number(row.fee),
    }));
  for (const correction of corrections) {
    lines.push({
      label: FEE_INVOICE_TEXT.correctionLine(correction.reason),
      rate_bp: null,
      count: null,
      base_amount: null,
      amount: Number(correction.amount) - Number(correction.previous_amount),
    });
  }
  const amount = Number(summary.amount);
  return {
    recipient: { merchant_id: merchantId, name: merchant.name },
    lines,
    amount,
    tax_rate: FEE_TAX_RATE_PERCENT,
    tax: taxOf(amount, FEE_TAX_RATE_PERCENT),
    status: summary.status,
  };
}

/** The same money said the same way (field by field: jsonb does not keep the order of keys). */
const sameFigures = (a: Pick<FeeInvoiceContent, 'lines' | 'amount' | 'tax'>, b: typeof a) =>
  a.amount === b.amount &&
  a.tax === b.tax &&
  a.lines.length === b.lines.length &&
  a.lines.every((line, i) => {
    const other = b.lines[i];
    return (
      other !== undefined &&
      line.label === other.label &&
      line.rate_bp === other.rate_bp &&
      line.count === other.count &&
      line.base_amount === other.base_amount &&
      line.amount === other.amount
    );
  });

/**
 * The month's invoice: the latest issued when its figures still hold, else a new one (a corrected one when
 * an earlier exists). The current month and later are refused: their fees are not final.
 */
export async function issueFeeInvoice(
  db: Db,
  merchantId: number,
  month: string,
  settings: DocumentSettings,
  now: Date,
  userId: number | null,
): Promise<IssuedDocument<FeeInvoiceContent>> {
  if (month >= tokyoMonth(now)) throw new DomainError('conflict', DOCUMENT_MESSAGES.monthNotClosed);
  return inTransaction(db, async (trx) => {
    // One issuer per month at a time: the summary row is the lock.
    const locked = await trx
      .selectFrom('monthly_fee_summaries')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('summarized_month', '=', month)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw notFound(DOCUMENT_MESSAGES.noFees);
    const figures = await feeInvoiceFigures(trx, merchantId, month);
    if (!figures) throw notFound(DOCUMENT_MESSAGES.noFees);
    const latest = await latestOf<FeeInvoiceContent>(trx, merchantId, 'fee_invoice', month);
    if (latest && sameFigures(latest.content, figures)) return latest;
    const id = await nextDocumentId(trx);
    const number = documentNumber(settings.numberPrefix, 'fee_invoice', id);
    const content: FeeInvoiceContent = {
      issuer: { name: settings.issuerName, registration_no: settings.registrationNo },
      ...figures,
      summarized_month: month,
      period_start: `${month.slice(0, 4)}-${month.slice(4)}-01`,
      period_end: addDays(`${addMonths(month, 1).slice(0, 4)}-${addMonths(month, 1).slice(4)}-01`, -1),
      total: figures.amount + figures.tax,
      corrects: latest
        ? {
            number: latest.number,
            issued_at: latest.issued_at.toISOString(),
            amount: latest.content.amount,
            tax: latest.content.tax,
            total: latest.content.total,
          }
        : null,
    };
    await trx
      .insertInto('issued_documents')
      .values({
        id,
        merchant_id: merchantId,
        kind: 'fee_invoice',
        subject: month,
        number,
        issued_at: now,
        content: JSON.stringify(content),
        replaces_id: latest?.id ?? null,
        issued_by: userId,
      })
      .execute();
    return { id, number, issued_at: now, content, replaces_id: latest?.id ?? null };
  });
}

/** The fee invoices issued for the twelve months up to `target`, newest month first, corrections after their original. */
export async function listFeeInvoices(
  db: Db,
  merchantId: number,
  target: string,
): Promise<CallResponse<'listFeeInvoices'>> {
  const rows = await db
    .selectFrom('issued_documents as d')
    .leftJoin('issued_documents as o', 'o.id', 'd.replaces_id')
    .select([
      'd.id',
      'd.number',
      'd.subject',
      'd.issued_at',
      'd.content',
      'o.number as corrects_number',
      (eb) =>
        eb
          .exists(eb.selectFrom('issued_documents as n').select('n.id').whereRef('n.replaces_id', '=', 'd.id'))
          .as('superseded'),
    ])
    .where('d.merchant_id', '=', merchantId)
    .where('d.kind', '=', 'fee_invoice')
    .where('d.subject', '>', addMonths(target, -12))
    .where('d.subject', '<=', target)
    .orderBy('d.subject', 'desc')
    .orderBy('d.id', 'asc')
    .execute();
  const items: FeeInvoice[] = rows.map((row) => {
    const content = row.content as FeeInvoiceContent;
    return {
      number: row.number,
      summarized_month: row.subject,
      issued_at: row.issued_at.toISOString(),
      amount: content.amount,
      tax: content.tax,
      total: content.total,
      corrects_number: row.corrects_number,
      superseded: Boolean(row.superseded),
    };
  });
  return { items };
}

/** The invoice as PDF; the same content and issue instant give the same bytes. */
export async function renderFeeInvoice(number: string, issuedAt: Date, content: FeeInvoiceContent): Promise<Buffer> {
  const corrected = content.corrects !== null;
  const heading = corrected ? FEE_INVOICE_TEXT.correctedTitle : FEE_INVOICE_TEXT.title;
  const { doc, finish } = newA4({
    title: `${heading} ${japaneseMonth(content.summarized_month)}分 ${content.recipient.name}`,
    createdAt: issuedAt,
  });
  title(doc, heading, corrected ? FEE_INVOICE_TEXT.correctedNote(content.corrects?.number ?? '') : undefined);
  const top = doc.y;
  // Recipient, left; number and date, right.
  doc
    .font('bold')
    .fontSize(15)
    .text(`${content.recipient.name} 御中`, PAGE.margin, top, { width: CONTENT_WIDTH * 0.55 });
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor('#4a4a4a')
    .text(`加盟店番号 ${content.recipient.merchant_id}`, { width: CONTENT_WIDTH * 0.55 });
  const leftBottom = doc.y;
  const rightX = PAGE.margin + CONTENT_WIDTH * 0.58;
  const rightWidth = CONTENT_WIDTH * 0.42;
  let rightBottom = facts(doc, rightX, top, rightWidth, [
    ['請求書番号', number],
    ['発行日', japaneseDate(tokyoDate(issuedAt))],
    ['対象期間', `${japaneseDate(content.period_start)}〜${japaneseDate(content.period_end)}`],
  ]);
  rightBottom = facts(doc, rightX, rightBottom + 10, rightWidth, [
    ['発行者', content.issuer.name],
    ['登録番号', content.issuer.registration_no],
  ]);
  let y = Math.max(leftBottom, rightBottom) + 18;
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#1a1a1a')
    .text(`${japaneseMonth(content.summarized_month)}分の手数料を下記のとおりご請求いたします。`, PAGE.margin, y);
  y = doc.y + 8;
  doc
    .font('bold')
    .fontSize(14)
    .text(`ご請求金額（税込） ${yen(content.total)}`, PAGE.margin, y);
  y = doc.y + 14;
  y = table(
    doc,
    [
      { header: '内容', width: CONTENT_WIDTH * 0.4 },
      { header: '件数', width: CONTENT_WIDTH * 0.12, align: 'right' },
      { header: '対象金額', width: CONTENT_WIDTH * 0.2, align: 'right' },
      { header: '税率', width: CONTENT_WIDTH * 0.1, align: 'center' },
      { header: '金額（税抜）', width: CONTENT_WIDTH * 0.18, align: 'right' },
    ],
    content.lines.map((line) => [
      line.label,
      line.count === null ? '' : line.count.toLocaleString('ja-JP'),
      line.base_amount === null ? '' : yen(line.base_amount),
      `${content.tax_rate}%`,
      yen(line.amount),
    ]),
    y,
  );
  y = totals(
    doc,
    [
      [`${content.tax_rate}%対象 小計（税抜）`, yen(content.amount)],
      [`消費税（${content.tax_rate}%）`, yen(content.tax)],
      ['合計（税込）', yen(content.total)],
    ],
    y,
  );
  if (content.corrects) {
    y = notes(
      doc,
      [
        `訂正前（請求書番号 ${content.corrects.number}、${japaneseDate(tokyoDate(new Date(content.corrects.issued_at)))}発行）: ` +
          `小計 ${yen(content.corrects.amount)}、消費税 ${yen(content.corrects.tax)}、合計 ${yen(content.corrects.total)}`,
        `訂正後との差額（税込）: ${yen(content.total - content.corrects.total)}`,
      ],
      y + 12,
    );
  }
  notes(
    doc,
    [
      FEE_INVOICE_TEXT.status[content.status],
      '消費税額は税率ごとに合計した金額から算出し、1円未満を切り捨てています。',
      '本書は適格請求書です。金額は円、決済手数料は各決済日の料率で計算しています。',
    ],
    y + 12,
  );
  return finish();
}
