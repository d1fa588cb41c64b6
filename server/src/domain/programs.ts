import type { AutomaticPaymentResult, CallResponse, SubscriptionStatus } from '@coin/contract';
import { sql } from 'kysely';
import { type Db, inTransaction } from '../db/connection';
import { DomainError } from './errors';
import { isOverdraft, postTransaction } from './ledger';
import { monthEnd } from './payoutCalendar';
import { maskWalletNo } from './rebatesAndBills';
import { addMonths, tokyoDate, tokyoPeriod } from './time';

/** Customer programs: book-ticket uses, subscriptions and their automatic payments. */

/** The comment of an automatic payment's PAYMENT. */
export const automaticPaymentComment = (description: string) => `自動支払「${description}」`;

export const PROGRAM_MESSAGES = {
  subscriptionsOff: 'この加盟店ではサブスクリプションを利用していません',
  insufficientBalance: 'お客様のウォレットの残高が不足しています',
} as const;

interface PeriodPage {
  start_date: string;
  end_date: string;
  limit: number;
  offset: number;
}

const page = (query: PeriodPage) => ({ limit: query.limit, offset: (query.offset - 1) * query.limit });

/* ---------- book tickets ---------- */

const ticketUses = (db: Db, merchantId: number, from: Date, to: Date) =>
  db
    .selectFrom('book_ticket_uses as u')
    .innerJoin('book_tickets as t', 't.id', 'u.ticket_id')
    .where('u.merchant_id', '=', merchantId)
    .where('u.used_at', '>=', from)
    .where('u.used_at', '<', to);

export async function listBookTicketUses(
  db: Db,
  merchantId: number,
  query: PeriodPage,
): Promise<CallResponse<'listBookTicketUses'>> {
  const { from, to } = tokyoPeriod(query.start_date, query.end_date);
  const { limit, offset } = page(query);
  const [{ total }, rows, summary] = await Promise.all([
    ticketUses(db, merchantId, from, to)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    bookTicketUseRows(db, merchantId, from, to).limit(limit).offset(offset).execute(),
    db
      .selectFrom('book_tickets as t')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('book_ticket_uses as u')
            .select((inner) => [
              'u.ticket_id',
              inner.fn.countAll<number>().as('use_count'),
              sql<number>`count(distinct u.wallet_no)`.as('customer_count'),
            ])
            .where('u.merchant_id', '=', merchantId)
            .where('u.used_at', '>=', from)
            .where('u.used_at', '<', to)
            .groupBy('u.ticket_id')
            .as('s'),
        (join) => join.onRef('s.ticket_id', '=', 't.id'),
      )
      .select(['t.id', 't.name', 't.uses_per_ticket', 't.price', 's.use_count', 's.customer_count'])
      .where('t.merchant_id', '=', merchantId)
      .orderBy('t.id')
      .execute(),
  ]);
  return {
    items: rows.map((row) => ({ ...toTicketUse(row) })),
    total: Number(total),
    limit: query.limit,
    offset: query.offset,
    summary: summary.map((row) => ({
      ticket_id: row.id,
      ticket_name: row.name,
      uses_per_ticket: row.uses_per_ticket,
      price: row.price,
      use_count: Number(row.use_count ?? 0),
      customer_count: Number(row.customer_count ?? 0),
    })),
  };
}

/** The book-ticket uses of a Tokyo period, newest first (the list and the CSV). */
export const bookTicketUseRows = (db: Db, merchantId: number, from: Date, to: Date) =>
  ticketUses(db, merchantId, from, to)
    .select(['u.id', 'u.used_at', 'u.ticket_id', 't.name as ticket_name', 'u.wallet_no', 'u.uses_left'])
    .orderBy('u.used_at', 'desc')
    .orderBy('u.id', 'desc');

export const toTicketUse = (row: {
  id: number;
  used_at: Date;
  ticket_id: number;
  ticket_name: string;
  wallet_no: string;
  uses_left: number;
}) => ({
  id: row.id,
  used_at: row.used_at.toISOString(),
  ticket_id: row.ticket_id,
  ticket_name: row.ticket_name,
  customer_wallet_masked: maskWalletNo(row.wallet_no),
  uses_left: row.uses_left,
});

/* ---------- subscriptions ---------- */

/** Refuses (403) a merchant whose allow_subscription is off. */
export async function assertSubscriptions(db: Db, merchantId: number): Promise<void> {
  const merchant = await db
    .selectFrom('merchants')
    .select('allow_subscription')
    .where('id', '=', merchantId)
    .executeTakeFirst();
  if (merchant?.allow_subscription !== 1) throw new DomainError('forbidden', PROGRAM_MESSAGES.subscriptionsOff);
}

