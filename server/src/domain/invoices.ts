import type { CallResponse, Invoice, InvoiceItem, InvoiceStatus } from '@coin/contract';
import { sql } from 'kysely';
import { type Db, inTransaction } from '../db/connection';
import { isStoredId } from './access';
import { DomainError, invalidRequest, notFound } from './errors';
import { exactInstant, type KeysetCursor, keysetBatches, pastCursor } from './keyset';
import { postOrRefuse } from './ledger';
import { tokyoDate, tokyoPeriod } from './time';

/** Money in and out: invoices addressed to a merchant, paid once from its wallet. */

/** The issuer name of the service's own invoices (paid into its fees wallet). */
export const SERVICE_ISSUER_NAME = 'めぶくペイ運営事務局';

export const INVOICE_MESSAGES = {
  notFound: '請求書が見つかりません',
  alreadyPaid: 'この請求書はすでに支払われています',
  insufficientBalance: '残高が不足しているため、この請求書を支払えません',
  merchantNotFound: '加盟店が見つかりません',
  issuerNotFound: '請求元のウォレットが見つかりません',
  issuerIsPayer: '請求元と支払う加盟店が同じです',
  coinNotFound: 'コインが見つかりません',
  noItems: '明細を1件以上指定してください',
} as const;

/** PAID once paid; OVERDUE when unpaid after its due Tokyo day; UNPAID otherwise. */
export function invoiceStatus(invoice: { paid_at: Date | null; due_date: string }, now: Date): InvoiceStatus {
  if (invoice.paid_at) return 'PAID';
  return invoice.due_date < tokyoDate(now) ? 'OVERDUE' : 'UNPAID';
}

function invoices(db: Db) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('coins as c', 'c.id', 'i.coin_id')
    .select([
      'i.id',
      'i.merchant_id',
      'i.issuer_name',
      'i.issuer_wallet_no',
      'i.title',
      'i.items',
      'i.coin_id',
      'c.name as coin_name',
      'i.amount',
      'i.due_date',
      'i.issued_at',
      'i.paid_at',
      'i.paid_transaction_id',
    ]);
}

type InvoiceRow = Awaited<ReturnType<ReturnType<typeof invoices>['executeTakeFirstOrThrow']>>;

function toInvoice(row: InvoiceRow, now: Date): Invoice {
  // jsonb arrives parsed from pg, as text from some drivers.
  const items = (typeof row.items === 'string' ? JSON.parse(row.items) : row.items) as InvoiceItem[];
  return {
    id: row.id,
    issuer_name: row.issuer_name,
    title: row.title,
    items,
    coin_id: row.coin_id,
    coin_name: row.coin_name,
    amount: row.amount,
    due_date: row.due_date,
    status: invoiceStatus(row, now),
    issued_at: row.issued_at.toISOString(),
    paid_at: row.paid_at?.toISOString() ?? null,
    paid_transaction_id: row.paid_transaction_id,
  };
}

