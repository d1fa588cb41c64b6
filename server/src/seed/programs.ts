import { type Insertable, sql, type Transaction } from 'kysely';
import { Random } from '../db/random';
import type { BookTicketUseTable, Database } from '../db/schema';
import { COUPON_COIN_ID } from '../domain/coupons';
import { automaticPaymentComment, PROGRAM_MESSAGES } from '../domain/programs';
import { addDays, addMonths, tokyoDate } from '../domain/time';
import { customerWalletNo, DEMO_MERCHANTS } from './accounts';
import { DEMO_SUBSCRIPTIONS, lastBillingDate } from './core/subscriptions';

/**
 * Customer programs, demo rows for 本店 (DESIGN.md §9): coupons in every status, with uses taken from
 * the core's payments (a use's purchase is the payment plus the discount); two book tickets and a year
 * of their uses; the subscription plans the core charged, their subscribers (one stopped, one whose
 * charges failed, one waiting for a retry) and their automatic payments.
 */

type Trx = Transaction<Database>;
const DAY = 24 * 60 * 60 * 1000;
const SEED = 20261125;

export async function seedPrograms(trx: Trx, { now }: { now: Date }): Promise<void> {
  await insertCoupons(trx, now);
  await insertBookTickets(trx, now);
  await insertSubscriptions(trx, now);
}

interface DemoCoupon {
  name: string;
  discount_type: 'AMOUNT' | 'RATE';
  discount_value: number;
  min_purchase: number;
  stock: number | null;
  startsDays: number;
  endsDays: number;
  stoppedDays?: number;
  /** Uses: payments of these amounts (or at least minPaid) in the coupon's days, at most `uses`. */
  uses: number;
  paidIn?: readonly number[];
  minPaid?: number;
}

const COUPONS: readonly DemoCoupon[] = [
  // 配布中: 10 % off 500 or more — uses are payments of 450 and 1,800 (500 and 2,000 before the discount).
  {
    name: '秋のコーヒー10%OFF',
    discount_type: 'RATE',
    discount_value: 10,
    min_purchase: 500,
    stock: 200,
    startsDays: -20,
    endsDays: 20,
    uses: 12,
    paidIn: [450, 1800],
  },
  // 予定
  {
    name: '年末感謝祭 300円引き',
    discount_type: 'AMOUNT',
    discount_value: 300,
    min_purchase: 2000,
    stock: 100,
    startsDays: 7,
    endsDays: 37,
    uses: 0,
  },
  // 終了 (past its last day)
  {
    name: '夏のアイスコーヒー50円引き',
    discount_type: 'AMOUNT',
    discount_value: 50,
    min_purchase: 0,
    stock: null,
    startsDays: -120,
    endsDays: -60,
    uses: 25,
    minPaid: 1,
  },
  // 終了 (out of stock)
  {
    name: '開店記念 先着30名 200円引き',
    discount_type: 'AMOUNT',
    discount_value: 200,
    min_purchase: 1000,
    stock: 30,
    startsDays: -10,
    endsDays: 20,
    uses: 30,
    minPaid: 800,
  },
  // 停止
  {
    name: 'モーニング100円引き',
    discount_type: 'AMOUNT',
    discount_value: 100,
    min_purchase: 500,
    stock: null,
    startsDays: -40,
    endsDays: 50,
    stoppedDays: -5,
    uses: 8,
    minPaid: 400,
  },
];

