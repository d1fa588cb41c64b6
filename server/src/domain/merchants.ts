import {
  type CallResponse,
  displayedUserStatus,
  IDENTITY_EMAIL_STATUS_LABELS,
  MERCHANT_USER_STATUS_LABELS,
} from '@coin/contract';
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { notFound } from './errors';
import { activeMerchantRoles } from './sessions';
import { addDays, addMonths, tokyoDate, tokyoDayStart, tokyoMonth, tokyoMonthStart, tokyoPeriod } from './time';
import { hasFactorColumn, hasSecondFactor } from './twoStep';

/** The longest period a daily-sales query may cover (two years of days). */
export const DAILY_SALES_MAX_DAYS = 731;

export async function getMerchant(db: Db, merchantId: number): Promise<CallResponse<'getMerchant'>> {
  const merchant = await db
    .selectFrom('merchants as m')
    .leftJoin('merchant_groups as g', 'g.id', 'm.group_id')
    .select(['m.id', 'm.name', 'm.wallet_no', 'm.allow_subscription', 'm.status', 'm.group_id', 'g.parent_merchant_id'])
    .where('m.id', '=', merchantId)
    .executeTakeFirst();
  if (!merchant) throw notFound();
  const reloadableCoins = await db
    .selectFrom('merchant_reload_coins as r')
    .innerJoin('coins as c', 'c.id', 'r.coin_id')
    .select(['c.id', 'c.name'])
    .where('r.merchant_id', '=', merchantId)
    .where('c.reloadable', '=', 1)
    .orderBy('c.id')
    .execute();
  return {
    merchant_id: merchant.id,
    name: merchant.name,
    wallet_no: merchant.wallet_no,
    reloadable_coins: reloadableCoins,
    allow_subscription: merchant.allow_subscription === 1 ? 1 : 0,
    merchant_group_id: merchant.group_id,
    merchant_group_parent_id: merchant.parent_merchant_id ?? null,
    status: merchant.status,
  };
}

export async function latestPayment(db: Db, merchantId: number): Promise<CallResponse<'getLatestPayment'>> {
  const row = await db
    .selectFrom('transactions as t')
    .innerJoin('merchants as m', 'm.id', 't.merchant_id')
    .innerJoin('entries as e', (join) =>
      join.onRef('e.transaction_id', '=', 't.id').onRef('e.wallet_no', '=', 'm.wallet_no'),
    )
    .innerJoin('coins as c', 'c.id', 'e.coin_id')
    .select(['t.id', 't.created_at', 'e.amount', 'e.coin_id', 'c.name as coin_name', 'e.counterparty_wallet_no'])
    .where('t.merchant_id', '=', merchantId)
    .where('t.type', '=', 'PAYMENT')
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    payment: row
      ? {
          transaction_id: row.id,
          created_at: row.created_at.toISOString(),
          amount: row.amount,
          coin_id: row.coin_id,
          coin_name: row.coin_name,
          payer_wallet_no: row.counterparty_wallet_no ?? '',
        }
      : null,
  };
}