/** One invoice addressed to the merchant; another merchant's (or none) is not found. */
export async function getInvoice(db: Db, merchantId: number, invoiceId: number, now: Date): Promise<Invoice> {
  const row = await invoices(db)
    .where('i.id', '=', isStoredId(invoiceId) ? invoiceId : 0)
    .where('i.merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return toInvoice(row, now);
}

/** The merchant's invoices issued in the period (Tokyo days), of one status if given. */
function filteredInvoices(
  db: Db,
  merchantId: number,
  query: { start_date: string; end_date: string; status?: InvoiceStatus | undefined },
  now: Date,
) {
  const today = tokyoDate(now);
  const { from, to } = tokyoPeriod(query.start_date, query.end_date);
  let filtered = invoices(db)
    .where('i.merchant_id', '=', merchantId)
    .where('i.issued_at', '>=', from)
    .where('i.issued_at', '<', to);
  if (query.status === 'PAID') filtered = filtered.where('i.paid_at', 'is not', null);
  if (query.status === 'OVERDUE') filtered = filtered.where('i.paid_at', 'is', null).where('i.due_date', '<', today);
  if (query.status === 'UNPAID') filtered = filtered.where('i.paid_at', 'is', null).where('i.due_date', '>=', today);
  return filtered;
}

/**
 * The merchant's invoices of the period: unpaid first (earliest due first), then paid (latest paid
 * first); with the day the oldest unpaid one was issued, whatever the period.
 */
export async function listInvoices(
  db: Db,
  merchantId: number,
  query: { start_date: string; end_date: string; status?: InvoiceStatus | undefined; limit: number; offset: number },
  now: Date,
): Promise<CallResponse<'listInvoices'>> {
  const filtered = filteredInvoices(db, merchantId, query, now);
  const [{ total }, rows, oldestUnpaid] = await Promise.all([
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered
      .orderBy(sql`(i.paid_at is not null)`)
      .orderBy(sql`case when i.paid_at is null then i.due_date end`, 'asc')
      .orderBy('i.paid_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(query.limit)
      .offset((query.offset - 1) * query.limit)
      .execute(),
    db
      .selectFrom('invoices')
      .select((eb) => eb.fn.min('issued_at').as('issued_at'))
      .where('merchant_id', '=', merchantId)
      .where('paid_at', 'is', null)
      .executeTakeFirst(),
  ]);
  const unpaidSince = oldestUnpaid?.issued_at ? tokyoDate(new Date(oldestUnpaid.issued_at)) : null;
  return {
    items: rows.map((row) => toInvoice(row, now)),
    total: Number(total),
    limit: query.limit,
    offset: query.offset,
    unpaid_since: unpaidSince,
  };
}

/** Every invoice of the period (the CSV report), latest issued first, in keyset batches. */
export async function* invoiceBatches(
  db: Db,
  merchantId: number,
  period: { start_date: string; end_date: string },
  now: Date,
): AsyncGenerator<Invoice[]> {
  const batches = keysetBatches(
    (after, limit) =>
      filteredInvoices(db, merchantId, period, now)
        .select(exactInstant('i.issued_at').as('cursor_at'))
        .$if(after !== null, (q) => q.where(pastCursor('i.issued_at', 'i.id', after as KeysetCursor, 'desc')))
        .orderBy('i.issued_at', 'desc')
        .orderBy('i.id', 'desc')
        .limit(limit)
        .execute(),
    (row) => ({ at: row.cursor_at, id: row.id }),
  );
  for await (const batch of batches) yield batch.map((row) => toInvoice(row, now));
}

/**
 * Pays an invoice from the merchant's wallet: ONE ledger transaction (TRANSFER) to the issuer's wallet.
 * The invoice row is locked first, so two payments of one invoice queue and the second finds it paid.
 */
export async function payInvoice(
  db: Db,
  input: { merchantId: number; invoiceId: number; paidBy: number | null; now: Date },
): Promise<Invoice> {
  return inTransaction(db, async (trx) => {
    const invoice = await trx
      .selectFrom('invoices as i')
      .innerJoin('merchants as m', 'm.id', 'i.merchant_id')
      .select(['i.id', 'i.title', 'i.issuer_name', 'i.issuer_wallet_no', 'i.coin_id', 'i.amount', 'i.paid_at'])
      .select('m.wallet_no as payer_wallet_no')
      .where('i.id', '=', isStoredId(input.invoiceId) ? input.invoiceId : 0)
      .where('i.merchant_id', '=', input.merchantId)
      .forUpdate('i')
      .executeTakeFirst();
    if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
    if (invoice.paid_at) throw new DomainError('conflict', INVOICE_MESSAGES.alreadyPaid);
    const transactionId = await postOrRefuse(
      trx,
      {
        type: 'TRANSFER',
        merchantId: input.merchantId,
        comment: `請求書払い #${invoice.id} ${invoice.issuer_name}「${invoice.title}」`,
        at: input.now,
        entries: [
          { walletNo: invoice.payer_wallet_no, coinId: invoice.coin_id, amount: -invoice.amount },
          { walletNo: invoice.issuer_wallet_no, coinId: invoice.coin_id, amount: invoice.amount },
        ],
      },
      INVOICE_MESSAGES.insufficientBalance,
    );
    await trx
      .updateTable('invoices')
      .set({ paid_transaction_id: transactionId, paid_at: input.now, paid_by: input.paidBy })
      .where('id', '=', invoice.id)
      .execute();
    return getInvoice(trx, input.merchantId, invoice.id, input.now);
  });
}

export interface IssueInvoiceInput {
  merchantId: number;
  issuerName: string;
  /** Where the money goes: another merchant's wallet or one of the service's. */
  issuerWalletNo: string;
  title: string;
  items: InvoiceItem[];
  coinId: number;
  dueDate: string;
  now: Date;
}

/** The operator issues an invoice to a merchant; its amount is the sum of its items. */
export async function issueInvoice(db: Db, input: IssueInvoiceInput): Promise<Invoice> {
  if (input.items.length === 0) throw invalidRequest('items', INVOICE_MESSAGES.noItems);
  for (const item of input.items) {
    if (!Number.isSafeInteger(item.quantity) || item.quantity <= 0) throw invalidRequest('quantity');
    if (!Number.isSafeInteger(item.unit_price) || item.unit_price <= 0) throw invalidRequest('unit_price');
    if (item.amount !== item.quantity * item.unit_price) throw invalidRequest('amount');
  }
  const [merchant, issuer, coin] = await Promise.all([
    db
      .selectFrom('merchants')
      .select(['id', 'wallet_no'])
      .where('id', '=', isStoredId(input.merchantId) ? input.merchantId : 0)
      .executeTakeFirst(),
    db.selectFrom('wallets').select('wallet_no').where('wallet_no', '=', input.issuerWalletNo).executeTakeFirst(),
    db
      .selectFrom('coins')
      .select('id')
      .where('id', '=', isStoredId(input.coinId) ? input.coinId : 0)
      .executeTakeFirst(),
  ]);
  if (!merchant) throw notFound(INVOICE_MESSAGES.merchantNotFound);
  if (!issuer) throw notFound(INVOICE_MESSAGES.issuerNotFound);
  if (issuer.wallet_no === merchant.wallet_no) throw invalidRequest('issuer', INVOICE_MESSAGES.issuerIsPayer);
  if (!coin) throw notFound(INVOICE_MESSAGES.coinNotFound);
  const amount = input.items.reduce((sum, item) => sum + item.amount, 0);
  const { id } = await db
    .insertInto('invoices')
    .values({
      merchant_id: merchant.id,
      issuer_name: input.issuerName,
      issuer_wallet_no: issuer.wallet_no,
      title: input.title,
      items: JSON.stringify(input.items),
      coin_id: coin.id,
      amount,
      due_date: input.dueDate,
      issued_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getInvoice(db, merchant.id, id, input.now);
}
