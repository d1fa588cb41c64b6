import { describe, expect, it } from 'vitest';
import { SYSTEM_WALLETS } from '../../domain/ledger';
import { DEMO_MERCHANTS } from '../accounts';
import { simulateDemo } from './simulate';

describe('simulateDemo', () => {
  const now = new Date('2026-11-22T05:00:00Z');

  it('is deterministic for the same start', () => {
    const a = simulateDemo(now);
    const b = simulateDemo(now);
    expect(b.ledger.tx).toEqual(a.ledger.tx);
    expect(b.ledger.entry).toEqual(a.ledger.entry);
    expect(b.summaries).toEqual(a.summaries);
    expect(b.refundApplications).toEqual(a.refundApplications);
  });

  it('follows the start date: everything lies in the 13 months before it', () => {
    const later = new Date(now.getTime() + 40 * 86_400_000);
    const { ledger } = simulateDemo(later);
    const times = ledger.tx.createdAt.map((t) => Date.parse(t));
    expect(Math.max(...times)).toBeLessThan(later.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(later.getTime() - 397 * 86_400_000);
    expect(ledger.entry.walletNo.filter((w) => w === DEMO_MERCHANTS.main.walletNo).length).toBeGreaterThanOrEqual(5000);
  });

  it('keeps every balance but the issuer non-negative', () => {
    const { ledger } = simulateDemo(now);
    for (const [key, amount] of ledger.balances) {
      if (!key.startsWith(SYSTEM_WALLETS.issuer)) expect(amount, key).toBeGreaterThanOrEqual(0);
    }
    const negativeSteps = ledger.entry.balanceAfter.filter(
      (after, i) => after < 0 && ledger.entry.walletNo[i] !== SYSTEM_WALLETS.issuer,
    );
    expect(negativeSteps).toEqual([]);
  });

  it('leaves a few refund applications REQUESTED, within what their payments allow', () => {
    const { refundApplications, ledger } = simulateDemo(now);
    const requested = refundApplications.filter((r) => r.status === 'REQUESTED');
    expect(requested.length).toBeGreaterThanOrEqual(3);
    for (const r of requested) {
      const index = ledger.entry.transactionId.findIndex(
        (id, i) => id === r.payment_transaction_id && (ledger.entry.amount[i] ?? 0) > 0,
      );
      expect(r.amount).toBeLessThanOrEqual(ledger.entry.amount[index] ?? 0);
    }
  });
});
