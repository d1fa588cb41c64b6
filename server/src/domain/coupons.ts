import type { CallResponse, Coupon, CouponStatus, CreateCouponBody } from '@coin/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import { type Db, inTransaction } from '../db/connection';
import { isStoredId } from './access';
import { DomainError, invalidRequest, notFound } from './errors';
import { postOrRefuse } from './ledger';
import { tokyoDate } from './time';
import { customerWalletOf } from './wallets';

/** Customer programs: a merchant's coupons, and a coupon used in a payment (one PAYMENT, discounted). */

/** Coupons are paid for in めぶくコイン. */
export const COUPON_COIN_ID = 1;

export const COUPON_MESSAGES = {
  notFound: 'クーポンが見つかりません',
  alreadyStopped: 'このクーポンはすでに停止されています',
  stopped: 'このクーポンは停止されています',
  scheduled: 'このクーポンはまだ利用期間前です',
  expired: 'このクーポンは利用期間が終了しています',
  exhausted: 'このクーポンは上限枚数に達しました',
  belowMinimum: (min: number) => `${min.toLocaleString('ja-JP')}円以上のお買い上げで利用できるクーポンです`,
  nothingLeft: '割引後の金額が0円になるため利用できません',
  notCustomer: 'お客様のウォレットが見つかりません',
  insufficientBalance: 'お客様のウォレットの残高が不足しています',
  pastEnd: '終了日には今日以降の日付を指定してください',
} as const;

/** What a coupon takes off a purchase: a fixed amount (at most the purchase), or a percentage cut down to the yen. */
export function couponDiscount(coupon: { discount_type: 'AMOUNT' | 'RATE'; discount_value: number }, purchase: number) {
  return coupon.discount_type === 'AMOUNT'
    ? Math.min(coupon.discount_value, purchase)
    : Math.floor((purchase * coupon.discount_value) / 100);
}

interface CouponState {
  stopped_at: Date | null;
  starts_on: string;
  ends_on: string;
  stock: number | null;
  use_count: number;
}

/** STOPPED once stopped; SCHEDULED before its first day; ENDED after its last day or out of stock; else ACTIVE. */
export function couponStatus(coupon: CouponState, today: string): CouponStatus {
  if (coupon.stopped_at) return 'STOPPED';
  if (today < coupon.starts_on) return 'SCHEDULED';
  if (today > coupon.ends_on || (coupon.stock !== null && coupon.use_count >= coupon.stock)) return 'ENDED';
  return 'ACTIVE';
}

/** Valid on some day of the period, or still to start (a coupon being prepared is always in view). */
const inPeriodOrToCome = (period: { start_date: string; end_date: string }, today: string) =>
  sql<SqlBool>`((c.starts_on <= ${period.end_date} and c.ends_on >= ${period.start_date}) or (c.starts_on > ${today} and c.stopped_at is null))`;

const uses = sql<number>`(select count(*) from coupon_uses u where u.coupon_id = c.id)`;

/** The SQL of couponStatus, for the status filter. */
function statusIs(status: CouponStatus, today: string): Expression<SqlBool> {
  const exhausted = sql<SqlBool>`(c.stock is not null and ${uses} >= c.stock)`;
  switch (status) {
    case 'STOPPED':
      return sql<SqlBool>`c.stopped_at is not null`;
    case 'SCHEDULED':
      return sql<SqlBool>`c.stopped_at is null and c.starts_on > ${today}`;
    case 'ENDED':
      return sql<SqlBool>`c.stopped_at is null and c.starts_on <= ${today} and (c.ends_on < ${today} or ${exhausted})`;
    case 'ACTIVE':
      return sql<SqlBool>`c.stopped_at is null and c.starts_on <= ${today} and c.ends_on >= ${today} and not ${exhausted}`;
  }
}

function coupons(db: Db) {
  return db
    .selectFrom('coupons as c')
    .select([
      'c.id',
      'c.merchant_id',
      'c.name',
      'c.discount_type',
      'c.discount_value',
      'c.min_purchase',
      'c.stock',
      'c.starts_on',
      'c.ends_on',
      'c.stopped_at',
      'c.created_at',
      uses.as('use_count'),
      sql<number>`(select coalesce(sum(u.discount), 0) from coupon_uses u where u.coupon_id = c.id)`.as(
        'discount_total',
      ),
    ]);
}

type CouponRow = Awaited<ReturnType<ReturnType<typeof coupons>['executeTakeFirstOrThrow']>>;

function toCoupon(row: CouponRow, today: string): Coupon {
  const useCount = Number(row.use_count);
  return {
    id: row.id,
    name: row.name,
    discount_type: row.discount_type,
    discount_value: row.discount_value,
    min_purchase: row.min_purchase,
    stock: row.stock,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    status: couponStatus({ ...row, use_count: useCount }, today),
    use_count: useCount,
    discount_total: Number(row.discount_total),
    created_at: row.created_at.toISOString(),
    stopped_at: row.stopped_at?.toISOString() ?? null,
  };
}

/** The merchant's coupons valid on some day of the period, newest first. */
export async function listCoupons(
  db: Db,
  merchantId: number,
  query: { start_date: string; end_date: string; status?: CouponStatus | undefined; limit: number; offset: number },
  now: Date,
): Promise<CallResponse<'listCoupons'>> {
  const today = tokyoDate(now);
  let filtered = coupons(db).where('c.merchant_id', '=', merchantId).where(inPeriodOrToCome(query, today));
  if (query.status) filtered = filtered.where(statusIs(query.status, today));
  const [{ total }, rows] = await Promise.all([
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(query.limit)
      .offset((query.offset - 1) * query.limit)
      .execute(),
  ]);
  return {
    items: rows.map((row) => toCoupon(row, today)),
    total: Number(total),
    limit: query.limit,
    offset: query.offset,
  };
}

