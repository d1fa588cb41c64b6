import type { CallResponse, MerchantPayment } from '@coin/contract';
import { sql } from 'kysely';
import { type Db, inTransaction } from '../db/connection';
import { isStoredId } from './access';
import { DomainError, invalidRequest, notFound } from './errors';
import { exactInstant, type KeysetCursor, keysetBatches, pastCursor } from './keyset';
import { postOrRefuse, SYSTEM_WALLETS } from './ledger';
import { tokyoPeriod } from './time';

/** Money in and out: payments from one merchant's wallet to another merchant's (payment requests). */

export const PAYMENT_MESSAGES = {
  payeeNotFound: '支払先の加盟店が見つかりません',
  payeeIsSelf: '自分の加盟店には支払えません',
  payeeClosed: '支払先の加盟店は現在休止中です',
  rateNotFound: '選択された区分は利用できません',
  groupOnly: 'この区分は同じグループの加盟店への支払いにのみ使えます',
  coinNotTransferable: 'このコインは他の加盟店への支払いに使えません',
  coinNotFound: 'コインが見つかりません',
  insufficientBalance: '残高が不足しています（支払額と手数料の合計が残高を超えています）',
} as const;

/**
 * The fee of an amount at a rate in basis points; fractions of a coin are cut off, but a fee at a positive
 * rate is at least one coin (a payment under 100 at 1 % would otherwise pay none, issue 45).
 */
export const paymentFee = (amount: number, rateBp: number) => {
  const fee = Math.floor((amount * rateBp) / 10_000);
  return rateBp > 0 && amount > 0 ? Math.max(1, fee) : fee;
};

/** GET /merchant/rate/selects */
export async function listPaymentRates(db: Db): Promise<CallResponse<'listPaymentRates'>> {
  const items = await db
    .selectFrom('payment_rates')
    .select(['type', 'label', 'rate_bp', 'group_only'])
    .orderBy('sort_order')
    .execute();
  return { items };
}

/** GET /merchants/request_payment: every open merchant, by id. */
export async function listPaymentPayees(db: Db): Promise<CallResponse<'listPaymentPayees'>> {
  const items = await db
    .selectFrom('merchants')
    .select(['id as merchant_id', 'name', 'wallet_no', 'group_id as merchant_group_id'])
    .where('status', '=', 'OPEN')
    .orderBy('id')
    .execute();
  return { items };
}

interface Quote {
  payee: { id: number; name: string; walletNo: string };
  rate: { type: string; label: string; rateBp: number };
  fee: number;
}

/** The payee and rate rules of a payment, and its fee. */
async function quote(db: Db, fromMerchantId: number, input: { toMerchantId: number; amount: number; type: string }) {
  if (input.toMerchantId === fromMerchantId) throw new DomainError('unprocessable', PAYMENT_MESSAGES.payeeIsSelf);
  if (!isStoredId(input.toMerchantId)) throw notFound(PAYMENT_MESSAGES.payeeNotFound);
  const [payer, payee, rate] = await Promise.all([
    db.selectFrom('merchants').select('group_id').where('id', '=', fromMerchantId).executeTakeFirst(),
    db
      .selectFrom('merchants')
      .select(['id', 'name', 'wallet_no', 'group_id', 'status'])
      .where('id', '=', input.toMerchantId)
      .executeTakeFirst(),
    db.selectFrom('payment_rates').selectAll().where('type', '=', input.type).executeTakeFirst(),
  ]);
  if (!payer || !payee) throw notFound(PAYMENT_MESSAGES.payeeNotFound);
  if (payee.status !== 'OPEN') throw new DomainError('unprocessable', PAYMENT_MESSAGES.payeeClosed);
  if (!rate) throw invalidRequest('type', PAYMENT_MESSAGES.rateNotFound);
  if (rate.group_only && (payer.group_id === null || payer.group_id !== payee.group_id)) {
    throw new DomainError('unprocessable', PAYMENT_MESSAGES.groupOnly);
  }
  return {
    payee: { id: payee.id, name: payee.name, walletNo: payee.wallet_no },
    rate: { type: rate.type, label: rate.label, rateBp: rate.rate_bp },
    fee: paymentFee(input.amount, rate.rate_bp),
  } satisfies Quote;
}

/** GET /merchants/{id}/fee: what a payment would cost, before anything moves. */
export async function paymentFeeQuote(
  db: Db,
  fromMerchantId: number,
  query: { to_merchant_id: number; amount: number; type: string },
): Promise<CallResponse<'getPaymentFee'>> {
  const q = await quote(db, fromMerchantId, {
    toMerchantId: query.to_merchant_id,
    amount: query.amount,
    type: query.type,
  });
  return {
    to_merchant_id: q.payee.id,
    to_merchant_name: q.payee.name,
    to_wallet_no: q.payee.walletNo,
    type: q.rate.type,
    rate_label: q.rate.label,
    rate_bp: q.rate.rateBp,
    amount: query.amount,
    fee: q.fee,
    total: query.amount + q.fee,
  };
}

export interface MerchantPaymentInput {
  fromMerchantId: number;
  toMerchantId: number;
  coinId: number;
  amount: number;
  type: string;
  comment?: string | undefined;
  createdBy: number | null;
  now?: Date;
}

/**
 * Pays another merchant: ONE ledger transaction (TRANSFER) in which the payer's wallet gives the amount
 * plus the fee, the payee's wallet receives the amount and the fees wallet the fee. Only a transferable
 * coin; never more than the balance (the balance rows are locked by the posting, an overdraft refused).
 */
