import { SYSTEM_WALLETS } from '../../domain/ledger';
import { closingBefore } from '../../domain/payoutCalendar';
import { PAYOUT_TRANSFER_FEE, payableOf, payoutFee } from '../../domain/payouts';
import { addDays, addMonths, tokyoDate, tokyoMonth } from '../../domain/time';
import { COIN, customerWalletNo, DEMO_MERCHANTS, type DemoMerchant } from '../accounts';
import { DAY, HOUR, MINUTE } from '../calendar';
import { PAYOUT_RATE_BP } from '../fees';
import { addSale, type Simulation } from './simulation';

/**
 * Payouts: at each closing (the 15th, the month's last day) a merchant with a bank account is paid its
 * めぶくコイン balance above the reserve, less the payout fee and the transfer fee. One payout is
 * returned by the bank. seed/payouts.ts records the payouts of these WITHDRAWAL transactions.
 */

/** The comment of a payout the bank returned (seed/payouts.ts marks its payout failed). */
export const PAYOUT_RETURN_COMMENT = '出金の組戻し（口座名義相違）';

/** On a closing day, schedules the payouts of 本店 and 駅前店. */
export function scheduleClosingPayouts(sim: Simulation, date: string, dayStart: number): void {
  if (!date.endsWith('-15') && !addDays(date, 1).endsWith('-01')) return;
  const { main, station } = DEMO_MERCHANTS;
  // 本店 and 駅前店 have bank accounts (seed/payouts.ts); 駅前店's payout of 4 months ago is returned.
  // The payout run closes a period the day after its closing day (06:00), as the operator's daily run.
  const returned = date.endsWith('-15') && tokyoMonth(new Date(dayStart)) === addMonths(tokyoMonth(sim.now), -4);
  sim.schedule(dayStart + 30 * HOUR + main.id * MINUTE, payout(sim, main, false));
  sim.schedule(dayStart + 30 * HOUR + station.id * MINUTE, payout(sim, station, returned));
}

function payout(sim: Simulation, merchant: DemoMerchant, returned: boolean) {
  return (at: number) => {
    const { ledger } = sim;
    const gross = payableOf(ledger.balance(merchant.walletNo, COIN.coin));
    const fee = payoutFee(gross, PAYOUT_RATE_BP);
    const net = gross - fee - PAYOUT_TRANSFER_FEE;
    if (net <= 0) return;
    const fees = fee + PAYOUT_TRANSFER_FEE;
    const id = ledger.post(
      'WITHDRAWAL',
      merchant.id,
      at,
      [
        { walletNo: merchant.walletNo, coinId: COIN.coin, amount: -gross },
        { walletNo: SYSTEM_WALLETS.payouts, coinId: COIN.coin, amount: net },
        { walletNo: SYSTEM_WALLETS.fees, coinId: COIN.coin, amount: fees },
      ],
      { comment: `出金（${closingBefore(tokyoDate(new Date(at))).replaceAll('-', '/')}締め）` },
    );
    if (id === null || !returned) return;
    sim.schedule(at + 18 * DAY, (returnAt) => {
      ledger.post(
        'WITHDRAWAL',
        merchant.id,
        returnAt,
        [
          { walletNo: SYSTEM_WALLETS.payouts, coinId: COIN.coin, amount: -net },
          { walletNo: SYSTEM_WALLETS.fees, coinId: COIN.coin, amount: -fees },
          { walletNo: merchant.walletNo, coinId: COIN.coin, amount: gross },
        ],
        { relatedTransactionId: id, comment: PAYOUT_RETURN_COMMENT },
      );
    });
  };
}

/** The advance payment of a group booking at 本店, minutes before `now` (see scheduleGroupBooking). */
export const GROUP_BOOKING = { amount: 120_000, comment: '団体予約（貸切）の前払い' } as const;

/**
 * A group booking's advance payment to 本店 just before `now`, in めぶくコイン, so that 本店 has a payout
 * due at its next closing on whatever day the demo is seeded (without it, a day just after a closing or
 * a month's fees could leave it below the reserve, and /withdrawalInfo would have nothing to show). It
 * draws nothing from the random sequence, so the rest of the data stays as it was.
 */
export function scheduleGroupBooking(sim: Simulation): void {
  const { main } = DEMO_MERCHANTS;
  const customer = customerWalletNo(main.customers[0]);
  sim.schedule(sim.nowMs - 5 * MINUTE, (at) => {
    sim.ledger.post(
      'RELOAD',
      null,
      at,
      [
        { walletNo: SYSTEM_WALLETS.issuer, coinId: COIN.coin, amount: -GROUP_BOOKING.amount },
        { walletNo: customer, coinId: COIN.coin, amount: GROUP_BOOKING.amount },
      ],
      { comment: 'チャージ（銀行口座）' },
    );
    const id = sim.ledger.post(
      'PAYMENT',
      main.id,
      at,
      [
        { walletNo: customer, coinId: COIN.coin, amount: -GROUP_BOOKING.amount },
        { walletNo: main.walletNo, coinId: COIN.coin, amount: GROUP_BOOKING.amount },
      ],
      { comment: GROUP_BOOKING.comment },
    );
    if (id !== null) addSale(sim, main.id, at, COIN.coin, GROUP_BOOKING.amount);
  });
}