async function insertCoupons(trx: Trx, now: Date): Promise<void> {
  const main = DEMO_MERCHANTS.main;
  const today = tokyoDate(now);
  for (const coupon of COUPONS) {
    const startsOn = addDays(today, coupon.startsDays);
    const stoppedAt = coupon.stoppedDays === undefined ? null : new Date(now.getTime() + coupon.stoppedDays * DAY);
    const { id } = await trx
      .insertInto('coupons')
      .values({
        merchant_id: main.id,
        name: coupon.name,
        discount_type: coupon.discount_type,
        discount_value: coupon.discount_value,
        min_purchase: coupon.min_purchase,
        stock: coupon.stock,
        starts_on: startsOn,
        ends_on: addDays(today, coupon.endsDays),
        stopped_at: stoppedAt,
        created_at: new Date(`${addDays(startsOn, -3)}T10:00:00+09:00`),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (coupon.uses === 0) continue;
    const from = new Date(`${startsOn}T00:00:00+09:00`);
    const until = Math.min(
      stoppedAt?.getTime() ?? Number.POSITIVE_INFINITY,
      new Date(`${addDays(addDays(today, coupon.endsDays), 1)}T00:00:00+09:00`).getTime(),
      now.getTime(),
    );
    const discount =
      coupon.discount_type === 'AMOUNT'
        ? sql<number>`${coupon.discount_value}::bigint`
        : sql<number>`(merchant.amount * ${coupon.discount_value}) / (100 - ${coupon.discount_value})`;
    const amountRule =
      coupon.paidIn !== undefined
        ? sql`merchant.amount in (${sql.join(coupon.paidIn)})`
        : sql`merchant.amount >= ${coupon.minPaid ?? 1}`;
    await sql`
      insert into coupon_uses (transaction_id, coupon_id, wallet_no, purchase_amount, discount, paid_amount, created_at)
      select t.id, ${id}, payer.wallet_no, merchant.amount + ${discount}, ${discount}, merchant.amount, t.created_at
        from transactions t
        join entries merchant on merchant.transaction_id = t.id and merchant.wallet_no = ${main.walletNo}
        join entries payer on payer.transaction_id = t.id and payer.amount < 0
       where t.merchant_id = ${main.id} and t.type = 'PAYMENT' and t.comment is null
         and merchant.coin_id = ${COUPON_COIN_ID} and ${amountRule}
         and t.created_at >= ${from} and t.created_at < ${new Date(until)}
         and not exists (select 1 from coupon_uses u where u.transaction_id = t.id)
         and not exists (select 1 from url_payment_uses u where u.transaction_id = t.id)
       order by t.created_at
       limit ${coupon.uses}`.execute(trx);
  }
}

const BOOK_TICKETS = [
  { name: 'コーヒー回数券（11枚つづり）', uses_per_ticket: 11, price: 4400, holders: 24, perWeek: 1.2 },
  { name: 'ランチ回数券（6枚つづり）', uses_per_ticket: 6, price: 6000, holders: 10, perWeek: 0.6 },
] as const;

async function insertBookTickets(trx: Trx, now: Date): Promise<void> {
  const random = new Random(SEED);
  const main = DEMO_MERCHANTS.main;
  const uses: Insertable<BookTicketUseTable>[] = [];
  for (const [index, ticket] of BOOK_TICKETS.entries()) {
    const { id } = await trx
      .insertInto('book_tickets')
      .values({ merchant_id: main.id, name: ticket.name, uses_per_ticket: ticket.uses_per_ticket, price: ticket.price })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let holder = 0; holder < ticket.holders; holder++) {
      const walletNo = customerWalletNo(40 + index * 50 + holder);
      let left: number = ticket.uses_per_ticket;
      for (let at = now.getTime() - random.int(60, 390) * DAY; ; ) {
        at += (7 * DAY) / ticket.perWeek / (0.5 + random.next());
        if (at >= now.getTime() - 60 * 60 * 1000) break;
        // A used-up ticket is followed by a new one.
        left = left === 0 ? ticket.uses_per_ticket - 1 : left - 1;
        const day = tokyoDate(new Date(at));
        const usedAt = new Date(
          `${day}T${String(8 + random.int(0, 11)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00+09:00`,
        );
        if (usedAt.getTime() > now.getTime()) break;
        uses.push({ ticket_id: id, merchant_id: main.id, wallet_no: walletNo, uses_left: left, used_at: usedAt });
      }
    }
  }
  for (let i = 0; i < uses.length; i += 1000) {
    await trx
      .insertInto('book_ticket_uses')
      .values(uses.slice(i, i + 1000))
      .execute();
  }
}

/** The day of a month ('YYYYMM') a plan bills on. */
const billingDate = (month: string, day: number) =>
  `${month.slice(0, 4)}-${month.slice(4)}-${String(day).padStart(2, '0')}`;

async function insertSubscriptions(trx: Trx, now: Date): Promise<void> {
  const main = DEMO_MERCHANTS.main;
  for (const { plan, subscribers } of DEMO_SUBSCRIPTIONS) {
    const { id: planId } = await trx
      .insertInto('subscription_plans')
      .values({ merchant_id: main.id, name: plan.name, price: plan.price, cycle: 'MONTHLY', coin_id: COUPON_COIN_ID })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The last billing day whose charges have run, and the next one; subscribers count cycles from it.
    const lastBilling = lastBillingDate(plan.billingDay, now);
    const lastMonth = lastBilling.slice(0, 7).replace('-', '');
    const nextBilling = billingDate(addMonths(lastMonth, 1), plan.billingDay);
    for (const subscriber of subscribers as readonly {
      customer: number;
      months: number;
      stoppedMonthsAgo?: number;
      failingMonthsAgo?: number;
    }[]) {
      const walletNo = customerWalletNo(subscriber.customer);
      const startedOn = billingDate(addMonths(lastMonth, -subscriber.months), plan.billingDay);
      const stoppedOn =
        subscriber.stoppedMonthsAgo === undefined
          ? null
          : addDays(billingDate(addMonths(lastMonth, -subscriber.stoppedMonthsAgo), plan.billingDay), -3);
      const failingSince =
        subscriber.failingMonthsAgo === undefined
          ? null
          : billingDate(addMonths(lastMonth, -subscriber.failingMonthsAgo), plan.billingDay);
      // Waiting for its retry: the failed charge is the last billing day's. Failed for good: an earlier one.
      const waiting = failingSince !== null && failingSince === lastBilling;
      const failed = failingSince !== null && failingSince < lastBilling;
      const { id: subscriptionId } = await trx
        .insertInto('subscriptions')
        .values({
          plan_id: planId,
          wallet_no: walletNo,
          status: stoppedOn ? 'STOPPED' : failed ? 'PAYMENT_FAILED' : 'ACTIVE',
          started_on: startedOn,
          next_charge_on: stoppedOn || failed ? null : nextBilling,
          stopped_on: stoppedOn,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The core's charges of this subscriber are its successful automatic payments.
      await sql`
        insert into automatic_payments (merchant_id, subscription_id, wallet_no, description, coin_id, amount,
          scheduled_on, result, attempts, last_attempt_on, processed_at, transaction_id)
        select ${main.id}, ${subscriptionId}, ${walletNo},
               ${plan.name} || '（' || to_char(t.created_at at time zone 'Asia/Tokyo', 'YYYY"年"FMMM"月分"') || '）',
               ${COUPON_COIN_ID}, ${plan.price}, (t.created_at at time zone 'Asia/Tokyo')::date, 'SUCCEEDED', 1,
               (t.created_at at time zone 'Asia/Tokyo')::date, t.created_at, t.id
          from transactions t
          join entries payer on payer.transaction_id = t.id and payer.wallet_no = ${walletNo} and payer.amount < 0
         where t.merchant_id = ${main.id} and t.type = 'PAYMENT' and t.comment = ${automaticPaymentComment(plan.name)}`.execute(
        trx,
      );
      if (failingSince !== null) {
        const processedAt = new Date(`${failingSince}T06:00:00+09:00`);
        await trx
          .insertInto('automatic_payments')
          .values({
            merchant_id: main.id,
            subscription_id: subscriptionId,
            wallet_no: walletNo,
            description: `${plan.name}（${failingSince.slice(0, 4)}年${Number(failingSince.slice(5, 7))}月分）`,
            coin_id: COUPON_COIN_ID,
            amount: plan.price,
            scheduled_on: failingSince,
            result: waiting ? 'RETRY_SCHEDULED' : 'FAILED',
            failure_reason: PROGRAM_MESSAGES.insufficientBalance,
            attempts: waiting ? 1 : 2,
            last_attempt_on: waiting ? failingSince : addDays(failingSince, 1),
            processed_at: waiting ? processedAt : new Date(processedAt.getTime() + DAY),
            transaction_id: null,
          })
          .execute();
      }
    }
  }
}
