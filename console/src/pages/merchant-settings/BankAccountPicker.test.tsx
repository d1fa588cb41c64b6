// @vitest-environment happy-dom
import type { ZenginSearchAnswer } from '@coin/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/instance';
import { bankAccountKeys, loadSettingsBodySchemas } from '@/api/merchantSettings';
import {
  descriptionOf,
  factOf,
  fieldByLabel,
  formQueryClient,
  labelled,
  mount,
  submitWith,
  typeInto,
  user,
} from '@/components/formTesting';
import { TEST_MERCHANT } from '@/components/pageTesting';
import BankAccountPage from './BankAccountPage';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

beforeAll(async () => {
  await loadSettingsBodySchemas();
  // The page loads its form's chunk after its first render; loaded here, it is there when a test mounts.
  await import('./BankAccountForm');
});

// The search waits for the typing to pause: the tests move the clock past that pause instead of waiting.
// The clock also moves on by itself, so that what waits for the page (findBy…, waitFor) gets its turns.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(api.call).mockReset();
});

const gunma = { code: '0128', name: '群馬銀行', kana: 'グンマ' };
const gunmaCredit = { code: '2146', name: '群馬県信用組合', kana: 'グンマケンシンクミ' };
const maebashi = { code: '112', name: '前橋支店', kana: 'マエバシ' };
const maebashiEast = { code: '105', name: '前橋東支店', kana: 'マエバシヒガシ' };

/** The server's answers to the searches; any other call fails the test. */
function answerSearches(banks: ZenginSearchAnswer, branches: ZenginSearchAnswer) {
  vi.mocked(api.call).mockImplementation(async (name) => {
    if (name === 'searchBanks') return banks;
    if (name === 'searchBranches') return branches;
    throw new Error(`unexpected call ${name}`);
  });
}

async function mountEmptyPage() {
  const client = formQueryClient();
  client.setQueryData(bankAccountKeys.detail(TEST_MERCHANT.merchant_id), { account: null });
  await mount(<BankAccountPage />, client);
  // The form renders from its lazily loaded chunk (loaded in beforeAll): the page shows it after a turn.
  await screen.findByLabelText(labelled('金融機関'), { selector: 'input' }, { timeout: 15_000 });
}

/**
 * The list of matches a picker opens, by the picker's label (the list is in a portal, outside the form).
 * `hidden`: in happy-dom, Mantine's popover keeps its inline `display: none` even when open (no layout
 * to position it by), so the list counts as hidden; whether it is open is read from aria-expanded.
 */
const listOf = (label: string) => screen.getByRole('listbox', { name: labelled(label), hidden: true });
const optionTexts = (label: string) =>
  within(listOf(label))
    .getAllByRole('option', { hidden: true })
    .map((option) => option.textContent);

/** What the live regions of the page announce (each picker has its own). */
const announced = () =>
  screen
    .getAllByRole('status')
    .map((status) => status.textContent)
    .join(' ');

/** Lets the typing pause as long as a search waits for (200 ms on the page's clock). */
async function pauseTyping() {
  await act(() => vi.advanceTimersByTimeAsync(200));
}

async function press(input: HTMLInputElement, key: 'ArrowDown' | 'Enter' | 'Escape') {
  fireEvent.keyDown(input, { key, code: key });
}

