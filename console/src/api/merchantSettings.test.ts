import type { BankAccount, RebateCoinSettings } from '@coin/contract';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './instance';
import {
  bankAccountKeys,
  loadSettingsBodySchemas,
  merchantQrQueries,
  openMerchantQrPng,
  openMerchantQrPoster,
  rebateCoinKeys,
  rebateCoinQueries,
  settingsMutations,
  zenginKeys,
  zenginQueries,
} from './merchantSettings';

// The app's client needs a browser; these tests look at what the module asks of it.
vi.mock('./instance', () => ({
  api: { call: vi.fn(async () => ({})), open: vi.fn(async () => new Response('')) },
}));

const settings: RebateCoinSettings = {
  coin_id: 1,
  rate_bp: 150,
  coins: [{ id: 1, name: 'めぶくコイン' }],
  max_rate_bp: 1000,
  step_bp: 10,
};
const account: BankAccount = {
  bank_code: '0128',
  bank_name: '群馬銀行',
  branch_code: '112',
  branch_name: '前橋支店',
  account_type: 'ORDINARY',
  number_masked: '****4567',
  holder_name: 'ﾔﾏﾀﾞ ﾀﾛｳ',
  updated_at: '2026-04-01T01:00:00.000Z',
};

beforeEach(() => {
  vi.mocked(api.call).mockClear();
  vi.mocked(api.open).mockClear();
});

describe('calls', () => {
  it('reads the settings of the merchant the query names', async () => {
    const client = new QueryClient();
    await client.fetchQuery(rebateCoinQueries.detail(7));
    await client.fetchQuery(merchantQrQueries.detail(7));
    expect(vi.mocked(api.call).mock.calls.map(([id, options]) => [id, options?.params])).toEqual([
      ['getRebateCoin', { id: 7 }],
      ['getMerchantQr', { id: 7 }],
    ]);
  });

  it('looks banks and branches up by code, keyed by the codes alone (the list is the same for every merchant)', async () => {
    const client = new QueryClient();
    await client.fetchQuery(zenginQueries.bank(7, '0128'));
    await client.fetchQuery(zenginQueries.branch(7, '0128', '112'));
    expect(vi.mocked(api.call).mock.calls.map(([id, options]) => [id, options?.params])).toEqual([
      ['lookupBank', { id: 7, bank_code: '0128' }],
      ['lookupBranch', { id: 7, bank_code: '0128', branch_code: '112' }],
    ]);
    expect(zenginQueries.bank(8, '0128').queryKey).toEqual(zenginKeys.bank('0128'));
  });

  it('searches banks, and the branches of a bank, by the text typed', async () => {
    const client = new QueryClient();
    await client.fetchQuery(zenginQueries.bankSearch(7, 'ぐんま'));
    await client.fetchQuery(zenginQueries.branchSearch(7, '0128', 'まえばし'));
    expect(vi.mocked(api.call).mock.calls.map(([id, options]) => [id, options?.params, options?.query])).toEqual([
      ['searchBanks', { id: 7 }, { q: 'ぐんま' }],
      ['searchBranches', { id: 7, bank_code: '0128' }, { q: 'まえばし' }],
    ]);
    expect(zenginQueries.bankSearch(8, 'ぐんま').queryKey).toEqual(zenginKeys.bankSearch('ぐんま'));
    expect(zenginQueries.branchSearch(8, '0128', 'ま').queryKey).toEqual(zenginKeys.branchSearch('0128', 'ま'));
  });

  it('opens the PNG and the poster as files of the merchant', async () => {
    const signal = new AbortController().signal;
    await openMerchantQrPng(7, signal);
    await openMerchantQrPoster(7);
    expect(vi.mocked(api.open).mock.calls).toEqual([
      ['downloadMerchantQr', { params: { id: 7 }, signal }],
      ['downloadMerchantQrPoster', { params: { id: 7 } }],
    ]);
  });

  it("hands the forms the contract's schemas of the two request bodies", async () => {
    const schemas = await loadSettingsBodySchemas();
    expect(schemas.rebateCoin.safeParse({ coin_id: null, rate_bp: 0 }).success).toBe(true);
    expect(schemas.rebateCoin.safeParse({ coin_id: 1, rate_bp: 15 }).success).toBe(false);
    const parsed = schemas.bankAccount.parse({
      bank_code: '0128',
      branch_code: '112',
      account_type: 'ORDINARY',
      account_number: '4567',
      holder_name: 'やまだ　たろう',
    });
    expect(parsed).toMatchObject({ account_number: '0004567', holder_name: 'ﾔﾏﾀﾞ ﾀﾛｳ' });
  });
});

describe('mutations', () => {
  it('a saved rebate goes into the cache at once and is refetched, whatever the caller does', async () => {
    const client = new QueryClient();
    client.setQueryData(rebateCoinKeys.detail(7), { ...settings, coin_id: null, rate_bp: 0 });
    vi.mocked(api.call).mockResolvedValueOnce(settings);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const observer = new MutationObserver(client, settingsMutations.updateRebateCoin(client, 7));

    await observer.mutate({ coin_id: 1, rate_bp: 150 });

    expect(api.call).toHaveBeenCalledWith('updateRebateCoin', {
      params: { id: 7 },
      body: { coin_id: 1, rate_bp: 150 },
    });
    expect(client.getQueryData(rebateCoinKeys.detail(7))).toEqual(settings);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: rebateCoinKeys.all });
  });

  it('a registered account replaces the cached one (masked, as the server answers) and a refusal still refetches', async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const body = {
      bank_code: '0128',
      branch_code: '112',
      account_type: 'ORDINARY',
      account_number: '1234567',
      holder_name: 'ﾔﾏﾀﾞ ﾀﾛｳ',
    } as const;
    vi.mocked(api.call).mockResolvedValueOnce({ account });
    await new MutationObserver(client, settingsMutations.putBankAccount(client, 7)).mutate(body);
    expect(api.call).toHaveBeenCalledWith('putBankAccount', { params: { id: 7 }, body });
    expect(client.getQueryData(bankAccountKeys.detail(7))).toEqual({ account });

    vi.mocked(api.call).mockRejectedValueOnce(new Error('refused'));
    invalidate.mockClear();
    await expect(
      new MutationObserver(client, settingsMutations.putBankAccount(client, 7)).mutate(body),
    ).rejects.toThrow('refused');
    expect(client.getQueryData(bankAccountKeys.detail(7))).toEqual({ account });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: bankAccountKeys.all });
  });
});
