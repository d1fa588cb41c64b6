// @vitest-environment happy-dom
import type { RefundConfirmation } from '@coin/contract';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { api } from '@/api/instance';
import { descriptionOf, fieldByLabel, type Mounted, mount, submitWith, typeInto } from '@/components/formTesting';
import RefundSteps from './RefundSteps';
import type { RefundTarget } from './refundForm';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
// The done step links to the refund list; no router is needed before it.
vi.mock('@tanstack/react-router', () => ({ Link: () => null }));

const WALLET_NO = '1234567890';
const payment: RefundTarget = {
  transaction_id: 4812,
  created_at: '2026-11-20T01:00:00.000Z',
  coin_name: 'めぶくコイン',
  amount: 3000,
  refundable_remaining: 1200,
};

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.mocked(api.call).mockReset();
});

/** Types into the reason (formTesting's typeInto sets inputs and selects, not a textarea). */
async function typeReason(container: HTMLElement, text: string) {
  const textarea = fieldByLabel(container, '返金理由（任意）') as unknown as HTMLTextAreaElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(textarea, text);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function mountSteps() {
  mounted = await mount(
    <RefundSteps walletNo={WALLET_NO} payment={payment} onCancel={() => {}} cancelLabel="キャンセル" />,
  );
  return mounted.container;
}

describe('RefundSteps form', () => {
  it('starts with what is left, and focuses the first invalid field with every problem said', async () => {
    const container = await mountSteps();
    const amount = fieldByLabel(container, '返金額') as HTMLInputElement;
    expect(amount.value).toBe('1,200');
    await typeInto(amount, '');
    await typeReason(container, 'あ'.repeat(201));
    await submitWith(container, '確認');
    await vi.waitFor(() => expect(document.activeElement).toBe(amount));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(amount)).toContain('返金額を入力してください');
    expect(descriptionOf(fieldByLabel(container, '返金理由（任意）'))).toContain(
      '返金理由は200文字以内で入力してください',
    );
    expect(api.call).not.toHaveBeenCalled();
  });

  it('takes a full-width amount with 円, shows it parsed, and refuses more than what is left', async () => {
    const container = await mountSteps();
    const amount = fieldByLabel(container, '返金額') as HTMLInputElement;
    await typeInto(amount, '１，２０１円');
    expect(amount.value).toBe('1,201');
    await submitWith(container, '確認');
    await vi.waitFor(() => expect(document.activeElement).toBe(amount));
    expect(descriptionOf(amount)).toContain('返金可能残額（1,200）以下で入力してください');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('asks for the fee with the parsed body and focuses the field a 400 refusal names', async () => {
    vi.mocked(api.call).mockRejectedValue(
      new ApiError(400, { type: 'invalid_request', field: 'reason', message: 'この理由では申請できません' }),
    );
    const container = await mountSteps();
    await typeInto(fieldByLabel(container, '返金額'), '５００');
    await typeReason(container, '  返品のため ');
    await submitWith(container, '確認');
    const reason = fieldByLabel(container, '返金理由（任意）');
    await vi.waitFor(() => expect(document.activeElement).toBe(reason));
    expect(descriptionOf(reason)).toContain('この理由では申請できません');
    expect(vi.mocked(api.call).mock.calls[0]).toEqual([
      'confirmRefund',
      { params: { wallet_no: WALLET_NO }, body: { transaction_id: 4812, amount: 500, reason: '返品のため' } },
    ]);
  });

  it('goes to the confirm step on the answer, and back keeps the values', async () => {
    const confirmation: RefundConfirmation = {
      payment: {
        transaction_id: 4812,
        created_at: payment.created_at,
        amount: 3000,
        coin_id: 1,
        coin_name: 'めぶくコイン',
        payer_wallet_no: '2000000001',
      },
      coin: { id: 1, name: 'めぶくコイン', refundable: 1 },
      amount: 500,
      fee_rate_bp: 100,
      fee: 5,
      refundable_remaining: 1200,
      remaining_after: 700,
    };
    vi.mocked(api.call).mockResolvedValue(confirmation);
    const container = await mountSteps();
    await typeInto(fieldByLabel(container, '返金額'), '500');
    await submitWith(container, '確認');
    await vi.waitFor(() => expect(container.textContent).toContain('申請内容の確認'));
    expect(container.textContent).toContain('申請後の返金可能残額700');
    await submitWith(container, '戻る');
    expect((fieldByLabel(container, '返金額') as HTMLInputElement).value).toBe('500');
  });
});
