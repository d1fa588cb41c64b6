import { automaticPaymentComment } from '../../domain/programs';
import { addMonths, monthsBetween, tokyoMonth } from '../../domain/time';
import { COIN, customerWalletNo, DEMO_MERCHANTS } from '../accounts';
import { HOUR, MINUTE } from '../calendar';
import { fund } from './sales';
import { addSale, type Simulation } from './simulation';

/**
 * 本店's subscription plans and their subscribers (customer index), charged on each plan's billing day
 * as automatic payments; seed/programs.ts records the plans, subscribers and results.
 * `months`: how many months ago the subscription started; `stoppedMonthsAgo`: charges end after it;
 * `failingMonthsAgo`: from then on every charge fails for want of balance.
 */
export const DEMO_SUBSCRIPTIONS = [
  {
    plan: { name: 'コーヒー飲み放題プラン', price: 2400, billingDay: 1 },
    subscribers: [
      ...Array.from({ length: 10 }, (_, i) => ({ customer: i, months: 12 })),
      ...Array.from({ length: 4 }, (_, i) => ({ customer: 10 + i, months: 5 })),
    ].map((s) => (s.customer === 3 ? { ...s, stoppedMonthsAgo: 4 } : s)),
  },
  {
    plan: { name: '焼き菓子定期便', price: 1800, billingDay: 10 },
    subscribers: Array.from({ length: 8 }, (_, i) => ({
      customer: 20 + i,
      months: 8,
      ...(i === 2 ? { failingMonthsAgo: 1 } : i === 5 ? { failingMonthsAgo: 0 } : {}),
    })),
  },
] as const satisfies readonly {
  plan: { name: string; price: number; billingDay: number };
  subscribers: readonly { customer: number; months: number; stoppedMonthsAgo?: number; failingMonthsAgo?: number }[];
}[];

/**
 * The last billing day (YYYY-MM-DD) of a plan billing on `billingDay` whose charges (06:00 JST) have
 * run by `now`. Subscribers' `months`, `stoppedMonthsAgo` and `failingMonthsAgo` count billing cycles
 * back from it, so the demo shows the same states on any day of the month.
 */
export function lastBillingDate(billingDay: number, now: Date): string {
  const day = (month: string) => `${month.slice(0, 4)}-${month.slice(4)}-${String(billingDay).padStart(2, '0')}`;
  const thisMonths = day(tokyoMonth(now));
  return now.getTime() >= new Date(`${thisMonths}T06:00:00+09:00`).getTime()
    ? thisMonths
    : day(addMonths(tokyoMonth(now), -1));
}

/** On a plan's billing day, schedules the charges (06:00 on) of its subscribers whose charges succeed. */
export function scheduleSubscriptionCharges(sim: Simulation, date: string, dayStart: number): void {
  const main = DEMO_MERCHANTS.main;
  for (const { plan, subscribers } of DEMO_SUBSCRIPTIONS) {
    if (Number(date.slice(8)) !== plan.billingDay) continue;
    const lastBilling = lastBillingDate(plan.billingDay, sim.now);
    const monthsAgo = monthsBetween(date.slice(0, 7).replace('-', ''), lastBilling.slice(0, 7).replace('-', ''));
    for (const subscriber of subscribers as readonly {
      customer: number;
      months: number;
      stoppedMonthsAgo?: number;
      failingMonthsAgo?: number;
    }[]) {
      if (monthsAgo > subscriber.months || monthsAgo <= (subscriber.stoppedMonthsAgo ?? -1)) continue;
      if (monthsAgo <= (subscriber.failingMonthsAgo ?? -1)) continue;
      sim.schedule(dayStart + 6 * HOUR + subscriber.customer * MINUTE, (at) => {
        const customer = customerWalletNo(subscriber.customer);
        fund(sim, customer, COIN.coin, plan.price, at);
        sim.ledger.post(
          'PAYMENT',
          main.id,
          at,
          [
            { walletNo: customer, coinId: COIN.coin, amount: -plan.price },
            { walletNo: main.walletNo, coinId: COIN.coin, amount: plan.price },
          ],
          { comment: automaticPaymentComment(plan.name) },
        );
        // Subscription charges are sales like any payment: they count for fees and rebates.
        addSale(sim, main.id, at, COIN.coin, plan.price);
      });
    }
  }
}
