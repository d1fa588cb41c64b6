import type { Insertable } from 'kysely';
import { Random } from '../../db/random';
import type { MonthlyFeeSummaryTable } from '../../db/schema';
import { tokyoMonth } from '../../domain/time';
import { COIN, type DemoMerchant } from '../accounts';
import { demoCalendar, MINUTE } from '../calendar';
import { paymentRateBp } from '../fees';
import { LedgerBuffer } from './ledgerBuffer';
import { Timeline } from './timeline';

/** The random seed of the demo's business (the benchmark payments derive theirs from it). */
export const DEMO_SEED = 20261122;

export interface PaymentRecord {
  id: number;
  merchant: DemoMerchant;
  customer: string;
  coinId: number;
  amount: number;
  refunded: number;
  at: number;
}

export interface RefundRecord {
  id: number;
  payment: PaymentRecord;
  amount: number;
  at: number;
}

/**
 * What the events of the simulated business share: one random sequence, the timeline that runs them
 * in time order (an event may schedule later ones), the ledger they post to, and what later events
 * and the rows after the run need (payments, refunds, monthly sales, fee summaries).
 */
export interface Simulation {
  readonly now: Date;
  readonly nowMs: number;
  readonly random: Random;
  readonly ledger: LedgerBuffer;
  schedule(at: number, run: (at: number) => void): void;
  readonly payments: PaymentRecord[];
  readonly refunds: RefundRecord[];
  /** The month (YYYYMM) 本店's payment fee rate changed. */
  readonly rateChangeMonth: string;
  /**
   * `${merchantId}:${month}` → the month's payment fees: each payment's fee (every coin) at the rate
   * of its day, rounded down one by one, as the fee detail (domain/fees.ts txFees) computes them, so
   * that the monthly summary and its detail agree.
   */
  readonly paymentFees: Map<string, number>;
  /** The same, めぶくコイン only (rebates). */
  readonly coinVolume: Map<string, number>;
  readonly summaries: Insertable<MonthlyFeeSummaryTable>[];
  /** Runs every scheduled event (those at or after a minute before `now` are dropped). */
  run(): void;
}

export function newSimulation(now: Date): Simulation {
  const nowMs = now.getTime();
  const timeline = new Timeline(nowMs - MINUTE);
  return {
    now,
    nowMs,
    random: new Random(DEMO_SEED),
    ledger: new LedgerBuffer(1, 1),
    schedule: (at, run) => timeline.schedule(at, run),
    payments: [],
    refunds: [],
    rateChangeMonth: demoCalendar(now).rateChangeMonth,
    paymentFees: new Map(),
    coinVolume: new Map(),
    summaries: [],
    run: () => timeline.run(),
  };
}

/** Counts a sale of a merchant for its month's fees (every coin) and rebates (めぶくコイン). */
export function addSale(sim: Simulation, merchantId: number, at: number, coinId: number, amount: number): void {
  const month = tokyoMonth(new Date(at));
  const key = `${merchantId}:${month}`;
  const fee = Math.floor((amount * paymentRateBp(merchantId, month, sim.rateChangeMonth)) / 10000);
  sim.paymentFees.set(key, (sim.paymentFees.get(key) ?? 0) + fee);
  if (coinId === COIN.coin) sim.coinVolume.set(key, (sim.coinVolume.get(key) ?? 0) + amount);
}