export async function payMerchant(db: Db, input: MerchantPaymentInput): Promise<MerchantPayment> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw invalidRequest('amount', '1以上の金額を指定してください');
  }
  return inTransaction(db, async (trx) => {
    const q = await quote(trx, input.fromMerchantId, input);
    const coin = await trx
      .selectFrom('coins')
      .select(['id', 'transferable'])
      .where('id', '=', isStoredId(input.coinId) ? input.coinId : 0)
      .executeTakeFirst();
    if (!coin) throw new DomainError('unprocessable', PAYMENT_MESSAGES.coinNotFound);
    if (coin.transferable !== 1) throw new DomainError('unprocessable', PAYMENT_MESSAGES.coinNotTransferable);
    const payer = await trx
      .selectFrom('merchants')
      .select('wallet_no')
      .where('id', '=', input.fromMerchantId)
      .executeTakeFirstOrThrow();
    const at = input.now ?? new Date();
    const comment = input.comment?.trim() || `${q.payee.name}への支払い`;
    const transactionId = await postOrRefuse(
      trx,
      {
        type: 'TRANSFER',
        merchantId: input.fromMerchantId,
        comment,
        at,
        entries: [
          { walletNo: payer.wallet_no, coinId: coin.id, amount: -(input.amount + q.fee) },
          { walletNo: q.payee.walletNo, coinId: coin.id, amount: input.amount },
          ...(q.fee > 0 ? [{ walletNo: SYSTEM_WALLETS.fees, coinId: coin.id, amount: q.fee }] : []),
        ],
      },
      PAYMENT_MESSAGES.insufficientBalance,
    );
    await trx
      .insertInto('merchant_payments')
      .values({
        transaction_id: transactionId,
        from_merchant_id: input.fromMerchantId,
        to_merchant_id: q.payee.id,
        coin_id: coin.id,
        amount: input.amount,
        fee: q.fee,
        rate_type: q.rate.type,
        created_by: input.createdBy,
        created_at: at,
      })
      .execute();
    return merchantPaymentById(trx, transactionId);
  });
}

function payments(db: Db) {
  return db
    .selectFrom('merchant_payments as p')
    .innerJoin('transactions as t', 't.id', 'p.transaction_id')
    .innerJoin('merchants as m', 'm.id', 'p.to_merchant_id')
    .innerJoin('coins as c', 'c.id', 'p.coin_id')
    .innerJoin('payment_rates as r', 'r.type', 'p.rate_type')
    .select([
      'p.transaction_id',
      'p.created_at',
      'p.to_merchant_id',
      'm.name as to_merchant_name',
      'p.coin_id',
      'c.name as coin_name',
      'p.amount',
      'p.fee',
      'p.rate_type',
      'r.label as rate_label',
      't.comment',
    ]);
}

type PaymentRow = Awaited<ReturnType<ReturnType<typeof payments>['executeTakeFirstOrThrow']>>;
const toPayment = (row: PaymentRow): MerchantPayment => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
});

async function merchantPaymentById(db: Db, transactionId: number): Promise<MerchantPayment> {
  return toPayment(await payments(db).where('p.transaction_id', '=', transactionId).executeTakeFirstOrThrow());
}

/** Payments the merchant sent in the Tokyo period, newest first, with the period's totals. */
export async function listMerchantPayments(
  db: Db,
  merchantId: number,
  query: { start_date: string; end_date: string; limit: number; offset: number },
): Promise<CallResponse<'listMerchantPayments'>> {
  const { from, to } = tokyoPeriod(query.start_date, query.end_date);
  const filtered = db
    .selectFrom('merchant_payments')
    .where('from_merchant_id', '=', merchantId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to);
  const [totals, rows] = await Promise.all([
    filtered
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total_amount'),
        eb.fn.coalesce(eb.fn.sum<number>('fee'), sql<number>`0`).as('total_fee'),
      ])
      .executeTakeFirstOrThrow(),
    payments(db)
      .where('p.from_merchant_id', '=', merchantId)
      .where('p.created_at', '>=', from)
      .where('p.created_at', '<', to)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.transaction_id', 'desc')
      .limit(query.limit)
      .offset((query.offset - 1) * query.limit)
      .execute(),
  ]);
  return {
    items: rows.map(toPayment),
    total: Number(totals.total),
    limit: query.limit,
    offset: query.offset,
    total_amount: Number(totals.total_amount),
    total_fee: Number(totals.total_fee),
  };
}

/** The sent payments of the Tokyo period in keyset batches, newest first (the CSV report). */
export function merchantPaymentBatches(db: Db, filter: { merchantId: number; startDate: string; endDate: string }) {
  const { from, to } = tokyoPeriod(filter.startDate, filter.endDate);
  return keysetBatches(
    (after, limit) =>
      payments(db)
        .select(exactInstant('p.created_at').as('cursor_at'))
        .where('p.from_merchant_id', '=', filter.merchantId)
        .where('p.created_at', '>=', from)
        .where('p.created_at', '<', to)
        .$if(after !== null, (q) =>
          q.where(pastCursor('p.created_at', 'p.transaction_id', after as KeysetCursor, 'desc')),
        )
        .orderBy('p.created_at', 'desc')
        .orderBy('p.transaction_id', 'desc')
        .limit(limit)
        .execute(),
    (row) => ({ at: row.cursor_at, id: row.transaction_id }),
  );
}
