import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { addDays, tokyoDate } from '../domain/time';
import { DEMO_MERCHANTS, MERCHANT_LIST } from './accounts';
import { demoCalendar } from './calendar';

/** The demo's fee rates (in basis points) and fee limits. */

type Trx = Transaction<Database>;

/** Payment fee: 3.25 %, and 3.00 % for 本店 since its rate changed. */
const PAYMENT_RATE_BP = 325;
const MAIN_PAYMENT_RATE_BP = 300;
/** Transfers between merchants: 1 % of the amount, paid to the fees wallet. */
export const TRANSFER_RATE_BP = 100;
/** Payouts: the payout fee, 0.3 % of the amount paid out. */
export const PAYOUT_RATE_BP = 30;
/** Money: refunds — 1 % of a refunded amount, charged to the merchant on approval. */
export const REFUND_RATE_BP = 100;

/** The payment fee rate of a merchant in a month (YYYYMM), given the month 本店's rate changed. */
export const paymentRateBp = (merchantId: number, month: string, rateChangeMonth: string) =>
  merchantId === DEMO_MERCHANTS.main.id && month >= rateChangeMonth ? MAIN_PAYMENT_RATE_BP : PAYMENT_RATE_BP;

export async function insertFees(trx: Trx, { now }: { now: Date }): Promise<void> {
  const { startDate, rateChangeMonth } = demoCalendar(now);
  await trx
    .insertInto('fee_rates')
    .values(
      MERCHANT_LIST.flatMap((m) => [
        { merchant_id: m.id, type: 'PAYMENT' as const, rate_bp: PAYMENT_RATE_BP, valid_from: addDays(startDate, -400) },
        {
          merchant_id: m.id,
          type: 'TRANSFER' as const,
          rate_bp: TRANSFER_RATE_BP,
          valid_from: addDays(startDate, -400),
        },
        // Payouts: the payout fee.
        {
          merchant_id: m.id,
          type: 'WITHDRAWAL' as const,
          rate_bp: PAYOUT_RATE_BP,
          valid_from: addDays(startDate, -400),
        },
        // Money: refunds — the refund fee, introduced today (the demo's past refunds carried none).
        { merchant_id: m.id, type: 'REFUND' as const, rate_bp: REFUND_RATE_BP, valid_from: tokyoDate(now) },
        ...(m.id === DEMO_MERCHANTS.main.id
          ? [
              {
                merchant_id: m.id,
                type: 'PAYMENT' as const,
                rate_bp: MAIN_PAYMENT_RATE_BP,
                valid_from: `${rateChangeMonth.slice(0, 4)}-${rateChangeMonth.slice(4)}-01`,
              },
            ]
          : []),
      ]),
    )
    .execute();
  await trx
    .insertInto('fee_limits')
    .values([
      { user_type: 'MERCHANT', limit_amount: 1_000_000, valid_from: addDays(startDate, -400) },
      { user_type: 'CUSTOMER', limit_amount: 300_000, valid_from: addDays(startDate, -400) },
      { user_type: 'CUSTOMER', limit_amount: 500_000, valid_from: addDays(startDate, 120) },
    ])
    .execute();
}
