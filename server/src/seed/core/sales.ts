import { SYSTEM_WALLETS } from '../../domain/ledger';
import { COIN, customerWalletNo, type DemoMerchant, MERCHANT_LIST } from '../accounts';
import { HOUR, MINUTE } from '../calendar';
import { addSale, type PaymentRecord, type Simulation } from './simulation';

/**
 * Customers paying the demo merchants (めぶくコイン, points or premium vouchers), topped up from the
 * issuer when a payment needs more than their balance, and refunds of some of those payments.
 */

export const PRICES = [380, 420, 450, 480, 520, 550, 600, 650, 680, 750, 820, 880, 980, 1200, 1480, 1800, 2400, 3200];

/** Tops a customer up from the issuer just before `at` when a payment needs more than the balance. */
export function fund(sim: Simulation, customer: string, coinId: number, needed: number, at: number): void {
  const { ledger, random } = sim;
  const missing = needed - ledger.balance(customer, coinId);
  if (missing <= 0) return;
  const fundAt = Math.max(ledger.lastAt, at - random.int(1, 90) * MINUTE);
  // Points arrive as a campaign rebate; coins and vouchers are bought in round units.
  let topUp: { type: 'REBATE' | 'RELOAD'; amount: number; comment: string };
  if (coinId === COIN.point) {
    topUp = {
      type: 'REBATE',
      amount: Math.max(missing, random.int(5, 20) * 100),
      comment: 'キャンペーンポイント付与',
    };
  } else {
    const unit = coinId === COIN.voucher ? 5000 : random.pick([3000, 5000, 10000, 20000]);
    topUp = {
      type: 'RELOAD',
      amount: Math.ceil(missing / unit) * unit,
      comment: coinId === COIN.voucher ? 'プレミアム商品券 購入' : 'チャージ（銀行口座）',
    };
  }
  ledger.post(
    topUp.type,
    null,
    fundAt,
    [
      { walletNo: SYSTEM_WALLETS.issuer, coinId, amount: -topUp.amount },
      { walletNo: customer, coinId, amount: topUp.amount },
    ],
    { comment: topUp.comment },
  );
}

/** Schedules a day's payments at every merchant, between 08:00 and 21:00. */
export function scheduleDayPayments(
  sim: Simulation,
  { dayStart, growth, weekend }: { dayStart: number; growth: number; weekend: boolean },
): void {
  const { random } = sim;
  for (const merchant of MERCHANT_LIST) {
    const expected = merchant.paymentsPerDay * growth * (weekend ? 1.3 : 1);
    const count = Math.max(0, Math.round(expected * (0.6 + 0.8 * random.next())));
    for (let i = 0; i < count; i++)
      sim.schedule(dayStart + 8 * HOUR + random.int(0, 13 * 60 - 1) * MINUTE, pay(sim, merchant));
  }
}

/** A customer of the merchant pays for something; a few payments are refunded within three days. */
function pay(sim: Simulation, merchant: DemoMerchant) {
  return (at: number) => {
    const { ledger, random } = sim;
    const customer = customerWalletNo(
      merchant.customers[0] + random.skewed(merchant.customers[1] - merchant.customers[0]),
    );
    const r = random.next();
    const coinId = r < 0.72 ? COIN.coin : r < 0.87 ? COIN.point : COIN.voucher;
    const amount = coinId === COIN.point ? random.int(5, 50) * 10 : random.pick(PRICES);
    fund(sim, customer, coinId, amount, at);
    const id = ledger.post(
      'PAYMENT',
      merchant.id,
      at,
      [
        { walletNo: customer, coinId, amount: -amount },
        { walletNo: merchant.walletNo, coinId, amount },
      ],
      { comment: random.chance(0.05) ? 'テイクアウト' : null },
    );
    if (id === null) return;
    const record: PaymentRecord = { id, merchant, customer, coinId, amount, refunded: 0, at };
    sim.payments.push(record);
    addSale(sim, merchant.id, at, coinId, amount);
    if (coinId !== COIN.point && random.chance(merchant.refundRate)) {
      sim.schedule(at + random.int(10, 3 * 24 * 60) * MINUTE, refund(sim, record));
    }
  };
}

/** The merchant refunds a payment, in full or in part. */
function refund(sim: Simulation, payment: PaymentRecord) {
  return (at: number) => {
    const { ledger, random } = sim;
    const amount = random.chance(0.6)
      ? payment.amount
      : Math.max(10, Math.round((payment.amount * random.int(3, 9)) / 100) * 10);
    const id = ledger.post(
      'REFUND',
      payment.merchant.id,
      at,
      [
        { walletNo: payment.merchant.walletNo, coinId: payment.coinId, amount: -amount },
        { walletNo: payment.customer, coinId: payment.coinId, amount },
      ],
      { relatedTransactionId: payment.id, comment: amount === payment.amount ? '返金（全額）' : '返金（一部）' },
    );
    if (id !== null) {
      payment.refunded += amount;
      sim.refunds.push({ id, payment, amount, at });
    }
  };
}
