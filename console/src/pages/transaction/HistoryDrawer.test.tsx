import { TRANSACTION_TYPE_LABELS, type TransactionDetail } from '@coin/contract';
import { describe, expect, it, vi } from 'vitest';
import { inputValueOf, renderHtml, textOf } from '@/components/pageTesting';
import RefundSteps from '@/components/refund/RefundSteps';
import { refundTargetOf, TransactionDetailView } from './HistoryDrawer';

// The app's client and session need a browser: nothing here calls the server on first render.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

const payment: TransactionDetail = {
  wallet_no: '1234567890',
  transaction_id: 4812,
  created_at: '2026-11-20T01:00:00.000Z',
  type: 'PAYMENT',
  comment: 'ランチセット',
  balances: [
    { id: 1, name: 'めぶくコイン', amount: 152_300 },
    { id: 2, name: 'ポイント', amount: 800 },
  ],
  entries: [{ coin_id: 1, coin_name: 'めぶくコイン', amount: 3000, balance: 152_300, counterparty: '5100000007' }],
  fee_included: 0,
  fee_charged: 0,
  refundable_remaining: 1200,
};
const transfer: TransactionDetail = {
  ...payment,
  transaction_id: 4900,
  type: 'TRANSFER',
  comment: null,
  entries: [{ coin_id: 1, coin_name: 'めぶくコイン', amount: -1010, balance: 151_290, counterparty: '駅前店' }],
  fee_included: 10,
  refundable_remaining: null,
};

const view = (detail: TransactionDetail, refund: Parameters<typeof TransactionDetailView>[0]['refund']) =>
  renderHtml(<TransactionDetailView detail={detail} refund={refund} />);
const ownerPart = (detail: TransactionDetail) => ({ target: refundTargetOf(detail), onOpen: () => {}, form: null });

describe('the transaction detail', () => {
  it('shows amount, coin, type, counterparty, fee, balance after and comment', () => {
    const text = textOf(view(payment, null));
    for (const shown of [
      '取引ID 4812',
      '日時 2026/11/20 10:00',
      `種別 ${TRANSACTION_TYPE_LABELS.PAYMENT}`,
      'コイン めぶくコイン',
      '金額 +3,000',
      '相手先 5100000007',
      '取引後残高 152,300',
      '手数料 なし',
      'コメント ランチセット',
      '返金可能残額 1,200',
    ]) {
      expect(text).toContain(shown);
    }
    // Every coin's balance right after it.
    expect(text).toContain('この取引の直後の残高');
    expect(text).toContain('ポイント 800');
  });

  it('says a fee taken from the amount, a negative amount, and a missing comment', () => {
    const html = view(transfer, null);
    const text = textOf(html);
    expect(text).toContain('金額 −1,010');
    expect(text).toContain('手数料 10（金額に含む）');
    expect(text).toContain('コメント コメントはありません');
    expect(text).not.toContain('返金可能残額');
    expect(text).not.toContain('返金する');
    expect(textOf(view({ ...transfer, type: 'REFUND', fee_included: 0, fee_charged: 5 }, null))).toContain(
      '手数料 5（別の取引で引き落とし）',
    );
  });

  it('offers the Owner 返金する for a payment with something left, and says when nothing is', () => {
    expect(textOf(view(payment, ownerPart(payment)))).toContain('返金する');
    // Not an Owner (the drawer passes no refund part): no button.
    expect(textOf(view(payment, null))).not.toContain('返金する');
    const spent = { ...payment, refundable_remaining: 0 };
    expect(refundTargetOf(spent)).toBeNull();
    const text = textOf(view(spent, ownerPart(spent)));
    expect(text).not.toContain('返金する');
    expect(text).toContain('この支払いは全額が返金済みか返金申請中です');
  });

  it('opens the refund form with what is left filled in, a reason field and the way back', () => {
    const target = refundTargetOf(payment);
    expect(target).toEqual({
      transaction_id: 4812,
      created_at: payment.created_at,
      coin_name: 'めぶくコイン',
      amount: 3000,
      refundable_remaining: 1200,
    });
    if (!target) return;
    const form = (
      <RefundSteps walletNo={payment.wallet_no} payment={target} onCancel={() => {}} cancelLabel="キャンセル" />
    );
    const html = view(payment, { target, onOpen: () => {}, form });
    const text = textOf(html);
    expect(text).toContain('返金の内容');
    expect(text).toContain('取引ID 4812（2026/11/20 10:00）：めぶくコイン 3,000 の支払い');
    expect(text).toContain('返金可能残額は 1,200 です');
    expect(inputValueOf(html, '返金額')).toBe('1,200');
    expect(html).toMatch(/<label[^>]*>返金理由（任意）/);
    expect(html).toContain('<textarea');
    expect(text).toContain('確認');
    expect(text).toContain('キャンセル');
    // The form replaces the button.
    expect(text).not.toContain('返金する');
  });
});
