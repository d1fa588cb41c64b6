import type { Insertable } from 'kysely';
import type { RefundApplicationTable } from '../../db/schema';
import { COIN, DEMO_MERCHANTS } from '../accounts';
import { DAY, HOUR, MINUTE } from '../calendar';
import type { PaymentRecord, Simulation } from './simulation';

/**
 * Refund applications after the run: a few recent payments waiting for approval (REQUESTED), the
 * approvals behind 本店's last refunds (APPROVED), and two older applications withdrawn (CANCELED).
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
  });
  const recent = (merchantId: number) =>
    payments
      .filter(
        (p) => p.merchant.id === merchantId && p.coinId !== COIN.point && p.refunded === 0 && p.at > nowMs - 14 * DAY,
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