/** The subscribers of the merchant's plans (every one, newest first), optionally of one status. */
/**
 * The merchant's subscribers, newest first: of one status if given, and with a period (Tokyo days) those
 * who were members in it (started on or before its last day, not stopped before its first).
 */
export const subscriberRows = (
  db: Db,
  merchantId: number,
  status?: SubscriptionStatus,
  period?: { startDate: string; endDate: string },
) =>
  db
    .selectFrom('subscriptions as s')
    .innerJoin('subscription_plans as p', 'p.id', 's.plan_id')
    .select([
      's.id',
      's.plan_id',
      'p.name as plan_name',
      's.wallet_no',
      's.status',
      's.started_on',
      's.next_charge_on',
      's.stopped_on',
    ])
    .where('p.merchant_id', '=', merchantId)
    .$if(status !== undefined, (q) => q.where('s.status', '=', status as SubscriptionStatus))
    .$if(period !== undefined, (q) => {
      const { startDate, endDate } = period as { startDate: string; endDate: string };
      return q
        .where('s.started_on', '<=', endDate)
        .where((eb) => eb.or([eb('s.stopped_on', 'is', null), eb('s.stopped_on', '>=', startDate)]));
    })
    .orderBy('s.started_on', 'desc')
    .orderBy('s.id', 'desc');

