import type { Insertable } from 'kysely';
import type { MonthlyFeeSummaryTable, RefundApplicationTable } from '../../db/schema';
import { addDays, tokyoDate, tokyoDayStart } from '../../domain/time';
import { DAY, demoCalendar } from '../calendar';
import type { LedgerBuffer } from './ledgerBuffer';
import { addOpenMonths, scheduleMonthEnds } from './monthEnd';
import { scheduleClosingPayouts, scheduleGroupBooking } from './payoutRuns';
import { refundApplicationsOf } from './refundApplications';
import { scheduleDayPayments } from './sales';
import { newSimulation } from './simulation';
import { scheduleCounterReload, scheduleStoreTransfer } from './storeMoney';
import { scheduleSubscriptionCharges } from './subscriptions';

export interface DemoSimulation {
  ledger: LedgerBuffer;
  summaries: Insertable<MonthlyFeeSummaryTable>[];
  refundApplications: Insertable<RefundApplicationTable>[];
}

/**
 * Plays 13 months of the demo's business in memory, in time order: the same `now` gives the same
 * data, and nothing here touches the database. Every event draws from one random sequence, so the
 * order in which a day's events are scheduled below is part of the data.
 */
export function simulateDemo(now: Date): DemoSimulation {
  const sim = newSimulation(now);
  const calendar = demoCalendar(now);
  const { startDate } = calendar;
  const today = tokyoDate(now);
  const totalDays = Math.round((tokyoDayStart(today).getTime() - tokyoDayStart(startDate).getTime()) / DAY) + 1;
  for (let day = 0; day < totalDays; day++) {
    const date = addDays(startDate, day);
    const dayStart = tokyoDayStart(date).getTime();
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const growth = 0.85 + (0.3 * day) / totalDays;
    scheduleDayPayments(sim, { dayStart, growth, weekend });
    scheduleCounterReload(sim, dayStart);
    scheduleSubscriptionCharges(sim, date, dayStart);
    if (day % 9 === 4) scheduleStoreTransfer(sim, dayStart);
    scheduleClosingPayouts(sim, date, dayStart);
  }
  scheduleMonthEnds(sim, calendar);
  scheduleGroupBooking(sim);

  sim.run();

  addOpenMonths(sim, calendar);
  return { ledger: sim.ledger, summaries: sim.summaries, refundApplications: refundApplicationsOf(sim) };
}
