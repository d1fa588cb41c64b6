// @vitest-environment happy-dom
import { JOURNAL_ACCOUNT_DEFAULTS, type JournalAccountsResponse } from '@coin/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/instance';
import { journalAccountKeys } from '@/api/journal';
import { fieldByLabel, formQueryClient, type Mounted, mount, submitWith, typeInto } from '@/components/formTesting';
import JournalAccountsCard from './JournalAccountsCard';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));

const MERCHANT_ID = 7;
const stored: JournalAccountsResponse = { accounts: { ...JOURNAL_ACCOUNT_DEFAULTS }, is_default: true };

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.mocked(api.call).mockReset();
});

async function mountCard(editable: boolean) {
  const client = formQueryClient();
  client.setQueryData(journalAccountKeys.detail(MERCHANT_ID), stored);
  mounted = await mount(<JournalAccountsCard merchantId={MERCHANT_ID} editable={editable} />, client);
  return mounted.container;
}

describe('JournalAccountsCard', () => {
  it('refuses an empty name or one too long with the contract’s message on the field, sending nothing', async () => {
    const container = await mountCard(true);
    const sales = fieldByLabel('売上') as HTMLInputElement;
    expect(sales.value).toBe('売上高');
    expect(container.textContent).toContain('初期設定の勘定科目を使っています。');
    await typeInto(sales, '   ');
    await typeInto(fieldByLabel('手数料'), 'あ'.repeat(25));
    await submitWith('勘定科目を保存する');
    await vi.waitFor(() => expect(document.activeElement).toBe(sales));
    expect(sales.getAttribute('aria-invalid')).toBe('true');
    expect(container.textContent).toContain('勘定科目名を入力してください');
    expect(container.textContent).toContain('勘定科目名は24文字以内で入力してください');
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
    const container = await mountCard(true);
    await typeInto(fieldByLabel('振込先の預金'), ' 当座預金 ');
    await submitWith('勘定科目を保存する');
    await vi.waitFor(() =>
      expect(api.call).toHaveBeenCalledWith('updateJournalAccounts', {
        params: { id: MERCHANT_ID },
        body: { ...JOURNAL_ACCOUNT_DEFAULTS, bank: '当座預金' },
      }),
    );
    await vi.waitFor(() => expect(container.textContent).not.toContain('初期設定の勘定科目を使っています。'));
    expect((fieldByLabel('振込先の預金') as HTMLInputElement).value).toBe('当座預金');
  });

  it('shows the names read-only to a role that may not change them', async () => {
    const container = await mountCard(false);
    expect(container.querySelector('input')).toBeNull();
    expect(container.querySelector('button')).toBeNull();
    expect(container.textContent).toContain('変更できるのはオーナーだけです。');
    for (const name of Object.values(JOURNAL_ACCOUNT_DEFAULTS)) expect(container.textContent).toContain(name);
  });
});
