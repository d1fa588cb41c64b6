// @vitest-environment happy-dom
import { ROLES, type Role, TRANSACTION_TYPE_LABELS, type TransactionDetail } from '@coin/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { factOf, fieldByLabel, mount } from '@/components/formTesting';
import { testQueryClient } from '@/components/pageTesting';
import RefundSteps from '@/components/refund/RefundSteps';
import { receiptPaymentOf, refundStateOf, refundTargetOf, TransactionDetailView } from './HistoryDrawer';

// The app's client and session need a browser: nothing here calls the server.
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

/** Shows the detail (only it: what an earlier call showed is unmounted). */
async function view(
  detail: TransactionDetail,
  refund: Parameters<typeof TransactionDetailView>[0]['refund'],
  onReceipt?: () => void,
) {
  cleanup();
  await mount(<TransactionDetailView detail={detail} refund={refund} onReceipt={onReceipt} />, testQueryClient());
}
/** Whether the page shows `text` (in an element's own text, whole or in part). */
const shows = (text: string) => screen.queryAllByText(text, { exact: false }).length > 0;
const hasButton = (name: string) => screen.queryByRole('button', { name }) !== null;
/** The refund part the drawer gives a role for a detail (null: not a payment into the wallet). */
const partFor = (detail: TransactionDetail, role: Role) => {
  const state = refundStateOf(detail, role);
  return state && { state, onOpen: () => {}, form: null };
};
const ownerPart = (detail: TransactionDetail) => partFor(detail, 'Owner');

describe('the transaction detail', () => {
  it('shows amount, coin, type, counterparty, fee, balance after and comment', async () => {
    await view(payment, null);
    for (const [label, value] of [
      ['取引ID', '4812'],
      ['日時', '2026/11/20 10:00'],
      ['種別', TRANSACTION_TYPE_LABELS.PAYMENT],
      ['コイン', 'めぶくコイン'],
      ['金額', '+3,000'],
      ['相手先', '5100000007'],
      ['取引後残高', '152,300'],
      ['手数料', 'なし'],
      ['コメント', 'ランチセット'],
      ['返金可能残額', '1,200'],
    ] as const) {
      expect(factOf(label), label).toBe(value);
    }
    // Every coin's balance right after it.
    const balances = screen.getByRole('table', { name: 'この取引の直後の残高' });
    expect(within(balances).getByRole('row', { name: 'ポイント 800' })).toBeTruthy();
  });

  it('says a fee taken from the amount, a negative amount, and a missing comment', async () => {
    await view(transfer, null);
    expect(factOf('金額')).toBe('−1,010');
    expect(factOf('手数料')).toBe('10（金額に含む）');
    expect(factOf('コメント')).toBe('コメントはありません');
    expect(shows('返金可能残額')).toBe(false);
    expect(hasButton('返金する')).toBe(false);
    await view({ ...transfer, type: 'REFUND', fee_included: 0, fee_charged: 5 }, null);
    expect(factOf('手数料')).toBe('5（別の取引で引き落とし）');
  });

  it('offers the Owner 返金する for a payment with something left, and says when nothing is', async () => {
    await view(payment, ownerPart(payment));
    expect(hasButton('返金する')).toBe(true);
    const spent = { ...payment, refundable_remaining: 0 };
    expect(refundTargetOf(spent)).toBeNull();
    await view(spent, ownerPart(spent));
    expect(hasButton('返金する')).toBe(false);
    expect(shows('この支払いは全額が返金済みか返金申請中です')).toBe(true);
  });

  // Issue 25: a payment opened from anywhere offers its refund or says why not, never a bare figure.
  it.each(ROLES.filter((role) => role !== 'Owner'))(
    'tells a %s beside what is left that only an Owner requests refunds, and whom to ask',
    async (role) => {
      expect(refundStateOf(payment, role)).toEqual({ kind: 'rolesOnly', roles: ['Owner'] });
      await view(payment, partFor(payment, role));
      expect(factOf('返金可能残額')).toBe('1,200');
      expect(shows('返金の申請はオーナーのみ行えます。返金が必要な場合はオーナーに依頼してください')).toBe(true);
      expect(hasButton('返金する')).toBe(false);
    },
  );

  it('says why not to every role: nothing left, or a coin that takes no refunds', async () => {
    const spent = { ...payment, refundable_remaining: 0 };
    const points = { ...payment, refundable_remaining: null };
    for (const role of ROLES) {
      expect(refundStateOf(spent, role), role).toEqual({ kind: 'nothingLeft' });
      await view(spent, partFor(spent, role));
      expect(shows('この支払いは全額が返金済みか返金申請中です')).toBe(true);
      expect(refundStateOf(points, role), role).toEqual({ kind: 'coinNotRefundable' });
      await view(points, partFor(points, role));
      expect(shows('このコインの支払いは返金できません')).toBe(true);
      expect(hasButton('返金する')).toBe(false);
    }
  });

  it('says nothing of refunds for what is no payment into the wallet', async () => {
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
    await view(transfer, partFor(transfer, 'Manager'));
    expect(shows('返金')).toBe(false);
  });

  it('opens the refund form with what is left filled in, a reason field and the way back', async () => {
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
    await view(payment, { state: { kind: 'offer', target }, onOpen: () => {}, form });
    expect(shows('返金の内容')).toBe(true);
    expect(shows('取引ID 4812（2026/11/20 10:00）：めぶくコイン 3,000 の支払い')).toBe(true);
    expect(shows('返金可能残額は 1,200 です')).toBe(true);
    expect(fieldByLabel('返金額').value).toBe('1,200');
    expect(fieldByLabel('返金理由（任意）').tagName.toLowerCase()).toBe('textarea');
    expect(hasButton('確認')).toBe(true);
    expect(hasButton('キャンセル')).toBe(true);
    // The form replaces the button.
    expect(hasButton('返金する')).toBe(false);
  });
});

describe("a payment's receipt", () => {
  it('is offered for a payment into the wallet, whatever is left to refund', async () => {
    expect(receiptPaymentOf(payment)).toEqual({ transactionId: 4812, amount: 3000, coinName: 'めぶくコイン' });
    expect(receiptPaymentOf({ ...payment, refundable_remaining: 0 })).not.toBeNull();
    await view(payment, ownerPart(payment), () => {});
    // Beside 返金する, after it.
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons.indexOf('領収書を発行')).toBe(buttons.indexOf('返金する') + 1);
  });

  it('is not offered for a transfer or a payment the merchant made', async () => {
    expect(receiptPaymentOf(transfer)).toBeNull();
    const paidOut = { ...payment, entries: [{ ...transfer.entries[0], amount: -500 }] as TransactionDetail['entries'] };
    expect(receiptPaymentOf(paidOut)).toBeNull();
    await view(transfer, null);
    expect(shows('領収書')).toBe(false);
  });
});
