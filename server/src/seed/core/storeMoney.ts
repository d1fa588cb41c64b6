import { SYSTEM_WALLETS } from '../../domain/ledger';
import { COIN, customerWalletNo, DEMO_MERCHANTS } from '../accounts';
import { DAY, HOUR, MINUTE } from '../calendar';
import { TRANSFER_RATE_BP } from '../fees';
import type { Simulation } from './simulation';

/**
 * Money 本店 moves itself: めぶくコイン sold at its counter (a few sales cancelled in cash minutes later)
 * and transfers to 駅前店, less the transfer fee.
 */

const RELOAD_AMOUNTS = [1000, 3000, 5000, 10000];
const main = DEMO_MERCHANTS.main;
const station = DEMO_MERCHANTS.station;

/** On most days, one counter sale between 09:00 and 19:00. */
export function scheduleCounterReload(sim: Simulation, dayStart: number): void {
  const { random } = sim;
  if (random.chance(0.9)) sim.schedule(dayStart + 9 * HOUR + random.int(0, 10 * 60) * MINUTE, sellCoins(sim));
}

function sellCoins(sim: Simulation) {
  return (at: number) => {
    const { ledger, random } = sim;
    const customer = customerWalletNo(random.skewed(main.customers[1]));
    const amount = random.pick(RELOAD_AMOUNTS);
    const id = ledger.post(
      'RELOAD',
      main.id,
      at,
      [
        { walletNo: main.walletNo, coinId: COIN.coin, amount: -amount },
        { walletNo: customer, coinId: COIN.coin, amount },
      ],
      { comment: '店頭チャージ' },
    );
    // A few sales cancelled at random, and one every 20 days whatever the draw, so that any 90 days of
    // history hold some on every date the demo is seeded (the draw is kept: later draws stay as they were).
    const drawn = random.chance(0.04);
    if (id !== null && (drawn || Math.floor(at / DAY) % 20 === 7)) {
      sim.schedule(at + random.int(2, 15) * MINUTE, (cancelAt) => {
        ledger.post(
          'CASH_CANCEL',
          main.id,
          cancelAt,
          [
            { walletNo: customer, coinId: COIN.coin, amount: -amount },
            { walletNo: main.walletNo, coinId: COIN.coin, amount },
          ],
          { relatedTransactionId: id, comment: '店頭チャージ取消' },
        );
      });
    }
  };
}

/** A transfer from 本店 to 駅前店 at 18:00. */
export function scheduleStoreTransfer(sim: Simulation, dayStart: number): void {
  sim.schedule(dayStart + 18 * HOUR, (at) => {
    const amount = sim.random.int(2, 5) * 10000;
    const fee = Math.floor((amount * TRANSFER_RATE_BP) / 10000);
    sim.ledger.post(
      'TRANSFER',
      main.id,
      at,
      [
        { walletNo: main.walletNo, coinId: COIN.coin, amount: -amount },
        { walletNo: station.walletNo, coinId: COIN.coin, amount: amount - fee },
        { walletNo: SYSTEM_WALLETS.fees, coinId: COIN.coin, amount: fee },
      ],
      { comment: '店舗間移動' },
    );
  });
}
