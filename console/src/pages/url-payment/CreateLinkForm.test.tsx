// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { api } from '@/api/instance';
import { walletQueries } from '@/api/wallets';
import { descriptionOf, fieldByLabel, formQueryClient, mount, submitWith, typeInto } from '@/components/formTesting';
import { CreateLinkForm } from './CreateLinkForm';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));

const WALLET_NO = '1234567890';
const wallet = {
  wallet_no: WALLET_NO,
  balances: [
    { id: 1, name: 'めぶくコイン', amount: 5000, transferable: 1 as const, refundable: 1 as const },
    { id: 2, name: 'ぐんまポイント', amount: 800, transferable: 1 as const, refundable: 0 as const },
  ],
};

afterEach(() => {
  vi.mocked(api.call).mockReset();
});

async function mountForm() {
  const client = formQueryClient();
  client.setQueryData(walletQueries.detail(WALLET_NO).queryKey, wallet);
  await mount(<CreateLinkForm merchantId={7} walletNo={WALLET_NO} onCreated={() => {}} />, client);
}

describe('CreateLinkForm', () => {
  it('moves the focus to the first invalid field after a failed submit, its error read with it', async () => {
    await mountForm();
    await submitWith('作成する');
    const coin = fieldByLabel('コイン');
    await waitFor(() => expect(document.activeElement).toBe(coin));
    expect(coin.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(coin)).toContain('コインを選択してください');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('takes a full-width amount, shows it parsed, and focuses the next invalid field', async () => {
    await mountForm();
    await typeInto(fieldByLabel('コイン'), '2');
    const amount = fieldByLabel('金額') as HTMLInputElement;
    await typeInto(amount, '１，０００円');
    expect(amount.value).toBe('1,000');
    await submitWith('作成する');
    const description = fieldByLabel('説明');
    await waitFor(() => expect(document.activeElement).toBe(description));
    expect(descriptionOf(description)).toContain('説明を入力してください');
    expect(amount.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('sends the parsed amount and focuses the field a 400 refusal names', async () => {
    vi.mocked(api.call).mockRejectedValue(
      new ApiError(400, { type: 'invalid_request', field: 'amount', message: 'この金額では作成できません' }),
    );
    await mountForm();
    await typeInto(fieldByLabel('コイン'), '1');
    await typeInto(fieldByLabel('金額'), '１２，３４５');
    await typeInto(fieldByLabel('説明'), 'ランチセット');
    await submitWith('作成する');
    const amount = fieldByLabel('金額');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(descriptionOf(amount)).toContain('この金額では作成できません');
    expect(vi.mocked(api.call).mock.calls[0]?.[1]).toMatchObject({
      params: { id: 7 },
      body: { coin_id: 1, amount: 12345, description: 'ランチセット' },
    });
  });
});
