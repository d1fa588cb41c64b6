// @vitest-environment happy-dom
import { JOURNAL_ACCOUNT_DEFAULTS, type JournalAccountsResponse } from '@coin/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/instance';
import { journalAccountKeys } from '@/api/journal';
import { descriptionOf, fieldByLabel, formQueryClient, mount, submitWith, typeInto } from '@/components/formTesting';
import JournalAccountsCard from './JournalAccountsCard';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));

const MERCHANT_ID = 7;
const stored: JournalAccountsResponse = { accounts: { ...JOURNAL_ACCOUNT_DEFAULTS }, is_default: true };

afterEach(() => {
  vi.mocked(api.call).mockReset();
});

async function mountCard(editable: boolean) {
  const client = formQueryClient();
  client.setQueryData(journalAccountKeys.detail(MERCHANT_ID), stored);
  await mount(<JournalAccountsCard merchantId={MERCHANT_ID} editable={editable} />, client);
}

describe('JournalAccountsCard', () => {
  it('refuses an empty name or one too long with the contract’s message on the field, sending nothing', async () => {
    await mountCard(true);
    const sales = fieldByLabel('売上');
    expect(sales.value).toBe('売上高');
    expect(screen.getByText('初期設定の勘定科目を使っています。', { exact: false })).toBeTruthy();
    await typeInto(sales, '   ');
    await typeInto(fieldByLabel('手数料'), 'あ'.repeat(25));
    await submitWith('勘定科目を保存する');
    await waitFor(() => expect(document.activeElement).toBe(sales));
    expect(sales.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(sales)).toContain('勘定科目名を入力してください');
    expect(descriptionOf(fieldByLabel('手数料'))).toContain('勘定科目名は24文字以内で入力してください');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('saves the six names, trimmed, and shows what the server answered', async () => {
    const saved: JournalAccountsResponse = {
      accounts: { ...JOURNAL_ACCOUNT_DEFAULTS, bank: '当座預金' },
      is_default: false,
    };
    // The server's state: the defaults until the save, then the names saved (the refetch after the save reads them).
    let current = stored;
    vi.mocked(api.call).mockImplementation(async (id) => {
      if (id === 'updateJournalAccounts') current = saved;
      return current as never;
    });
    await mountCard(true);
    await typeInto(fieldByLabel('振込先の預金'), ' 当座預金 ');
    await submitWith('勘定科目を保存する');
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith('updateJournalAccounts', {
        params: { id: MERCHANT_ID },
        body: { ...JOURNAL_ACCOUNT_DEFAULTS, bank: '当座預金' },
      }),
    );
    await waitFor(() => expect(screen.queryByText('初期設定の勘定科目を使っています。', { exact: false })).toBeNull());
    expect(fieldByLabel('振込先の預金').value).toBe('当座預金');
  });

  it('shows the names read-only to a role that may not change them', async () => {
    await mountCard(false);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('変更できるのはオーナーだけです。', { exact: false })).toBeTruthy();
    for (const name of Object.values(JOURNAL_ACCOUNT_DEFAULTS)) expect(screen.getByText(name)).toBeTruthy();
  });
});