/** Every coupon of the period (and those still to start), for the CSV. */
export const couponRows = (db: Db, merchantId: number, startDate: string, endDate: string, today: string) =>
  coupons(db)
    .where('c.merchant_id', '=', merchantId)
    .where(inPeriodOrToCome({ start_date: startDate, end_date: endDate }, today))
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc');

export async function createCoupon(
  db: Db,
  input: CreateCouponBody & { merchantId: number; createdBy: number | null },
  now: Date,
): Promise<Coupon> {
  const today = tokyoDate(now);
  if (input.ends_on < today) throw invalidRequest('ends_on', COUPON_MESSAGES.pastEnd);
  const { id } = await db
    .insertInto('coupons')
    .values({
      merchant_id: input.merchantId,
      name: input.name,
      discount_type: input.discount_type,
      discount_value: input.discount_value,
      min_purchase: input.min_purchase,
      stock: input.stock,
      starts_on: input.starts_on,
      ends_on: input.ends_on,
      created_by: input.createdBy,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toCoupon(await coupons(db).where('c.id', '=', id).executeTakeFirstOrThrow(), today);
}

export async function stopCoupon(db: Db, input: { merchantId: number; couponId: number }, now: Date): Promise<Coupon> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('coupons')
      .select(['id', 'stopped_at'])
      .where('id', '=', isStoredId(input.couponId) ? input.couponId : 0)
      .where('merchant_id', '=', input.merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(COUPON_MESSAGES.notFound);
    if (row.stopped_at) throw new DomainError('conflict', COUPON_MESSAGES.alreadyStopped);
    await trx.updateTable('coupons').set({ stopped_at: now }).where('id', '=', row.id).execute();
    return toCoupon(await coupons(trx).where('c.id', '=', row.id).executeTakeFirstOrThrow(), tokyoDate(now));
  });
}

/**
 * A customer pays a purchase with a coupon (the operator command stands in for the app): in one database
 * transaction, with the coupon row locked (so the stock cannot be overrun), the rules are checked and
 * ONE PAYMENT of the discounted amount is posted, its coupon use recording the purchase and the discount.
 */
export async function useCoupon(
  db: Db,
  input: { couponId: number; walletNo: string; purchaseAmount: number },
  now: Date,
): Promise<{ transaction_id: number; purchase_amount: number; discount: number; paid_amount: number; coupon: Coupon }> {
  if (!Number.isSafeInteger(input.purchaseAmount) || input.purchaseAmount <= 0) {
    throw invalidRequest('amount', '1以上の金額を指定してください');
  }
  return inTransaction(db, async (trx) => {
    const coupon = await trx
      .selectFrom('coupons as c')
      .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
      .selectAll('c')
      .select('m.wallet_no as merchant_wallet_no')
      .where('c.id', '=', isStoredId(input.couponId) ? input.couponId : 0)
      .forUpdate('c')
      .executeTakeFirst();
    if (!coupon) throw notFound(COUPON_MESSAGES.notFound);
    const useCount = Number(
      (
        await trx
          .selectFrom('coupon_uses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('coupon_id', '=', coupon.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const today = tokyoDate(now);
    if (coupon.stopped_at) throw new DomainError('unprocessable', COUPON_MESSAGES.stopped);
    if (today < coupon.starts_on) throw new DomainError('unprocessable', COUPON_MESSAGES.scheduled);
    if (today > coupon.ends_on) throw new DomainError('unprocessable', COUPON_MESSAGES.expired);
    if (coupon.stock !== null && useCount >= coupon.stock)
      throw new DomainError('unprocessable', COUPON_MESSAGES.exhausted);
    if (input.purchaseAmount < coupon.min_purchase) {
      throw new DomainError('unprocessable', COUPON_MESSAGES.belowMinimum(coupon.min_purchase));
    }
    const discount = couponDiscount(coupon, input.purchaseAmount);
    const paid = input.purchaseAmount - discount;
    if (paid <= 0 || discount <= 0) throw new DomainError('unprocessable', COUPON_MESSAGES.nothingLeft);
    const customerWalletNo = await customerWalletOf(trx, input.walletNo, COUPON_MESSAGES.notCustomer);
    const transactionId = await postOrRefuse(
      trx,
      {
        type: 'PAYMENT',
        merchantId: coupon.merchant_id,
        comment: `クーポン「${coupon.name}」利用（${input.purchaseAmount.toLocaleString('ja-JP')}円から${discount.toLocaleString('ja-JP')}円引き）`,
        at: now,
        entries: [
          { walletNo: customerWalletNo, coinId: COUPON_COIN_ID, amount: -paid },
          { walletNo: coupon.merchant_wallet_no, coinId: COUPON_COIN_ID, amount: paid },
        ],
      },
      COUPON_MESSAGES.insufficientBalance,
    );
    await trx
      .insertInto('coupon_uses')
      .values({
        transaction_id: transactionId,
        coupon_id: coupon.id,
        wallet_no: customerWalletNo,
        purchase_amount: input.purchaseAmount,
        discount,
        paid_amount: paid,
        created_at: now,
      })
      .execute();
    const updated = toCoupon(await coupons(trx).where('c.id', '=', coupon.id).executeTakeFirstOrThrow(), today);
    return {
      transaction_id: transactionId,
      purchase_amount: input.purchaseAmount,
      discount,
      paid_amount: paid,
      coupon: updated,
    };
  });
}
