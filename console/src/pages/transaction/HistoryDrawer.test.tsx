import { ROLES, type Role, TRANSACTION_TYPE_LABELS, type TransactionDetail } from '@coin/contract';
import { describe, expect, it, vi } from 'vitest';
import { inputValueOf, renderHtml, textOf } from '@/components/pageTesting';
import RefundSteps from '@/components/refund/RefundSteps';
import { receiptPaymentOf, refundStateOf, refundTargetOf, TransactionDetailView } from './HistoryDrawer';

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
/** The refund part the drawer gives a role for a detail (null: not a payment into the wallet). */
const partFor = (detail: TransactionDetail, role: Role) => {
  const state = refundStateOf(detail, role);
  return state && { state, onOpen: () => {}, form: null };
};
const ownerPart = (detail: TransactionDetail) => partFor(detail, 'Owner');

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
    const spent = { ...payment, refundable_remaining: 0 };
    expect(refundTargetOf(spent)).toBeNull();
    const text = textOf(view(spent, ownerPart(spent)));
    expect(text).not.toContain('返金する');
    expect(text).toContain('この支払いは全額が返金済みか返金申請中です');
  });

  // Issue 25: a payment opened from anywhere offers its refund or says why not, never a bare figure.
  it.each(ROLES.filter((role) => role !== 'Owner'))(
    'tells a %s beside what is left that only an Owner requests refunds, and whom to ask',
    (role) => {
      expect(refundStateOf(payment, role)).toEqual({ kind: 'rolesOnly', roles: ['Owner'] });
      const text = textOf(view(payment, partFor(payment, role)));
      expect(text).toContain('返金可能残額 1,200');
      expect(text).toContain('返金の申請はオーナーのみ行えます。返金が必要な場合はオーナーに依頼してください');
      expect(text).not.toContain('返金する');
    },
  );

  it('says why not to every role: nothing left, or a coin that takes no refunds', () => {
    const spent = { ...payment, refundable_remaining: 0 };
    const points = { ...payment, refundable_remaining: null };
    for (const role of ROLES) {
      expect(refundStateOf(spent, role), role).toEqual({ kind: 'nothingLeft' });
      expect(textOf(view(spent, partFor(spent, role)))).toContain('この支払いは全額が返金済みか返金申請中です');
      expect(refundStateOf(points, role), role).toEqual({ kind: 'coinNotRefundable' });
      const text = textOf(view(points, partFor(points, role)));
      expect(text).toContain('このコインの支払いは返金できません');
      expect(text).not.toContain('返金する');
    }
  });

  it('says nothing of refunds for what is no payment into the wallet', () => {
    for (const role of ROLES) {
      expect(refundStateOf(transfer, role)).toBeNull();
      // A payment the merchant made (money out) is not the merchant's to refund.
      const paidOut = {
        ...payment,
        entries: [{ ...transfer.entries[0], amount: -500 }] as TransactionDetail['entries'],
        refundable_remaining: null,
      };
      expect(refundStateOf(paidOut, role)).toBeNull();
    }
    const text = textOf(view(transfer, partFor(transfer, 'Manager')));
    expect(text).not.toContain('返金');
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
    const html = view(payment, { state: { kind: 'offer', target }, onOpen: () => {}, form });
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

describe("a payment's receipt", () => {
  it('is offered for a payment into the wallet, whatever is left to refund', () => {
    expect(receiptPaymentOf(payment)).toEqual({ transactionId: 4812, amount: 3000, coinName: 'めぶくコイン' });
    expect(receiptPaymentOf({ ...payment, refundable_remaining: 0 })).not.toBeNull();
    const html = renderHtml(
      <TransactionDetailView detail={payment} refund={ownerPart(payment)} onReceipt={() => {}} />,
    );
    expect(textOf(html)).toContain('返金する 領収書を発行');
  });

  it('is not offered for a transfer or a payment the merchant made', () => {
    expect(receiptPaymentOf(transfer)).toBeNull();
    const paidOut = { ...payment, entries: [{ ...transfer.entries[0], amount: -500 }] as TransactionDetail['entries'] };
    expect(receiptPaymentOf(paidOut)).toBeNull();
    expect(textOf(view(transfer, null))).not.toContain('領収書');
  });
});
