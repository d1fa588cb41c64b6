import { type CallResponse, REFUND_REASON_MAX_LENGTH, type RefundApplication } from '@coin/contract';
import { type Expression, sql, type Transaction } from 'kysely';
import { type Db, inTransaction } from '../db/connection';
import { prepared } from '../db/prepared';
import type { Database, RefundApplicationStatus } from '../db/schema';
import { recordAudit } from './audit';
import { DomainError, notFound } from './errors';
import { feeRateOn } from './fees';
import { postTransaction, SYSTEM_WALLETS } from './ledger';
import { tokyoDate, tokyoPeriod } from './time';

type Trx = Transaction<Database>;

export const REFUND_MESSAGES = {
  paymentNotFound: '返金対象の決済が見つかりません',
  notRefundable: 'この通貨は返金できません',
  overRemaining: '返金可能額を超えています',
  insufficientBalance: '残高が不足しています',
  insufficientWithPending: '申請中の返金と手数料を含めると残高が不足しています',
  notRequested: 'この返金申請は申請中ではないため処理できません',
} as const;

/** Refund fee of an amount at a rate in basis points; fractions of a yen are cut off. */
export const refundFee = (amount: number, rateBp: number) => Math.floor((amount * rateBp) / 10_000);

interface PaymentInto {
  transactionId: number;
  createdAt: Date;
  merchantId: number;
  merchantWalletNo: string;
  payerWalletNo: string;
  coinId: number;
  coinName: string;
  refundable: boolean;
  amount: number;
  /** What is left to refund (see paymentsInto). */
  remaining: number;
}

/**
 * Payments INTO their merchant's wallet (a customer's PAYMENT, the merchant's entry of it), each with
 * what is left to refund, computed in the same statement: the payment − what refund transactions
 * already paid back − what applications still request (so requests cannot over-apply), optionally
 * leaving one application out (the one being approved). Callers that act on it hold the payment row's
 * lock first (lockPayment), so the figure cannot change before they commit.
 */
function paymentsInto(db: Db, options: { excludeApplicationId?: number } = {}) {
  return db
    .selectFrom('transactions as t')
    .innerJoin('merchants as m', 'm.id', 't.merchant_id')
    .innerJoin('entries as e', (join) =>
      join.onRef('e.transaction_id', '=', 't.id').onRef('e.wallet_no', '=', 'm.wallet_no').on('e.amount', '>', 0),
    )
    .innerJoin('coins as c', 'c.id', 'e.coin_id')
    .where('t.type', '=', 'PAYMENT')
    .where('e.counterparty_wallet_no', 'is not', null)
    .select((eb) => {
      // Refund entries leave the merchant's wallet: negative.
      const refunded = eb
        .selectFrom('transactions as rt')
        .innerJoin('entries as re', 're.transaction_id', 'rt.id')
        .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('re.amount'), sql<number>`0`).as('amount'))
        .whereRef('rt.related_transaction_id', '=', 't.id')
        .where('rt.type', '=', 'REFUND')
        .whereRef('re.wallet_no', '=', 'm.wallet_no')
        .whereRef('re.coin_id', '=', 'e.coin_id');
      let requested = eb
        .selectFrom('refund_applications as ra')
        .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('ra.amount'), sql<number>`0`).as('amount'))
        .whereRef('ra.payment_transaction_id', '=', 't.id')
        .where('ra.status', '=', 'REQUESTED');
      if (options.excludeApplicationId !== undefined) {
        requested = requested.where('ra.id', '<>', options.excludeApplicationId);
      }
      return [
        't.id',
        't.created_at',
        'm.id as merchant_id',
        'm.wallet_no',
        'e.counterparty_wallet_no',
        'e.coin_id',
        'c.name as coin_name',
        'c.refundable',
        'e.amount',
        sql<string>`${eb.ref('e.amount')} + (${refunded}) - (${requested})`.as('remaining'),
      ];
    });
}