/** Fee summaries of the twelve months up to `target` (YYYYMM), newest first; months without one are absent. */
export async function summarizedTxFees(
  db: Db,
  merchantId: number,
  target: string,
): Promise<CallResponse<'getSummarizedTxFees'>> {
  const rows = await db
    .selectFrom('monthly_fee_summaries')
    .select(['summarized_month', 'amount', 'tax', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('summarized_month', '>', addMonths(target, -12))
    .where('summarized_month', '<=', target)
    .orderBy('summarized_month', 'desc')
    .execute();
  return { items: rows };
}

/**
 * The merchant's sales in [from, to): its PAYMENT transactions and what each brought into its wallet.
 * The daily chart and the day-at-a-glance figures group it their own ways.
 */
const paymentEntries = (db: Db, merchantId: number, from: Date, to: Date) =>
  db
    .selectFrom('transactions as t')
    .innerJoin('merchants as m', 'm.id', 't.merchant_id')
    .innerJoin('entries as e', (join) =>
      join.onRef('e.transaction_id', '=', 't.id').onRef('e.wallet_no', '=', 'm.wallet_no'),
    )
    .where('t.merchant_id', '=', merchantId)
    .where('t.type', '=', 'PAYMENT')
    .where('t.created_at', '>=', from)
    .where('t.created_at', '<', to);

/** Payments received per Asia/Tokyo day (every day of the period, zero days included), oldest first. */
export async function dailySales(
  db: Db,
  merchantId: number,
  startDate: string,
  endDate: string,
): Promise<CallResponse<'getDailySales'>> {
  const { from, to } = tokyoPeriod(startDate, endDate, DAILY_SALES_MAX_DAYS);
  const rows = await paymentEntries(db, merchantId, from, to)
    .select([
      sql<string>`to_char(t.created_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`.as('date'),
      (eb) => eb.fn.sum<number>('e.amount').as('amount'),
      (eb) => eb.fn.count<number>('t.id').distinct().as('count'),
    ])
    .groupBy(sql`1`)
    .execute();
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const items: CallResponse<'getDailySales'>['items'] = [];
  for (let date = startDate; date <= endDate; date = addDays(date, 1)) {
    const row = byDate.get(date);
    items.push({ date, amount: Number(row?.amount ?? 0), count: Number(row?.count ?? 0) });
  }
  return { items };
}

const merchantUsersOf = (db: Db, merchantId: number) =>
  db
    .selectFrom('merchant_users as mu')
    .innerJoin('identities as i', 'i.id', 'mu.user_id')
    .where('mu.merchant_id', '=', merchantId);

/** The merchant's users, oldest first, one page. */
export async function listMerchantUsers(
  db: Db,
  merchantId: number,
  query: { limit: number; offset: number },
): Promise<CallResponse<'listMerchantUsers'>> {
  const [{ total }, rows] = await Promise.all([
    merchantUsersOf(db, merchantId)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    merchantUsersOf(db, merchantId)
      .select(['mu.user_id', 'mu.email', 'mu.status', 'mu.activate_token_available_until', 'mu.name', 'mu.role'])
      .select(hasFactorColumn('mu.user_id').as('two_step'))
      .orderBy('mu.created_at')
      .orderBy('mu.user_id')
      .limit(query.limit)
      .offset((query.offset - 1) * query.limit)
      .execute(),
  ]);
  return {
    items: rows.map((row) => ({
      user_id: row.user_id,
      ...(row.email !== null ? { email: row.email } : {}),
      status: row.status,
      activate_token_available_until: row.activate_token_available_until?.toISOString() ?? null,
      name: row.name,
      role: row.role,
      two_step: row.two_step === true,
    })),
    total: Number(total),
    limit: query.limit,
    offset: query.offset,
  };
}

/**
 * Every user of the merchant as the list shows them (the CSV report): a user without an address of
 * record takes the address and status of its identity (§4), the others their derived status.
 */
export async function merchantUserRows(db: Db, merchantId: number, now: Date) {
  const rows = await merchantUsersOf(db, merchantId)
    .select([
      'mu.user_id',
      'mu.email',
      'mu.status',
      'mu.activate_token_available_until',
      'mu.name',
      'mu.role',
      'i.email as identity_email',
      'i.email_status',
    ])
    .orderBy('mu.created_at')
    .orderBy('mu.user_id')
    .execute();
  return rows.map((row) => {
    const until = row.activate_token_available_until?.toISOString() ?? null;
    const lookedUp = row.email === null && row.status !== 'CANCELED';
    return {
      user_id: row.user_id,
      name: row.name,
      email: lookedUp ? row.identity_email : row.email,
      role: row.role,
      status: lookedUp
        ? IDENTITY_EMAIL_STATUS_LABELS[row.email_status]
        : MERCHANT_USER_STATUS_LABELS[
            displayedUserStatus({ status: row.status, activate_token_available_until: until }, now)
          ],
      activate_token_available_until: row.activate_token_available_until,
    };
  });
}

type SalesFigure = CallResponse<'getSalesSummary'>['today'];

/** Sales in [from, to): every coin together and each coin. */
async function salesIn(db: Db, merchantId: number, from: Date, to: Date): Promise<SalesFigure> {
  const rows = await paymentEntries(db, merchantId, from, to)
    .innerJoin('coins as c', 'c.id', 'e.coin_id')
    .select([
      'c.id as coin_id',
      'c.name as coin_name',
      (eb) => eb.fn.sum<number>('e.amount').as('amount'),
      (eb) => eb.fn.count<number>('t.id').distinct().as('count'),
    ])
    .groupBy(['c.id', 'c.name'])
    .orderBy('c.id')
    .execute();
  const coins = rows.map((row) => ({ ...row, amount: Number(row.amount), count: Number(row.count) }));
  const amount = coins.reduce((sum, coin) => sum + coin.amount, 0);
  // A payment is in one coin: the coins' counts add up to the payments'.
  const count = coins.reduce((sum, coin) => sum + coin.count, 0);
  return {
    amount,
    count,
    average: count === 0 ? null : Math.round(amount / count),
    coins,
    span: { from: from.toISOString(), to: to.toISOString() },
  };
}

/** The four stretches of the day at a glance, each [from, to). */
export function salesSpans(now: Date): Record<'today' | 'lastWeek' | 'month' | 'lastMonth', { from: Date; to: Date }> {
  const today = tokyoDate(now);
  const sinceMidnight = now.getTime() - tokyoDayStart(today).getTime();
  const lastWeekStart = tokyoDayStart(addDays(today, -7));
  const month = tokyoMonth(now);
  const monthStart = tokyoMonthStart(month);
  const lastMonth = addMonths(month, -1);
  const lastMonthStart = tokyoMonthStart(lastMonth);
  // The same day of last month, or its end when last month is shorter (31 March → all of February).
  const sameDay = `${lastMonth.slice(0, 4)}-${lastMonth.slice(4)}-${today.slice(8, 10)}`;
  const lastMonthTo =
    sameDay > tokyoDate(monthStart.getTime() - 1)
      ? monthStart
      : new Date(tokyoDayStart(sameDay).getTime() + sinceMidnight);
  return {
    today: { from: tokyoDayStart(today), to: now },
    lastWeek: { from: lastWeekStart, to: new Date(lastWeekStart.getTime() + sinceMidnight) },
    month: { from: monthStart, to: now },
    lastMonth: { from: lastMonthStart, to: lastMonthTo },
  };
}

/**
 * The day at a glance: today so far against the same weekday a week earlier up to the same time of day,
 * and this month so far against last month's same days up to the same time (its end when it is shorter).
 */
export async function salesSummary(db: Db, merchantId: number, now: Date): Promise<CallResponse<'getSalesSummary'>> {
  const spans = salesSpans(now);
  const sales = (span: { from: Date; to: Date }) => salesIn(db, merchantId, span.from, span.to);
  const [today, lastWeek, month, lastMonth] = await Promise.all([
    sales(spans.today),
    sales(spans.lastWeek),
    sales(spans.month),
    sales(spans.lastMonth),
  ]);
  return { as_of: now.toISOString(), today, same_day_last_week: lastWeek, month, same_days_last_month: lastMonth };
}

/**
 * Today's sales so far at each merchant where the user holds an ACTIVE role (Top's 「すべての店舗」), each
 * the very figure of that merchant's day at a glance (`today` above); merchants in id order. A merchant
 * that requires two-step sign-in is left out for a user without a second factor, whose every call there
 * asks to enrol first (issue 24).
 */
export async function merchantsSalesToday(
  db: Db,
  userId: number,
  now: Date,
): Promise<CallResponse<'getMerchantsSalesToday'>> {
  const roles = await activeMerchantRoles(db, userId);
  const ids = roles.map((role) => role.merchant_id);
  const merchants =
    ids.length === 0
      ? []
      : await db
          .selectFrom('merchants')
          .select(['id', 'name', 'status', 'require_two_step'])
          .where('id', 'in', ids)
          .execute();
  const enrolled = merchants.some((m) => m.require_two_step) ? await hasSecondFactor(db, userId) : true;
  const shown = new Map(merchants.filter((m) => enrolled || !m.require_two_step).map((m) => [m.id, m]));
  const today = salesSpans(now).today;
  const items = await Promise.all(
    roles.flatMap((role) => {
      const merchant = shown.get(role.merchant_id);
      if (!merchant) return [];
      return salesIn(db, merchant.id, today.from, today.to).then((sales) => ({
        merchant_id: merchant.id,
        name: merchant.name,
        role: role.role,
        status: merchant.status,
        amount: sales.amount,
        count: sales.count,
      }));
    }),
  );
  return { as_of: now.toISOString(), items };
}