export async function listSubscriptions(
  db: Db,
  merchantId: number,
  query: PeriodPage & { status?: SubscriptionStatus | undefined },
): Promise<CallResponse<'listSubscriptions'>> {
  await assertSubscriptions(db, merchantId);
  const { from, to } = tokyoPeriod(query.start_date, query.end_date, 731);
  const { limit, offset } = page(query);
  const filtered = subscriberRows(db, merchantId, query.status, {
    startDate: query.start_date,
    endDate: query.end_date,
  });
  const [{ total }, rows, plans, counts, revenue] = await Promise.all([
    filtered
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered.limit(limit).offset(offset).execute(),
    db
      .selectFrom('subscription_plans as p')
      .innerJoin('coins as c', 'c.id', 'p.coin_id')
      .select(['p.id', 'p.name', 'p.price', 'p.cycle', 'c.name as coin_name'])
      .where('p.merchant_id', '=', merchantId)
      .orderBy('p.id')
      .execute(),
    db
      .selectFrom('subscriptions as s')
      .innerJoin('subscription_plans as p', 'p.id', 's.plan_id')
      .select((eb) => ['s.plan_id', 's.status', eb.fn.countAll<number>().as('n')])
      .where('p.merchant_id', '=', merchantId)
      .groupBy(['s.plan_id', 's.status'])
      .execute(),
    db
      .selectFrom('automatic_payments as a')
      .innerJoin('subscriptions as s', 's.id', 'a.subscription_id')
      .select((eb) => [
        's.plan_id',
        sql<string>`to_char(a.processed_at at time zone 'Asia/Tokyo', 'YYYYMM')`.as('month'),
        eb.fn.sum<number>('a.amount').as('amount'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('a.merchant_id', '=', merchantId)
      .where('a.result', '=', 'SUCCEEDED')
      .where('a.processed_at', '>=', from)
      .where('a.processed_at', '<', to)
      .groupBy(['s.plan_id', sql`2`])
      .execute(),
  ]);
  const months: string[] = [];
  for (
    let month = tokyoDate(from).slice(0, 7).replace('-', '');
    month <= query.end_date.slice(0, 7).replace('-', '');
  ) {
    months.push(month);
    month = addMonths(month, 1);
  }
  return {
    items: rows.map(({ wallet_no, ...row }) => ({ ...row, customer_wallet_masked: maskWalletNo(wallet_no) })),
    total: Number(total),
    limit: query.limit,
    offset: query.offset,
    plans: plans.map((plan) => {
      const countOf = (status: SubscriptionStatus) =>
        Number(counts.find((c) => c.plan_id === plan.id && c.status === status)?.n ?? 0);
      return {
        id: plan.id,
        name: plan.name,
        price: plan.price,
        cycle: plan.cycle,
        coin_name: plan.coin_name,
        subscriber_counts: {
          ACTIVE: countOf('ACTIVE'),
          STOPPED: countOf('STOPPED'),
          PAYMENT_FAILED: countOf('PAYMENT_FAILED'),
        },
        monthly_revenue: months.map((month) => {
          const row = revenue.find((r) => r.plan_id === plan.id && r.month === month);
          return { month, amount: Number(row?.amount ?? 0), count: Number(row?.count ?? 0) };
        }),
      };
    }),
  };
}

/* ---------- automatic payments ---------- */

export const automaticPaymentRows = (
  db: Db,
  merchantId: number,
  period: { start_date: string; end_date: string },
  result?: AutomaticPaymentResult,
) =>
  db
    .selectFrom('automatic_payments as a')
    .innerJoin('coins as c', 'c.id', 'a.coin_id')
    .select([
      'a.id',
      'a.scheduled_on',
      'a.description',
      'a.wallet_no',
      'c.name as coin_name',
      'a.amount',
      'a.result',
      'a.failure_reason',
      'a.attempts',
      'a.processed_at',
      'a.transaction_id',
    ])
    .where('a.merchant_id', '=', merchantId)
    .where('a.scheduled_on', '>=', period.start_date)
    .where('a.scheduled_on', '<=', period.end_date)
    .$if(result !== undefined, (q) => q.where('a.result', '=', result as AutomaticPaymentResult))
    .orderBy('a.scheduled_on', 'desc')
    .orderBy('a.id', 'desc');

export async function listAutomaticPayments(
  db: Db,
  merchantId: number,
  query: PeriodPage & { result?: AutomaticPaymentResult | undefined },
): Promise<CallResponse<'listAutomaticPayments'>> {
  tokyoPeriod(query.start_date, query.end_date);
  const { limit, offset } = page(query);
  const filtered = automaticPaymentRows(db, merchantId, query, query.result);
  const [{ total }, rows] = await Promise.all([
    filtered
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered.limit(limit).offset(offset).execute(),
  ]);
  return {
    items: rows.map(({ wallet_no, ...row }) => ({
      ...row,
      customer_wallet_masked: maskWalletNo(wallet_no),
      processed_at: row.processed_at.toISOString(),
    })),
    total: Number(total),
    limit: query.limit,
    offset: query.offset,
  };
}

export interface AutomaticPaymentRunResult {
  date: string;
  succeeded: number;
  retry_scheduled: number;
  failed: number;
}

/** The same day a month (or a year) later, or that month's last day when it is shorter. */
export function nextChargeOn(day: string, cycle: 'MONTHLY' | 'YEARLY'): string {
  const month = addMonths(day.slice(0, 7).replace('-', ''), cycle === 'MONTHLY' ? 1 : 12);
  const first = `${month.slice(0, 4)}-${month.slice(4)}-01`;
  const last = monthEnd(first);
  const wanted = `${first.slice(0, 8)}${day.slice(8)}`;
  return wanted > last ? last : wanted;
}

/**
 * Charges what is due on `date`: first the charges that failed once on an earlier run (their one retry:
 * charged, or failed for good and the subscription marked 支払失敗), then every active subscription whose
 * next charge day has come (charged, or failed and retried on the next run). Each charge is ONE PAYMENT,
 * customer → merchant, in the same database transaction as its result; a subscription's charge day
 * moves on when it is first tried, and a retry waits for a later run: running a date twice charges
 * nothing twice.
 */
export async function runAutomaticPayments(db: Db, date: string, now = new Date()): Promise<AutomaticPaymentRunResult> {
  const result: AutomaticPaymentRunResult = { date, succeeded: 0, retry_scheduled: 0, failed: 0 };
  const charge = async (
    trx: Db,
    input: { merchantId: number; walletNo: string; coinId: number; amount: number; description: string; key: string },
  ): Promise<{ transactionId: number } | { reason: string }> => {
    const merchant = await trx
      .selectFrom('merchants')
      .select('wallet_no')
      .where('id', '=', input.merchantId)
      .executeTakeFirstOrThrow();
    // Checked first, so a refusal is recorded with its reason; a balance spent between the check and
    // the posting (a race) rolls the item's transaction back and leaves it for the next run.
    const balance = await trx
      .selectFrom('wallet_balances')
      .select('amount')
      .where('wallet_no', '=', input.walletNo)
      .where('coin_id', '=', input.coinId)
      .executeTakeFirst();
    if ((balance?.amount ?? 0) < input.amount) return { reason: PROGRAM_MESSAGES.insufficientBalance };
    const posted = await postTransaction(trx as Parameters<typeof postTransaction>[0], {
      type: 'PAYMENT',
      merchantId: input.merchantId,
      comment: automaticPaymentComment(input.description),
      idempotencyKey: input.key,
      at: now,
      entries: [
        { walletNo: input.walletNo, coinId: input.coinId, amount: -input.amount },
        { walletNo: merchant.wallet_no, coinId: input.coinId, amount: input.amount },
      ],
    });
    return { transactionId: posted.transactionId };
  };

  // 1. The retries of charges that failed on an earlier run.
  const retries = await db
    .selectFrom('automatic_payments')
    .select('id')
    .where('result', '=', 'RETRY_SCHEDULED')
    .where('last_attempt_on', '<', date)
    .orderBy('id')
    .execute();
  const skippingRaces = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      if (!isOverdraft(error)) throw error;
    }
  };
  for (const { id } of retries) {
    await skippingRaces(() =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('automatic_payments')
          .selectAll()
          .where('id', '=', id)
          .where('result', '=', 'RETRY_SCHEDULED')
          .forUpdate()
          .executeTakeFirst();
        if (!row || row.last_attempt_on >= date) return;
        const outcome = await charge(trx, {
          merchantId: row.merchant_id,
          walletNo: row.wallet_no,
          coinId: row.coin_id,
          amount: row.amount,
          description: row.description,
          key: `automatic-payment:${row.id}:2`,
        });
        const succeeded = 'transactionId' in outcome;
        await trx
          .updateTable('automatic_payments')
          .set({
            result: succeeded ? 'SUCCEEDED' : 'FAILED',
            failure_reason: succeeded ? null : outcome.reason,
            attempts: 2,
            last_attempt_on: date,
            processed_at: now,
            transaction_id: succeeded ? outcome.transactionId : null,
          })
          .where('id', '=', row.id)
          .execute();
        if (row.subscription_id !== null) {
          await trx
            .updateTable('subscriptions')
            .set({ status: succeeded ? 'ACTIVE' : 'PAYMENT_FAILED' })
            .where('id', '=', row.subscription_id)
            .where('status', '<>', 'STOPPED')
            .execute();
        }
        if (succeeded) result.succeeded++;
        else result.failed++;
      }),
    );
  }

  // 2. The subscriptions whose charge day has come.
  const due = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('status', '=', 'ACTIVE')
    .where('next_charge_on', '<=', date)
    .orderBy('id')
    .execute();
  for (const { id } of due) {
    await skippingRaces(() =>
      inTransaction(db, async (trx) => {
        const subscription = await trx
          .selectFrom('subscriptions as s')
          .innerJoin('subscription_plans as p', 'p.id', 's.plan_id')
          .select([
            's.id',
            's.wallet_no',
            's.next_charge_on',
            'p.merchant_id',
            'p.name',
            'p.price',
            'p.cycle',
            'p.coin_id',
          ])
          .where('s.id', '=', id)
          .where('s.status', '=', 'ACTIVE')
          .forUpdate('s')
          .executeTakeFirst();
        if (!subscription?.next_charge_on || subscription.next_charge_on > date) return;
        const scheduledOn = subscription.next_charge_on;
        const { id: paymentId } = await trx
          .insertInto('automatic_payments')
          .values({
            merchant_id: subscription.merchant_id,
            subscription_id: subscription.id,
            wallet_no: subscription.wallet_no,
            description: `${subscription.name}（${scheduledOn.slice(0, 4)}年${Number(scheduledOn.slice(5, 7))}月分）`,
            coin_id: subscription.coin_id,
            amount: subscription.price,
            scheduled_on: scheduledOn,
            result: 'RETRY_SCHEDULED',
            failure_reason: null,
            attempts: 1,
            last_attempt_on: date,
            processed_at: now,
            transaction_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const outcome = await charge(trx, {
          merchantId: subscription.merchant_id,
          walletNo: subscription.wallet_no,
          coinId: subscription.coin_id,
          amount: subscription.price,
          description: subscription.name,
          key: `automatic-payment:${paymentId}:1`,
        });
        if ('transactionId' in outcome) {
          await trx
            .updateTable('automatic_payments')
            .set({ result: 'SUCCEEDED', transaction_id: outcome.transactionId })
            .where('id', '=', paymentId)
            .execute();
          result.succeeded++;
        } else {
          await trx
            .updateTable('automatic_payments')
            .set({ failure_reason: outcome.reason })
            .where('id', '=', paymentId)
            .execute();
          result.retry_scheduled++;
        }
        await trx
          .updateTable('subscriptions')
          .set({ next_charge_on: nextChargeOn(scheduledOn, subscription.cycle) })
          .where('id', '=', subscription.id)
          .execute();
      }),
    );
  }
  return result;
}
