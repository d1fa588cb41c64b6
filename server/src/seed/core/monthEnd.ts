import type { FeeStatus } from '../../db/schema';
import { SYSTEM_WALLETS } from '../../domain/ledger';
import { addMonths, tokyoMonthStart } from '../../domain/time';
import { COIN, type DemoMerchant, MERCHANT_LIST } from '../accounts';
import { DAY, type DemoCalendar, HOUR, MINUTE } from '../calendar';
import type { Simulation } from './simulation';

/**
 * After each month: the merchants' rebates (5th, めぶくコイン sales), and their payment fees settled
 * from the balance (10th) or in cash; months whose settlement day has not come are left open.
 */

/** Rebates paid to merchants: the monthly one, and a campaign's. */
export const REBATE_CAMPAIGNS = {
  standard: { name: '加盟店リベート', rateBp: 50 },
  campaign: { name: 'キャッシュレス還元キャンペーン', rateBp: 100 },
} as const;
type RebateCampaign = { readonly name: string; readonly rateBp: number };

const monthLabel = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(4))}月分`;

/** Schedules every month's rebates and fee settlements, on the 5th and the 10th of the month after. */
export function scheduleMonthEnds(sim: Simulation, calendar: DemoCalendar): void {
  const { startMonth, currentMonth } = calendar;
  for (let index = 0, month = startMonth; month <= currentMonth; index++, month = addMonths(month, 1)) {
    const next = tokyoMonthStart(addMonths(month, 1)).getTime();
    for (const merchant of MERCHANT_LIST) {
      sim.schedule(next + 4 * DAY + 10 * HOUR + merchant.id * MINUTE, rebate(sim, merchant, month));
      // A campaign two months ago paid an extra rebate to the group's merchants.
      if (month === addMonths(currentMonth, -2) && merchant.groupId !== null) {
        sim.schedule(
          next + 4 * DAY + 11 * HOUR + merchant.id * MINUTE,
          rebate(sim, merchant, month, REBATE_CAMPAIGNS.campaign),
        );
      }
      sim.schedule(next + 9 * DAY + 9 * HOUR + merchant.id * MINUTE, settleFees(sim, merchant, month, index));
    }
  }
}

/** After the run: the fee summaries of the months whose settlement day has not come yet (UNSETTLED). */
export function addOpenMonths(sim: Simulation, calendar: DemoCalendar): void {
  const { startMonth, currentMonth } = calendar;
  for (let month = startMonth; month <= currentMonth; month = addMonths(month, 1)) {
    for (const merchant of MERCHANT_LIST) {
      if (sim.summaries.some((s) => s.merchant_id === merchant.id && s.summarized_month === month)) continue;
      const amount = sim.paymentFees.get(`${merchant.id}:${month}`) ?? 0;
      sim.summaries.push({
        merchant_id: merchant.id,
        summarized_month: month,
        amount,
        tax: Math.floor(amount / 10),
        status: 'UNSETTLED',
        settlement_transaction_id: null,
      });
    }
  }
}

function settleFees(sim: Simulation, merchant: DemoMerchant, month: string, index: number) {
  return (at: number) => {
    const amount = sim.paymentFees.get(`${merchant.id}:${month}`) ?? 0;
    const tax = Math.floor(amount / 10);
    let status: FeeStatus = index % 5 === 3 ? 'CASH_SETTLED' : 'SETTLED';
    let settlementId: number | null = null;
    if (status === 'SETTLED' && amount + tax > 0) {
      settlementId = sim.ledger.post(
        'FEE',
        merchant.id,
        at,
        [
          { walletNo: merchant.walletNo, coinId: COIN.coin, amount: -(amount + tax) },
          { walletNo: SYSTEM_WALLETS.fees, coinId: COIN.coin, amount: amount + tax },
        ],
        { comment: `${monthLabel(month)} 決済手数料` },
      );
      if (settlementId === null) status = 'CASH_SETTLED';
    }
    sim.summaries.push({
      merchant_id: merchant.id,
      summarized_month: month,
      amount,
      tax,
      status,
      settlement_transaction_id: settlementId,
    });
  };
}

function rebate(
  sim: Simulation,
  merchant: DemoMerchant,
  month: string,
  campaign: RebateCampaign = REBATE_CAMPAIGNS.standard,
) {
  return (at: number) => {
    const amount = Math.floor(((sim.coinVolume.get(`${merchant.id}:${month}`) ?? 0) * campaign.rateBp) / 10_000);
    if (amount <= 0) return;
    sim.ledger.post(
      'REBATE',
      merchant.id,
      at,
      [
        { walletNo: SYSTEM_WALLETS.issuer, coinId: COIN.coin, amount: -amount },
        { walletNo: merchant.walletNo, coinId: COIN.coin, amount },
      ],
      { comment: `${monthLabel(month)} ${campaign.name}` },
    );
  };
}
