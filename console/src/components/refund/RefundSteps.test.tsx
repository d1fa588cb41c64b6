// @vitest-environment happy-dom
import type { RefundConfirmation } from '@coin/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { api } from '@/api/instance';
import { descriptionOf, factOf, fieldByLabel, mount, submitWith, typeInto } from '@/components/formTesting';
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

afterEach(() => {
  vi.mocked(api.call).mockReset();
});

const reasonField = () => fieldByLabel<HTMLTextAreaElement>('返金理由（任意）');

async function mountSteps() {
  await mount(<RefundSteps walletNo={WALLET_NO} payment={payment} onCancel={() => {}} cancelLabel="キャンセル" />);
}

describe('RefundSteps form', () => {
  it('starts with what is left, and focuses the first invalid field with every problem said', async () => {
    await mountSteps();
    const amount = fieldByLabel('返金額');
    expect(amount.value).toBe('1,200');
    await typeInto(amount, '');
    await typeInto(reasonField(), 'あ'.repeat(201));
    await submitWith('確認');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(amount)).toContain('返金額を入力してください');
    expect(descriptionOf(reasonField())).toContain('返金理由は200文字以内で入力してください');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('takes a full-width amount with 円, shows it parsed, and refuses more than what is left', async () => {
    await mountSteps();
    const amount = fieldByLabel('返金額');
    await typeInto(amount, '１，２０１円');
    expect(amount.value).toBe('1,201');
    await submitWith('確認');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(descriptionOf(amount)).toContain('返金可能残額（1,200）以下で入力してください');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('asks for the fee with the parsed body and focuses the field a 400 refusal names', async () => {
    vi.mocked(api.call).mockRejectedValue(
      new ApiError(400, { type: 'invalid_request', field: 'reason', message: 'この理由では申請できません' }),
    );
    await mountSteps();
    await typeInto(fieldByLabel('返金額'), '５００');
    await typeInto(reasonField(), '  返品のため ');
    await submitWith('確認');
    const reason = reasonField();
    await waitFor(() => expect(document.activeElement).toBe(reason));
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
    await mountSteps();
    await typeInto(fieldByLabel('返金額'), '500');
    await submitWith('確認');
    await screen.findByRole('heading', { name: '申請内容の確認' });
    expect(factOf('申請後の返金可能残額')).toBe('700');
    await submitWith('戻る');
    expect(fieldByLabel('返金額').value).toBe('500');
  });
});
