import type { WalletHistory } from '@coin/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletKeys } from '@/api/wallets';
import { renderHtml, TEST_MERCHANT, testQueryClient, textOf } from '@/components/pageTesting';
import { recentPeriod } from './paymentPeriod';
import RequestRefundPage from './RequestRefundPage';

// The app's client and session need a browser: the page reads its data from the cache the test fills.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

const row = (
  transactionId: number,
  amount: number,
  remaining: number | null,
  coin = 'めぶくコイン',
): WalletHistory => ({
  transaction_id: transactionId,
  created_at: '2026-11-20T01:00:00.000Z',
  type: 'PAYMENT',
  coin_id: coin === 'めぶくコイン' ? 1 : 2,
  coin_name: coin,
  amount,
  balance: 100_000,
  counterparty: '5100000007',
  comment: null,
  refundable_remaining: remaining,
});

describe('RequestRefundPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T03:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("shows each payment's remaining refundable amount and offers only those with something left", () => {
    const client = testQueryClient();
    const period = recentPeriod(30);
    client.setQueryData(
      walletKeys.list(TEST_MERCHANT.wallet_no, {
        start_date: period.from,
        end_date: period.to,
        type: 'PAYMENT',
        limit: 20,
        offset: 1,
      }),
      {
        items: [row(101, 3000, 1200), row(102, 500, 0), row(103, 800, null, 'ポイント')],
        total: 3,
        limit: 20,
        offset: 1,
      },
    );
    const html = renderHtml(<RequestRefundPage />, client);
    const text = textOf(html);
    expect(text).toContain('返金可能残額');
    /** The text of the table row of a payment. */
    const rowText = (id: number) => textOf(html.split('<tr').find((tr) => tr.includes(`取引ID ${id}<`)) ?? '');
    // One button, for the payment with something left.
    expect(html.match(/aria-label="支払い \d+ を選択"/g)).toEqual(['aria-label="支払い 101 を選択"']);
    expect(rowText(101)).toMatch(/3,000.*1,200/);
    expect(rowText(102)).toMatch(/残額なし.*500.* 0 /);
    expect(rowText(103)).toMatch(/返金不可.*800.*—/);
    // No form until a payment is chosen.
    expect(text).not.toContain('返金の内容');
  });
});