describe('the bank and branch pickers', () => {
  it('find a bank and a branch by name and fill in their codes, by keyboard or by pointer', async () => {
    answerSearches({ entries: [gunma, gunmaCredit], more: false }, { entries: [maebashi, maebashiEast], more: false });
    await mountEmptyPage();
    const bank = screen.getByRole('combobox', { name: '金融機関' });
    expect(bank).toBe(fieldByLabel('金融機関'));
    expect(bank.getAttribute('aria-expanded')).toBe('false');

    await typeInto(bank, 'ぐんま');
    await pauseTyping();
    await waitFor(() => expect(announced()).toContain('候補が2件あります'));
    expect(optionTexts('金融機関')).toEqual(['群馬銀行（0128）', '群馬県信用組合（2146）']);
    expect(vi.mocked(api.call).mock.calls[0]?.[0]).toBe('searchBanks');
    expect(vi.mocked(api.call).mock.calls[0]?.[1]).toMatchObject({
      params: { id: TEST_MERCHANT.merchant_id },
      query: { q: 'ぐんま' },
    });
    expect(bank.getAttribute('aria-expanded')).toBe('true');
    // The input controls the list it opened.
    expect(bank.getAttribute('aria-controls')).toBe(listOf('金融機関').id);

    // Arrow down to the first option, Enter to choose it.
    await press(bank as HTMLInputElement, 'ArrowDown');
    expect(bank.getAttribute('aria-activedescendant')).toBe(
      within(listOf('金融機関')).getByRole('option', { name: '群馬銀行（0128）', hidden: true }).id,
    );
    await press(bank as HTMLInputElement, 'Enter');
    expect(bank).toHaveProperty('value', '0128');
    expect(bank.getAttribute('aria-expanded')).toBe('false');
    // The name of the chosen entry shows at once, without a look-up.
    expect(descriptionOf(bank)).toContain('群馬銀行');

    const branch = screen.getByRole('combobox', { name: '支店' });
    await typeInto(branch, 'まえばし');
    await pauseTyping();
    await waitFor(() => expect(within(listOf('支店')).getAllByRole('option', { hidden: true })).toHaveLength(2));
    expect(optionTexts('支店')).toEqual(['前橋支店（112）', '前橋東支店（105）']);
    expect(vi.mocked(api.call).mock.calls.at(-1)?.[1]).toMatchObject({
      params: { id: TEST_MERCHANT.merchant_id, bank_code: '0128' },
      query: { q: 'まえばし' },
    });
    await user().click(within(listOf('支店')).getByRole('option', { name: '前橋支店（112）', hidden: true }));
    expect(branch).toHaveProperty('value', '112');
    expect(descriptionOf(branch)).toContain('前橋支店');

    await typeInto(fieldByLabel('口座番号'), '1234567');
    await typeInto(fieldByLabel('口座名義（カナ）'), 'ﾔﾏﾀﾞ ﾀﾛｳ');
    await submitWith('確認へ進む');
    const facts = await screen.findByRole('table', { name: 'この口座を登録しますか？' });
    expect(factOf('金融機関', facts)).toBe('群馬銀行（0128）');
    expect(factOf('支店', facts)).toBe('前橋支店（112）');
    // No look-up was needed: the searches named the codes chosen.
    expect(vi.mocked(api.call).mock.calls.map(([name]) => name)).toEqual(['searchBanks', 'searchBranches']);
  });

  it('say when more entries match than are shown, and close on Escape', async () => {
    answerSearches({ entries: [gunma, gunmaCredit], more: true }, { entries: [], more: false });
    await mountEmptyPage();
    const bank = screen.getByRole<HTMLInputElement>('combobox', { name: '金融機関' });
    await typeInto(bank, '01');
    await pauseTyping();
    expect(await screen.findByText('候補が多いため先頭の2件を表示しています', { exact: false })).toBeTruthy();
    expect(within(listOf('金融機関')).getAllByRole('option', { hidden: true })).toHaveLength(2);
    await press(bank, 'Escape');
    expect(bank.getAttribute('aria-expanded')).toBe('false');
    // The digits typed stay: they are the start of a code.
    expect(bank.value).toBe('01');
  });

  it('search branches only under a bank found, and say so', async () => {
    answerSearches({ entries: [], more: false }, { entries: [maebashi], more: false });
    await mountEmptyPage();
    const branch = screen.getByRole('combobox', { name: '支店' });
    await typeInto(branch, 'まえばし');
    await pauseTyping();
    await waitFor(() => expect(within(listOf('支店')).getByText('先に金融機関を選んでください')).toBeTruthy());
    expect(announced()).toContain('先に金融機関を選んでください');
    expect(within(listOf('支店')).queryAllByRole('option', { hidden: true })).toEqual([]);
    expect(api.call).not.toHaveBeenCalled();
  });

  it('say when nothing matches, and refuse a name typed but not chosen', async () => {
    answerSearches({ entries: [], more: false }, { entries: [], more: false });
    await mountEmptyPage();
    const bank = screen.getByRole('combobox', { name: '金融機関' });
    await typeInto(bank, 'ぐんまぎんこうx');
    await pauseTyping();
    await waitFor(() => expect(within(listOf('金融機関')).getByText('該当する金融機関がありません')).toBeTruthy());
    expect(announced()).toContain('該当する金融機関がありません');
    await submitWith('確認へ進む');
    await waitFor(() => expect(document.activeElement).toBe(bank));
    expect(bank.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(bank)).toContain('一覧から金融機関を選ぶか、4桁の金融機関コードを入力してください');
  });

  it('take a code typed in full as the code fields did, without searching', async () => {
    answerSearches({ entries: [], more: false }, { entries: [], more: false });
    await mountEmptyPage();
    const bank = screen.getByRole<HTMLInputElement>('combobox', { name: '金融機関' });
    vi.mocked(api.call).mockImplementation(async (name) => {
      if (name === 'lookupBank') return gunma;
      throw new Error(`unexpected call ${name}`);
    });
    await typeInto(bank, '０１２８');
    expect(bank.value).toBe('0128');
    await pauseTyping();
    await waitFor(() => expect(descriptionOf(bank)).toContain('群馬銀行'));
    expect(bank.getAttribute('aria-expanded')).toBe('false');
    expect(vi.mocked(api.call).mock.calls.map(([name]) => name)).toEqual(['lookupBank']);
  });
});
