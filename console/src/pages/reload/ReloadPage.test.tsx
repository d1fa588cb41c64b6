// @vitest-environment happy-dom
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/instance';
import { merchantKeys } from '@/api/merchants';
import { walletKeys } from '@/api/wallets';
import {
  descriptionOf,
  factOf,
  fieldByLabel,
  formQueryClient,
  mount,
  submitWith,
  typeInto,
} from '@/components/formTesting';
import ReloadPage from './ReloadPage';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
// Only the form is under test. The reload history beside it is a list page of its own (router search,
// period filter): it needs a router, and its chunk loading mid-test used to crash a test under load.
vi.mock('./ReloadHistory', () => ({ default: () => null }));
// An Owner of a merchant that sells reloads.
vi.mock('@/session', async () => {
  const store = await import('@/session/store');
  const session = store.createSessionStore({
    merchants: [
      {
        merchant_id: 7,
        name: 'めぶく商店',
        wallet_no: '9000000001',
        reloadable: true,
        allow_subscription: false,
        merchant_group: { id: null, is_parent: false },
      },
    ],
    selectedMerchantId: 7,
    initialized: true,
    user: { user_id: 1, email: 'owner@example.jp', name: 'オーナー', roles: [{ merchant_id: 7, role: 'Owner' }] },
  });
  return {
    selectRole: store.selectRole,
    selectSelectedMerchant: store.selectSelectedMerchant,
    useSessionState: <T,>(select: (state: ReturnType<typeof session.getState>) => T) => select(session.getState()),
  };
});

afterEach(() => {
  vi.mocked(api.call).mockReset();
});

async function mountPage() {
  // Every call waits for ever: nothing moves money here.
  vi.mocked(api.call).mockImplementation(() => new Promise(() => {}));
  const client: QueryClient = formQueryClient();
  client.setQueryData(merchantKeys.detail(7), {
    reloadable_coins: [
      { id: 1, name: 'めぶくコイン' },
      { id: 2, name: 'ぐんまポイント' },
    ],
  });
  client.setQueryData(walletKeys.detail('9000000001'), {
    wallet_no: '9000000001',
    balances: [{ id: 1, name: 'めぶくコイン', amount: 5000, transferable: 1, refundable: 1 }],
  });
  await mount(<ReloadPage />, client);
}

describe('ReloadPage form', () => {
  it('focuses the first invalid field after a failed submit, every problem said', async () => {
    await mountPage();
    await submitWith('確認する');
    const walletNo = fieldByLabel('お客様のウォレット番号');
    await waitFor(() => expect(document.activeElement).toBe(walletNo));
    expect(walletNo.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(walletNo)).toContain('ウォレット番号を入力してください');
    expect(descriptionOf(fieldByLabel('コイン'))).toContain('コインを選択してください');
    expect(descriptionOf(fieldByLabel('チャージ金額'))).toContain('チャージ金額を入力してください');
  });

  it('takes full-width input, shows it parsed, and focuses the amount over the balance', async () => {
    await mountPage();
    const walletNo = fieldByLabel('お客様のウォレット番号') as HTMLInputElement;
    await typeInto(walletNo, '１２３４－５６７８－９０');
    expect(walletNo.value).toBe('1234567890');
    await typeInto(fieldByLabel('コイン'), '1');
    const amount = fieldByLabel('チャージ金額') as HTMLInputElement;
    await typeInto(amount, '￥６，０００');
    expect(amount.value).toBe('6,000');
    await submitWith('確認する');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(descriptionOf(amount)).toContain('加盟店の残高（5,000）を超えています');
    expect(walletNo.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('goes to the confirm step without moving money, and back keeps the values', async () => {
    await mountPage();
    await typeInto(fieldByLabel('お客様のウォレット番号'), '1234567890');
    await typeInto(fieldByLabel('コイン'), '1');
    await typeInto(fieldByLabel('チャージ金額'), '1000');
    await submitWith('確認する');
    await screen.findByRole('heading', { name: 'チャージ内容の確認' });
    expect(factOf('チャージ後の加盟店の残高')).toBe('4,000');
    expect(vi.mocked(api.call).mock.calls.some(([id]) => id === 'createReload')).toBe(false);
    await submitWith('戻る');
    expect((fieldByLabel('チャージ金額') as HTMLInputElement).value).toBe('1,000');
  });
});
