import type { Insertable } from 'kysely';
import type { RefundApplicationTable } from '../../db/schema';
import { COIN, DEMO_MERCHANTS } from '../accounts';
import { DAY, HOUR, MINUTE } from '../calendar';
import type { PaymentRecord, Simulation } from './simulation';

/**
 * Reasons a merchant gives for a refund (migration 0011), handed out in turn: every third application
 * has none, as the reason is optional. Picked by position, not drawn, so the run's random draws (and
 * everything seeded after them) stay the same.
 */
const REASONS = [
  '商品の品切れのため',
  null,
  'お客様のご都合によるキャンセル',
  '金額の入力誤りのため一部返金',
  null,
  '二重にお支払いいただいたため',
  '商品の不良による返品',
  null,
  'サービス提供前のご予約取消',
] as const;

/**
 * Refund applications after the run: a few recent payments waiting for approval (REQUESTED), the
 * approvals behind 本店's last refunds (APPROVED), and two older applications withdrawn (CANCELED);
 * most carry a reason.
 */
export function refundApplicationsOf(sim: Simulation): Insertable<RefundApplicationTable>[] {
  const { random, nowMs, payments, refunds } = sim;
  const rows: Insertable<RefundApplicationTable>[] = [];
  const application = (
    p: PaymentRecord,
    amount: number,
    status: 'REQUESTED' | 'APPROVED' | 'CANCELED',
    at: number,
    refundTransactionId: number | null,
    approvedAt?: number,
  ) => ({
    merchant_id: p.merchant.id,
    wallet_no: p.customer,
    payment_transaction_id: p.id,
    refund_transaction_id: refundTransactionId,
    coin_id: p.coinId,
    amount,
    fee: 0,
    status,
    idempotency_key: null,
    created_at: new Date(at),
    updated_at: new Date(at),
    // Money: refunds (migration 0004): the approval trail.
    approved_at: status === 'APPROVED' ? new Date(approvedAt ?? at) : null,
    canceled_at: status === 'CANCELED' ? new Date(at) : null,
    // Issue 15 (migration 0011): why the merchant refunds.
    reason: REASONS[rows.length % REASONS.length] ?? null,
  });
  // In めぶくコイン only, whatever the day: Top then shows one coin with refunds waiting on every date.
  const recent = (merchantId: number) =>
    payments
      .filter(
        (p) => p.merchant.id === merchantId && p.coinId === COIN.coin && p.refunded === 0 && p.at > nowMs - 14 * DAY,
      )
      .slice(-40);
  const requested = [
    ...recent(DEMO_MERCHANTS.main.id)
      .filter((_, i) => i % 9 === 0)
      .slice(0, 4),
    ...recent(DEMO_MERCHANTS.station.id).slice(-1),
  ];
  for (const p of requested) {
    const amount = random.chance(0.5) ? p.amount : Math.max(10, Math.floor(p.amount / 20) * 10);
    rows.push(application(p, amount, 'REQUESTED', Math.min(nowMs - MINUTE, p.at + random.int(5, 600) * MINUTE), null));
  }
  for (const r of refunds.filter((r) => r.payment.merchant.id === DEMO_MERCHANTS.main.id).slice(-8)) {
    rows.push(application(r.payment, r.amount, 'APPROVED', r.at - random.int(5, 120) * MINUTE, r.id, r.at));
  }
  const older = payments.filter(
    (p) =>
      p.merchant.id === DEMO_MERCHANTS.main.id && p.coinId === COIN.coin && p.refunded === 0 && p.at < nowMs - 30 * DAY,
  );
  for (const p of older.slice(-2)) rows.push(application(p, p.amount, 'CANCELED', p.at + HOUR, null));
  return rows;
}