/** A payment INTO the merchant's wallet; anything else (another merchant's, not a payment) is not found. */
async function paymentInto(
  db: Db,
  merchantId: number,
  transactionId: number,
  options: { excludeApplicationId?: number } = {},
): Promise<PaymentInto> {
  if (!Number.isSafeInteger(transactionId) || transactionId <= 0) throw notFound(REFUND_MESSAGES.paymentNotFound);
  const row = await paymentsInto(db, options)
    .where('t.id', '=', transactionId)
    .where('t.merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row?.counterparty_wallet_no) throw notFound(REFUND_MESSAGES.paymentNotFound);
  return {
    transactionId: row.id,
    createdAt: row.created_at,
    merchantId: row.merchant_id,
    merchantWalletNo: row.wallet_no,
    payerWalletNo: row.counterparty_wallet_no,
    coinId: row.coin_id,
    coinName: row.coin_name,
    refundable: row.refundable === 1,
    amount: row.amount,
    remaining: Number(row.remaining),
  };
}

/**
 * What is left to refund of the transaction a column of the outer query names, if it is a payment into the
 * wallet in a refundable coin (null otherwise): the figure refundableRemainingOf reads, as one scalar
 * subquery, so a list reads it in the statement of its rows.
 */
export function refundableRemainingColumn(db: Db, walletNo: string, transactionId: Expression<number>) {
  return db
    .selectFrom(
      paymentsInto(db)
        .where('m.wallet_no', '=', walletNo)
        .where('c.refundable', '=', 1)
        .where('t.id', '=', transactionId)
        .as('p'),
    )
    .select('p.remaining');
}

/**
 * What is left to refund of each of these transactions that is a payment into the wallet in a
 * refundable coin (the figure a refund request is checked against, in one statement); the others are
 * left out. For lists and details: nothing is locked, a request checks again.
 */
export async function refundableRemainingOf(
  db: Db,
  walletNo: string,
  transactionIds: readonly number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(transactionIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return new Map();
  // One array parameter, not a list of them: one statement text whatever the page's number of payments.
  const rows = await prepared(
    paymentsInto(db)
      .where('m.wallet_no', '=', walletNo)
      .where('c.refundable', '=', 1)
      .where('t.id', '=', sql<number>`any(${ids}::bigint[])`),
  ).execute();
  return new Map(rows.map((row) => [row.id, Number(row.remaining)]));
}

/** The merchant's refund fee rate (basis points) valid on a Tokyo day; 0 when none is set. */
export const refundFeeRate = (db: Db, merchantId: number, day: string): Promise<number> =>
  feeRateOn(db, merchantId, 'REFUND', day);

async function balanceOf(db: Db, walletNo: string, coinId: number, options: { lock?: boolean } = {}): Promise<number> {
  let query = db
    .selectFrom('wallet_balances')
    .select('amount')
    .where('wallet_no', '=', walletNo)
    .where('coin_id', '=', coinId);
  if (options.lock) query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  return row?.amount ?? 0;
}

/** The merchant's REQUESTED refunds per coin (or of one coin): amounts, fees and how many. */
async function requestedByCoin(db: Db, merchantId: number, coinId?: number) {
  let query = db
    .selectFrom('refund_applications as r')
    .innerJoin('coins as c', 'c.id', 'r.coin_id')
    .select([
      'c.id',
      'c.name',
      (eb) => eb.fn.sum<number>('r.amount').as('amount'),
      (eb) => eb.fn.sum<number>('r.fee').as('fee'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .where('r.merchant_id', '=', merchantId)
    .where('r.status', '=', 'REQUESTED')
    .groupBy(['c.id', 'c.name'])
    .orderBy('c.id');
  if (coinId !== undefined) query = query.where('r.coin_id', '=', coinId);
  const rows = await query.execute();
  return rows.map((row) => ({
    coin_id: row.id,
    coin_name: row.name,
    amount: Number(row.amount),
    fee: Number(row.fee),
    count: Number(row.count),
  }));
}

/**
 * Refuses a request the wallet could not pay now, counting the refunds already requested: approval
 * checks the balance again, but an application no balance covers only waits to be refused.
 * With `lock`, the balance row is held to the end of the transaction, so concurrent requests of
 * the merchant's coin count each other.
 */
async function checkBalance(db: Db, payment: PaymentInto, cost: number, options: { lock?: boolean } = {}) {
  const balance = await balanceOf(db, payment.merchantWalletNo, payment.coinId, options);
  if (balance < cost) throw new DomainError('unprocessable', REFUND_MESSAGES.insufficientBalance);
  const [pending] = await requestedByCoin(db, payment.merchantId, payment.coinId);
  if (balance < cost + (pending ? pending.amount + pending.fee : 0)) {
    throw new DomainError('unprocessable', REFUND_MESSAGES.insufficientWithPending);
  }
}

export interface RefundRequest {
  merchantId: number;
  transactionId: number;
  amount: number;
  /** Why the merchant refunds (trimmed; blank is none). */
  reason?: string | undefined;
  now?: Date;
}

/** A request's reason as stored: trimmed, null when blank; refused when longer than the contract allows. */
function reasonOf(request: RefundRequest): string | null {
  const reason = request.reason?.trim() ?? '';
  if (reason.length > REFUND_REASON_MAX_LENGTH) {
    throw new DomainError(
      'invalid_request',
      `返金理由は${REFUND_REASON_MAX_LENGTH}文字以内で指定してください`,
      'reason',
    );
  }
  return reason === '' ? null : reason;
}

interface Checked {
  payment: PaymentInto;
  feeRateBp: number;
  fee: number;
  remaining: number;
}

/** The business rules of a refund request (the caller holds the payment row's lock when creating). */
async function checkRequest(db: Db, request: RefundRequest): Promise<Checked> {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
    throw new DomainError('invalid_request', '1以上の金額を指定してください', 'amount');
  }
  reasonOf(request);
  const payment = await paymentInto(db, request.merchantId, request.transactionId);
  if (!payment.refundable) throw new DomainError('unprocessable', REFUND_MESSAGES.notRefundable);
  const { remaining } = payment;
  if (request.amount > remaining) throw new DomainError('unprocessable', REFUND_MESSAGES.overRemaining);
  const feeRateBp = await refundFeeRate(db, request.merchantId, tokyoDate(request.now ?? new Date()));
  return { payment, feeRateBp, fee: refundFee(request.amount, feeRateBp), remaining };
}

/** The figures of a refund before it is requested: fee and what is left to refund. */
export async function confirmRefund(db: Db, request: RefundRequest): Promise<CallResponse<'confirmRefund'>> {
  const { payment, feeRateBp, fee, remaining } = await checkRequest(db, request);
  await checkBalance(db, payment, request.amount + fee);
  return {
    payment: {
      transaction_id: payment.transactionId,
      created_at: payment.createdAt.toISOString(),
      amount: payment.amount,
      coin_id: payment.coinId,
      coin_name: payment.coinName,
      payer_wallet_no: payment.payerWalletNo,
    },
    coin: { id: payment.coinId, name: payment.coinName, refundable: payment.refundable ? 1 : 0 },
    amount: request.amount,
    fee_rate_bp: feeRateBp,
    fee,
    refundable_remaining: remaining,
    remaining_after: remaining - request.amount,
  };
}

/**
 * Locks a payment's transaction row: every request and approval of its refunds queues here.
 * NO KEY UPDATE: rows that merely reference the payment (foreign keys) are not held up.
 */
async function lockPayment(trx: Trx, transactionId: number): Promise<void> {
  if (!Number.isSafeInteger(transactionId) || transactionId <= 0) return;
  await trx.selectFrom('transactions').select('id').where('id', '=', transactionId).forNoKeyUpdate().execute();
}

/**
 * Creates a REQUESTED refund application. Requests of one payment are serialised on its transaction
 * row, so what they request together never exceeds the payment.
 */
export async function createRefund(
  db: Db,
  request: RefundRequest & { requestedBy: number },
): Promise<RefundApplication> {
  return inTransaction(db, async (trx) => {
    await lockPayment(trx, request.transactionId);
    const { payment, feeRateBp, fee } = await checkRequest(trx, request);
    await checkBalance(trx, payment, request.amount + fee, { lock: true });
    const now = request.now ?? new Date();
    const { id } = await trx
      .insertInto('refund_applications')
      .values({
        merchant_id: payment.merchantId,
        wallet_no: payment.payerWalletNo,
        payment_transaction_id: payment.transactionId,
        coin_id: payment.coinId,
        amount: request.amount,
        fee,
        fee_rate_bp: feeRateBp,
        status: 'REQUESTED',
        requested_by: request.requestedBy,
        reason: reasonOf(request),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return applicationById(trx, id);
  });
}

/** Cancels a REQUESTED application of the merchant (the Owner rule is the caller's); else 409. */
export async function cancelRefund(
  db: Db,
  input: { merchantId: number; applicationId: number; now?: Date },
): Promise<RefundApplication> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('refund_applications')
      .select(['id', 'status'])
      .where('id', '=', input.applicationId)
      .where('merchant_id', '=', input.merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== 'REQUESTED') throw new DomainError('conflict', REFUND_MESSAGES.notRequested);
    const now = input.now ?? new Date();
    await trx
      .updateTable('refund_applications')
      .set({ status: 'CANCELED', canceled_at: now, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    return applicationById(trx, row.id);
  });
}

/**
 * The operator's approval, in one database transaction: locks the payment row, then the application,
 * then the balances; checks again what is left to refund and the merchant's balance; posts the
 * refund (merchant → customer, related to the payment) and its fee (merchant → fees wallet).
 * Refused (state unchanged) when the balance cannot pay both.
 */
/** What the 操作履歴 keeps of a refund application (issue 48). */
export const refundFacts = (application: { id: number; payment_transaction_id: number; amount: number }) => ({
  refund_application_id: application.id,
  transaction_id: application.payment_transaction_id,
  amount: application.amount,
});

export async function approveRefund(db: Db, input: { applicationId: number; now?: Date }): Promise<RefundApplication> {
  if (!Number.isSafeInteger(input.applicationId) || input.applicationId <= 0) throw notFound();
  return inTransaction(db, async (trx) => {
    const first = await trx
      .selectFrom('refund_applications')
      .select('payment_transaction_id')
      .where('id', '=', input.applicationId)
      .executeTakeFirst();
    if (!first) throw notFound('返金申請が見つかりません');
    await lockPayment(trx, first.payment_transaction_id);
    const app = await trx
      .selectFrom('refund_applications')
      .selectAll()
      .where('id', '=', input.applicationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (app.status !== 'REQUESTED') throw new DomainError('conflict', REFUND_MESSAGES.notRequested);

    const payment = await paymentInto(trx, app.merchant_id, app.payment_transaction_id, {
      excludeApplicationId: app.id,
    });
    if (!payment.refundable) throw new DomainError('unprocessable', REFUND_MESSAGES.notRefundable);
    if (app.amount > payment.remaining) {
      throw new DomainError('unprocessable', REFUND_MESSAGES.overRemaining);
    }
    // The balance rows in postTransaction's order (wallet_no), locked before the check.
    const walletNos = [...new Set([payment.merchantWalletNo, payment.payerWalletNo, SYSTEM_WALLETS.fees])].sort();
    const locked = await trx
      .selectFrom('wallet_balances')
      .select(['wallet_no', 'amount'])
      .where('wallet_no', 'in', walletNos)
      .where('coin_id', '=', payment.coinId)
      .orderBy('wallet_no')
      .forUpdate()
      .execute();
    const balance = locked.find((row) => row.wallet_no === payment.merchantWalletNo)?.amount ?? 0;
    if (balance < app.amount + app.fee) throw new DomainError('unprocessable', REFUND_MESSAGES.insufficientBalance);

    const at = input.now ?? new Date();
    const refund = await postTransaction(trx, {
      type: 'REFUND',
      merchantId: app.merchant_id,
      relatedTransactionId: payment.transactionId,
      comment: app.amount === payment.amount ? '返金（全額）' : '返金（一部）',
      idempotencyKey: `refund-application:${app.id}`,
      at,
      entries: [
        { walletNo: payment.merchantWalletNo, coinId: payment.coinId, amount: -app.amount },
        { walletNo: payment.payerWalletNo, coinId: payment.coinId, amount: app.amount },
      ],
    });
    if (refund.replayed) throw new DomainError('conflict', REFUND_MESSAGES.notRequested);
    if (app.fee > 0) {
      await postTransaction(trx, {
        type: 'FEE',
        merchantId: app.merchant_id,
        relatedTransactionId: refund.transactionId,
        comment: '返金手数料',
        idempotencyKey: `refund-application-fee:${app.id}`,
        at,
        entries: [
          { walletNo: payment.merchantWalletNo, coinId: payment.coinId, amount: -app.fee },
          { walletNo: SYSTEM_WALLETS.fees, coinId: payment.coinId, amount: app.fee },
        ],
      });
    }
    await trx
      .updateTable('refund_applications')
      .set({ status: 'APPROVED', refund_transaction_id: refund.transactionId, approved_at: at, updated_at: at })
      .where('id', '=', app.id)
      .execute();
    // The operator decided: the requester's Owner reads the outcome in the 操作履歴.
    await recordAudit(
      trx,
      {
        actorUserId: null,
        action: 'refund.approved',
        merchantId: app.merchant_id,
        targetUserId: app.requested_by ?? null,
        after: refundFacts({ id: app.id, payment_transaction_id: app.payment_transaction_id, amount: app.amount }),
      },
      at,
    );
    return applicationById(trx, app.id);
  });
}

/* ---------- reads ---------- */

function applications(db: Db) {
  return db
    .selectFrom('refund_applications as r')
    .innerJoin('merchants as m', 'm.id', 'r.merchant_id')
    .innerJoin('transactions as p', 'p.id', 'r.payment_transaction_id')
    .innerJoin('coins as c', 'c.id', 'r.coin_id')
    .select((eb) => [
      'r.id',
      'r.merchant_id',
      'm.wallet_no as merchant_wallet_no',
      'r.wallet_no as customer_wallet_no',
      'r.payment_transaction_id',
      'p.created_at as payment_created_at',
      eb
        .selectFrom('entries as e')
        .select('e.amount')
        .whereRef('e.transaction_id', '=', 'r.payment_transaction_id')
        .whereRef('e.wallet_no', '=', 'm.wallet_no')
        .whereRef('e.coin_id', '=', 'r.coin_id')
        .where('e.amount', '>', 0)
        .limit(1)
        .as('payment_amount'),
      'r.coin_id',
      'c.name as coin_name',
      'r.amount',
      'r.fee',
      'r.fee_rate_bp',
      'r.status',
      'r.refund_transaction_id',
      'r.reason',
      'r.created_at',
      'r.approved_at',
      'r.canceled_at',
    ]);
}

type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applications>['executeTakeFirstOrThrow']>>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toApplication(row: ApplicationRow): RefundApplication {
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    merchant_wallet_no: row.merchant_wallet_no,
    customer_wallet_no: row.customer_wallet_no,
    payment_transaction_id: row.payment_transaction_id,
    payment_amount: Number(row.payment_amount ?? 0),
    payment_created_at: row.payment_created_at.toISOString(),
    coin_id: row.coin_id,
    coin_name: row.coin_name,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    refund_transaction_id: row.refund_transaction_id,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    approved_at: iso(row.approved_at),
    canceled_at: iso(row.canceled_at),
  };
}

export async function applicationById(db: Db, id: number): Promise<RefundApplication> {
  const row = await applications(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('返金申請が見つかりません');
  return toApplication(row);
}

/** The merchant's applications created in the Tokyo period, newest first; `offset` is a 1-based page. */
export async function listRefundApplications(
  db: Db,
  merchantId: number,
  query: { start_at: string; end_at: string; status?: RefundApplicationStatus; limit: number; offset: number },
): Promise<CallResponse<'listRefundApplications'>> {
  const { from, to } = tokyoPeriod(query.start_at, query.end_at);
  let filtered = db
    .selectFrom('refund_applications')
    .where('merchant_id', '=', merchantId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to);
  if (query.status) filtered = filtered.where('status', '=', query.status);
  const [{ total }, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    filtered
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.offset - 1) * query.limit)
      .execute(),
  ]);
  const ids = rows.map((row) => row.id);
  const items =
    ids.length === 0
      ? []
      : await applications(db)
          .where('r.id', 'in', ids)
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id', 'desc')
          .execute();
  return { items: items.map(toApplication), total: Number(total), limit: query.limit, offset: query.offset };
}

/** Amounts requested but not yet approved from the merchant's wallet, per coin. */
export async function refunding(db: Db, merchantId: number, walletNo: string): Promise<CallResponse<'getRefunding'>> {
  return { wallet_no: walletNo, items: await requestedByCoin(db, merchantId) };
}

/** Fees of the merchant's refunds approved in the Tokyo period, newest first. */
export async function refundFees(
  db: Db,
  merchantId: number,
  query: { start_date: string; end_date: string },
): Promise<CallResponse<'listRefundFees'>> {
  const { from, to } = tokyoPeriod(query.start_date, query.end_date, 366);
  const rows = await db
    .selectFrom('refund_applications as r')
    .innerJoin('coins as c', 'c.id', 'r.coin_id')
    .select([
      'r.id',
      'r.approved_at',
      'r.payment_transaction_id',
      'r.refund_transaction_id',
      'r.coin_id',
      'c.name as coin_name',
      'r.amount',
      'r.fee_rate_bp',
      'r.fee',
    ])
    .where('r.merchant_id', '=', merchantId)
    .where('r.status', '=', 'APPROVED')
    .where('r.approved_at', '>=', from)
    .where('r.approved_at', '<', to)
    .orderBy('r.approved_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  const items = rows.map((row) => ({
    refund_application_id: row.id,
    approved_at: iso(row.approved_at) ?? '',
    payment_transaction_id: row.payment_transaction_id,
    refund_transaction_id: row.refund_transaction_id ?? 0,
    coin_id: row.coin_id,
    coin_name: row.coin_name,
    amount: row.amount,
    fee_rate_bp: row.fee_rate_bp,
    fee: row.fee,
  }));
  return { items, total_fee: items.reduce((sum, item) => sum + item.fee, 0) };
}

/** The operator's list (every merchant), newest first. */
export async function operatorRefundList(
  db: Db,
  options: { status?: RefundApplicationStatus; limit?: number } = {},
): Promise<RefundApplication[]> {
  let query = applications(db);
  if (options.status) query = query.where('r.status', '=', options.status);
  const rows = await query
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(options.limit ?? 50)
    .execute();
  return rows.map(toApplication);
}
